/**
 * `identity-mock/playwright`: Playwright Test fixtures that need no browser (docs/sessions.md).
 *
 * - `identityMock` (worker-scoped): a mock started for the worker on a free port — or the server at
 *   `IDENTITY_MOCK_URL` when that is set — with its `url`; `identityMockOptions` sets its start options.
 * - `identitySession`: the test's own session of it, fresh at the start of the test and dropped at its end.
 * - `api`: an `APIRequestContext` whose base URL is the mock's and which sends the session header on every request.
 *
 * @example
 * import { test, expect } from 'identity-mock/playwright';
 * test('lists users', async ({ api, identitySession }) => {
 *   const { accessToken } = await identitySession.token('admin@example.com');
 *   const res = await api.get('/users', { headers: { Authorization: `Bearer ${accessToken}` } });
 *   expect(res.status()).toBe(200);
 * });
 */
import { test as base, type APIRequestContext } from '@playwright/test';
import { sessionClient } from '../client/session-client.ts';
import { sessionIdFor } from '../client/session-id-for.ts';
import type { SessionApi } from '../client/session-api.ts';
import type { MockOptions } from '../mock.ts';

export * from '../client/surface.ts';
export type { MockOptions } from '../mock.ts';

export { expect } from '@playwright/test';

/** The mock a worker's tests share. */
export interface IdentityMockServer {
  /** Base URL of the API and the authorization server. */
  readonly url: string;
  /** The default session without `id`, else a session of this mock by id (what `identitySession` is). */
  session(id?: string): SessionApi;
}

export interface IdentityMockTestFixtures {
  /** The test's own session (reset at its start, dropped at its end). */
  identitySession: SessionApi;
  /** Requests to the mock in the test's session: `api.get('/users', …)`. */
  api: APIRequestContext;
}

/**
 * The fixtures' options, set in the config's `use` (`defineConfig<IdentityMockOptions>({ use: { … } })`) or with
 * `test.use({ … })`.
 */
export interface IdentityMockOptions {
  /** Start options of the worker's mock (`{ seed: 7, users: 50 }`); unused with `IDENTITY_MOCK_URL`. */
  identityMockOptions: MockOptions;
  /** The mock's `--admin-token`, when `IDENTITY_MOCK_URL` names a server that has one. */
  identityMockAdminToken: string | undefined;
}

export interface IdentityMockWorkerFixtures extends IdentityMockOptions {
  identityMock: IdentityMockServer;
}

export const test = base.extend<IdentityMockTestFixtures, IdentityMockWorkerFixtures>({
  identityMockOptions: [{}, { scope: 'worker', option: true }],
  identityMockAdminToken: [undefined, { scope: 'worker', option: true }],
  identityMock: [
    async ({ identityMockOptions, identityMockAdminToken }, use) => {
      const shared = process.env.IDENTITY_MOCK_URL;
      const adminToken = identityMockAdminToken ?? identityMockOptions.adminToken;
      const server = (url: string): IdentityMockServer => ({
        url,
        session: (id) => sessionClient(url, id, adminToken === undefined ? {} : { adminToken }),
      });
      if (shared !== undefined && shared !== '') {
        await use(server(shared.replace(/\/+$/, '')));
        return;
      }
      // Loaded here, not at the top: a worker that uses IDENTITY_MOCK_URL's server loads no server code.
      const { startMock } = await import('../server.ts');
      const mock = await startMock({ port: 0, ...identityMockOptions });
      try {
        await use(server(mock.url));
      } finally {
        await mock.close(1_000);
      }
    },
    { scope: 'worker' },
  ],
  identitySession: async ({ identityMock }, use, testInfo) => {
    // Unique among the tests that can run at once: the test's id, and which of its --repeat-each runs this is.
    const session = identityMock.session(sessionIdFor(`pw-${testInfo.testId}-${testInfo.repeatEachIndex}`));
    await session.reset();
    await use(session);
    await session.drop();
  },
  api: async ({ playwright, identityMock, identitySession }, use) => {
    const api = await playwright.request.newContext({
      baseURL: identityMock.url,
      extraHTTPHeaders: { ...identitySession.headers },
    });
    await use(api);
    await api.dispose();
  },
});
