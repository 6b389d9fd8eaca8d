/** The access token (docs/tokens.md "What a token holds"): subject, audience, client, grant, permissions, scope. */
import { shapeClaims } from '../../control/claim-rules.ts';
import { clientSubject, userSubject } from '../subject.ts';
import { established, type TokenStep } from './request.ts';

export const signAccessToken: TokenStep = async (draft) => {
  const { request } = draft;
  const client = established(draft.client, 'the client');
  const outcome = established(draft.outcome, 'the grant outcome');
  const matched = established(draft.matched, 'the claim rules');
  const { user } = outcome;
  const { scope } = draft;
  const claims = {
    sub: user === undefined ? clientSubject(client.client_id) : userSubject(user.id),
    aud: established(draft.audience, 'the audience'),
    azp: client.client_id,
    gty: outcome.gty,
    permissions: [
      ...(user === undefined ? client.permissions : (request.rolePermissions.get(user.user_type) ?? [])),
    ],
    ...(scope === undefined ? {} : { scope }),
    ...(user === undefined ? {} : { [request.tokens.userIdClaim]: user.id }),
  };
  draft.access = await request.tokens.sign(claims, draft.now, {
    issuer: request.issuer,
    shape: (payload) => shapeClaims(payload, matched, 'access'),
  });
};
