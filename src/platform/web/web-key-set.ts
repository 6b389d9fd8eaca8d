/**
 * The RS256 key set with WebCrypto (docs/msw.md), through `jose`: what signs and verifies tokens when the mock runs in
 * a browser. It makes the same tokens as the Node key set for the same key and payload (the same header members in
 * the same order, the payload as its JSON text, and RS256 signatures are deterministic), and refuses a token with
 * the same reasons, so a token minted on one verifies on the other.
 */
import {
  calculateJwkThumbprint,
  CompactSign,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type CryptoKey,
} from 'jose';
import type { Claims } from '../platform.ts';
import { TokenError } from '../token-error.ts';
import { jwtParts } from '../jwt-parts.ts';
import {
  KeyRejected,
  type JwtKeySet,
  type KeyInfo,
  type PublicJwk,
  type VerifyExpectations,
} from '../platform.ts';
import { withActive, withKey, withoutKey } from '../key-order.ts';

const MIN_RSA_BITS = 2048;
const MAX_ADDED_RSA_BITS = 4096;
const ACCEPTED = `an unencrypted RSA private key of ${MIN_RSA_BITS} to ${MAX_ADDED_RSA_BITS} bits, in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)`;
const UTF8 = new TextEncoder();
const TEXT = new TextDecoder();

/** One RSA key pair as WebCrypto keys, with its public JWK. */
interface WebKeyPair extends KeyInfo {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

/** The key pair of a PKCS#8 PEM; `kid` is the RFC 7638 thumbprint of its public key. Throws KeyRejected. */
export async function webKeyPair(pem: string, created: number, maxBits = Infinity): Promise<WebKeyPair> {
  if (pem.includes('-----BEGIN RSA PRIVATE KEY-----')) {
    throw new KeyRejected(`pem is a PKCS#1 key, which WebCrypto cannot read; accepted: ${ACCEPTED}`);
  }
  let privateKey: CryptoKey;
  try {
    privateKey = await importPKCS8(pem, 'RS256', { extractable: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new KeyRejected(`pem cannot be parsed (${reason}); accepted: ${ACCEPTED}`);
  }
  return keyPairOf(privateKey, created, maxBits);
}

async function keyPairOf(privateKey: CryptoKey, created: number, maxBits: number): Promise<WebKeyPair> {
  const exported = await exportJWK(privateKey);
  const n = exported.n ?? '';
  const e = exported.e ?? '';
  const bits = Math.floor((n.length * 6) / 8) * 8;
  if (bits < MIN_RSA_BITS || bits > maxBits) {
    throw new KeyRejected(`pem is an RSA key of ${bits} bits; accepted: ${ACCEPTED}`);
  }
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n, e }, 'sha256');
  const jwk: PublicJwk = Object.freeze({ kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' });
  const imported = await importJWK({ kty: 'RSA', n, e }, 'RS256');
  if (imported instanceof Uint8Array) throw new KeyRejected('pem is not an RSA key');
  const publicKey = imported;
  return Object.freeze({ kid, jwk, created, privateKey, publicKey });
}

/** The key set of `pairs` (the first signs), with WebCrypto doing the work. */
export class WebKeySet implements JwtKeySet {
  #pairs: WebKeyPair[];

  private constructor(pairs: WebKeyPair[]) {
    this.#pairs = pairs;
  }

  /** The key set of one PKCS#8 PEM (the committed dev key by default). */
  static async fromPem(pem: string, created = 0): Promise<WebKeySet> {
    return new WebKeySet([await webKeyPair(pem, created)]);
  }

  get keys(): readonly KeyInfo[] {
    return this.#pairs;
  }

  async add(pem: string | undefined, created: number, activate = true): Promise<KeyInfo> {
    const pair =
      pem === undefined
        ? await keyPairOf(
            (await generateKeyPair('RS256', { modulusLength: MIN_RSA_BITS, extractable: true })).privateKey,
            created,
            MAX_ADDED_RSA_BITS,
          )
        : await webKeyPair(pem, created, MAX_ADDED_RSA_BITS);
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

  async sign(payload: Claims, typ: string): Promise<string> {
    const signing = this.#pairs[0];
    if (signing === undefined) throw new Error('a key set needs a key');
    // The header's members in the Node key set's order; the payload is signed as its JSON text, claims as given.
    return new CompactSign(UTF8.encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'RS256', typ, kid: signing.kid })
      .sign(signing.privateKey);
  }

  async verify(token: string, kid: string, expect: VerifyExpectations): Promise<Claims> {
    const pair = this.#pairs.find((p) => p.kid === kid);
    if (pair === undefined) throw new TokenError(`kid ${JSON.stringify(kid)} is not a key of this server`);
    if ((token.split('.')[2] ?? '').trim() === '') throw new TokenError('the token signature is required');
    let payload: unknown;
    try {
      payload = JSON.parse(
        TEXT.decode((await compactVerify(token, pair.publicKey, { algorithms: ['RS256'] })).payload),
      );
    } catch {
      throw new TokenError(
        jwtParts(token) === undefined ? 'the token malformed' : 'its signature does not verify',
      );
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new TokenError('its payload is not a JSON object');
    }
    const claims = payload as Record<string, unknown>;
    if (expect.audience !== undefined) {
      const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.includes(expect.audience)) {
        throw new TokenError(`its audience ${JSON.stringify(claims.aud ?? null)} is not ${expect.audience}`);
      }
    }
    return Object.freeze({ ...claims });
  }
}
