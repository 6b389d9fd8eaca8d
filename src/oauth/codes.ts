/**
 * Authorization codes of the code flow (docs/login.md): single use, 60 seconds by the session's clock, bound to the
 * client, the `redirect_uri` and the PKCE challenge of the authorization request. A code presented a second time
 * means it leaked: the tokens issued from its first redemption are revoked (RFC 6749 §4.1.2, RFC 9700 §4.5). At
 * most MAX_CODES are kept (the least recently issued go first).
 */
import { LRUCache } from 'lru-cache';
import { invalidGrant } from '../errors.ts';
import type { Hashing, Random } from '../platform/platform.ts';
import { verifiesChallenge } from './pkce.ts';
import type { RefreshFamily } from './refresh-tokens.ts';
import type { IssuedAccess } from './revocations.ts';

/** Lifetime of a code, in seconds. */
export const CODE_TTL_SECONDS = 60;
const MAX_CODES = 10_000;

/** What a code stands for: who logged in, for which client and request. */
export interface CodeGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  /** The S256 challenge, when the request had one (public clients must). */
  readonly codeChallenge: string | undefined;
  readonly userId: string;
  readonly scope: string | undefined;
  readonly audience: string | undefined;
  readonly nonce: string | undefined;
  /** When the user logged in (epoch seconds), and the login session's id: `auth_time` and `sid` of the ID token. */
  readonly authTime: number;
  readonly sid: string;
}

/** What a code's redemption issued, revoked if the code is presented again. */
export interface IssuedFromCode {
  readonly access: IssuedAccess;
  readonly family: RefreshFamily | undefined;
}

/** Revokes what a replayed code's first redemption issued, at `now` (epoch seconds). */
export type RevokeIssued = (issued: IssuedFromCode, now: number) => void;

interface StoredCode {
  readonly grant: CodeGrant;
  readonly expiresAt: number;
  used: boolean;
  issued?: IssuedFromCode;
}

/** A redeemed code's grant, and how to record what was issued from it. */
export interface RedeemedCode {
  readonly grant: CodeGrant;
  /** Records the tokens issued from this redemption, so that a replay revokes them. */
  readonly record: (issued: IssuedFromCode) => void;
}

/** The fields of a token request that redeem a code. */
export interface Redemption {
  readonly code: string;
  readonly clientId: string;
  readonly redirectUri: string | undefined;
  readonly codeVerifier: string | undefined;
  /** Now, in epoch seconds. */
  readonly now: number;
}

export class AuthorizationCodes {
  #codes: LRUCache<string, StoredCode> | undefined;
  readonly #random: Random;
  readonly #hashing: Hashing;
  readonly #revoke: RevokeIssued;

  constructor(random: Random, hashing: Hashing, revoke: RevokeIssued) {
    this.#random = random;
    this.#hashing = hashing;
    this.#revoke = revoke;
  }

  /** A new code for `grant`, valid for CODE_TTL_SECONDS from `now` (epoch seconds). */
  issue(grant: CodeGrant, now: number): string {
    this.#codes ??= new LRUCache({ max: MAX_CODES });
    const code = this.#random.token(32);
    this.#codes.set(code, { grant, expiresAt: now + CODE_TTL_SECONDS, used: false });
    return code;
  }

  /**
   * The grant of a code, if every binding holds; otherwise 403 `invalid_grant` saying which one failed (RFC 6749
   * §5.2, with Auth0's status). The first redemption uses the code up, whether it succeeds or not; a second one
   * revokes the tokens the first issued.
   */
  redeem(r: Redemption): RedeemedCode {
    const stored = this.#codes?.get(r.code);
    if (stored === undefined) throw invalidGrant('Invalid authorization code');
    if (stored.used) {
      if (stored.issued === undefined) throw invalidGrant('Invalid authorization code: it was already used');
      this.#revoke(stored.issued, r.now);
      throw invalidGrant(
        'Invalid authorization code: it was already used, so the tokens issued from it are revoked',
      );
    }
    stored.used = true;
    const { grant } = stored;
    if (r.now >= stored.expiresAt) {
      throw invalidGrant(`Invalid authorization code: it expired (codes live ${CODE_TTL_SECONDS} s)`);
    }
    if (grant.clientId !== r.clientId)
      throw invalidGrant('Invalid authorization code: it was issued to another client');
    if (r.redirectUri !== grant.redirectUri) {
      throw invalidGrant(
        'redirect_uri must be the redirect_uri of the authorization request' +
          (r.redirectUri === undefined ? ' (it is missing)' : ''),
      );
    }
    if (grant.codeChallenge !== undefined) {
      if (r.codeVerifier === undefined)
        throw invalidGrant('Missing code_verifier: the authorization request used PKCE');
      if (!verifiesChallenge(this.#hashing, r.codeVerifier, grant.codeChallenge)) {
        throw invalidGrant('Failed to verify code verifier: its S256 hash is not the code_challenge');
      }
    } else if (r.codeVerifier !== undefined) {
      throw invalidGrant('code_verifier was sent but the authorization request had no code_challenge');
    }
    return {
      grant,
      record: (issued) => {
        stored.issued = issued;
      },
    };
  }

  /** The grant of an unused code, without using it (what fault rules match a token request's user on). */
  peek(code: string): CodeGrant | undefined {
    const stored = this.#codes?.get(code);
    return stored === undefined || stored.used ? undefined : stored.grant;
  }

  /** Entries kept now (what the session's memory estimate counts). */
  get size(): number {
    return this.#codes?.size ?? 0;
  }

  clear(): void {
    this.#codes = undefined;
  }
}
