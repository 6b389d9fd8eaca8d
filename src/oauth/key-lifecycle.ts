/**
 * The life of a signing key (docs/tokens.md "Signing keys"): **published** (in the JWKS, verifying, not signing yet:
 * `POST /__admin/keys {"activate": false}` or `{"activate_at"}`), **active** (it signs; one key is), **retired**
 * (`DELETE /__admin/keys/{kid}`: it no longer signs but stays published, and verifying, for the grace period, so
 * that a verifier that cached the JWKS keeps agreeing with the mock), then gone. A rotation without a failure window
 * publishes the new key, waits for verifiers' caches to take it, activates it, and retires the old one.
 *
 * It wraps the platform's key set, which keeps the keys and does the cryptography; the times (server-wide, the
 * mock's own clock, never a session's test clock) are read when the keys are.
 */
import type { Claims } from './claims.ts';
import type { JwtKeySet, KeyInfo, VerifyExpectations } from '../platform/platform.ts';

export type KeyState = 'published' | 'active' | 'retired';

/** How long a retired key stays published by default: jose's `createRemoteJWKSet` keeps a JWKS 10 minutes. */
export const DEFAULT_KEY_GRACE_SECONDS = 600;

/** A key with where it stands in its life. */
export interface KeyStanding {
  readonly key: KeyInfo;
  readonly state: KeyState;
  /** When a published key becomes the signing key by itself (epoch ms). */
  readonly activateAt?: number;
  /** When a retired key stops being published (epoch ms). */
  readonly removedAt?: number;
}

export class KeyLifecycle implements JwtKeySet {
  readonly #inner: JwtKeySet;
  readonly #now: () => number;
  readonly #graceMs: number;
  /** Published keys that do not sign yet, with when they will (undefined: when activated). */
  readonly #pending = new Map<string, number | undefined>();
  /** Retired keys, with when they were retired. */
  readonly #retired = new Map<string, number>();

  constructor(inner: JwtKeySet, options: { readonly now: () => number; readonly graceSeconds: number }) {
    this.#inner = inner;
    this.#now = options.now;
    this.#graceMs = options.graceSeconds * 1000;
  }

  get keys(): readonly KeyInfo[] {
    this.#settle();
    return this.#inner.keys;
  }

  /** Every published key, the signing one first, with its state. */
  standings(): KeyStanding[] {
    return this.keys.map((key, i) => {
      const retiredAt = this.#retired.get(key.kid);
      if (retiredAt !== undefined) return { key, state: 'retired', removedAt: retiredAt + this.#graceMs };
      if (i === 0) return { key, state: 'active' };
      const at = this.#pending.get(key.kid);
      return at === undefined ? { key, state: 'published' } : { key, state: 'published', activateAt: at };
    });
  }

  sign(payload: Claims, typ: string): string | Promise<string> {
    this.#settle();
    return this.#inner.sign(payload, typ);
  }

  verify(token: string, kid: string, expect: VerifyExpectations): Claims | Promise<Claims> {
    this.#settle();
    return this.#inner.verify(token, kid, expect);
  }

  /**
   * Publishes a key; it signs at once unless `activate` is false, or from `activateAt` (epoch ms) when given.
   * A retired key added again is published again.
   */
  async add(
    pem: string | undefined,
    created: number,
    activate = true,
    activateAt?: number,
  ): Promise<KeyInfo> {
    const now = activateAt === undefined ? undefined : this.#now();
    const signsNow = activate && (activateAt === undefined || (now !== undefined && activateAt <= now));
    const key = await this.#inner.add(pem, created, signsNow);
    this.#retired.delete(key.kid);
    if (signsNow) this.#pending.delete(key.kid);
    else if (this.#inner.keys[0]?.kid !== key.kid)
      this.#pending.set(key.kid, activate ? activateAt : undefined);
    return key;
  }

  activate(kid: string): boolean {
    this.#settle();
    if (!this.#inner.activate(kid)) return false;
    this.#pending.delete(kid);
    this.#retired.delete(kid);
    return true;
  }

  retire(kid: string): 'retired' | 'unknown' | 'last' {
    const keys = this.keys;
    if (!keys.some((key) => key.kid === kid) || this.#retired.has(kid)) return 'unknown';
    const others = keys.filter((key) => key.kid !== kid && !this.#retired.has(key.kid));
    const successor = others[0];
    if (successor === undefined) return 'last';
    if (this.#graceMs === 0) {
      this.#pending.delete(kid);
      return this.#inner.retire(kid);
    }
    this.#pending.delete(kid);
    this.#retired.set(kid, this.#now());
    if (keys[0]?.kid === kid) this.activate(successor.kid);
    return 'retired';
  }

  /** Removes key `kid` at once, whatever its state (a key added beyond the limit, taken back). */
  discard(kid: string): void {
    this.#pending.delete(kid);
    this.#retired.delete(kid);
    this.#inner.retire(kid);
  }

  /** Activates the keys whose time has come, and drops the retired ones whose grace has passed. */
  #settle(): void {
    if (this.#pending.size === 0 && this.#retired.size === 0) return;
    const now = this.#now();
    for (const [kid, at] of this.#pending) {
      if (at !== undefined && at <= now) {
        this.#pending.delete(kid);
        this.#retired.delete(kid);
        this.#inner.activate(kid);
      }
    }
    for (const [kid, at] of this.#retired) {
      if (at + this.#graceMs <= now) {
        this.#retired.delete(kid);
        this.#inner.retire(kid);
      }
    }
  }
}
