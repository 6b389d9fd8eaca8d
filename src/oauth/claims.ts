/** Claims of a JWT, and the error that says why a token is refused (docs/tokens.md). */
import type { Claims } from '../platform/platform.ts';
import { TokenError } from '../platform/token-error.ts';

export type { Claims };
export { TokenError } from '../platform/token-error.ts';

/** Clock skew tolerated on `exp`, `nbf` and `iat` (docs/tokens.md). */
export const LEEWAY_SECONDS = 30;

/**
 * Throws TokenError unless `claims` are valid at `now` (epoch seconds), with the leeway: `iat ≤ now + leeway`,
 * `now < exp + leeway` and `nbf ≤ now + leeway`, for each claim present. A test clock moved back (docs/tokens.md)
 * therefore refuses a token issued after the instant it shows.
 */
export function checkTime(claims: Claims, now: number): void {
  const { exp, nbf, iat } = claims;
  if (exp !== undefined && (typeof exp !== 'number' || now >= exp + LEEWAY_SECONDS)) {
    throw new TokenError(`it expired at ${instant(exp)}`);
  }
  if (iat !== undefined && (typeof iat !== 'number' || now + LEEWAY_SECONDS < iat)) {
    throw new TokenError(`it was issued at ${instant(iat)}, after now (${instant(now)})`);
  }
  if (nbf !== undefined && (typeof nbf !== 'number' || now < nbf - LEEWAY_SECONDS)) {
    throw new TokenError(`it is not valid before ${instant(nbf)}`);
  }
}

function instant(seconds: unknown): string {
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : `${JSON.stringify(seconds)} (not a number of seconds)`;
}
