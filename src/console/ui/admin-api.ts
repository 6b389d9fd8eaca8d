/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The console's only way to the server: the admin API, same-origin (`/__admin`). With `--admin-token` the server
 * answers 401; the console asks for the token once and keeps it in sessionStorage for the tab.
 */

const TOKEN_KEY = 'identity-mock.admin-token';

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

export function adminHeaders(json: boolean): Record<string, string> {
  const token = storedToken();
  return {
    Accept: 'application/json',
    // State-changing admin calls must say JSON (the server refuses other types with 415).
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
  };
}

/** Calls `/__admin{path}`; resolves to the JSON body (undefined for 204), rejects with the server's message. */
export async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const changing = method !== 'GET';
  const res = await fetch(`/__admin${path}`, {
    method,
    headers: adminHeaders(changing),
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
