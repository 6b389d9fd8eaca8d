/**
 * Answers of the authorization endpoint in each `response_mode` (docs/login.md): `query` and `fragment` redirect
 * (302), `form_post` posts from an auto-submitting page (OAuth 2.0 Form Post Response Mode), `web_message` posts a
 * message to the opener or parent window, as Auth0's silent authentication iframe does. Error pages and the logout
 * page are here too: all of them are HTML, never cached.
 */
import type { Response } from 'express';
import { headerSafe } from '../http/headers.ts';
import type { ResponseTarget } from './authorize-request.ts';
import { escapeHtml, htmlPage, scriptLiteral } from './html.ts';

/** Sends `params` (code and state, or error, error_description and state) back to the client. */
export function respondToClient(
  res: Response,
  target: ResponseTarget,
  fields: Readonly<Record<string, string | undefined>>,
): void {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params[name] = value;
  if (target.state !== undefined) params.state = target.state;
  const message =
    params.error === undefined
      ? 'Redirecting to the client'
      : `Redirecting the error ${params.error} to the client`;
  noStore(res);
  res.setHeader('X-Message', headerSafe(message));
  switch (target.mode) {
    case 'query':
    case 'fragment': {
      const url = new URL(target.url.href);
      if (target.mode === 'query')
        for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      else url.hash = new URLSearchParams(params).toString();
      redirect(res, url);
      return;
    }
    case 'form_post': {
      const inputs = Object.entries(params)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('\n');
      const body = `<h1>Signing you in…</h1>
<form method="post" action="${escapeHtml(target.url.href)}" id="response">
${inputs}
<noscript><button type="submit" class="primary">Continue</button></noscript>
</form>
<script>document.getElementById('response').submit();</script>`;
      res.status(200).type('html').send(htmlPage('Signing you in · identity-mock', body));
      return;
    }
    case 'web_message': {
      const message = { type: 'authorization_response', response: params };
      const script = `(function () {
  var target = window.opener || window.parent;
  target.postMessage(${scriptLiteral(message)}, ${scriptLiteral(target.url.origin)});
})();`;
      res
        .status(200)
        .type('html')
        .send(
          htmlPage(
            'Authorization response · identity-mock',
            '<h1>Authorization response</h1>',
            `<script>${script}</script>\n`,
          ),
        );
      return;
    }
  }
}

/** The error page of a request that cannot go back to any client (400), or of a refused logout. */
export function sendErrorPage(res: Response, message: string, status = 400): void {
  noStore(res);
  res.setHeader('X-Message', headerSafe(message));
  const body = `<h1>This request cannot continue</h1>
<p class="alert" role="alert">${escapeHtml(message)}</p>
<p class="muted">Nothing was sent back to the application: check its client_id and its allowed URIs in <code>fixtures/clients.json</code>.</p>`;
  res.status(status).type('html').send(htmlPage('Error · identity-mock', body));
}

/** The page of a logout without a URI to return to. */
export function sendLoggedOutPage(res: Response): void {
  noStore(res);
  res.setHeader('X-Message', 'Logged out');
  res
    .status(200)
    .type('html')
    .send(
      htmlPage('Signed out · identity-mock', '<h1>You are signed out</h1>\n<p>You may close this page.</p>'),
    );
}

/** A redirect after logout. */
export function redirectAfterLogout(res: Response, url: URL): void {
  noStore(res);
  res.setHeader('X-Message', 'Logged out');
  redirect(res, url);
}

/** A 302 without a body (Express's `res.redirect` adds one, and a `Vary`). */
function redirect(res: Response, url: URL): void {
  res.status(302).setHeader('Location', url.href);
  res.end();
}

export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}
