/**
 * The authorization server's own state (docs/tokens.md): consecutive wrong passwords per account and client address
 * (the brute-force lock-out Auth0 applies), and issued refresh tokens. Cleared by a reset of the mock. Both are
 * bounded in entries, and each entry in bytes, whatever clients send.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Wrong passwords in a row after which an account is blocked for the address that sent them (docs/tokens.md). */
export const LOCKOUT_THRESHOLD = 10;
/** How long a blocked account stays blocked for that address, unless the mock is reset. */
export const LOCKOUT_MS = 15 * 60 * 1000;
/** Account–address pairs with failures remembered at most (the least recently failed is forgotten beyond). */
export const LOCKOUT_KEYS = 10_000;
/** Refresh tokens live at most; issuing one more drops the oldest (least recently used). */
export const MAX_REFRESH_TOKENS = 10_000;

export interface RefreshGrant {
  readonly userId: string;
  readonly clientId: string;
  readonly audience: string;
  /** The scope of the original request, if it asked for one. */
  readonly scope: string | undefined;
  /** When the user logged in and the login session, for the ID tokens of refreshes (docs/login.md). */
  readonly authTime?: number;
  readonly sid?: string | undefined;
}

interface Failures {
  count: number;
  /** Epoch ms until which the pair is blocked; 0 while under the threshold. */
  blockedUntil: number;
}

export class AuthState {
  readonly #now: () => number;
  // Made on first use: a session that never logs anyone in holds no cache (docs/sessions.md).
  #failureCache: LRUCache<string, Failures> | undefined;
  #refreshCache: LRUCache<string, RefreshGrant> | undefined;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get #failures(): LRUCache<string, Failures> {
    return (this.#failureCache ??= new LRUCache({ max: LOCKOUT_KEYS }));
  }

  get #refresh(): LRUCache<string, RefreshGrant> {
    return (this.#refreshCache ??= new LRUCache({ max: MAX_REFRESH_TOKENS }));
  }

  /** Whether logins to `userId` from `address` are blocked now (every attempt answers 429 then). */
  blocked(userId: string, address: string): boolean {
    const failures = this.#failures.get(pairKey(userId, address));
    if (failures === undefined || failures.blockedUntil === 0) return false;
    if (this.#now() < failures.blockedUntil) return true;
    this.#failures.delete(pairKey(userId, address));
    return false;
  }

  /** Records a wrong password; returns the consecutive failures of the pair (the block starts at the threshold). */
  fail(userId: string, address: string): number {
    const key = pairKey(userId, address);
    const failures = this.#failures.get(key) ?? { count: 0, blockedUntil: 0 };
    failures.count++;
    if (failures.count >= LOCKOUT_THRESHOLD && failures.blockedUntil === 0)
      failures.blockedUntil = this.#now() + LOCKOUT_MS;
    this.#failures.set(key, failures);
    return failures.count;
  }

  /** Clears the failures of the pair after a successful login. */
  succeed(userId: string, address: string): void {
    this.#failures.delete(pairKey(userId, address));
  }

  /** Issues an opaque refresh token for `grant`; past MAX_REFRESH_TOKENS the oldest is dropped. */
  issueRefreshToken(grant: RefreshGrant): string {
    const token = randomBytes(32).toString('base64url');
    this.#refresh.set(token, grant);
    return token;
  }

  refreshGrant(token: string): RefreshGrant | undefined {
    return this.#refresh.get(token);
  }

  /** Live refresh tokens (at most MAX_REFRESH_TOKENS). */
  get refreshTokens(): number {
    return this.#refreshCache?.size ?? 0;
  }

  clear(): void {
    this.#failureCache = undefined;
    this.#refreshCache = undefined;
  }
}

function pairKey(userId: string, address: string): string {
  return `${userId} ${address}`;
}
