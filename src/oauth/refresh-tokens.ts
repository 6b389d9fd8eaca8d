/**
 * Refresh tokens (docs/tokens.md, docs/login.md), one store for both kinds. A confidential client's token may be used
 * again and again; a public client's rotates, as Auth0 does for single-page apps: each use returns the next token of
 * its family, and a token presented a second time means it leaked, so its whole family is revoked, with the access
 * tokens issued from it. A family lives REFRESH_TOKEN_SECONDS from its first token; a rotating token lives
 * REFRESH_TOKEN_IDLE_SECONDS unused; both by the session's clock. A token presented by another client than its own
 * is refused and stays usable by its own (RFC 9700 §4.14). At most MAX_REFRESH_TOKENS are live (the least recently
 * used go first).
 */
import { LRUCache } from 'lru-cache';
import { invalidGrant } from '../errors.ts';
import type { Random } from '../platform/platform.ts';
import type { IssuedAccess, Revocations } from './revocations.ts';

/** Refresh tokens live at most; issuing one more drops the least recently used. */
export const MAX_REFRESH_TOKENS = 10_000;
/** A family's lifetime from its first token: 30 days (Auth0's default absolute lifetime). */
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;
/** How long a rotating token lives unused: 15 days (Auth0's default inactivity lifetime). */
export const REFRESH_TOKEN_IDLE_SECONDS = 15 * 86_400;
/** Access tokens a family remembers (the latest), so that revoking it revokes them too. */
const FAMILY_ACCESS_TOKENS = 32;

/** What a refresh token stands for. */
export interface RefreshGrant {
  readonly userId: string;
  readonly clientId: string;
  readonly audience: string;
  /** The scope of the original request, if it asked for one. */
  readonly scope: string | undefined;
  /** When the user logged in and the login session, for the ID tokens of refreshes (docs/login.md). */
  readonly authTime: number | undefined;
  readonly sid: string | undefined;
}

/** The tokens of one grant: a rotation chain, or a confidential client's single token. */
export class RefreshFamily {
  revoked = false;
  readonly #accessTokens: IssuedAccess[] = [];

  constructor(
    readonly rotating: boolean,
    /** When its first token was issued, epoch seconds. */
    readonly started: number,
  ) {}

  /** Remembers an access token issued from this family (the latest FAMILY_ACCESS_TOKENS are kept). */
  record(access: IssuedAccess): void {
    this.#accessTokens.push(access);
    if (this.#accessTokens.length > FAMILY_ACCESS_TOKENS) this.#accessTokens.shift();
  }

  get accessTokens(): readonly IssuedAccess[] {
    return this.#accessTokens;
  }
}

interface StoredToken {
  readonly grant: RefreshGrant;
  readonly family: RefreshFamily;
  /** When this token was issued, epoch seconds. */
  readonly issuedAt: number;
  /** The token's id, as introspection shows it. */
  readonly jti: string;
  used: boolean;
}

/** A redeemed token's grant and family, and the next token of its family when it rotates. */
export interface Redeemed {
  readonly grant: RefreshGrant;
  readonly family: RefreshFamily;
  readonly next: string | undefined;
}

/** A live refresh token, as introspection describes it. */
export interface RefreshTokenInfo {
  readonly grant: RefreshGrant;
  readonly jti: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

const UNKNOWN = 'Unknown or invalid refresh token.';

export class RefreshTokens {
  #tokens: LRUCache<string, StoredToken> | undefined;
  readonly #random: Random;
  readonly #revocations: Revocations;

  constructor(random: Random, revocations: Revocations) {
    this.#random = random;
    this.#revocations = revocations;
  }

  /** Issues the first token of a new family at `now` (epoch seconds); `rotating` for public clients. */
  issue(grant: RefreshGrant, rotating: boolean, now: number): { token: string; family: RefreshFamily } {
    const family = new RefreshFamily(rotating, now);
    return { token: this.#add(grant, family, now), family };
  }

  /**
   * The grant of `token` presented by `clientId` at `now` (epoch seconds); a rotating token is used up and the next
   * one returned. Unknown, revoked, expired or reused: 403 `invalid_grant` (a reused rotating token revokes its
   * family). Another client's token: 400 `invalid_grant`, and the token is left as it was.
   */
  redeem(token: string, clientId: string, now: number): Redeemed {
    const stored = this.#live(token, now);
    if (stored === undefined) throw invalidGrant(UNKNOWN);
    if (stored.grant.clientId !== clientId) {
      throw invalidGrant(`${UNKNOWN.slice(0, -1)}: it was issued to another client.`, 400);
    }
    const { family } = stored;
    if (!family.rotating) return { grant: stored.grant, family, next: undefined };
    if (stored.used) {
      this.revokeFamily(family, now);
      throw invalidGrant(
        `${UNKNOWN.slice(0, -1)}: it was used before, so every token of its family is revoked.`,
      );
    }
    stored.used = true;
    return { grant: stored.grant, family, next: this.#add(stored.grant, family, now) };
  }

  /** A live token's grant and times, without using it (introspection); undefined when it is not live. */
  inspect(token: string, now: number): RefreshTokenInfo | undefined {
    const stored = this.#live(token, now);
    if (stored === undefined || (stored.family.rotating && stored.used)) return undefined;
    return {
      grant: stored.grant,
      jti: stored.jti,
      issuedAt: stored.issuedAt,
      expiresAt: expiryOf(stored),
    };
  }

  /** Revokes the family of `token` when `clientId` may (RFC 7009 §2.1); whether it was one of its tokens. */
  revoke(token: string, clientId: string, now: number): boolean {
    const stored = this.#tokens?.get(token);
    if (stored?.grant.clientId !== clientId) return false;
    this.revokeFamily(stored.family, now);
    return true;
  }

  /** Revokes every token of `family`, and the access tokens issued from it. */
  revokeFamily(family: RefreshFamily, now: number): void {
    family.revoked = true;
    for (const access of family.accessTokens) this.#revocations.revoke(access, now);
  }

  /** Live tokens (at most MAX_REFRESH_TOKENS). */
  get size(): number {
    return this.#tokens?.size ?? 0;
  }

  clear(): void {
    this.#tokens = undefined;
  }

  /** The stored token when it is neither revoked nor expired at `now`; an expired one is forgotten. */
  #live(token: string, now: number): StoredToken | undefined {
    const stored = this.#tokens?.get(token);
    if (stored === undefined || stored.family.revoked) return undefined;
    if (now >= expiryOf(stored)) {
      this.#tokens?.delete(token);
      return undefined;
    }
    return stored;
  }

  #add(grant: RefreshGrant, family: RefreshFamily, now: number): string {
    this.#tokens ??= new LRUCache({ max: MAX_REFRESH_TOKENS });
    const token = this.#random.token(32);
    this.#tokens.set(token, { grant, family, issuedAt: now, jti: this.#random.uuid(), used: false });
    return token;
  }
}

/** When a stored token stops being usable, epoch seconds. */
function expiryOf(stored: StoredToken): number {
  const absolute = stored.family.started + REFRESH_TOKEN_SECONDS;
  return stored.family.rotating ? Math.min(absolute, stored.issuedAt + REFRESH_TOKEN_IDLE_SECONDS) : absolute;
}
