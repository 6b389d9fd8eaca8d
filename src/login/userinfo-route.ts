/**
 * `GET|POST /userinfo` (OIDC Core §5.3; docs/login.md): the profile claims of the bearer's user that the access
 * token's scope allows, the same ones its ID token holds.
 */
import { profileClaims } from '../auth/id-token.ts';
import { REALM } from '../auth/bearer.ts';
import type { OperationHandler } from '../http/dispatch.ts';
import { ApiError } from '../http/errors.ts';
import { MESSAGES } from '../http/headers.ts';
import type { UserStore } from '../users/store.ts';

export function userinfoHandler(current: () => { readonly store: UserStore }): OperationHandler {
  return ({ res, principal }) => {
    const user = principal?.slot === undefined ? undefined : current().store.users[principal.slot];
    if (principal === undefined || user === undefined) {
      const message =
        'the access token is invalid: /userinfo needs a token issued to a user, not to a client';
      throw new ApiError(401, 'invalid_token', message, {
        headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token"` },
      });
    }
    const scope = principal.claims.scope;
    res.setHeader('X-Message', MESSAGES.retrieved);
    res.setHeader('Cache-Control', 'no-store');
    res.json(profileClaims(user, typeof scope === 'string' ? scope : undefined));
  };
}
