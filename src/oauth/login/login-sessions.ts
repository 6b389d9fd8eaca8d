/**
 * Login sessions of the browser login (docs/login.md): the login page sets an HttpOnly, SameSite=Lax cookie naming
 * one; while it lives, `/authorize` answers without the page. Ended by a logout or a reset. At most MAX_SESSIONS are
 * kept (the least recently used go first).
 */
import { LRUCache } from 'lru-cache';
import type { Random } from '../../platform/platform.ts';

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
  #sessions: LRUCache<string, LoginSession> | undefined;
  readonly #random: Random;

  constructor(random: Random) {
    this.#random = random;
  }

  start(userId: string, authTime: number): LoginSession {
    this.#sessions ??= new LRUCache({ max: MAX_SESSIONS });
    const session = { id: this.#random.token(24), userId, authTime };
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string | undefined): LoginSession | undefined {
    return id === undefined ? undefined : this.#sessions?.get(id);
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
