/** The session's claim rules that match this grant (docs/tokens.md "Claim rules"), applied by the signing steps. */
import { established, type TokenStep } from './request.ts';

export const matchClaimRules: TokenStep = (draft) => {
  const { request } = draft;
  const client = established(draft.client, 'the client');
  const { user } = established(draft.outcome, 'the grant outcome');
  draft.matched = request.claims.match({
    grantType: established(draft.grantType, 'the grant type'),
    clientId: client.client_id,
    isUser: (reference) => user !== undefined && request.store.find(reference)?.user.id === user.id,
    scope: draft.scope,
  });
};
