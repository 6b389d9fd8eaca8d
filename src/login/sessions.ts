/**
 * Login sessions of the browser login (docs/login.md): the login page sets an HttpOnly, SameSite=Lax cookie naming
 * one; while it lives, `/authorize` answers without the page. Ended by a logout or a reset. At most MAX_SESSIONS are
 * kept (the oldest go first).
 */
import { randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'identity_mock_session';
const MAX_SESSIONS = 10_000;

export interface LoginSession {
  /** The session's id, also the `sid` of its ID tokens. */
  readonly id: string;
  readonly userId: string;
  /** When the user logged in, epoch seconds (`auth_time`). */
  readonly authTime: number;
}

export class LoginSessions {
  readonly #sessions = new Map<string, LoginSession>();

  start(userId: string, authTime: number): LoginSession {
    while (this.#sessions.size >= MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next();
      if (oldest.done === true) break;
      this.#sessions.delete(oldest.value);
    }
    const session = { id: randomBytes(24).toString('base64url'), userId, authTime };
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string | undefined): LoginSession | undefined {
    return id === undefined ? undefined : this.#sessions.get(id);
  }

  end(id: string | undefined): void {
    if (id !== undefined) this.#sessions.delete(id);
  }

  clear(): void {
    this.#sessions.clear();
  }
}

/** The session id of a `Cookie` header, if it names one. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `Set-Cookie` value that starts a session. */
export function sessionCookie(session: LoginSession): string {
  return `${SESSION_COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax`;
}

/** `Set-Cookie` value that ends one. */
export const CLEAR_SESSION_COOKIE = `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
