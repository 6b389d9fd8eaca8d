/**
 * Login CSRF protection (docs/login.md; RFC 9700 §4.4.1): the login page's forms carry a token bound to their
 * authorization request and to the browser that was shown the page (a random id in an HttpOnly, SameSite=Lax
 * cookie), derived with a secret of the session. A form posted from elsewhere (another site, a script that never saw
 * the page) has no valid token and is refused with the error page, and so is one the browser marks as sent from
 * another origin (`Sec-Fetch-Site`).
 */
import type { Hashing } from '../../platform/platform.ts';
import { AUTHORIZE_PARAMS, type AuthorizeParams } from '../authorize/request.ts';

export const BROWSER_COOKIE = 'identity_mock_browser';
/** The hidden field of the login page's forms. */
export const FORM_TOKEN_FIELD = 'login_token';

/** The value of cookie `name` in a `Cookie` header, if it names one. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `Set-Cookie` value naming the browser `id`. */
export function browserCookie(id: string): string {
  return `${BROWSER_COOKIE}=${id}; Path=/authorize; HttpOnly; SameSite=Lax`;
}

/** The form token of the authorization request `params` shown to browser `browser`. */
export function formToken(hashing: Hashing, key: string, browser: string, params: AuthorizeParams): string {
  const request = JSON.stringify(
    AUTHORIZE_PARAMS.map((name) => (name === 'prompt' ? null : (params[name] ?? null))),
  );
  return hashing.sha256(`${key}\n${browser}\n${request}`);
}

/** Why a posted login form is refused, or undefined when it came from the page this browser was shown. */
export function formProblem(
  hashing: Hashing,
  key: string,
  posted: {
    readonly browser: string | undefined;
    readonly token: unknown;
    readonly fetchSite: string | undefined;
  },
  params: AuthorizeParams,
): string | undefined {
  if (posted.fetchSite !== undefined && posted.fetchSite !== 'same-origin' && posted.fetchSite !== 'none') {
    return `the login form was posted from another site (Sec-Fetch-Site: ${posted.fetchSite.slice(0, 20)}): sign in on the login page itself`;
  }
  if (posted.browser === undefined || typeof posted.token !== 'string') {
    return 'the login form carries no valid login token: open the login page again (GET /authorize) and sign in there';
  }
  if (posted.token !== formToken(hashing, key, posted.browser, params)) {
    return 'the login token does not belong to this authorization request and browser: open the login page again and sign in there';
  }
  return undefined;
}
