/**
 * A TokenService on the committed dev key with a clock the test moves (signing and verifying at the clock's time,
 * synchronously, as Node's key set allows), and hand-crafted JWTs (other algorithms, other keys, tampered parts) for
 * the refusal cases.
 */
import { createHmac, createSign, type KeyObject } from 'node:crypto';
import type { Claims } from '../../src/oauth/claims.ts';
import { TokenService, type SignedToken, type TokenSettings } from '../../src/oauth/tokens.ts';
import { NODE_PLATFORM } from '../../src/platform/node/node-platform.ts';
import { NodeKeySet, readKeyPair, type NodeKeyPair } from '../../src/platform/node/signing-keys.ts';
import { ManualClock } from './manual-clock.ts';

export const KEYS: NodeKeyPair = readKeyPair();

/** A token service read at a test's clock. */
export interface ClockedTokens {
  readonly service: TokenService;
  readonly settings: TokenSettings;
  readonly userIdClaim: string;
  /** The clock's time, in whole seconds. */
  nowSeconds(): number;
  sign(claims: Claims): SignedToken;
  /** Verifies at the clock's time; throws TokenError saying why a token is refused. */
  verify(token: string): Claims;
}

export const SETTINGS: TokenSettings = Object.freeze({
  issuer: 'http://localhost:8080/',
  audience: 'https://identity.example.com/admin/v1',
  claimsNamespace: 'https://identity.example.com',
  ttlSeconds: 3600,
});

/** The issuers a service of SETTINGS accepts, as its refusals name them. */
export const ACCEPTED_ISSUERS = `${SETTINGS.issuer} or http://127.0.0.1:8080/ or http://[::1]:8080/`;

/** The instant every token test starts at. */
export const START = '2026-01-15T12:00:00.000Z';

export function tokenService(settings: Partial<TokenSettings> = {}): {
  tokens: ClockedTokens;
  clock: ManualClock;
} {
  const clock = new ManualClock(START);
  const service = new TokenService(new NodeKeySet([KEYS]), { ...SETTINGS, ...settings }, NODE_PLATFORM);
  const nowSeconds = (): number => Math.floor(clock.now() / 1000);
  return {
    clock,
    tokens: {
      service,
      settings: service.settings,
      userIdClaim: service.userIdClaim,
      nowSeconds,
      sign: (claims) => service.signNow(claims, nowSeconds()),
      verify: (token) => service.verifyNow(token, nowSeconds()),
    },
  };
}

const part = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact JWS with `header` and `payload`, signed as `header.alg` says (none, HS256 with `secret`, RS*). */
export function craftJwt(
  header: Readonly<Record<string, unknown>>,
  payload: unknown,
  key: { readonly rsa?: KeyObject; readonly secret?: string | Buffer } = {},
): string {
  const input = `${part(header)}.${part(payload)}`;
  const alg = header.alg;
  if (alg === 'none') return `${input}.`;
  if (alg === 'HS256')
    return `${input}.${createHmac('sha256', key.secret ?? '')
      .update(input)
      .digest('base64url')}`;
  if (typeof alg === 'string' && /^RS(256|384|512)$/.test(alg) && key.rsa !== undefined) {
    const signature = createSign(`RSA-SHA${alg.slice(2)}`)
      .update(input)
      .sign(key.rsa)
      .toString('base64url');
    return `${input}.${signature}`;
  }
  throw new Error(`craftJwt cannot sign with alg ${String(alg)}`);
}

/** The decoded JSON of a token's header or payload (0 or 1). */
export function decodePart(token: string, index: 0 | 1): Record<string, unknown> {
  const text = token.split('.')[index] ?? '';
  return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
}
