/**
 * The built browser bundle of `identity-mock/msw` (dist/msw/index.js, which `npm test` builds first), run under
 * msw/node: the bundle stands in Node's modules with its own (scripts/build-msw.ts), so what it seeds, routes and
 * answers is checked on the bundle itself, not only on the sources (test/api/msw.test.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/harness.ts';

const BUNDLE = new URL('../../dist/msw/index.js', import.meta.url);
const BASE = 'http://bundle.test';

interface Bundle {
  createHandlers(options: Record<string, unknown>): {
    readonly handlers: Parameters<typeof setupServer>;
    readonly mock: { session(): { token(request: { user: string }): Promise<{ accessToken: string }> } };
  };
}

describe('the built identity-mock/msw bundle', () => {
  let server: ReturnType<typeof setupServer> | undefined;
  let mock: ReturnType<Bundle['createHandlers']>['mock'] | undefined;

  beforeAll(async () => {
    if (!existsSync(fileURLToPath(BUNDLE)))
      throw new Error('dist/msw/index.js is missing: run npm run build');
    const bundle = (await import(BUNDLE.href)) as Bundle;
    // 20 users: seeded in the page (not the dataset built ahead), which writes ids and timestamps as bytes.
    const built = bundle.createHandlers({ baseUrl: BASE, users: 20 });
    mock = built.mock;
    server = setupServer(...built.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });

  afterAll(() => server?.close());

  it('seeds users in the page and serves them', async () => {
    const res = await fetch(`${BASE}/health`);
    expect(res.status).toBe(200);
    if (mock === undefined) throw new Error('the bundle built no mock');
    const { accessToken } = await mock.session().token({ user: ADMIN });
    const users = await fetch(`${BASE}/users?page_size=5`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(users.status).toBe(200);
    expect(Number(users.headers.get('x-total-count'))).toBeGreaterThan(20);
    const page = (await users.json()) as { id: string; created_at: string }[];
    expect(page).toHaveLength(5);
    for (const user of page) expect(Number.isNaN(Date.parse(user.created_at))).toBe(false);
  });

  it('sends no CORS headers from a browser-navigation route, and CORS from the API', async () => {
    const origin = { Origin: 'http://app.test' };
    const authorize = await fetch(`${BASE}/authorize?client_id=spa-client`, { headers: origin });
    expect(authorize.headers.get('access-control-allow-origin')).toBeNull();
    const health = await fetch(`${BASE}/health`, { headers: origin });
    expect(health.headers.get('access-control-allow-origin')).toBe('http://app.test');
  });
});
