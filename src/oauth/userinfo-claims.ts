/**
 * What claim rules set on an ID token, remembered by the `jti` of the access token issued with it, so that
 * `/userinfo` called with that access token answers the same claims (docs/tokens.md). Only grants that claim rules
 * shaped are remembered: at most USERINFO_ENTRIES of them and USERINFO_BYTES of claims (the least recently issued
 * go first).
 */
import { LRUCache } from 'lru-cache';

export const USERINFO_ENTRIES = 10_000;
export const USERINFO_BYTES = 1024 * 1024;

type ClaimSet = Readonly<Record<string, unknown>>;

export class UserinfoClaims {
  #byJti: LRUCache<string, ClaimSet> | undefined;

  remember(jti: unknown, claims: ClaimSet | undefined): void {
    if (typeof jti !== 'string' || claims === undefined) return;
    const size = JSON.stringify(claims).length + jti.length;
    if (size > USERINFO_BYTES) return;
    this.#byJti ??= new LRUCache({ max: USERINFO_ENTRIES, maxSize: USERINFO_BYTES });
    this.#byJti.set(jti, claims, { size });
  }

  /** The claims remembered for the access token `jti`, if any. */
  of(jti: unknown): ClaimSet | undefined {
    return typeof jti === 'string' ? this.#byJti?.get(jti) : undefined;
  }

  clear(): void {
    this.#byJti = undefined;
  }
}
