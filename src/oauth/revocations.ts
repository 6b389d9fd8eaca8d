/**
 * Access tokens refused in one session before their expiry (docs/tokens.md): revoked through `POST /oauth/revoke`,
 * or issued from a refresh-token family or a code that was revoked since. Kept by `jti` until the token would have
 * expired anyway, at most MAX_REVOKED_JTIS of them: past that, the expired ones are forgotten first, then the ones
 * revoked longest ago.
 */
import { LEEWAY_SECONDS } from './claims.ts';

/** Revoked `jti`s a session keeps at most. */
export const MAX_REVOKED_JTIS = 10_000;

/** An access token issued from a code or a refresh-token family: what revoking it needs. */
export interface IssuedAccess {
  readonly jti: string;
  /** Expiry, epoch seconds. */
  readonly exp: number;
}

export class Revocations {
  // Made on first use: a session that never revokes anything holds no map. Insertion order is revocation order.
  #revoked: Map<string, number> | undefined;

  /** Refuses the token `jti` from now on (until `exp`, epoch seconds); `now` is the session's, epoch seconds. */
  revoke(token: IssuedAccess, now: number): void {
    this.#revoked ??= new Map();
    this.#revoked.delete(token.jti);
    if (this.#revoked.size >= MAX_REVOKED_JTIS) this.#makeRoom(now);
    this.#revoked.set(token.jti, token.exp);
  }

  isRevoked(jti: unknown): boolean {
    return typeof jti === 'string' && this.#revoked?.has(jti) === true;
  }

  get size(): number {
    return this.#revoked?.size ?? 0;
  }

  clear(): void {
    this.#revoked = undefined;
  }

  /** Forgets the tokens that expired by `now` (they are refused anyway); if none did, the oldest revocation. */
  #makeRoom(now: number): void {
    const revoked = this.#revoked;
    if (revoked === undefined) return;
    for (const [jti, exp] of revoked) if (exp + LEEWAY_SECONDS <= now) revoked.delete(jti);
    if (revoked.size < MAX_REVOKED_JTIS) return;
    const oldest = revoked.keys().next();
    if (oldest.done !== true) revoked.delete(oldest.value);
  }
}
