/**
 * Proof Key for Code Exchange (RFC 7636): the `S256` method only (docs/login.md), since `plain` gives a stolen code
 * to whoever saw the authorization request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The code challenge methods `/authorize` accepts, as discovery lists them. */
export const CODE_CHALLENGE_METHODS = ['S256'] as const;

/** RFC 7636 §4.1: 43 to 128 characters of `[A-Za-z0-9-._~]`, for verifiers and (S256) challenges alike. */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether `value` has the form of a code verifier or challenge. */
export function isPkceValue(value: string): boolean {
  return PKCE_VALUE.test(value);
}

/** The S256 challenge of `verifier`: BASE64URL(SHA256(verifier)). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` answers the S256 `challenge`. */
export function verifiesChallenge(verifier: string, challenge: string): boolean {
  if (!isPkceValue(verifier)) return false;
  const expected = Buffer.from(s256Challenge(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
