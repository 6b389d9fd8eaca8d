/**
 * What the OpenID Foundation's conformance suite (Basic OP, Config OP and RP-Initiated Logout plans) sends and
 * requires of a provider, module by module, for the modules this provider once failed (docs/login.md): each test
 * asserts the conditions of its module, over HTTP, every answer checked against the spec.
 */
import fc from 'fast-check';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import {
  basicAuth,
  decodeToken,
  expectOAuthError,
  expectToken,
  PASSWORD,
  passwordFields,
  postToken,
} from '../support/auth.ts';
import { buildMock } from '../../src/mock.ts';
import { harness, NOW, SMALL_FIXTURES, SPECS, type Harness } from '../support/harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { authorize, authorizeParams, codeFields, locationOf, loginCode, REDIRECT } from '../support/login.ts';

const FIRST_LOGIN = Math.floor(NOW / 1000);

/** A harness whose clock the test moves. */
function clocked(): { h: Harness; clock: ManualClock } {
  const clock = new ManualClock(NOW);
  return { h: harness({ now: clock.now }), clock };
}

/** The ID token's claims of the tokens `code` is redeemed for. */
async function idTokenOf(h: Harness, code: string): Promise<Record<string, unknown>> {
  const body = expectToken(await postToken(h, codeFields(code))) as { id_token?: string };
  expect(typeof body.id_token).toBe('string');
  return decodeToken(String(body.id_token)).claims;
}

/** The code of a redirect to the client, or undefined when the answer is something else. */
function codeOf(res: { status: number; headers: Record<string, unknown> }): string | undefined {
  return res.status === 302 ? (locationOf(res as never).searchParams.get('code') ?? undefined) : undefined;
}

/** Asserts the answer is the login page (no redirect, no error). */
function expectLoginPage(res: { status: number; headers: Record<string, unknown>; text: string }): void {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.text).toContain('name="account"');
}

/** Asserts an error sent back to the redirect URI, and returns its description. */
function expectClientError(res: { status: number; headers: Record<string, unknown> }, error: string): string {
  const url = locationOf(res as never);
  expect(url.origin + url.pathname).toBe(REDIRECT);
  expect(url.searchParams.get('error')).toBe(error);
  expect(url.searchParams.get('state')).toBe('state-1');
  return url.searchParams.get('error_description') ?? '';
}

describe('oidcc-scope-profile, oidcc-scope-all: standard claims have their standard types', () => {
  it('updated_at is a number of seconds in the ID token and in userinfo (OIDC Core §5.1)', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const body = expectToken(await postToken(h, codeFields(code))) as {
      access_token: string;
      id_token?: string;
    };
    const id = decodeToken(String(body.id_token)).claims;
    expect(id.updated_at).toBe(Date.parse('2023-01-01T00:00:00.000Z') / 1000);
    const info = await h.send('GET', '/userinfo', { token: body.access_token });
    expect((info.body as { updated_at: unknown }).updated_at).toBe(id.updated_at);
    // The users API keeps its RFC 3339 string.
    const users = await h.get('/users?search=admin%40example.com', { token: h.token('admin@example.com') });
    const admin = (users.body as { email: string; updated_at: unknown }[]).find(
      (u) => u.email === 'admin@example.com',
    );
    expect(admin?.updated_at).toBe('2023-01-01T00:00:00.000Z');
  });
});

describe('oidcc-max-age-1, oidcc-max-age-10000', () => {
  it('max_age=1 two seconds after a login shows the login page; the new ID token has a later auth_time', async () => {
    const { h, clock } = clocked();
    const { cookie } = await loginCode(h);
    clock.advanceSeconds(2);
    const again = await authorize(h, authorizeParams({ max_age: '1' }), cookie);
    expectLoginPage(again);
    // The page's form carries the request on without max_age (the login it asks for is this one).
    const { code } = await loginCode(h);
    const id = await idTokenOf(h, code);
    expect(id.auth_time).toBe(FIRST_LOGIN + 2);
  });

  it('max_age=10000 answers with the session at once, auth_time that of the first login', async () => {
    const { h, clock } = clocked();
    const { cookie } = await loginCode(h);
    clock.advanceSeconds(5);
    const code = codeOf(await authorize(h, authorizeParams({ max_age: '10000' }), cookie));
    expect(code).toBeDefined();
    expect((await idTokenOf(h, String(code))).auth_time).toBe(FIRST_LOGIN);
  });

  it('max_age=0 always logs in again; with prompt=none it is login_required', async () => {
    const { h } = clocked();
    const { cookie } = await loginCode(h);
    expectLoginPage(await authorize(h, authorizeParams({ max_age: '0' }), cookie));
    const none = await authorize(h, authorizeParams({ max_age: '0', prompt: 'none' }), cookie);
    expect(expectClientError(none, 'login_required')).toMatch(/max_age=0/);
  });

  it('a max_age that is not a whole number goes back as invalid_request', async () => {
    const h = harness();
    const res = await authorize(h, authorizeParams({ max_age: '-1' }));
    expect(expectClientError(res, 'invalid_request')).toMatch(/max_age must be a whole number.*"-1"/);
  });
});

describe('max_age, for any max_age and login age (property)', () => {
  it('a code without a new login exactly when the login is younger than max_age, with its auth_time', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 200_000 }),
        // Any age, or one at the boundary (a second less than max_age, equal, a second more).
        fc.oneof(
          fc.integer({ min: 0, max: 200_000 }).map((seconds) => ({ seconds })),
          fc.integer({ min: -1, max: 1 }).map((around) => ({ around })),
        ),
        fc.boolean(),
        async (maxAge, chosen, none) => {
          const age = 'seconds' in chosen ? chosen.seconds : Math.max(0, maxAge + chosen.around);
          const { cookie } = await loginCode(h);
          const loggedIn = Math.floor(clock.now() / 1000);
          clock.advanceSeconds(age);
          const params = authorizeParams({ max_age: String(maxAge), ...(none ? { prompt: 'none' } : {}) });
          const res = await authorize(h, params, cookie);
          if (age < maxAge) {
            const id = await idTokenOf(h, String(codeOf(res)));
            expect(id.auth_time).toBe(loggedIn);
          } else if (none) {
            expectClientError(res, 'login_required');
          } else {
            expectLoginPage(res);
          }
        },
      ),
      { seed: 17, numRuns: 40 },
    );
  });
});

describe('oidcc-prompt-login and prompt values (OIDC Core §3.1.2.1)', () => {
  it.each(['login', 'consent', 'select_account', 'consent select_account'])(
    'prompt=%s shows the login page even with a session, never an error',
    async (prompt) => {
      const h = harness();
      const { cookie } = await loginCode(h);
      expectLoginPage(await authorize(h, authorizeParams({ prompt }), cookie));
    },
  );

  it('prompt=none with another value goes back as invalid_request', async () => {
    const res = await authorize(harness(), authorizeParams({ prompt: 'none consent' }));
    expect(expectClientError(res, 'invalid_request')).toMatch(/prompt=none may not be combined/);
  });
});

describe('oidcc-refresh-token: prompt=consent with offline_access', () => {
  it('logs in through the page and answers a refresh token that refreshes', async () => {
    const h = harness();
    const params = authorizeParams({ scope: 'openid offline_access' });
    expectLoginPage(await authorize(h, { ...params, prompt: 'consent' }));
    // The page's form carries the request on without prompt.
    const { code } = await loginCode(h, 'admin@example.com', params);
    const body = expectToken(await postToken(h, codeFields(code)));
    expect(typeof body.refresh_token).toBe('string');
    const refreshed = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: 'spa-client',
      refresh_token: String(body.refresh_token),
    });
    expect((expectToken(refreshed) as { id_token?: string }).id_token).toBeDefined();
  });
});

describe('oidcc-ensure-post-request-succeeds: POST /authorize answers as GET', () => {
  const post = (h: Harness, params: Record<string, string>, cookie?: string) =>
    h.send('POST', '/authorize', {
      body: new URLSearchParams(params).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      },
    });

  it('shows the login page without a session, and answers a code with one', async () => {
    const h = harness();
    expectLoginPage(await post(h, authorizeParams()));
    const { cookie } = await loginCode(h);
    const res = await post(h, { ...authorizeParams(), ui_locales: 'fr', unknown_param: 'x' }, cookie);
    const code = codeOf(res);
    expect(code).toBeDefined();
    expect(locationOf(res).searchParams.get('state')).toBe('state-1');
    expect((await idTokenOf(h, String(code))).nonce).toBe('nonce-1');
  });

  it('sends its errors back to the client as GET does', async () => {
    const res = await post(harness(), authorizeParams({ response_type: 'token' }));
    expectClientError(res, 'unsupported_response_type');
  });

  it('refuses an unknown client with the error page, never a redirect', async () => {
    const res = await post(harness(), authorizeParams({ client_id: 'nope' }));
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('oidcc-id-token-hint', () => {
  it('prompt=none with the first login’s ID token as hint answers at once, same sub and auth_time', async () => {
    const { h, clock } = clocked();
    const first = await loginCode(h);
    const firstId = await idTokenOf(h, first.code);
    clock.advanceSeconds(3);
    const hint = String(
      (
        expectToken(await postToken(h, codeFields((await loginCode(h)).code))) as {
          id_token?: string;
        }
      ).id_token,
    );
    const res = await authorize(h, authorizeParams({ prompt: 'none', id_token_hint: hint }), first.cookie);
    const second = await idTokenOf(h, String(codeOf(res)));
    expect(second.sub).toBe(firstId.sub);
    expect(second.auth_time).toBe(firstId.auth_time);
  });

  it('a hint naming another user than the one logged in: login_required, or the login page', async () => {
    const h = harness();
    const other = await idTokenOf(h, (await loginCode(h, 'user@example.com')).code);
    const { cookie } = await loginCode(h, 'admin@example.com');
    const hint = await (async () => {
      const body = expectToken(
        await postToken(h, codeFields((await loginCode(h, 'user@example.com')).code)),
      ) as { id_token?: string };
      return String(body.id_token);
    })();
    expect(decodeToken(hint).claims.sub).toBe(other.sub);
    const none = await authorize(h, authorizeParams({ prompt: 'none', id_token_hint: hint }), cookie);
    expect(expectClientError(none, 'login_required')).toMatch(/another user/);
    expectLoginPage(await authorize(h, authorizeParams({ id_token_hint: hint }), cookie));
  });

  it('a hint that is not an ID token of this server goes back as invalid_request', async () => {
    const res = await authorize(harness(), authorizeParams({ id_token_hint: 'not.a.token' }));
    expectClientError(res, 'invalid_request');
  });
});

describe('oidcc-unsigned-request-object…, oidcc-request-uri-unsigned…: refused as unsupported', () => {
  it.each([
    { param: 'request', error: 'request_not_supported' },
    { param: 'request_uri', error: 'request_uri_not_supported' },
  ])('$param → $error (OIDC Core §3.1.2.6)', async ({ param, error }) => {
    const res = await authorize(harness(), authorizeParams({ [param]: 'eyJhbGciOiJub25lIn0.e30.' }));
    expectClientError(res, error);
  });

  it('discovery advertises neither', async () => {
    const res = await harness().get('/.well-known/openid-configuration');
    const body = res.body as Record<string, unknown>;
    // Outright: OIDC Discovery's default for request_uri_parameter_supported is true.
    expect(body.request_parameter_supported).toBe(false);
    expect(body.request_uri_parameter_supported).toBe(false);
    expect(body.claims_parameter_supported).toBe(false);
    expect(body.prompt_values_supported).toEqual(['none', 'login', 'consent', 'select_account']);
  });
});

describe('oidcc-display-*, oidcc-ui-locales, oidcc-claims-locales, oidcc-ensure-request-with-acr-values-succeeds', () => {
  it('ignores display, ui_locales, claims_locales, acr_values, claims and unknown parameters', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    const res = await authorize(
      h,
      {
        ...authorizeParams(),
        display: 'popup',
        ui_locales: 'se',
        claims_locales: 'se',
        acr_values: '1 2',
        claims: '{"id_token":{"email":{"essential":true}}}',
        extra_param: 'foobar',
      },
      cookie,
    );
    expect(codeOf(res)).toBeDefined();
  });
});

describe('RP-Initiated Logout: POST /oidc/logout answers as GET (§2)', () => {
  const RETURN = 'http://localhost:5173/';

  it('ends the session and redirects to post_logout_redirect_uri with state', async () => {
    const h = harness();
    const { code, cookie } = await loginCode(h);
    const hint = String(
      (expectToken(await postToken(h, codeFields(code))) as { id_token?: string }).id_token,
    );
    const res = await h.send('POST', '/oidc/logout', {
      body: new URLSearchParams({
        id_token_hint: hint,
        post_logout_redirect_uri: RETURN,
        state: 's-2',
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    });
    const url = locationOf(res);
    expect(url.origin + url.pathname).toBe(RETURN);
    expect(url.searchParams.get('state')).toBe('s-2');
    const none = await authorize(h, authorizeParams({ prompt: 'none' }), cookie);
    expectClientError(none, 'login_required');
  });

  it('a modified id_token_hint is the error page, never a redirect (oidcc-rp-initiated-logout-modified-id-token-hint)', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const hint = String(
      (expectToken(await postToken(h, codeFields(code))) as { id_token?: string }).id_token,
    );
    const res = await h.send('POST', '/oidc/logout', {
      body: new URLSearchParams({
        id_token_hint: `${hint.slice(0, -4)}AAAA`,
        post_logout_redirect_uri: RETURN,
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('introspection and revocation: client authentication (RFC 6749 §5.2, RFC 7662 §2.1)', () => {
  const form = (
    h: Harness,
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    h.send('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });

  it.each(['/oauth/introspect', '/oauth/revoke'])(
    '%s without client authentication, or with a wrong or missing secret: 401 invalid_client, Basic challenge',
    async (path) => {
      const h = harness();
      for (const fields of [
        { token: 'x' },
        { token: 'x', client_id: 'mock-client', client_secret: 'wrong' },
        { token: 'x', client_id: 'mock-client' },
      ]) {
        const res = await form(h, path, fields);
        expect(res.status).toBe(401);
        expect((res.body as { error: unknown }).error).toBe('invalid_client');
        expect(res.headers['www-authenticate']).toBe('Basic realm="identity"');
      }
      const basic = await form(h, path, { token: 'x' }, { Authorization: basicAuth('mock-client', 'wrong') });
      expect(basic.status).toBe(401);
      expect(basic.headers['www-authenticate']).toBe('Basic realm="identity"');
    },
  );

  it('a request without token is 400 invalid_request (token is required)', async () => {
    const res = await form(harness(), '/oauth/introspect', {
      client_id: 'mock-client',
      client_secret: 'mock-secret',
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: unknown }).error).toBe('invalid_request');
  });

  it('the document declares HTTP Basic client authentication on the three endpoints', () => {
    const api = SPECS.api.doc as unknown as {
      paths: Record<string, { post: { security?: unknown } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(api.components.securitySchemes.clientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    for (const path of ['/oauth/token', '/oauth/introspect', '/oauth/revoke']) {
      expect(api.paths[path]?.post.security).toEqual([{ clientBasic: [] }, {}]);
    }
  });
});

describe('oidcc-codereuse, oidcc-codereuse-30seconds: with --oauth-errors rfc6749', () => {
  it('a code used twice is 400 invalid_grant, and the tokens of its first use are revoked', async () => {
    const h = harness({ oauthErrors: 'rfc6749' });
    const { code } = await loginCode(h);
    const first = expectToken(await postToken(h, codeFields(code)));
    expectOAuthError(await postToken(h, codeFields(code)), 400, 'invalid_grant');
    const revoked = await h.get('/users', { token: first.access_token });
    expect(revoked.status).toBe(401);
  });

  it('every other token-endpoint error has its RFC 6749 §5.2 status; invalid_client stays 401', async () => {
    const h = harness({ oauthErrors: 'rfc6749' });
    expectOAuthError(await postToken(h, passwordFields('admin@example.com', 'wrong')), 400, 'invalid_grant');
    expectOAuthError(
      await postToken(h, passwordFields('admin@example.com', PASSWORD, { audience: 'https://nope' })),
      400,
      'access_denied',
    );
    expectOAuthError(
      await postToken(h, {
        grant_type: 'password',
        client_id: 'spa-client',
        username: 'admin@example.com',
        password: PASSWORD,
      }),
      400,
      'unauthorized_client',
    );
    expectOAuthError(
      await postToken(h, { ...passwordFields('admin@example.com'), client_secret: 'wrong' }),
      401,
      'invalid_client',
    );
  });

  it("by default invalid_grant keeps Auth0's 403", async () => {
    const h = harness();
    const { code } = await loginCode(h);
    expectToken(await postToken(h, codeFields(code)));
    expectOAuthError(await postToken(h, codeFields(code)), 403, 'invalid_grant');
  });
});

describe('oidcc-discovery-* (Config OP) with --issuer http://host:port/tenant (OIDC Discovery §4)', () => {
  const ISSUER = 'http://localhost:8080/tenant/';
  // Paths under the issuer are not paths of the document, so their answers are checked as the root's are.
  const under = (h: Harness, method: string, path: string, options: Parameters<Harness['send']>[2] = {}) =>
    h.send(method, path, { ...options, unchecked: true });

  it('serves discovery at <issuer>/.well-known/openid-configuration, every endpoint under the issuer', async () => {
    const h = harness({ issuer: ISSUER });
    const res = await under(h, 'GET', '/tenant/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const body = res.body as Record<string, string>;
    expect(body.issuer).toBe(ISSUER);
    for (const name of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
    ]) {
      expect(body[name]?.startsWith('http://localhost:8080/tenant/')).toBe(true);
    }
    const jwks = await under(h, 'GET', new URL(String(body.jwks_uri)).pathname);
    expect((jwks.body as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    // The root keeps working; the identity API is not under the issuer.
    expect((await h.get('/.well-known/openid-configuration')).status).toBe(200);
    expect((await under(h, 'GET', '/tenant/users')).status).toBe(404);
  });

  it('logs in and issues tokens under the path, with iss the issuer', async () => {
    const h = harness({ issuer: ISSUER });
    const page = await under(
      h,
      'GET',
      `/tenant/authorize?${new URLSearchParams(authorizeParams()).toString()}`,
    );
    expectLoginPage(page);
    const { code } = await loginCode(h);
    const res = await under(h, 'POST', '/tenant/oauth/token', {
      body: codeFields(code),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const body = res.body as { access_token: string; id_token: string };
    expect(decodeToken(body.access_token).claims.iss).toBe(ISSUER);
    expect(decodeToken(body.id_token).claims.iss).toBe(ISSUER);
    const info = await under(h, 'GET', '/tenant/userinfo', { token: body.access_token });
    expect(info.status).toBe(200);
  });

  it('openid-client discovers it and runs a grant through the discovered endpoints', async () => {
    const mock = buildMock({ specs: SPECS, fixtures: SMALL_FIXTURES, now: () => NOW, issuer: ISSUER });
    const config = await client.discovery(new URL(ISSUER), 'mock-client', 'mock-secret', undefined, {
      // The mock is plain HTTP: the library's own switch for that, marked deprecated only to stand out.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      execute: [client.allowInsecureRequests],
      [client.customFetch]: (url, init) =>
        mock.fetch(
          new Request(url, {
            method: init.method,
            headers: init.headers,
            ...(init.body === undefined ? {} : { body: init.body }),
            redirect: init.redirect,
          }),
        ),
    });
    expect(config.serverMetadata().issuer).toBe(ISSUER);
    const tokens = await client.genericGrantRequest(config, 'password', {
      username: 'admin@example.com',
      password: PASSWORD,
    });
    expect(decodeToken(tokens.access_token).claims.iss).toBe(ISSUER);
  });
});
