/**
 * `mock.session(id?)` for a mock in this process: the same client as `sessionClient`, sending its requests to the
 * mock's own `fetch(Request) → Response` instead of a socket. Going through the admin API keeps the two handles
 * identical by construction: the same validation, the same errors (`IdentityMockError` with the server's code and
 * status), the same camelCase results.
 */
import { sessionClient, type FetchRequest } from './session-client.ts';
import type { SessionApi } from './session-api.ts';

/** What the in-process session needs from the mock. */
export interface InProcessSessionDeps {
  /** The named session; undefined for the default session. */
  readonly id?: string | undefined;
  /** The mock answering a WHATWG `Request` in process. */
  readonly fetch: FetchRequest;
  /** The base URL the requests are addressed to (the mock's issuer base; `http://localhost:8080` by default). */
  readonly url?: string;
  /** The mock's admin token, when it has one. */
  readonly adminToken?: string | undefined;
}

/**
 * @example
 * // in createMock(): session: (id) => inProcessSession({ id, fetch: mock.fetch, adminToken: o.adminToken })
 * const session = inProcessSession({ id: 'users-list', fetch: (request) => mock.fetch(request) });
 * const { accessToken } = await session.token('admin@example.com');
 */
export function inProcessSession(deps: InProcessSessionDeps): SessionApi {
  return sessionClient(deps.url ?? 'http://localhost:8080', deps.id, {
    fetch: deps.fetch,
    ...(deps.adminToken === undefined ? {} : { adminToken: deps.adminToken }),
  });
}
