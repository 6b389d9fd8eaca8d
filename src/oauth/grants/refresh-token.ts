/**
 * `grant_type=refresh_token` (docs/tokens.md, docs/login.md): a public client's token rotates (the next one is
 * returned, a reused one revokes its family); a confidential client's may be used again. The token carries the
 * original grant's audience, scope and login; the token endpoint lets a request narrow the scope, never widen it.
 */
import { assertActive } from '../check-password.ts';
import { required } from '../fields.ts';
import { liveUser, type Grant } from './grant.ts';

export const refreshTokenGrant: Grant = ({ fields, client, store, oauth, now }) => {
  const { grant, next, family } = oauth.refreshTokens.redeem(
    required(fields, 'refresh_token'),
    client.client_id,
    Math.floor(now / 1000),
  );
  const user = liveUser(
    store,
    grant.userId,
    next === undefined
      ? 'The refresh token names a user that no longer exists.'
      : 'The grant names a user that no longer exists.',
  );
  assertActive(user);
  return {
    user,
    gty: 'refresh_token',
    audience: grant.audience,
    scope: grant.scope,
    ...(grant.authTime === undefined
      ? {}
      : { login: { nonce: undefined, authTime: grant.authTime, sid: grant.sid } }),
    nextRefreshToken: next,
    family,
  };
};
