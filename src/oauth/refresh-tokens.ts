/**
 * Refresh tokens (docs/tokens.md, docs/login.md), one store for both kinds. A confidential client's token may be used
 * again and again; a public client's rotates, as Auth0 does for single-page apps: each use returns the next token of
 * its family, and a token presented a second time means it leaked, so its whole family is revoked. At most
 * MAX_REFRESH_TOKENS are live (the least recently used go first).
 */
import { LRUCache } from 'lru-cache';
import { invalidGrant } from '../errors.ts';
import type { Random } from '../platform/platform.ts';

/** Refresh tokens live at most; issuing one more drops the least recently used. */
export const MAX_REFRESH_TOKENS = 10_000;

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

interface Family {
  readonly rotating: boolean;
  revoked: boolean;
}

interface StoredToken {
  readonly grant: RefreshGrant;
  readonly family: Family;
  used: boolean;
}

/** A redeemed token's grant, and the next token of its family when it rotates. */
export interface Redeemed {
  readonly grant: RefreshGrant;
  readonly next: string | undefined;
}

const UNKNOWN = 'Unknown or invalid refresh token.';

export class RefreshTokens {
  #tokens: LRUCache<string, StoredToken> | undefined;
  readonly #random: Random;

  constructor(random: Random) {
    this.#random = random;
  }

  /** Issues the first token of a new family; `rotating` for public clients. */
  issue(grant: RefreshGrant, rotating: boolean): string {
    return this.#add(grant, { rotating, revoked: false });
  }

  /**
   * The grant of `token` presented by `clientId`; a rotating token is used up and the next one returned. Unknown,
   * revoked, reused or another client's token: 403 `invalid_grant` (a reused rotating token revokes its family).
   */
  redeem(token: string, clientId: string): Redeemed {
    const stored = this.#tokens?.get(token);
    if (stored === undefined || stored.family.revoked) throw invalidGrant(UNKNOWN);
    if (!stored.family.rotating) {
      if (stored.grant.clientId !== clientId) throw invalidGrant(UNKNOWN);
      return { grant: stored.grant, next: undefined };
    }
    if (stored.used) {
      stored.family.revoked = true;
      throw invalidGrant(
        `${UNKNOWN.slice(0, -1)}: it was used before, so every token of its family is revoked.`,
      );
    }
    stored.used = true;
    const next = this.#add(stored.grant, stored.family);
    if (stored.grant.clientId !== clientId) throw invalidGrant(UNKNOWN);
    return { grant: stored.grant, next };
  }

  /** Live tokens (at most MAX_REFRESH_TOKENS). */
  get size(): number {
    return this.#tokens?.size ?? 0;
  }

  clear(): void {
    this.#tokens = undefined;
  }

  #add(grant: RefreshGrant, family: Family): string {
    this.#tokens ??= new LRUCache({ max: MAX_REFRESH_TOKENS });
    const token = this.#random.token(32);
    this.#tokens.set(token, { grant, family, used: false });
    return token;
  }
}
