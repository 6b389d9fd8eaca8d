/**
 * The statuses of the token endpoint's errors (docs/tokens.md): Auth0's by default (`invalid_grant`,
 * `access_denied` and `unauthorized_client` are 403, as the real service's authorization server answers), or with
 * `--oauth-errors rfc6749` RFC 6749 §5.2's, as certified providers answer: 401 for `invalid_client`, 400 for every
 * other error of §5.2 and the ones Auth0 adds. A body too large (413), the lock-out and the rate limit (429) and
 * server errors (5xx) are not §5.2 errors and keep their statuses.
 */
import { MockError } from '../errors.ts';

export const OAUTH_ERROR_STATUSES = ['auth0', 'rfc6749'] as const;
export type OAuthErrorStatuses = (typeof OAUTH_ERROR_STATUSES)[number];

/** Statuses that are not RFC 6749 §5.2 errors, kept whatever the choice. */
const KEPT = new Set([401, 413, 429]);

/** The status under `statuses` of an OAuth error the token endpoint answers at Auth0's `status`. */
export function statusUnder(status: number, statuses: OAuthErrorStatuses): number {
  return statuses === 'auth0' || status >= 500 || KEPT.has(status) ? status : 400;
}

/** `error` as the token endpoint answers it under `statuses`. */
export function withErrorStatuses(error: unknown, statuses: OAuthErrorStatuses): unknown {
  if (!(error instanceof MockError) || error.family !== 'oauth') return error;
  const status = statusUnder(error.status, statuses);
  if (status === error.status) return error;
  return new MockError(status, error.code, error.message, 'oauth', {
    headers: error.headers,
    details: error.details,
  });
}
