/**
 * Proof Key for Code Exchange (RFC 7636): the `S256` method only (docs/login.md), since `plain` gives a stolen code
 * to whoever saw the authorization request.
 */
import type { Hashing } from '../platform/platform.ts';

/** The code challenge methods `/authorize` accepts, as discovery lists them. */
export const CODE_CHALLENGE_METHODS = ['S256'] as const;

/** RFC 7636 §4.1: 43 to 128 characters of `[A-Za-z0-9-._~]`, for verifiers and (S256) challenges alike. */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether `value` has the form of a code verifier or challenge. */
export function isPkceValue(value: string): boolean {
  return PKCE_VALUE.test(value);
}

/** Whether `verifier` answers the S256 `challenge`: BASE64URL(SHA256(verifier)), compared in constant time. */
export function verifiesChallenge(hashing: Hashing, verifier: string, challenge: string): boolean {
  if (!isPkceValue(verifier)) return false;
  return sameText(hashing.sha256(verifier), challenge);
}

/** Compares two ASCII strings without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The S256 challenge of `verifier`: BASE64URL(SHA256(verifier)). */
export function s256Challenge(hashing: Hashing, verifier: string): string {
  return hashing.sha256(verifier);
}
