/**
 * A test suite's handle on its own session of a mock (docs/sessions.md), over the admin API: HTTP by default, or any
 * `fetch` that answers the mock's requests (an in-process mock's). It runs wherever `fetch` does: a vitest or Jest
 * worker, a Playwright fixture, a browser.
 */
import { SESSION_HEADER, sessionIdProblem } from '../sessions/session-id.ts';
import {
  claimRule,
  claimRuleBody,
  clockState,
  faultBody,
  recordedRequest,
  sessionFault,
  sessionToken,
  tokenBody,
} from './admin-wire.ts';
import { IdentityMockError, refusal } from './identity-mock-error.ts';
import type { ClockState, SessionApi, TokenOptions, TokenRequest } from './session-api.ts';

/** Sends one request: the global `fetch`, or an in-process mock's. */
export type FetchRequest = (request: Request) => Promise<Response>;

export interface SessionClientOptions {
  /** The mock's `--admin-token`, when it runs with one. */
  readonly adminToken?: string | undefined;
  /** How requests are sent (the global `fetch` by default). */
  readonly fetch?: FetchRequest;
}

/**
 * The session `id` of the mock at `url`; without `id` (undefined), its default session: the one requests without
 * `X-Mock-Session` use.
 *
 * @example
 * const session = sessionClient('http://localhost:8080', 'users-list');
 * await session.reset();
 * const { accessToken } = await session.token('admin@example.com');
 * const res = await session.fetch('/users', { headers: { Authorization: `Bearer ${accessToken}` } });
 */
export function sessionClient(url: string, id?: string, options: SessionClientOptions = {}): SessionApi {
  const problem = id === undefined ? undefined : sessionIdProblem(id);
  if (problem !== undefined) {
    throw new IdentityMockError(400, 'invalid_request', `session id ${problem}`, {
      details: [{ location: 'header', name: SESSION_HEADER, message: problem }],
    });
  }
  const base = url.replace(/\/+$/, '');
  const headers: Readonly<Record<string, string>> = Object.freeze(
    id === undefined ? {} : { [SESSION_HEADER]: id },
  );
  const send: FetchRequest = options.fetch ?? ((request) => fetch(request));
  const named = id === undefined ? 'the default session' : `session ${id}`;

  const fetchIn = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const target = /^https?:\/\//i.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
    const merged = new Headers(init.headers);
    if (id !== undefined && !merged.has(SESSION_HEADER)) merged.set(SESSION_HEADER, id);
    const request = new Request(target, { ...init, headers: merged });
    try {
      return await send(request);
    } catch (error) {
      throw new IdentityMockError(
        0,
        'unreachable',
        `${request.method} ${target}: cannot reach identity-mock (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
  };

  /** One admin call in the session; resolves with the parsed answer (undefined for 204), throws on a refusal. */
  const admin = async (method: string, path: string, body?: object): Promise<unknown> => {
    const res = await fetchIn(`/__admin${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        // Changes carry a JSON content type, with a body or without (docs/control-plane.md).
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        ...(options.adminToken === undefined ? {} : { Authorization: `Bearer ${options.adminToken}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw await refusal(`${method} /__admin${path} in ${named}`, res);
    const text = await res.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };

  /** Clock changes answer with the clock's state; an answer without one is followed by a read. */
  const clockAfter = async (change: Promise<unknown>): Promise<ClockState> => {
    const answer = await change;
    return typeof answer === 'object' && answer !== null && 'now' in answer
      ? clockState(answer)
      : clockState(await admin('GET', '/clock'));
  };

  function token(user: string, options?: TokenOptions): Promise<ReturnType<typeof sessionToken>>;
  function token(request: TokenRequest): Promise<ReturnType<typeof sessionToken>>;
  async function token(user: string | TokenRequest, extra: TokenOptions = {}) {
    const request: TokenRequest = typeof user === 'string' ? { ...extra, user } : user;
    return sessionToken(await admin('POST', '/tokens', tokenBody(request)));
  }

  return {
    id,
    url: base,
    headers,
    fetch: fetchIn,
    token,
    requests: async (filter = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filter)) {
        if (value !== undefined) query.set(name, String(value));
      }
      const q = query.toString();
      const answer = await admin('GET', `/requests${q === '' ? '' : `?${q}`}`);
      const entries =
        typeof answer === 'object' && answer !== null && 'requests' in answer ? answer.requests : [];
      return Array.isArray(entries) ? entries.map(recordedRequest) : [];
    },
    fault: async (rule) => sessionFault(await admin('POST', '/faults', faultBody(rule))),
    claims: async (rule) => claimRule(await admin('POST', '/claims', claimRuleBody(rule))),
    clock: {
      get: async () => clockState(await admin('GET', '/clock')),
      set: (now) =>
        clockAfter(admin('PUT', '/clock', { now: now instanceof Date ? now.toISOString() : now })),
      advance: (by) => clockAfter(admin('PUT', '/clock', { advance: by })),
      resume: () => clockAfter(admin('PUT', '/clock', { frozen: false })),
      real: () => clockAfter(admin('DELETE', '/clock')),
    },
    reset: async () => {
      await admin('POST', '/reset', {});
    },
    seed: async (seeding = {}) => {
      await admin('POST', '/seed', seeding);
    },
    drop: async () => {
      // The default session lives as long as the mock: dropping it starts it afresh.
      if (id === undefined) {
        await admin('POST', '/reset', {});
        return;
      }
      try {
        await admin('DELETE', `/sessions/${encodeURIComponent(id)}`);
      } catch (error) {
        // Not live (never used, or already dropped or expired): gone all the same.
        if (!(error instanceof IdentityMockError && error.code === 'session_not_found')) throw error;
      }
    },
  };
}
