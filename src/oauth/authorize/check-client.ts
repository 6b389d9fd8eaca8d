/** The request names a client of the dataset (else: an error page, since there is no one to answer). */
import { clientById } from '../../data/dataset.ts';
import { Refusal, type AuthorizeCheck } from './request.ts';

export const checkClient: AuthorizeCheck = (draft) => {
  const id = draft.params.client_id;
  if (id === undefined)
    throw new Refusal('client_id is missing: the authorization request must name a client');
  const client = clientById(draft.clients, id);
  if (client === undefined) {
    const known = draft.clients.map((c) => c.client_id).join(', ');
    throw new Refusal(`unknown client_id ${JSON.stringify(id)}; known clients: ${known}`);
  }
  draft.client = client;
};
