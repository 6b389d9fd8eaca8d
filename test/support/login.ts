/**
 * Helpers for the browser-login HTTP tests (docs/login.md): an authorization request of `spa-client` with PKCE, the
 * login page's form, and the code exchange, all through the harness (every response checked against the spec).
 */
import { createHash } from 'node:crypto';
import type request from 'supertest';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';

export const SPA = 'spa-client';
export const REDIRECT = 'http://localhost:5173/callback';
/** A PKCE verifier and its S256 challenge (computed here, independently of the mock). */
export const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk-verifier';
export const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
export const SCOPE = 'openid profile email offline_access';

/** The parameters of a valid authorization request of spa-client, with `overrides` (undefined drops one). */
export function authorizeParams(
  overrides: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const params: Record<string, string | undefined> = {
    client_id: SPA,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    scope: SCOPE,
    state: 'state-1',
    nonce: 'nonce-1',
    ...overrides,
  };
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined) defined[name] = value;
  return defined;
}

/** GET /authorize with `params`, and the session cookie when given. */
export function authorize(
  h: Harness,
  params: Readonly<Record<string, string>>,
  cookie?: string,
): Promise<request.Response> {
  const query = new URLSearchParams(params).toString();
  return h.get(`/authorize?${query}`, cookie === undefined ? {} : { headers: { Cookie: cookie } });
}

/** The login page a browser is shown for `params`: the form's login token and the browser's cookie, if it has them. */
export async function loginPageOf(
  h: Harness,
  params: Readonly<Record<string, string>>,
  cookie?: string,
): Promise<{ readonly token: string | undefined; readonly cookie: string | undefined }> {
  const res = await authorize(h, { ...params, prompt: 'login' }, cookie);
  const token = /name="login_token" value="([^"]*)"/.exec(res.text)?.[1];
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const browser = set.find((c) => c.startsWith('identity_mock_browser='))?.split(';')[0];
  return { token, cookie: [cookie, browser].filter((c) => c !== undefined).join('; ') || undefined };
}

/**
 * POST /authorize/login as a browser does: the login page first (its login token and browser cookie), then its form
 * with the request's hidden fields and `fields` (`login_token` in `fields` wins).
 */
export async function submitLogin(
  h: Harness,
  params: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, string>>,
  cookie?: string,
): Promise<request.Response> {
  const page = await loginPageOf(h, params, cookie);
  return postLoginForm(
    h,
    { ...params, ...(page.token === undefined ? {} : { login_token: page.token }), ...fields },
    page.cookie,
  );
}

/** POST /authorize/login with exactly `fields` (a forged form, or one without the page). */
export function postLoginForm(
  h: Harness,
  fields: Readonly<Record<string, string>>,
  cookie?: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<request.Response> {
  return h.send('POST', '/authorize/login', {
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie === undefined ? {} : { Cookie: cookie }),
      ...headers,
    },
  });
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookieOf(res: request.Response): string {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const cookie = cookies.find((c) => c.startsWith('identity_mock_session='));
  if (cookie === undefined) throw new Error('no session cookie was set');
  return cookie.split(';')[0] ?? '';
}

/** The redirect of a 302 answer, parsed. */
export function locationOf(res: request.Response): URL {
  expect(res.status).toBe(302);
  const location = res.headers.location;
  expect(typeof location).toBe('string');
  return new URL(String(location));
}

/** Logs in as a known account through the login page; returns the code and the session cookie. */
export async function loginCode(
  h: Harness,
  account = 'admin@example.com',
  params: Readonly<Record<string, string>> = authorizeParams(),
): Promise<{ code: string; cookie: string }> {
  const res = await submitLogin(h, params, { account });
  const code = locationOf(res).searchParams.get('code');
  if (code === null) throw new Error(`no code in ${String(res.headers.location)}`);
  return { code, cookie: sessionCookieOf(res) };
}

/** The token request that redeems `code` for spa-client, with `overrides`. */
export function codeFields(
  code: string,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    client_id: SPA,
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    ...overrides,
  };
}
