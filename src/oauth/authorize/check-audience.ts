/** `audience`, when sent, is one the client may ask for (Auth0's "Service not found"). */
import { AuthorizeFailure, clientOf, type AuthorizeCheck } from './request.ts';

export const checkAudience: AuthorizeCheck = (draft) => {
  const { audience } = draft.params;
  if (audience !== undefined && !clientOf(draft).audiences.includes(audience)) {
    throw new AuthorizeFailure('access_denied', `Service not found: ${audience}`);
  }
};
