/**
 * The RS256 key set on Node (docs/tokens.md): keys read from PEM (the dev key committed in `fixtures/`, or
 * `--signing-key FILE`) as node:crypto key objects, built once (signing or verifying with a PEM string re-parses it
 * on every call), and JWTs signed and verified with jsonwebtoken ≥ 9.0.3, always restricted to RS256 and a key object.
 * Keys rotate at run time (`POST /__admin/keys`): new ones are generated on libuv's thread pool, never on the event
 * loop.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import jwt from 'jsonwebtoken';
import type { Claims } from '../platform.ts';
import { TokenError } from '../token-error.ts';
import {
  KeyRejected,
  type JwtKeySet,
  type KeyInfo,
  type PublicJwk,
  type VerifyExpectations,
} from '../platform.ts';
import { withActive, withKey, withoutKey } from '../key-order.ts';

const generateRsa = promisify(generateKeyPair);

export const DEV_SIGNING_KEY_PATH = new URL('../../../fixtures/dev-signing-key.pem', import.meta.url);

/** The smallest RSA modulus accepted, in bits (RFC 7518 §3.3 requires 2048 for RS256). */
export const MIN_RSA_BITS = 2048;
/** The largest RSA modulus a key added at run time may have: larger ones make every signature slow. */
export const MAX_ADDED_RSA_BITS = 4096;
const ADDED_RANGE = `of ${MIN_RSA_BITS} to ${MAX_ADDED_RSA_BITS} bits`;
const ACCEPTED = `an unencrypted RSA private key of ${MIN_RSA_BITS} bits or more, in PEM (PKCS#1 or PKCS#8)`;

/** A signing key that cannot be used: the message names the file, what is wrong and what is accepted. */
export class SigningKeyError extends Error {
  override readonly name = 'SigningKeyError';
}

/** One RSA key pair as node:crypto key objects, with its public JWK. */
export interface NodeKeyPair extends KeyInfo {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/**
 * The key pair of an RSA private key in PEM; `kid` is the RFC 7638 thumbprint of its public key.
 *
 * @example const pair = keyPairFromPem(readFileSync('fixtures/dev-signing-key.pem', 'utf8'));
 */
export function keyPairFromPem(pem: string, source = 'the signing key', created = 0): NodeKeyPair {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SigningKeyError(`${source} cannot be parsed (${reason}); accepted: ${ACCEPTED}`);
  }
  return keyPairOf(privateKey, source, created);
}

/** The key pair of an RSA private key object; SigningKeyError naming `source` when it is not one of 2048 bits or more. */
function keyPairOf(privateKey: KeyObject, source: string, created: number): NodeKeyPair {
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
  const jwk: PublicJwk = Object.freeze({ kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' });
  return Object.freeze({ kid, jwk, created, privateKey, publicKey });
}

/** Reads a key pair from a PEM file (the dev key by default); throws SigningKeyError naming the file. */
export function readKeyPair(path: string | URL = DEV_SIGNING_KEY_PATH, created = 0): NodeKeyPair {
  const source = `signing key ${path instanceof URL ? path.pathname : path}`;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new SigningKeyError(`${source} cannot be read (${reason}); accepted: ${ACCEPTED}`);
  }
  return keyPairFromPem(pem, source, created);
}

/** The key set of `pairs` (the first signs), with jsonwebtoken doing the work. */
export class NodeKeySet implements JwtKeySet {
  #pairs: NodeKeyPair[];

  constructor(pairs: readonly NodeKeyPair[]) {
    if (pairs.length === 0) throw new Error('a key set needs a key');
    this.#pairs = [...pairs];
  }

  async add(pem: string | undefined, created: number, activate = true): Promise<KeyInfo> {
    let pair: NodeKeyPair;
    if (pem === undefined) {
      const { privateKey } = await generateRsa('rsa', { modulusLength: MIN_RSA_BITS });
      pair = keyPairOf(privateKey, 'the generated key', created);
    } else {
      try {
        pair = keyPairFromPem(pem, 'pem', created);
      } catch (error) {
        if (error instanceof SigningKeyError) {
          throw new KeyRejected(error.message.replace(`of ${MIN_RSA_BITS} bits or more`, ADDED_RANGE));
        }
        throw error;
      }
      const bits = pair.privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
      if (bits > MAX_ADDED_RSA_BITS) {
        throw new KeyRejected(
          `pem is an RSA key of ${bits} bits; accepted: ${ACCEPTED.replace(`of ${MIN_RSA_BITS} bits or more`, ADDED_RANGE)}`,
        );
      }
    }
    const { keys, added } = withKey(this.#pairs, pair, activate);
    this.#pairs = keys;
    return added;
  }

  activate(kid: string): boolean {
    const keys = withActive(this.#pairs, kid);
    if (keys === undefined) return false;
    this.#pairs = keys;
    return true;
  }

  retire(kid: string): 'retired' | 'unknown' | 'last' {
    const keys = withoutKey(this.#pairs, kid);
    if (typeof keys === 'string') return keys;
    this.#pairs = keys;
    return 'retired';
  }

  get keys(): readonly KeyInfo[] {
    return this.#pairs;
  }

  /** The key pair that signs. */
  get signing(): NodeKeyPair {
    const signing = this.#pairs[0];
    if (signing === undefined) throw new Error('a key set needs a key');
    return signing;
  }

  sign(payload: Claims, typ: string): string {
    const { signing } = this;
    // The payload goes in as JSON text: jsonwebtoken then neither adds an `iat` from the real clock nor checks the
    // claims' types, so a claim of any name and value (`exp: "x"`, `constructor`, `__proto__`: god mode on purpose)
    // is signed as given instead of failing the request.
    return jwt.sign(JSON.stringify(payload), signing.privateKey, {
      algorithm: 'RS256',
      keyid: signing.kid,
      header: { alg: 'RS256', typ },
    });
  }

  verify(token: string, kid: string, expect: VerifyExpectations): Claims {
    const pair = this.#pairs.find((p) => p.kid === kid);
    if (pair === undefined) throw new TokenError(`kid ${JSON.stringify(kid)} is not a key of this server`);
    try {
      const payload = jwt.verify(token, pair.publicKey, {
        algorithms: ['RS256'],
        ...(expect.audience === undefined ? {} : { audience: expect.audience }),
        ignoreExpiration: true,
        ignoreNotBefore: true,
      });
      if (typeof payload === 'string') throw new TokenError('its payload is not a JSON object');
      return Object.freeze({ ...payload });
    } catch (error) {
      if (error instanceof TokenError) throw error;
      throw new TokenError(describe(error, jwt.decode(token, { json: true }), expect.audience));
    }
  }
}

function describe(error: unknown, payload: jwt.JwtPayload | null, audience: string | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('jwt audience invalid')) {
    return `its audience ${JSON.stringify(payload?.aud ?? null)} is not ${audience ?? ''}`;
  }
  if (message === 'invalid signature') return 'its signature does not verify';
  return message.replace(/^jwt /, 'the token ');
}
