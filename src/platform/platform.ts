/**
 * What the domain needs from the platform it runs on, as small interfaces: randomness, hashing, JWT signing and
 * verification with the server's keys. Node implements them in `node/` (node:crypto, jsonwebtoken); a browser
 * implements them with WebCrypto. Nothing in the domain imports a `node:` module.
 */

/** The claims of a JWT. */
export type Claims = Readonly<Record<string, unknown>>;

export interface Random {
  /** `bytes` random bytes as base64url text (opaque tokens, codes, session ids). */
  token(bytes: number): string;
  /** A random (version 4) UUID. */
  uuid(): string;
}

export interface Hashing {
  /** SHA-256 of the UTF-8 bytes of `text`, as base64url text. */
  sha256(text: string): string;
}

/** An RSA public key as a JWK (RFC 7517), written out so the published types need no platform's types. */
export interface PublicJwk {
  readonly kty: 'RSA';
  readonly n: string;
  readonly e: string;
  readonly kid: string;
  readonly alg: 'RS256';
  readonly use: 'sig';
}

/** A key of the server's key set, as the JWKS and the admin API show it. */
export interface KeyInfo {
  readonly kid: string;
  readonly jwk: PublicJwk;
  /** When the key joined the set, epoch milliseconds. */
  readonly created: number;
}

/** What a verified token must carry besides a good signature (expiry is the caller's, by its own clock). */
export interface VerifyExpectations {
  /** The accepted issuers. */
  readonly issuer: string | readonly string[];
  /** The audience, when one is required. */
  readonly audience?: string;
}

/**
 * The server's signing keys and the JWT operations made with them: RS256 only, a `kid` in every header. Signing
 * may be synchronous (Node) or not (WebCrypto); `verify` throws `TokenError` saying why a token is refused.
 */
export interface JwtKeySet {
  /** The published keys, the signing key first. */
  readonly keys: readonly KeyInfo[];
  /** Signs `payload` with the signing key; `typ` is the header's type (`JWT`, `at+jwt`). */
  sign(payload: Claims, typ: string): string | Promise<string>;
  /** Verifies `token`'s RS256 signature with key `kid` and its issuer and audience; returns its payload. */
  verify(token: string, kid: string, expect: VerifyExpectations): Claims | Promise<Claims>;
}

export interface Platform {
  readonly random: Random;
  readonly hashing: Hashing;
}
