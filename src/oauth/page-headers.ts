/**
 * The headers of the pages and redirects of the authorization endpoint, the login form and the logout routes (docs/login.md;
 * RFC 9700 §4.2.4 and §4.16): `Referrer-Policy: no-referrer` (the request's URL never leaks to the next page),
 * `X-Content-Type-Options: nosniff`, and on HTML pages a Content-Security-Policy whose `frame-ancestors` is `'none'`:
 * no other page may frame them (clickjacking), except a `web_message` answer, which the client's own origins may
 * frame (the silent-authentication iframe).
 */
import { withHeaders, type Answer, type AnswerHeaders } from '../answer.ts';

const CSP = 'Content-Security-Policy';

/** The Content-Security-Policy of a page that `origins` may frame (none when empty). */
export function framedBy(origins: readonly string[]): Readonly<Record<string, string>> {
  const ancestors = origins.length === 0 ? "'none'" : origins.join(' ');
  return { [CSP]: `frame-ancestors ${ancestors}; base-uri 'none'; object-src 'none'` };
}

/** The value of header `name` (any case) in `headers`. */
function headerOf(headers: AnswerHeaders, name: string): unknown {
  const lower = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === lower)?.[1];
}

/**
 * `answer` with the headers of an authorization-server page when a browser shows or follows it (an HTML page, a
 * redirect, a 400); a page that is not a redirect gets `frame-ancestors 'none'` unless it has a CSP of its own. The
 * JSON errors every route shares (415, 429, 500) stay as
 * they are.
 */
export function securedPage(answer: Answer): Answer {
  const type = headerOf(answer.headers, 'Content-Type');
  const html = typeof type === 'string' && type.startsWith('text/html');
  const redirect = answer.status >= 300 && answer.status < 400;
  if (!html && !redirect && answer.status !== 400) return answer;
  return withHeaders(answer, {
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    ...(!redirect && headerOf(answer.headers, CSP) === undefined ? framedBy([]) : {}),
  });
}
