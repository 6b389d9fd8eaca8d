/**
 * `grant_type=authorization_code` (docs/login.md): redeems a code of the browser login, bound to its client,
 * redirect URI and PKCE challenge; the token carries the code's audience, scope and login.
 */
import { assertActive } from '../check-password.ts';
import { required } from '../fields.ts';
import { liveUser, type Grant } from './grant.ts';

export const authorizationCodeGrant: Grant = ({ fields, client, store, oauth, now }) => {
  const { grant, record } = oauth.codes.redeem({
    code: required(fields, 'code'),
    clientId: client.client_id,
    redirectUri: fields.redirect_uri,
    codeVerifier: fields.code_verifier,
    now: Math.floor(now / 1000),
  });
  const user = liveUser(store, grant.userId, 'The grant names a user that no longer exists.');
  assertActive(user);
  return {
    user,
    gty: undefined,
    audience: grant.audience,
    scope: grant.scope,
    login: { nonce: grant.nonce, authTime: grant.authTime, sid: grant.sid },
    recordIssued: record,
  };
};
