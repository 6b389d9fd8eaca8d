/** `response_mode=form_post` (OAuth 2.0 Form Post Response Mode): a page whose form posts itself to the client. */
import { HTML_TYPE, text } from '../../answer.ts';
import { escapeHtml, htmlPage } from '../../html/page.ts';
import { NO_STORE } from '../../protocol/cache-headers.ts';
import type { ResponseModeAnswer } from './response-mode.ts';

export const formPostAnswer: ResponseModeAnswer = (target, params, message) => {
  const inputs = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const body = `<h1>Signing you in…</h1>
<form method="post" action="${escapeHtml(target.href)}" id="response">
${inputs}
<noscript><button type="submit" class="primary">Continue</button></noscript>
</form>
<script>document.getElementById('response').submit();</script>`;
  return text(200, HTML_TYPE, htmlPage('Signing you in · identity-mock', body), message, NO_STORE);
};
