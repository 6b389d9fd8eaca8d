/**
 * The refresh token (docs/login.md "Refresh tokens"): the next of a rotating family a refresh grant rotated, or a
 * new family when a user's code or password grant holds `offline_access`.
 */
import { hasScope } from '../scope.ts';
import { established, type TokenStep } from './request.ts';

export const issueRefreshToken: TokenStep = (draft) => {
  const { request } = draft;
  const outcome = established(draft.outcome, 'the grant outcome');
  const grantType = established(draft.grantType, 'the grant type');
  const client = established(draft.client, 'the client');
  draft.refreshToken = outcome.nextRefreshToken;
  draft.family = outcome.family;
  const { user } = outcome;
  const starts =
    user !== undefined &&
    hasScope(draft.scope, 'offline_access') &&
    (grantType === 'authorization_code' || grantType === 'password');
  if (draft.refreshToken !== undefined || user === undefined || !starts) return;
  const started = request.oauth.refreshTokens.issue(
    {
      userId: user.id,
      clientId: client.client_id,
      audience: established(draft.audience, 'the audience'),
      scope: draft.scope,
      authTime: outcome.login?.authTime ?? draft.now,
      sid: outcome.login?.sid,
    },
    client.client_secret === undefined,
    draft.now,
  );
  draft.refreshToken = started.token;
  draft.family = started.family;
};
