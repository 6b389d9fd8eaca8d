/**
 * `identity-mock/vitest`: one mock for the whole run, one session per test file (docs/sessions.md).
 *
 * - The default export (also named `setup`) is a vitest `globalSetup`: it starts a mock on a free port — or, when
 *   `IDENTITY_MOCK_URL` is set, uses that server — provides its URL to the tests as `identityMockUrl`, and stops the
 *   mock when the run ends. `createSetup(options)` makes one with start options of your own.
 * - `useIdentityMock()`, called at the top of a test file, gives that file its own session, whose id comes from the
 *   file's path relative to the project root, and resets it before each of the file's tests.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ['identity-mock/vitest'] } });
 * // test/users.test.ts
 * import { useIdentityMock } from 'identity-mock/vitest';
 * const mock = useIdentityMock();
 * it('lists users', async () => {
 *   const { accessToken } = await mock.token('admin@example.com');
 *   const res = await mock.fetch('/users', { headers: { Authorization: `Bearer ${accessToken}` } });
 *   expect(res.status).toBe(200);
 * });
 */
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { sessionClient } from '../client/session-client.ts';
import { sessionIdFor } from '../client/session-id-for.ts';
import type { SessionApi } from '../client/session-api.ts';
import type { MockOptions } from '../mock.ts';

export * from '../client/surface.ts';
export type { MockOptions } from '../mock.ts';

declare module 'vitest' {
  /** What `identity-mock/vitest`'s global setup provides to the tests (`inject('identityMockUrl')`). */
  export interface ProvidedContext {
    /** The mock's base URL. */
    identityMockUrl: string;
    /** The project root that test files' session ids are relative to. */
    identityMockRoot: string;
  }
}

/** The part of vitest's `TestProject` that the global setup uses. */
export interface SetupProject {
  provide(key: 'identityMockUrl' | 'identityMockRoot', value: string): void;
  readonly config: { readonly root: string };
}

/**
 * A global setup that starts a mock with `options` (any free port; the command line's defaults otherwise).
 *
 * @example
 * // test/identity-mock.setup.ts, named in vitest.config.ts's globalSetup
 * export default createSetup({ seed: 7, users: 50 });
 */
export function createSetup(
  options: MockOptions = {},
): (project: SetupProject) => Promise<() => Promise<void>> {
  return async (project) => {
    project.provide('identityMockRoot', project.config.root);
    const shared = process.env.IDENTITY_MOCK_URL;
    if (shared !== undefined && shared !== '') {
      project.provide('identityMockUrl', shared);
      return () => Promise.resolve();
    }
    // Loaded here, not at the top: test files import this module for useIdentityMock, which needs no server code.
    const { startMock } = await import('../server.ts');
    const mock = await startMock({ port: 0, ...options });
    project.provide('identityMockUrl', mock.url);
    return () => mock.close(1_000);
  };
}

/** The global setup with the default start options: `globalSetup: ['identity-mock/vitest']`. */
export const setup = createSetup();
export default setup;

export interface UseIdentityMockOptions {
  /**
   * When the session goes back to its start: before each test of the file (default), once before the file's
   * first test, or never.
   */
  readonly reset?: 'each' | 'file' | 'never';
  /** The session id (derived from the file's path by default). */
  readonly id?: string;
  /** The mock's `--admin-token`, when the server runs with one. */
  readonly adminToken?: string;
}

/**
 * The calling test file's own session of the run's mock. Call it at the top of the file (it registers hooks): the
 * session is reset before each test and dropped after the file's last one.
 */
export function useIdentityMock(options: UseIdentityMockOptions = {}): SessionApi {
  const url = inject('identityMockUrl') as string | undefined;
  if (url === undefined || url === '') {
    throw new Error(
      "useIdentityMock() found no mock: add 'identity-mock/vitest' to test.globalSetup in vitest.config (or provide identityMockUrl yourself)",
    );
  }
  const root = (inject('identityMockRoot') as string | undefined) ?? process.cwd();
  const file = expect.getState().testPath;
  if (options.id === undefined && file === undefined) {
    throw new Error(
      'useIdentityMock() must be called in a test file (at its top level or in a describe block)',
    );
  }
  const session = sessionClient(url, options.id ?? sessionIdFor(file ?? '', root), {
    ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
  });
  const reset = options.reset ?? 'each';
  if (reset === 'each') beforeEach(() => session.reset());
  if (reset === 'file') beforeAll(() => session.reset());
  afterAll(() => session.drop());
  return session;
}
