/**
 * The authorization server hardened as RFC 9700 asks (docs/login.md), each finding reproduced as it was found: no
 * CORS on the navigation routes, their pages not frameable and not leaking their URL, login CSRF refused, a refresh
 * that cannot widen its scope, another client's refresh token refused and left usable, a replayed code revoking what
 * it issued, and prefix redirect rules that an encoded `/` or `..` cannot escape.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/data/dataset.ts';
import {
  decodeToken,
  expectOAuthError,
  expectToken,
  fixtureClient,
  MOCK_CLIENT,
  passwordFields,
  postToken,
  smallDatasetWith,
} from '../support/auth.ts';
import { ADMIN, harness, USER, type Harness } from '../support/harness.ts';
import {
  authorize,
  authorizeParams,
  codeFields,
  locationOf,
  loginCode,
  loginPageOf,
  postLoginForm,
  SPA,
  submitLogin,
} from '../support/login.ts';
import { expectError } from '../support/responses.ts';

const ATTACKER = 'http://localhost:3000';
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
];

function expectNoCors(headers: Readonly<Record<string, unknown>>): void {
  for (const name of CORS_HEADERS) expect(headers[name], name).toBeUndefined();
}

function expectPageHeaders(headers: Readonly<Record<string, unknown>>, frameAncestors = "'none'"): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['content-security-policy']).toBe(
    `frame-ancestors ${frameAncestors}; base-uri 'none'; object-src 'none'`,
  );
}

describe('no CORS at the authorization endpoint, the login form and the logout routes (RFC 9700 §4.12)', () => {
  it('a page on another port cannot read the form_post answer carrying the logged-in user’s code', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    const res = await authorize(h, authorizeParams({ response_mode: 'form_post' }), cookie);
    // The same request, sent by a script of another origin with credentials.
    const crossSite = await h.get(
      `/authorize?${new URLSearchParams(authorizeParams({ response_mode: 'form_post' })).toString()}`,
      {
        headers: { Cookie: cookie, Origin: ATTACKER },
      },
    );
    expect(res.text).toContain('name="code"');
    expect(crossSite.status).toBe(200);
    expectNoCors(crossSite.headers);
  });

  it.each(['/authorize', '/authorize/login', '/v2/logout', '/oidc/logout'])(
    '%s: a preflight gets no allow headers; a request with Origin none either',
    async (path) => {
      const h = harness();
      const preflight = await h.send('OPTIONS', path, {
        headers: { Origin: ATTACKER, 'Access-Control-Request-Method': 'POST' },
        unchecked: true,
      });
      expect(preflight.status).toBe(204);
      expectNoCors(preflight.headers);
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
      const method = path === '/authorize/login' ? 'POST' : 'GET';
      const res = await h.send(method, path, { headers: { Origin: ATTACKER }, unchecked: true });
      expectNoCors(res.headers);
    },
  );

  it('the token endpoint, discovery and the API still answer other origins', async () => {
    const h = harness();
    const res = await postToken(h, passwordFields(ADMIN), { headers: { Origin: ATTACKER } });
    expect(res.headers['access-control-allow-origin']).toBe(ATTACKER);
    const doc = await h.get('/.well-known/openid-configuration', { headers: { Origin: ATTACKER } });
    expect(doc.headers['access-control-allow-origin']).toBe(ATTACKER);
  });
});

describe('the pages are not frameable and do not leak their URL', () => {
  it('the login page, the error page, the signed-out page and a form_post page', async () => {
    const h = harness();
    const pages = [
      await authorize(h, authorizeParams()),
      await authorize(h, authorizeParams({ redirect_uri: 'https://evil.example/' })),
      await h.get('/v2/logout'),
      await submitLogin(h, authorizeParams({ response_mode: 'form_post' }), { account: ADMIN }),
    ];
    for (const page of pages) {
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectPageHeaders(page.headers);
    }
  });

  it('redirects carry no-referrer too, so the authorization URL does not reach the next site', async () => {
    const res = await submitLogin(harness(), authorizeParams(), { account: ADMIN });
    expect(res.status).toBe(302);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it("a web_message answer may be framed by the client's own web origins only", async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    const res = await authorize(h, authorizeParams({ response_mode: 'web_message', prompt: 'none' }), cookie);
    expectPageHeaders(res.headers, 'http://localhost:* http://127.0.0.1:*');
  });
});

describe('login CSRF: the login form is bound to its request and browser', () => {
  it('another site posting the form with the account it chooses: the error page, no login session', async () => {
    const h = harness();
    const res = await postLoginForm(h, { ...authorizeParams(), account: ADMIN });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('login token');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.location).toBeUndefined();
  });

  it('a token of another authorization request, or of another browser: refused', async () => {
    const h = harness();
    const mine = await loginPageOf(h, authorizeParams());
    const other = await loginPageOf(h, authorizeParams({ state: 'attacker-state' }));
    // The attacker's own token (its page, its browser) replayed in the victim's browser.
    const replayed = await postLoginForm(
      h,
      { ...authorizeParams(), login_token: other.token ?? '', account: ADMIN },
      mine.cookie,
    );
    expect(replayed.status).toBe(403);
    const otherBrowser = await postLoginForm(
      h,
      { ...authorizeParams(), login_token: mine.token ?? '', account: ADMIN },
      other.cookie,
    );
    expect(otherBrowser.status).toBe(403);
    const own = await postLoginForm(
      h,
      { ...authorizeParams(), login_token: mine.token ?? '', account: ADMIN },
      mine.cookie,
    );
    expect(own.status).toBe(302);
  });

  it('a form the browser says came from another site is refused even with a good token', async () => {
    const h = harness();
    const page = await loginPageOf(h, authorizeParams());
    const fields = { ...authorizeParams(), login_token: page.token ?? '', account: ADMIN };
    for (const site of ['cross-site', 'same-site']) {
      const res = await postLoginForm(h, fields, page.cookie, { 'Sec-Fetch-Site': site });
      expect(res.status).toBe(403);
      expect(res.text).toContain('another site');
    }
    expect((await postLoginForm(h, fields, page.cookie, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(
      302,
    );
  });

  it('the page sets the browser cookie once, HttpOnly and SameSite=Lax, for /authorize only', async () => {
    const h = harness();
    const first = await authorize(h, authorizeParams());
    const cookie =
      ([] as string[]).concat((first.headers['set-cookie'] as string[] | undefined) ?? [])[0] ?? '';
    expect(cookie).toMatch(
      /^identity_mock_browser=[A-Za-z0-9_-]{22}; Path=\/authorize; HttpOnly; SameSite=Lax$/,
    );
    const again = await authorize(h, authorizeParams(), cookie.split(';')[0]);
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('refresh tokens (RFC 6749 §6, RFC 9700 §4.14)', () => {
  const confidentialRefresh = async (h: Harness, scope: string): Promise<string> =>
    expectToken(await postToken(h, passwordFields(USER, undefined, { scope }))).refresh_token ?? '';

  it('a refresh may narrow the granted scope, never widen it: 400 invalid_scope', async () => {
    const h = harness();
    const refresh = await confidentialRefresh(h, 'openid offline_access');
    const fields = { grant_type: 'refresh_token', ...clientFields(), refresh_token: refresh };
    const widened = await postToken(h, { ...fields, scope: 'openid offline_access email' });
    expectOAuthError(widened, 400, 'invalid_scope', /not granted email/);
    const narrowed = expectToken(await postToken(h, { ...fields, scope: 'openid' }));
    expect(narrowed.scope).toBe('openid');
    expect(decodeToken(narrowed.access_token).claims.scope).toBe('openid');
    // The refresh token keeps what was granted.
    const again = expectToken(await postToken(h, { ...fields, scope: 'offline_access openid' }));
    expect(again.scope).toBe('offline_access openid');
  });

  it('a rotating refresh token shown by another client: 400 invalid_grant, and it stays usable by its own', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const spa = expectToken(await postToken(h, codeFields(code)));
    const stolen = await postToken(h, {
      grant_type: 'refresh_token',
      ...clientFields(),
      refresh_token: spa.refresh_token ?? '',
    });
    expectOAuthError(stolen, 400, 'invalid_grant', /another client/);
    // Not used up, and its family not revoked: the rightful client refreshes, and its access token still works.
    const own = expectToken(
      await postToken(h, {
        grant_type: 'refresh_token',
        client_id: SPA,
        refresh_token: spa.refresh_token ?? '',
      }),
    );
    expect(own.refresh_token).toBeTruthy();
    expect((await h.get('/userinfo', { token: spa.access_token })).status).toBe(200);
  });
});

describe('a code redeemed twice revokes the tokens issued from it (RFC 6749 §4.1.2)', () => {
  it('the first redemption’s access token and refresh token family are refused after the replay', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const first = expectToken(await postToken(h, codeFields(code)));
    expect((await h.get('/userinfo', { token: first.access_token })).status).toBe(200);
    const replay = await postToken(h, codeFields(code));
    expectOAuthError(replay, 403, 'invalid_grant', /already used, so the tokens issued from it are revoked/);
    expectError(await h.get('/userinfo', { token: first.access_token }), 401, 'invalid_token');
    const refresh = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: SPA,
      refresh_token: first.refresh_token ?? '',
    });
    expectOAuthError(refresh, 403, 'invalid_grant');
  });
});

describe('prefix redirect rules compare the decoded, dot-segment-normalised path', () => {
  const shop: Client = {
    ...fixtureClient('spa-client'),
    client_id: 'shop',
    redirect_uris: ['https://shop.example/auth/*'],
  };

  it.each([
    { uri: 'https://shop.example/auth/..%2fevil', allowed: false },
    { uri: 'https://shop.example/auth/..%2Fevil', allowed: false },
    { uri: 'https://shop.example/auth/%2e%2e/evil', allowed: false },
    { uri: 'https://shop.example/auth/a%2fb', allowed: false },
    { uri: 'https://shop.example/auth/..%5cevil', allowed: false },
    { uri: 'https://shop.example/auth/callback', allowed: true },
    { uri: 'https://shop.example/auth/a%20b', allowed: true },
  ])('$uri: allowed $allowed', async ({ uri, allowed }) => {
    const h = harness({ dataset: smallDatasetWith([shop]) });
    const res = await authorize(h, authorizeParams({ client_id: 'shop', redirect_uri: uri }));
    if (allowed) expect(res.text).toContain('Sign in');
    else {
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('a redirect never goes out of the prefix: a dot segment is refused, the browser is sent to the URI that was checked', async () => {
    const h = harness({ dataset: smallDatasetWith([shop]) });
    const dotted = await h.get(
      `/authorize?${new URLSearchParams(authorizeParams({ client_id: 'shop', redirect_uri: 'https://shop.example/auth/./cb' })).toString()}`,
    );
    expect(dotted.status).toBe(400);
    const res = await submitLogin(
      h,
      authorizeParams({ client_id: 'shop', redirect_uri: 'https://shop.example/auth/cb' }),
      {
        account: ADMIN,
      },
    );
    expect(locationOf(res).pathname).toBe('/auth/cb');
  });

  it.each(['/auth/..;/evil', '/auth/%00', '/auth/%252e%252e%252fevil', '/auth/%2E%2e/evil', '/auth/a\\b'])(
    'a prefix rule refuses %s (it was accepted)',
    async (path) => {
      const h = harness({ dataset: smallDatasetWith([shop]) });
      const query = new URLSearchParams(
        authorizeParams({ client_id: 'shop', redirect_uri: `https://shop.example${path}` }),
      );
      const res = await h.get(`/authorize?${query.toString()}`);
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
    },
  );
});

function clientFields(): Record<string, string> {
  return { client_id: MOCK_CLIENT.id, client_secret: MOCK_CLIENT.secret };
}
