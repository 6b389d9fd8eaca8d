/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The console's only way to the server: the admin API, same-origin (`/__admin`). With `--admin-token` the server
 * answers 401; the console asks for the token once and keeps it in sessionStorage for the tab. The session the
 * console looks at (undefined: the default one) goes with every call as `X-Mock-Session`, and is kept for the tab too.
 */

const TOKEN_KEY = 'identity-mock.admin-token';
const SESSION_KEY = 'identity-mock.session';
/** What the server takes as a session id (spec/admin.yaml, `SessionId`). */
export const SESSION_ID = /^[A-Za-z0-9._-]{1,64}$/;

export class AdminError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function storedToken(): string | undefined {
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

export function storeToken(token: string | undefined): void {
  if (token === undefined) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

/** The session the console looks at; undefined for the default session. */
export function chosenSession(): string | undefined {
  const id = sessionStorage.getItem(SESSION_KEY) ?? undefined;
  return id !== undefined && SESSION_ID.test(id) ? id : undefined;
}

export function chooseSession(id: string | undefined): void {
  if (id === undefined) sessionStorage.removeItem(SESSION_KEY);
  else sessionStorage.setItem(SESSION_KEY, id);
}

/**
 * The headers of an admin call. `inSession: false` leaves `X-Mock-Session` out, for the calls about all sessions
 * (listing and dropping them), which would otherwise count as a use of the chosen one and keep it alive.
 */
export function adminHeaders(json: boolean, inSession = true): Record<string, string> {
  const token = storedToken();
  const session = inSession ? chosenSession() : undefined;
  return {
    Accept: 'application/json',
    // State-changing admin calls must say JSON (the server refuses other types with 415).
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    ...(session === undefined ? {} : { 'X-Mock-Session': session }),
  };
}

/** Calls `/__admin{path}`; resolves to the JSON body (undefined for 204), rejects with the server's message. */
export async function admin<T>(method: string, path: string, body?: unknown, inSession = true): Promise<T> {
  const changing = method !== 'GET';
  const res = await fetch(`/__admin${path}`, {
    method,
    headers: adminHeaders(changing, inSession),
    ...(changing ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new AdminError(res.status, message);
  }
  return JSON.parse(text) as T;
}
