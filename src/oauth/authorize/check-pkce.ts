/**
 * PKCE (RFC 7636, docs/login.md): S256 only; required of public clients; a challenge of the right form. `plain` (a
 * challenge without a method) is refused, since it gives a stolen code to whoever saw the request.
 */
import { CODE_CHALLENGE_METHODS, isPkceValue } from '../pkce.ts';
import { AuthorizeFailure, clientOf, type AuthorizeCheck } from './request.ts';

export const checkPkce: AuthorizeCheck = (draft) => {
  const { code_challenge: challenge, code_challenge_method: method } = draft.params;
  if (method !== undefined && !CODE_CHALLENGE_METHODS.some((m) => m === method)) {
    throw new AuthorizeFailure(
      'invalid_request',
      `code_challenge_method ${method} is not supported: use ${CODE_CHALLENGE_METHODS.join(', ')}`,
    );
  }
  if (challenge === undefined) {
    if (clientOf(draft).client_secret === undefined) {
      throw new AuthorizeFailure(
        'invalid_request',
        'code_challenge is required: a public client must use PKCE with S256',
      );
    }
    if (method !== undefined)
      throw new AuthorizeFailure('invalid_request', 'code_challenge_method was sent without code_challenge');
    return;
  }
  if (method === undefined) {
    throw new AuthorizeFailure(
      'invalid_request',
      'code_challenge_method must be S256 (without it the method is plain, which is not supported)',
    );
  }
  if (!isPkceValue(challenge)) {
    throw new AuthorizeFailure(
      'invalid_request',
      'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)',
    );
  }
};
