/**
 * `response_mode=web_message` (as Auth0's silent authentication iframe uses it): a page that posts the response to
 * its opener or parent window, to the redirect URI's origin only.
 */
import { HTML_TYPE, text } from '../../answer.ts';
import { htmlPage, scriptLiteral } from '../../html/page.ts';
import { NO_STORE } from '../../protocol/cache-headers.ts';
import type { ResponseModeAnswer } from './response-mode.ts';

export const webMessageAnswer: ResponseModeAnswer = (target, params, message) => {
  const data = { type: 'authorization_response', response: params };
  const script = `(function () {
  var target = window.opener || window.parent;
  target.postMessage(${scriptLiteral(data)}, ${scriptLiteral(target.origin)});
})();`;
  const page = htmlPage(
    'Authorization response · identity-mock',
    '<h1>Authorization response</h1>',
    `<script>${script}</script>\n`,
  );
  return text(200, HTML_TYPE, page, message, NO_STORE);
};
