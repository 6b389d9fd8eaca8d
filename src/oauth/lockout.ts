/**
 * Brute-force protection as Auth0 applies it (docs/tokens.md): consecutive wrong passwords per account and client
 * address; at the threshold the pair is blocked for a while (or until a reset). Bounded in pairs remembered, whatever
 * clients send; the clock is the caller's.
 */
import { LRUCache } from 'lru-cache';

/** Wrong passwords in a row after which an account is blocked for the address that sent them. */
export const LOCKOUT_THRESHOLD = 10;
/** How long a blocked account stays blocked for that address, unless the mock is reset. */
export const LOCKOUT_MS = 15 * 60 * 1000;
/** Account–address pairs with failures remembered at most (the least recently failed is forgotten beyond). */
export const LOCKOUT_KEYS = 10_000;

interface Failures {
  count: number;
  /** Epoch ms until which the pair is blocked; 0 while under the threshold. */
  blockedUntil: number;
}

export class Lockouts {
  // Made on first use: a session that never logs anyone in holds no cache (docs/sessions.md).
  #failures: LRUCache<string, Failures> | undefined;

  /** Whether logins to `userId` from `address` are blocked at `now` (every attempt answers 429 then). */
  blocked(userId: string, address: string, now: number): boolean {
    const key = pairKey(userId, address);
    const failures = this.#failures?.get(key);
    if (failures === undefined || failures.blockedUntil === 0) return false;
    if (now < failures.blockedUntil) return true;
    this.#failures?.delete(key);
    return false;
  }

  /** Records a wrong password; returns the consecutive failures of the pair (the block starts at the threshold). */
  fail(userId: string, address: string, now: number): number {
    this.#failures ??= new LRUCache({ max: LOCKOUT_KEYS });
    const key = pairKey(userId, address);
    const failures = this.#failures.get(key) ?? { count: 0, blockedUntil: 0 };
    failures.count++;
    if (failures.count >= LOCKOUT_THRESHOLD && failures.blockedUntil === 0)
      failures.blockedUntil = now + LOCKOUT_MS;
    this.#failures.set(key, failures);
    return failures.count;
  }

  /** Clears the failures of the pair after a successful login. */
  succeed(userId: string, address: string): void {
    this.#failures?.delete(pairKey(userId, address));
  }

  /** Entries kept now (what the session's memory estimate counts). */
  get size(): number {
    return this.#failures?.size ?? 0;
  }

  clear(): void {
    this.#failures = undefined;
  }
}

function pairKey(userId: string, address: string): string {
  return `${userId} ${address}`;
}
