/**
 * The RS256 signing key of the fake authorization server (docs/tokens.md): a dev key committed in `fixtures/` (or
 * `--signing-key FILE`), so tokens survive restarts. Key objects are built once: signing or verifying with a PEM
 * string re-parses it on every call (~5× slower).
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const DEV_SIGNING_KEY_PATH = new URL('../../fixtures/dev-signing-key.pem', import.meta.url);

/** The smallest RSA modulus accepted, in bits (RFC 7518 §3.3 requires 2048 for RS256). */
export const MIN_RSA_BITS = 2048;
const ACCEPTED = `an unencrypted RSA private key of ${MIN_RSA_BITS} bits or more, in PEM (PKCS#1 or PKCS#8)`;

/** A signing key that cannot be used: the message names the file, what is wrong and what is accepted. */
export class SigningKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyError';
  }
}

/** An RSA public key as a JWK (RFC 7517), written out so that the published types do not depend on @types/node's. */
export interface PublicJwk {
  readonly kty: 'RSA';
  readonly n: string;
  readonly e: string;
  readonly kid: string;
  readonly alg: 'RS256';
  readonly use: 'sig';
}

export interface SigningKeys {
  /** RFC 7638 thumbprint of the public key. */
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The public key as published in the JWKS. */
  readonly jwk: PublicJwk;
}

/**
 * Builds the key set from an RSA private key in PEM.
 *
 * @example const keys = signingKeysFromPem(readFileSync('fixtures/dev-signing-key.pem', 'utf8'));
 */
export function signingKeysFromPem(pem: string, source = 'the signing key'): SigningKeys {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SigningKeyError(`${source} cannot be parsed (${reason}); accepted: ${ACCEPTED}`);
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new SigningKeyError(
      `${source} is a ${privateKey.asymmetricKeyType ?? 'unknown'} key; accepted: ${ACCEPTED}`,
    );
  }
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    throw new SigningKeyError(`${source} is an RSA key of ${bits} bits; accepted: ${ACCEPTED}`);
  }
  const publicKey = createPublicKey(privateKey);
  const exported = publicKey.export({ format: 'jwk' });
  const n = exported.n ?? '';
  const e = exported.e ?? '';
  // RFC 7638: SHA-256 over the required members in lexicographic order, without whitespace.
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
  return Object.freeze({
    kid,
    privateKey,
    publicKey,
    jwk: Object.freeze({ kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' }),
  });
}

/** Reads the key set from a PEM file (the dev key by default); throws SigningKeyError naming the file. */
export function readSigningKeys(path: string | URL = DEV_SIGNING_KEY_PATH): SigningKeys {
  const source = `signing key ${path instanceof URL ? path.pathname : path}`;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new SigningKeyError(`${source} cannot be read (${reason}); accepted: ${ACCEPTED}`);
  }
  return signingKeysFromPem(pem, source);
}
