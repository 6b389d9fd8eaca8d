/**
 * `identity-mock/vitest`'s global setup, called as vitest calls it (examples/vitest runs it inside a real vitest):
 * it starts a mock and provides its URL and the project root, and its teardown stops the mock; with
 * `IDENTITY_MOCK_URL` set it starts nothing and provides that URL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSetup, setup, type SetupProject } from '../../src/vitest/index.ts';
import defaultSetup from '../../src/vitest/index.ts';

function project(root: string): SetupProject & { provided: Record<string, string> } {
  const provided: Record<string, string> = {};
  return {
    provided,
    config: { root },
    provide: (key, value) => {
      provided[key] = value;
    },
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the vitest global setup', () => {
  it('is the default export, also named setup', () => {
    expect(defaultSetup).toBe(setup);
  });

  it('starts a mock, provides its URL and the root, and stops it at teardown', async () => {
    vi.stubEnv('IDENTITY_MOCK_URL', '');
    const p = project('/work/app');
    const teardown = await createSetup({ users: 5 })(p);
    expect(p.provided.identityMockRoot).toBe('/work/app');
    const url = p.provided.identityMockUrl ?? '';
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    await teardown();
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it('uses the server IDENTITY_MOCK_URL names, starting nothing', async () => {
    vi.stubEnv('IDENTITY_MOCK_URL', 'http://identity-mock:8080');
    const p = project('/work/app');
    const teardown = await setup(p);
    expect(p.provided).toEqual({
      identityMockRoot: '/work/app',
      identityMockUrl: 'http://identity-mock:8080',
    });
    await expect(teardown()).resolves.toBeUndefined();
  });
});
