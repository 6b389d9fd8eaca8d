/** The client authenticates (`client-auth.ts`), and may use the grant (else 403 `unauthorized_client`). */
import { unauthorizedClient } from '../../errors.ts';
import { authenticateClient } from '../client-auth.ts';
import { established, type TokenStep } from './request.ts';

export const authenticate: TokenStep = (draft) => {
  const { request } = draft;
  const client = authenticateClient(request.authorization, draft.fields, request.clients);
  const grantType = established(draft.grantType, 'the grant type');
  if (!client.grant_types.includes(grantType)) throw unauthorizedClient(grantType);
  draft.client = client;
};
