/**
 * Answers of the authorization endpoint in each `response_mode` (docs/login.md), one file each: `query` and
 * `fragment` redirect (302), `form_post` posts from an auto-submitting page (OAuth 2.0 Form Post Response Mode),
 * `web_message` posts a message to the opener or parent window, as Auth0's silent authentication iframe does (and
 * only the client's web origins may frame it). Never cached.
 */
import { withHeaders, type Answer } from '../../answer.ts';
import type { ResponseMode, ResponseTarget } from '../authorize/request.ts';
import { framedBy } from '../page-headers.ts';
import { fragmentAnswer } from './fragment.ts';
import { formPostAnswer } from './form-post.ts';
import { queryAnswer } from './query.ts';
import type { ResponseModeAnswer } from './response-mode.ts';
import { webMessageAnswer } from './web-message.ts';

const MODES: Readonly<Record<ResponseMode, ResponseModeAnswer>> = {
  query: queryAnswer,
  fragment: fragmentAnswer,
  form_post: formPostAnswer,
  web_message: webMessageAnswer,
};

/** Sends `fields` (code and state, or error, error_description and state) back to the client. */
export function respondToClient(
  target: ResponseTarget,
  fields: Readonly<Record<string, string | undefined>>,
): Answer {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params[name] = value;
  if (target.state !== undefined) params.state = target.state;
  const message =
    params.error === undefined
      ? 'Redirecting to the client'
      : `Redirecting the error ${params.error} to the client`;
  const answer = MODES[target.mode](target.url, params, message);
  // The silent-authentication iframe of the client's own pages frames this answer; no other page may.
  return target.mode === 'web_message' ? withHeaders(answer, framedBy(target.frameOrigins)) : answer;
}
