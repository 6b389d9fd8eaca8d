/**
 * The authorization server's own pages (docs/login.md) as answers: the error page of a request that cannot go back
 * to any client (and of every error on the browser-login operations, `x-error-shape: page`), and the page of a
 * logout without a URI to return to. HTML, never cached.
 */
import { HTML_TYPE, text, type Answer } from '../answer.ts';
import { escapeHtml, htmlPage } from './page.ts';
import { NO_STORE } from '../protocol/cache-headers.ts';

/** The error page (400 by default): nothing is sent back to the application. */
export function errorPage(message: string, status = 400): Answer {
  const body = `<h1>This request cannot continue</h1>
<p class="alert" role="alert">${escapeHtml(message)}</p>
<p class="muted">Nothing was sent back to the application: check its client_id and its allowed URIs in <code>fixtures/clients.json</code>.</p>`;
  return text(status, HTML_TYPE, htmlPage('Error · identity-mock', body), message, NO_STORE);
}

/** The page of a logout without a URI to return to. */
export function loggedOutPage(headers: Readonly<Record<string, string>>): Answer {
  const page = htmlPage(
    'Signed out · identity-mock',
    '<h1>You are signed out</h1>\n<p>You may close this page.</p>',
  );
  return text(200, HTML_TYPE, page, 'Logged out', { ...NO_STORE, ...headers });
}
