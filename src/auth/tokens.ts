/**
 * Signing and verifying access tokens: RS256 JWTs with a `kid`, checked with jsonwebtoken ≥ 9.0.3 restricted
 * to RS256 and a key object (docs/tokens.md). Verification results are cached by a digest of the token string (the signature,
 * issuer and audience of a given string never change); expiry is re-checked against the clock on every use.
 */
import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import jwt from 'jsonwebtoken';
import type { SigningKeys } from './keys.ts';

export interface TokenSettings {
  /** `iss`: the authorization server's URL with a trailing slash. */
  readonly issuer: string;
  /** Default `aud`, also the audience every verified token must carry. */
  readonly audience: string;
  /** Namespace of the custom claims, e.g. `https://identity.example.com` → `…/userID`. */
  readonly claimsNamespace: string;
  /** Lifetime of issued tokens, in seconds. */
  readonly ttlSeconds: number;
}

export type Claims = Readonly<Record<string, unknown>>;

export interface SignedToken {
  readonly token: string;
  /** The payload as signed. */
  readonly claims: Claims;
}

/** Why a token was refused: `reason` completes "the access token is invalid: …". */
export class TokenError extends Error {
  constructor(readonly reason: string) {
    super(`the access token is invalid: ${reason}`);
    this.name = 'TokenError';
  }
}

/** Clock skew tolerated on `exp` and `nbf` (docs/tokens.md). */
export const LEEWAY_SECONDS = 30;
/** Verified tokens remembered (by a digest of the token: a long token costs what a short one does). */
export const VERIFIED_CACHE_LIMIT = 10_000;
/** Bytes of claims the cache holds at most, counted as the token's length (a minted token may carry any claims). */
export const VERIFIED_CACHE_BYTES = 16 * 1024 * 1024;

export class TokenService {
  readonly settings: TokenSettings;
  /** Name of the claim that carries the user's id. */
  readonly userIdClaim: string;
  readonly #keys: SigningKeys;
  readonly #now: () => number;
  readonly #verified = new LRUCache<string, Claims>({
    max: VERIFIED_CACHE_LIMIT,
    maxSize: VERIFIED_CACHE_BYTES,
  });

  constructor(keys: SigningKeys, settings: TokenSettings, now: () => number) {
    this.#keys = keys;
    this.settings = settings;
    this.#now = now;
    this.userIdClaim = `${settings.claimsNamespace.replace(/\/+$/, '')}/userID`;
  }

  get keys(): SigningKeys {
    return this.#keys;
  }

  /** Current time in whole seconds since the epoch, from the injected clock. */
  nowSeconds(): number {
    return Math.floor(this.#now() / 1000);
  }

  /**
   * Signs `claims` as an RS256 JWT. `iss`, `aud`, `iat`, `exp` and `jti` get defaults unless `claims` sets them
   * (set one to `undefined` to leave it out).
   *
   * @example tokens.sign({ sub: 'auth0|…', permissions: ['read:users'] }).token
   */
  sign(claims: Claims): SignedToken {
    const iat = this.nowSeconds();
    const defaults = {
      iss: this.settings.issuer,
      aud: this.settings.audience,
      iat,
      exp: iat + this.settings.ttlSeconds,
      jti: randomUUID(),
    };
    const payload = Object.fromEntries(
      Object.entries<unknown>({ ...defaults, ...claims }).filter(([, value]) => value !== undefined),
    );
    const token = jwt.sign(payload, this.#keys.privateKey, {
      algorithm: 'RS256',
      keyid: this.#keys.kid,
      // jsonwebtoken keeps a given iat but adds one from the real clock when it is absent: when a caller left
      // iat out on purpose, say so (noTimestamp also deletes a given iat, hence only then).
      noTimestamp: !('iat' in payload),
    });
    return { token, claims: Object.freeze(payload) };
  }

  /** Verifies `token` and returns its claims; throws TokenError saying why it is refused. */
  verify(token: string): Claims {
    const digest = createHash('sha256').update(token).digest('base64url');
    let claims = this.#verified.get(digest);
    if (claims === undefined) {
      claims = this.#verifySignature(token);
      this.#verified.set(digest, claims, { size: token.length + 64 });
    }
    this.#checkTime(claims);
    return claims;
  }

  #verifySignature(token: string): Claims {
    const decoded = jwt.decode(token, { complete: true });
    if (decoded === null || typeof decoded.payload === 'string') throw new TokenError('it is not a JWT');
    const { alg, kid } = decoded.header;
    if (alg !== 'RS256') throw new TokenError(`alg ${alg} is not accepted (RS256 only)`);
    if (kid !== this.#keys.kid) {
      throw new TokenError(
        `kid ${JSON.stringify(kid ?? null)} is not a key of this server (see /.well-known/jwks.json)`,
      );
    }
    try {
      const payload = jwt.verify(token, this.#keys.publicKey, {
        algorithms: ['RS256'],
        issuer: this.settings.issuer,
        audience: this.settings.audience,
        ignoreExpiration: true,
        ignoreNotBefore: true,
      });
      if (typeof payload === 'string') throw new TokenError('its payload is not a JSON object');
      return Object.freeze({ ...payload });
    } catch (error) {
      if (error instanceof TokenError) throw error;
      throw new TokenError(describeJwtError(error, decoded.payload, this.settings));
    }
  }

  #checkTime(claims: Claims): void {
    const now = this.nowSeconds();
    const { exp, nbf } = claims;
    if (exp !== undefined && (typeof exp !== 'number' || now >= exp + LEEWAY_SECONDS)) {
      throw new TokenError(`it expired at ${instant(exp)}`);
    }
    if (nbf !== undefined && (typeof nbf !== 'number' || now < nbf - LEEWAY_SECONDS)) {
      throw new TokenError(`it is not valid before ${instant(nbf)}`);
    }
  }
}

function instant(seconds: unknown): string {
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : `${JSON.stringify(seconds)} (not a number of seconds)`;
}

function describeJwtError(error: unknown, payload: jwt.JwtPayload, settings: TokenSettings): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('jwt issuer invalid')) {
    return `its issuer ${JSON.stringify(payload.iss ?? null)} is not ${settings.issuer}`;
  }
  if (message.startsWith('jwt audience invalid')) {
    return `its audience ${JSON.stringify(payload.aud ?? null)} is not ${settings.audience}`;
  }
  if (message === 'invalid signature') return 'its signature does not verify';
  return message.replace(/^jwt /, 'the token ');
}
