/**
 * Hand-made JWTs for the bearer-check tests (docs/tokens.md): tokens the mock must refuse, built byte by byte so
 * no library quietly "fixes" them.
 */
import { createHmac, createSign, type KeyObject } from 'node:crypto';

export function base64url(value: string | object): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

export function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The header and payload of a compact JWT. */
export function splitJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header, payload] = token.split('.');
  return { header: decodePart(header), payload: decodePart(payload) };
}

/** `alg: none`: a header, a payload and an empty signature. */
export function unsignedJwt(payload: object): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** HS256 over header.payload with `secret` as the HMAC key (e.g. the server's public key PEM). */
export function hmacJwt(header: object, payload: object, secret: string): string {
  const input = `${base64url({ ...header, alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** RS256 with any key and any header fields (kid, jwk, jku…). */
export function rsaJwt(header: object, payload: object, privateKey: KeyObject): string {
  const input = `${base64url({ ...header, alg: 'RS256', typ: 'JWT' })}.${base64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/** The token with its payload replaced and the original signature kept. */
export function withPayload(token: string, payload: object): string {
  const [header, , signature] = token.split('.');
  return `${header ?? ''}.${base64url(payload)}.${signature ?? ''}`;
}
