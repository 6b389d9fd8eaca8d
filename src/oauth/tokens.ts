/**
 * Signing and verifying tokens (docs/tokens.md): RS256 JWTs with a `kid`, through the server's key set (the
 * platform's: jsonwebtoken on Node, WebCrypto in a browser). Access tokens carry `typ: JWT` (Auth0's header) or, with
 * `--access-token-format at+jwt`, RFC 9068's `typ: at+jwt` and a `client_id` claim. The issuer comes from `Issuers`
 * (pinned, or the address the client used). Verified signatures are cached by a digest of the token string (the
 * signature and audience of a given string never change); the issuer, the key and the expiry are checked on every
 * use, the expiry against the clock the caller reads.
 */
import { LRUCache } from 'lru-cache';
import type { Hashing, JwtKeySet, Random } from '../platform/platform.ts';
import { checkTime, TokenError, type Claims } from './claims.ts';
import { Issuers } from './issuers.ts';
import { jwtParts } from '../platform/jwt-parts.ts';
import { DEFAULT_KEY_GRACE_SECONDS, KeyLifecycle } from './key-lifecycle.ts';

/** Formats of access tokens: Auth0's JWT, or RFC 9068's JWT profile. */
export const ACCESS_TOKEN_FORMATS = ['jwt', 'at+jwt'] as const;
export type AccessTokenFormat = (typeof ACCESS_TOKEN_FORMATS)[number];

export interface TokenSettings {
  /** `iss`: the authorization server's URL with a trailing slash (the pinned one, or the default one). */
  readonly issuer: string;
  /** Whether `--issuer` pinned the issuer; otherwise it follows the address each client used. */
  readonly pinned?: boolean;
  /** The authorization server's port (`localhost` and `127.0.0.1` there are always accepted); the issuer's by default. */
  readonly port?: number;
  /** Host names or addresses whose issuer at `port` is always accepted (`--host`, `--allowed-host`). */
  readonly hosts?: readonly string[] | undefined;
  /** Default `aud`, also the audience every verified access token must carry. */
  readonly audience: string;
  /** Namespace of the custom claims, e.g. `https://identity.example.com` → `…/userID`. */
  readonly claimsNamespace: string;
  /** Lifetime of issued access tokens, in seconds. */
  readonly ttlSeconds: number;
  /** `jwt` (default) or `at+jwt` (RFC 9068). */
  readonly accessTokenFormat?: AccessTokenFormat;
  /** Seconds a retired key stays published (`--key-grace`, `key-lifecycle.ts`); 600 by default. */
  readonly keyGraceSeconds?: number;
  /** The server's clock (epoch ms), which key activations and retirements are timed by; `Date.now` by default. */
  readonly clock?: () => number;
}

export interface SignedToken {
  readonly token: string;
  /** The payload as signed. */
  readonly claims: Claims;
}

/** How `sign` makes a token. */
export interface SignOptions {
  /** `access` (the format's `typ`, RFC 9068's `client_id`) or `id` (an ID token, `typ: JWT`). */
  readonly kind?: 'access' | 'id';
  /** `iss`, when the request's address decides it (`Issuers.forOrigin`); the default issuer otherwise. */
  readonly issuer?: string | undefined;
  /** Changes the complete payload before it is signed (claim rules). */
  readonly shape?: ((payload: Claims) => Claims) | undefined;
}

/** Verified tokens remembered (by a digest of the token: a long token costs what a short one does). */
export const VERIFIED_CACHE_LIMIT = 10_000;
/** Bytes of claims the cache holds at most, counted as the token's length (a minted token may carry any claims). */
export const VERIFIED_CACHE_BYTES = 16 * 1024 * 1024;

interface Verified {
  readonly claims: Claims;
  readonly kid: string;
}

export class TokenService {
  readonly settings: TokenSettings;
  readonly issuers: Issuers;
  /** Name of the claim that carries the user's id. */
  readonly userIdClaim: string;
  /** The signing keys, with their life (published, active, retired). */
  readonly keys: KeyLifecycle;
  readonly #random: Random;
  readonly #hashing: Hashing;
  /** The last token digested, and its digest: one token, so bounded by the size of a request's header. */
  #lastDigest: { readonly token: string; readonly digest: string } | undefined;
  readonly #verified = new LRUCache<string, Verified>({
    max: VERIFIED_CACHE_LIMIT,
    maxSize: VERIFIED_CACHE_BYTES,
  });

  constructor(keys: JwtKeySet, settings: TokenSettings, platform: { random: Random; hashing: Hashing }) {
    this.keys =
      keys instanceof KeyLifecycle
        ? keys
        : new KeyLifecycle(keys, {
            now: settings.clock ?? Date.now,
            graceSeconds: settings.keyGraceSeconds ?? DEFAULT_KEY_GRACE_SECONDS,
          });
    this.settings = settings;
    this.issuers = new Issuers({
      issuer: settings.issuer,
      pinned: settings.pinned ?? false,
      port: settings.port ?? portOf(settings.issuer),
      hosts: settings.hosts,
    });
    this.#random = platform.random;
    this.#hashing = platform.hashing;
    this.userIdClaim = `${settings.claimsNamespace.replace(/\/+$/, '')}/userID`;
  }

  /** The access-token format (`--access-token-format`). */
  get accessTokenFormat(): AccessTokenFormat {
    return this.settings.accessTokenFormat ?? 'jwt';
  }

  /**
   * The payload `sign` signs: `iss`, `aud`, `iat`, `exp` and `jti` get defaults unless `claims` sets them (set one
   * to `undefined` to leave it out); RFC 9068 access tokens get `client_id` = `azp`. `now` is in epoch seconds.
   */
  payload(claims: Claims, now: number, options: SignOptions = {}): Claims {
    const defaults = {
      iss: options.issuer ?? this.settings.issuer,
      aud: this.settings.audience,
      iat: now,
      exp: now + this.settings.ttlSeconds,
      jti: this.#random.uuid(),
    };
    const profile = this.#isAtJwt(options) && claims.client_id === undefined ? { client_id: claims.azp } : {};
    const payload = Object.freeze(
      Object.fromEntries(
        Object.entries<unknown>({ ...defaults, ...claims, ...profile }).filter(
          ([, value]) => value !== undefined,
        ),
      ),
    );
    return options.shape === undefined ? payload : options.shape(payload);
  }

  /**
   * Signs `claims` (completed by `payload`) as an RS256 JWT.
   *
   * @example await tokens.sign({ sub: 'auth0|…', permissions: ['read:users'] }, nowSeconds)
   */
  async sign(claims: Claims, now: number, options: SignOptions = {}): Promise<SignedToken> {
    const payload = this.payload(claims, now, options);
    if (options.issuer !== undefined) this.issuers.minted(options.issuer);
    return { token: await this.keys.sign(payload, this.#typ(options)), claims: payload };
  }

  /** `sign` on a platform that signs synchronously (Node); throws on one that cannot (a browser). */
  signNow(claims: Claims, now: number, options: SignOptions = {}): SignedToken {
    const payload = this.payload(claims, now, options);
    if (options.issuer !== undefined) this.issuers.minted(options.issuer);
    const token = this.keys.sign(payload, this.#typ(options));
    if (typeof token !== 'string') throw new Error('this platform signs asynchronously: use sign()');
    return { token, claims: payload };
  }

  /** Verifies an access token at `now` (epoch seconds); throws TokenError saying why it is refused. */
  async verify(token: string, now: number): Promise<Claims> {
    const digest = this.#digestOf(token);
    let verified = this.#verified.get(digest);
    if (verified === undefined) {
      const kid = this.#checkedKid(token);
      const claims = await this.keys.verify(token, kid, { audience: this.settings.audience });
      verified = { claims, kid };
      this.#verified.set(digest, verified, { size: token.length + 64 });
    }
    return this.#checked(verified, now);
  }

  /** `verify` on a platform that verifies synchronously (Node); throws on one that cannot. */
  verifyNow(token: string, now: number): Claims {
    const digest = this.#digestOf(token);
    let verified = this.#verified.get(digest);
    if (verified === undefined) {
      const kid = this.#checkedKid(token);
      const claims = this.keys.verify(token, kid, { audience: this.settings.audience });
      if (claims instanceof Promise) throw new Error('this platform verifies asynchronously: use verify()');
      verified = { claims, kid };
      this.#verified.set(digest, verified, { size: token.length + 64 });
    }
    return this.#checked(verified, now);
  }

  /** Checks `token`'s header, signature, issuer and (when given) audience; not its expiry. */
  async verifySignature(token: string, expect: { readonly audience?: string } = {}): Promise<Claims> {
    const claims = await this.keys.verify(token, this.#checkedKid(token), expect);
    this.#checkIssuer(claims);
    return claims;
  }

  /** Forgets verified signatures: after a key is retired, its tokens are checked again (and refused). */
  forgetVerified(): void {
    this.#verified.clear();
  }

  /** The digest the verified cache is keyed by; the last token's is remembered (clients repeat one token). */
  #digestOf(token: string): string {
    const last = this.#lastDigest;
    if (last?.token === token) return last.digest;
    const digest = this.#hashing.sha256(token);
    this.#lastDigest = { token, digest };
    return digest;
  }

  /** A cached verification still holds when its key is still published, its issuer accepted and its time valid. */
  #checked(verified: Verified, now: number): Claims {
    if (!this.keys.keys.some((key) => key.kid === verified.kid)) throw unknownKid(verified.kid);
    this.#checkIssuer(verified.claims);
    checkTime(verified.claims, now);
    return verified.claims;
  }

  #checkIssuer(claims: Claims): void {
    if (this.issuers.accepts(claims.iss)) return;
    const accepted = this.issuers.list();
    const shown = accepted.length > 4 ? [...accepted.slice(0, 4), '…'] : accepted;
    throw new TokenError(`its issuer ${JSON.stringify(claims.iss ?? null)} is not ${shown.join(' or ')}`);
  }

  #isAtJwt(options: SignOptions): boolean {
    return (options.kind ?? 'access') === 'access' && this.accessTokenFormat === 'at+jwt';
  }

  #typ(options: SignOptions): string {
    return this.#isAtJwt(options) ? 'at+jwt' : 'JWT';
  }

  /** The `kid` of a token whose header names RS256 and a key of this server; TokenError otherwise. */
  #checkedKid(token: string): string {
    const parts = jwtParts(token);
    if (parts === undefined) throw new TokenError('it is not a JWT');
    const { alg, kid } = parts.header;
    if (alg !== 'RS256') throw new TokenError(`alg ${String(alg)} is not accepted (RS256 only)`);
    if (typeof kid !== 'string' || !this.keys.keys.some((key) => key.kid === kid)) throw unknownKid(kid);
    return kid;
  }
}

function unknownKid(kid: unknown): TokenError {
  return new TokenError(
    `kid ${JSON.stringify(kid ?? null)} is not a key of this server (see /.well-known/jwks.json)`,
  );
}

/** The port of an issuer URL (its scheme's default when it names none). */
function portOf(issuer: string): number {
  try {
    const url = new URL(issuer);
    return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  } catch {
    return 80;
  }
}
