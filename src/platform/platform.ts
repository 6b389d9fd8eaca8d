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
  /**
   * Whether two secrets are equal, in time that depends on neither (an admin token): the SHA-256 digests of both
   * are compared in constant time, so neither their content nor their length shows in the time taken.
   */
  readonly sameSecret: (given: string, expected: string) => boolean;
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

/**
 * What a verified token must carry besides a good signature (the issuer and the expiry are the caller's: the
 * accepted issuers change as clients reach the server under other names, and the expiry depends on its clock).
 */
export interface VerifyExpectations {
  /** The audience, when one is required. */
  readonly audience?: string;
}

/** Keys the key set holds at most: adding one more is refused. */
export const MAX_KEYS = 16;

/** A key the key set cannot take: the message says why and what is accepted. */
export class KeyRejected extends Error {
  override readonly name = 'KeyRejected';
}

/**
 * The server's signing keys and the JWT operations made with them: RS256 only, a `kid` in every header. Signing
 * may be synchronous (Node) or not (WebCrypto); `verify` throws `TokenError` saying why a token is refused. Keys
 * rotate (docs/tokens.md): a key added signs from then on, the others stay published until retired.
 */
export interface JwtKeySet {
  /** The published keys, the signing key first. */
  readonly keys: readonly KeyInfo[];
  /** Signs `payload` with the signing key; `typ` is the header's type (`JWT`, `at+jwt`). */
  sign(payload: Claims, typ: string): string | Promise<string>;
  /** Verifies `token`'s RS256 signature with key `kid` and its audience; returns its payload. */
  verify(token: string, kid: string, expect: VerifyExpectations): Claims | Promise<Claims>;
  /**
   * Publishes a key, `created` at that instant (epoch ms), and makes it the signing key unless `activate` is false:
   * the RSA private key `pem` (published already or not), or without one a new RSA 2048 key, generated without
   * holding the event loop. Throws `KeyRejected` for a PEM that is not an RSA private key of 2048 to 4096 bits.
   */
  add(pem: string | undefined, created: number, activate?: boolean): Promise<KeyInfo>;
  /** Makes the published key `kid` the signing key; false when no such key is published. */
  activate(kid: string): boolean;
  /** Stops publishing key `kid`: `unknown` when it is not published, `last` when it is the only key (kept). */
  retire(kid: string): 'retired' | 'unknown' | 'last';
}

export interface Platform {
  readonly random: Random;
  readonly hashing: Hashing;
}

/** A file the browser pages load: its bytes and media type. */
export interface StaticFile {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/** The files of the API reference (`/docs/…`) and of the console (`/__admin/ui/…`), served by name. */
export interface StaticFiles {
  /** The file `name` of `area`, or undefined when there is none by that name. */
  read(area: 'docs' | 'console', name: string): Promise<StaticFile | undefined>;
}
