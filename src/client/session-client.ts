/**
 * A test suite's handle on its own session of a shared mock (docs/sessions.md), over HTTP only (`fetch`), so it
 * works in any process that knows the mock's URL: a vitest or Jest worker, a Playwright fixture, a browser.
 *
 * @example
 * const session = sessionClient('http://localhost:8080', 'users-list');
 * await session.reset();
 * const { access_token } = await session.token({ user: 'admin@example.com' });
 * await fetch(`${session.url}/users`, { headers: { ...session.headers, Authorization: `Bearer ${access_token}` } });
 */
export interface SessionClientOptions {
  /** The mock's `--admin-token`, when it runs with one. */
  readonly adminToken?: string;
}

export interface SessionClient {
  readonly id: string;
  /** The mock's base URL. */
  readonly url: string;
  /** `{ 'X-Mock-Session': id }`: send it with every request of the suite. */
  readonly headers: Readonly<Record<string, string>>;
  /** `POST /__admin/reset` in the session: its data, journal, faults, lock-outs and counters back to the start. */
  reset(): Promise<void>;
  /** `POST /__admin/tokens` in the session (the user must exist in it). */
  token(request: {
    readonly user: string;
    readonly permissions?: readonly string[];
    readonly expires_in?: number;
  }): Promise<{ readonly access_token: string; readonly expires_in: number }>;
  /** `DELETE /__admin/sessions/{id}`: drops the session (a later use starts afresh). */
  drop(): Promise<void>;
}

export function sessionClient(url: string, id: string, options: SessionClientOptions = {}): SessionClient {
  const base = url.replace(/\/+$/, '');
  const headers = Object.freeze({ 'X-Mock-Session': id });
  const admin = async (method: string, path: string, body?: object): Promise<Response> => {
    const res = await fetch(`${base}/__admin${path}`, {
      method,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        ...(options.adminToken === undefined ? {} : { Authorization: `Bearer ${options.adminToken}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok && res.status !== 404) {
      throw new Error(`${method} /__admin${path} in session ${id}: ${res.status} ${await res.text()}`);
    }
    return res;
  };
  return {
    id,
    url: base,
    headers,
    reset: async () => {
      await admin('POST', '/reset', {});
    },
    token: async (request) =>
      (await (await admin('POST', '/tokens', request)).json()) as {
        access_token: string;
        expires_in: number;
      },
    drop: async () => {
      await admin('DELETE', `/sessions/${encodeURIComponent(id)}`);
    },
  };
}
