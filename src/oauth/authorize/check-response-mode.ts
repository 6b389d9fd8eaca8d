/** `response_mode`, when sent, is one of discovery's list; it decides how every later answer goes back. */
import { AuthorizeFailure, RESPONSE_MODES, type AuthorizeCheck, type ResponseMode } from './request.ts';

const isResponseMode = (value: string): value is ResponseMode => RESPONSE_MODES.some((m) => m === value);

export const checkResponseMode: AuthorizeCheck = (draft) => {
  const mode = draft.params.response_mode ?? 'query';
  if (!isResponseMode(mode)) {
    throw new AuthorizeFailure(
      'invalid_request',
      `response_mode must be one of ${RESPONSE_MODES.join(', ')} (got ${mode})`,
    );
  }
  if (draft.target !== undefined) draft.target = { ...draft.target, mode };
};
