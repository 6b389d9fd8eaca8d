/**
 * Request objects (OIDC Core §6) are not supported, and discovery does not advertise them: `request` is answered
 * `request_not_supported` and `request_uri` `request_uri_not_supported` (OIDC Core §3.1.2.6), rather than being
 * ignored, since the parameters inside them would be.
 */
import { AuthorizeFailure, type AuthorizeCheck } from './request.ts';

export const checkRequestObject: AuthorizeCheck = (draft) => {
  if (draft.params.request !== undefined) {
    throw new AuthorizeFailure(
      'request_not_supported',
      'the request parameter (a request object) is not supported: send the parameters in the query or the form',
    );
  }
  if (draft.params.request_uri !== undefined) {
    throw new AuthorizeFailure(
      'request_uri_not_supported',
      'the request_uri parameter is not supported: send the parameters in the query or the form',
    );
  }
};
