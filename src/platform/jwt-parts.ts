/**
 * The parts of a compact JWS read without verifying anything (RFC 7515 §7.1): the header says which key and
 * algorithm to verify with; nothing it says is trusted beyond that.
 */
import type { Claims } from './platform.ts';

export interface JwtParts {
  readonly header: Readonly<Record<string, unknown>>;
  readonly payload: Claims;
}

/** The decoded header and payload of `token`, or undefined when it is not three base64url parts of JSON objects. */
export function jwtParts(token: string): JwtParts | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const header = jsonObject(parts[0] ?? '');
  const payload = jsonObject(parts[1] ?? '');
  return header === undefined || payload === undefined ? undefined : { header, payload };
}

function jsonObject(part: string): Readonly<Record<string, unknown>> | undefined {
  try {
    const value: unknown = JSON.parse(base64urlText(part));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The UTF-8 text of base64url `part`; throws on characters outside the alphabet. */
export function base64urlText(part: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new Error('not base64url');
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
