/** `response_type=code`, the only flow (docs/login.md), and a client allowed the authorization code grant. */
import { unauthorizedClient } from '../../errors.ts';
import { AuthorizeFailure, clientOf, RESPONSE_TYPES, type AuthorizeCheck } from './request.ts';

export const checkResponseType: AuthorizeCheck = (draft) => {
  const type = draft.params.response_type;
  if (type === undefined)
    throw new AuthorizeFailure('invalid_request', 'Missing required parameter: response_type');
  if (!RESPONSE_TYPES.some((t) => t === type)) {
    throw new AuthorizeFailure(
      'unsupported_response_type',
      `Unsupported response type: ${type} (supported: ${RESPONSE_TYPES.join(', ')})`,
    );
  }
  if (!clientOf(draft).grant_types.includes('authorization_code')) {
    throw new AuthorizeFailure('unauthorized_client', unauthorizedClient('authorization_code').message);
  }
};
