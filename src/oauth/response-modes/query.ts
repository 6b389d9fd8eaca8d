/** `response_mode=query` (the default): a 302 to the redirect URI with the parameters in its query. */
import { redirect } from '../../answer.ts';
import { NO_STORE } from '../../protocol/cache-headers.ts';
import type { ResponseModeAnswer } from './response-mode.ts';

export const queryAnswer: ResponseModeAnswer = (target, params, message) => {
  const url = new URL(target.href);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return redirect(url.href, message, NO_STORE);
};
