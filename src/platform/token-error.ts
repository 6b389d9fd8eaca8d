/** The error a key set's verification throws, and the request path answers as 401 `invalid_token` (docs/tokens.md). */

/** Why a token was refused: `reason` completes "the access token is invalid: …". */
export class TokenError extends Error {
  override readonly name = 'TokenError';

  constructor(readonly reason: string) {
    super(`the access token is invalid: ${reason}`);
  }
}
