/**
 * Login sessions of the browser login (docs/login.md): the login page sets an HttpOnly, SameSite=Lax cookie naming
 * one; while it lives, `/authorize` answers without the page. It lives LOGIN_SESSION_SECONDS from the login and
 * at most LOGIN_SESSION_IDLE_SECONDS without use (Auth0's defaults), by the clock of its X-Mock-Session; a logout
 * or a reset ends it sooner. At most MAX_SESSIONS are kept (the least recently used go first).
 */
import { LRUCache } from 'lru-cache';
import type { Random } from '../../platform/platform.ts';

export const LOGIN_SESSION_COOKIE = 'identity_mock_session';
const MAX_SESSIONS = 10_000;
/** How long a login session lives after the login: 7 days. */
export const LOGIN_SESSION_SECONDS = 7 * 86_400;
/** How long a login session lives without use: 3 days. */
export const LOGIN_SESSION_IDLE_SECONDS = 3 * 86_400;

export interface LoginSession {
  /** The session's id, also the `sid` of its ID tokens. */
  readonly id: string;
  readonly userId: string;
  /** When the user logged in, epoch seconds (`auth_time`). */
  readonly authTime: number;
}

interface StoredSession extends LoginSession {
  /** When it was last used, epoch seconds. */
  usedAt: number;
}

export class LoginSessions {
  #sessions: LRUCache<string, StoredSession> | undefined;
  readonly #random: Random;

  constructor(random: Random) {
    this.#random = random;
  }

  start(userId: string, authTime: number): LoginSession {
    this.#sessions ??= new LRUCache({ max: MAX_SESSIONS });
    const session = { id: this.#random.token(24), userId, authTime, usedAt: authTime };
    this.#sessions.set(session.id, session);
    return { id: session.id, userId, authTime };
  }

  /** The live session `id` at `now` (epoch seconds), counting as a use of it; undefined once it has expired. */
  get(id: string | undefined, now: number): LoginSession | undefined {
    const session = id === undefined ? undefined : this.#sessions?.get(id);
    if (session === undefined) return undefined;
    const expired =
      now >= session.authTime + LOGIN_SESSION_SECONDS || now >= session.usedAt + LOGIN_SESSION_IDLE_SECONDS;
    // A clock moved back before the login does not show the session either.
    if (expired || now < session.authTime) return undefined;
    session.usedAt = Math.max(session.usedAt, now);
    return { id: session.id, userId: session.userId, authTime: session.authTime };
  }

  end(id: string | undefined): void {
    if (id !== undefined) this.#sessions?.delete(id);
  }

  /** Entries kept now (what the session's memory estimate counts). */
  get size(): number {
    return this.#sessions?.size ?? 0;
  }

  clear(): void {
    this.#sessions = undefined;
  }
}

/** The login session id a `Cookie` header names, if it names one. */
export function loginSessionIdOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LOGIN_SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `Set-Cookie` value that starts a login session. */
export function loginSessionCookie(session: LoginSession): string {
  return `${LOGIN_SESSION_COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax`;
}

/** `Set-Cookie` value that ends one. */
export const CLEAR_LOGIN_SESSION_COOKIE = `${LOGIN_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
