/**
 * `max_age` (OIDC Core §3.1.2.1): the seconds a login may have lasted for this request to be answered without a new
 * one; a whole number, 0 meaning "log in again".
 */
import { AuthorizeFailure, type AuthorizeCheck } from './request.ts';

/** The largest `max_age` taken: ten years of seconds, beyond which every login is young enough anyway. */
const MAX_AGE_LIMIT = 315_360_000;

export const checkMaxAge: AuthorizeCheck = (draft) => {
  const text = draft.params.max_age;
  if (text === undefined) return;
  if (!/^\d{1,10}$/.test(text)) {
    throw new AuthorizeFailure(
      'invalid_request',
      `max_age must be a whole number of seconds, such as 0 or 3600 (got ${JSON.stringify(text.slice(0, 40))})`,
    );
  }
  draft.maxAge = Math.min(Number(text), MAX_AGE_LIMIT);
};
