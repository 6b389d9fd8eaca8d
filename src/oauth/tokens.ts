/**
 * Signing and verifying tokens (docs/tokens.md): RS256 JWTs with a `kid`, through the server's key set (the
 * platform's: jsonwebtoken on Node, WebCrypto in a browser). Verified signatures are cached by a digest of the token
 * string (the signature, issuer and audience of a given string never change); expiry is checked on every use
 * against the clock the caller reads.
 */
import { LRUCache } from 'lru-cache';
import type { Hashing, JwtKeySet, Random } from '../platform/platform.ts';
import { checkTime, TokenError, type Claims } from './claims.ts';
import { jwtParts } from './jwt-parts.ts';

export interface TokenSettings {
  /** `iss`: the authorization server's URL with a trailing slash. */
  readonly issuer: string;
  /** Default `aud`, also the audience every verified access token must carry. */
  readonly audience: string;
  /** Namespace of the custom claims, e.g. `https://identity.example.com` → `…/userID`. */
  readonly claimsNamespace: string;
  /** Lifetime of issued access tokens, in seconds. */
  readonly ttlSeconds: number;
}

export interface SignedToken {
  readonly token: string;
  /** The payload as signed. */
  readonly claims: Claims;
}

/** Verified tokens remembered (by a digest of the token: a long token costs what a short one does). */
export const VERIFIED_CACHE_LIMIT = 10_000;
/** Bytes of claims the cache holds at most, counted as the token's length (a minted token may carry any claims). */
export const VERIFIED_CACHE_BYTES = 16 * 1024 * 1024;

export class TokenService {
  readonly settings: TokenSettings;
  /** Name of the claim that carries the user's id. */
  readonly userIdClaim: string;
  readonly keys: JwtKeySet;
  readonly #random: Random;
  readonly #hashing: Hashing;
  readonly #verified = new LRUCache<string, Claims>({
    max: VERIFIED_CACHE_LIMIT,
    maxSize: VERIFIED_CACHE_BYTES,
  });

  constructor(keys: JwtKeySet, settings: TokenSettings, platform: { random: Random; hashing: Hashing }) {
    this.keys = keys;
    this.settings = settings;
    this.#random = platform.random;
    this.#hashing = platform.hashing;
    this.userIdClaim = `${settings.claimsNamespace.replace(/\/+$/, '')}/userID`;
  }

  /**
   * The payload `sign` signs: `iss`, `aud`, `iat`, `exp` and `jti` get defaults unless `claims` sets them (set one
   * to `undefined` to leave it out). `now` is in epoch seconds.
   */
  payload(claims: Claims, now: number): Claims {
    const defaults = {
      iss: this.settings.issuer,
      aud: this.settings.audience,
      iat: now,
      exp: now + this.settings.ttlSeconds,
      jti: this.#random.uuid(),
    };
    return Object.freeze(
      Object.fromEntries(
        Object.entries<unknown>({ ...defaults, ...claims }).filter(([, value]) => value !== undefined),
      ),
    );
  }

  /**
   * Signs `claims` (completed by `payload`) as an RS256 JWT.
   *
   * @example await tokens.sign({ sub: 'auth0|…', permissions: ['read:users'] }, nowSeconds)
   */
  async sign(claims: Claims, now: number): Promise<SignedToken> {
    const payload = this.payload(claims, now);
    return { token: await this.keys.sign(payload, 'JWT'), claims: payload };
  }

  /** `sign` on a platform that signs synchronously (Node); throws on one that cannot (a browser). */
  signNow(claims: Claims, now: number): SignedToken {
    const payload = this.payload(claims, now);
    const token = this.keys.sign(payload, 'JWT');
    if (typeof token !== 'string') throw new Error('this platform signs asynchronously: use sign()');
    return { token, claims: payload };
  }

  /** Verifies an access token at `now` (epoch seconds); throws TokenError saying why it is refused. */
  async verify(token: string, now: number): Promise<Claims> {
    const digest = this.#hashing.sha256(token);
    let claims = this.#verified.get(digest);
    if (claims === undefined) {
      claims = await this.verifySignature(token, {
        issuer: this.settings.issuer,
        audience: this.settings.audience,
      });
      this.#verified.set(digest, claims, { size: token.length + 64 });
    }
    checkTime(claims, now);
    return claims;
  }

  /** `verify` on a platform that verifies synchronously (Node); throws on one that cannot. */
  verifyNow(token: string, now: number): Claims {
    const digest = this.#hashing.sha256(token);
    let claims = this.#verified.get(digest);
    if (claims === undefined) {
      const kid = this.#checkedKid(token);
      const verified = this.keys.verify(token, kid, {
        issuer: this.settings.issuer,
        audience: this.settings.audience,
      });
      if (verified instanceof Promise) throw new Error('this platform verifies asynchronously: use verify()');
      claims = verified;
      this.#verified.set(digest, claims, { size: token.length + 64 });
    }
    checkTime(claims, now);
    return claims;
  }

  /** Checks `token`'s header, signature, issuer and (when given) audience; not its expiry. */
  async verifySignature(
    token: string,
    expect: { readonly issuer: string; readonly audience?: string },
  ): Promise<Claims> {
    return await this.keys.verify(token, this.#checkedKid(token), expect);
  }

  /** The `kid` of a token whose header names RS256 and a key of this server; TokenError otherwise. */
  #checkedKid(token: string): string {
    const parts = jwtParts(token);
    if (parts === undefined) throw new TokenError('it is not a JWT');
    const { alg, kid } = parts.header;
    if (alg !== 'RS256') throw new TokenError(`alg ${String(alg)} is not accepted (RS256 only)`);
    if (typeof kid !== 'string' || !this.keys.keys.some((key) => key.kid === kid)) {
      throw new TokenError(
        `kid ${JSON.stringify(kid ?? null)} is not a key of this server (see /.well-known/jwks.json)`,
      );
    }
    return kid;
  }
}
