/**
 * The RS256 signing key of the fake authorization server (docs/tokens.md): a dev key committed in `fixtures/` (or
 * `--signing-key FILE`), so tokens survive restarts. Key objects are built once: signing or verifying with a PEM
 * string re-parses it on every call (~5× slower).
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const DEV_SIGNING_KEY_PATH = new URL('../../fixtures/dev-signing-key.pem', import.meta.url);

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
export function signingKeysFromPem(pem: string): SigningKeys {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error(
      `the signing key must be an RSA private key (got ${privateKey.asymmetricKeyType ?? 'unknown'})`,
    );
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

/** Reads the key set from a PEM file (the dev key by default). */
export function readSigningKeys(path: string | URL = DEV_SIGNING_KEY_PATH): SigningKeys {
  return signingKeysFromPem(readFileSync(path, 'utf8'));
}
