/**
 * The ID token, when a user's grant holds `openid` (docs/login.md "ID tokens"), with the login's `nonce`,
 * `auth_time` and `sid` (a password grant logs in now, without a session); what claim rules set on it is
 * remembered for `/userinfo`.
 */
import { idTokenSets, shapeClaims } from '../../control/claim-rules.ts';
import { signIdToken as signed } from '../id-token.ts';
import { hasScope } from '../scope.ts';
import { established, type TokenStep } from './request.ts';

export const signIdToken: TokenStep = async (draft) => {
  const { request } = draft;
  const { user, login } = established(draft.outcome, 'the grant outcome');
  if (user === undefined || !hasScope(draft.scope, 'openid')) return;
  const matched = established(draft.matched, 'the claim rules');
  const facts = login ?? { nonce: undefined, authTime: draft.now, sid: undefined };
  const clientId = established(draft.client, 'the client').client_id;
  draft.idToken = (
    await signed(request.tokens, { user, clientId, scope: draft.scope, ...facts }, draft.now, {
      issuer: request.issuer,
      shape: (payload) => shapeClaims(payload, matched, 'id'),
    })
  ).token;
  request.oauth.userinfo.remember(
    established(draft.access, 'the access token').claims.jti,
    idTokenSets(matched),
  );
};
