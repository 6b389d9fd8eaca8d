/** The grant itself (`grants/`, one file per grant): whom the token is for, and what carries over. */
import { GRANTS } from '../grants/index.ts';
import { established, type TokenStep } from './request.ts';

export const runGrant: TokenStep = (draft) => {
  const { request } = draft;
  draft.outcome = GRANTS[established(draft.grantType, 'the grant type')]({
    fields: draft.fields,
    client: established(draft.client, 'the client'),
    store: request.store,
    passwords: request.passwords,
    oauth: request.oauth,
    now: request.now,
    address: request.address,
  });
};
