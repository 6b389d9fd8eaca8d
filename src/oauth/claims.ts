/** Claims of a JWT, and the error that says why a token is refused (docs/tokens.md). */
import type { Claims } from '../platform/platform.ts';

export type { Claims };

/** Why a token was refused: `reason` completes "the access token is invalid: …". */
export class TokenError extends Error {
  override readonly name = 'TokenError';

  constructor(readonly reason: string) {
    super(`the access token is invalid: ${reason}`);
  }
}

/** Clock skew tolerated on `exp` and `nbf` (docs/tokens.md). */
export const LEEWAY_SECONDS = 30;

/** Throws TokenError when `claims` are expired or not yet valid at `now` (epoch seconds), with the leeway. */
export function checkTime(claims: Claims, now: number): void {
  const { exp, nbf } = claims;
  if (exp !== undefined && (typeof exp !== 'number' || now >= exp + LEEWAY_SECONDS)) {
    throw new TokenError(`it expired at ${instant(exp)}`);
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
