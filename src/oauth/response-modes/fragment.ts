/** `response_mode=fragment`: a 302 to the redirect URI with the parameters in its fragment. */
import { redirect } from '../../answer.ts';
import { NO_STORE } from '../../protocol/cache-headers.ts';
import type { ResponseModeAnswer } from './response-mode.ts';

export const fragmentAnswer: ResponseModeAnswer = (target, params, message) => {
  const url = new URL(target.href);
  url.hash = new URLSearchParams(params).toString();
  return redirect(url.href, message, NO_STORE);
};
