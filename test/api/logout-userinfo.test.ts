/**
 * Logout (`/v2/logout`, `/oidc/logout`), `/userinfo` and the metadata of the browser login (docs/login.md): logouts
 * end the login session and redirect only to a URI the client allows; userinfo answers the scope's profile claims;
 * discovery lists exactly what works, at both well-known paths.
 */
import { describe, expect, it } from 'vitest';
import {
  clientToken,
  DEFAULT_ISSUER,
  expectToken,
  fixtureClient,
  loginToken,
  postToken,
  smallDatasetWith,
} from '../support/auth.ts';
import { startMockInternals as startMock } from '../../src/server.ts';
import { harness, NOW, SMALL_FIXTURES, USER } from '../support/harness.ts';
import { authorize, authorizeParams, codeFields, locationOf, loginCode, SPA } from '../support/login.ts';

const RETURN = 'http://localhost:5173/signed-out';

/** Whether the session of `cookie` still answers prompt=none with a code. */
async function sessionLives(h: ReturnType<typeof harness>, cookie: string): Promise<boolean> {
  const location = locationOf(await authorize(h, authorizeParams({ prompt: 'none' }), cookie));
  return location.searchParams.has('code');
}

function expectRefusedPage(res: { status: number; headers: Record<string, unknown> }, message: RegExp): void {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers.location).toBeUndefined();
  expect(String(res.headers['x-message'])).toMatch(message);
}

describe('GET /v2/logout', () => {
  it('ends the session, clears the cookie and redirects to an allowed returnTo', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    expect(await sessionLives(h, cookie)).toBe(true);
    const query = new URLSearchParams({ client_id: SPA, returnTo: RETURN, auth0Client: 'x' });
    const res = await h.get(`/v2/logout?${query.toString()}`, { headers: { Cookie: cookie } });
    expect(locationOf(res).href).toBe(RETURN);
    expect(String(res.headers['set-cookie'])).toContain(
      'identity_mock_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    );
    expect(await sessionLives(h, cookie)).toBe(false);
  });

  it('without returnTo: a signed-out page', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    const res = await h.get('/v2/logout', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('You are signed out');
    expect(await sessionLives(h, cookie)).toBe(false);
  });

  it.each([
    {
      name: 'another host',
      query: { client_id: SPA, returnTo: 'http://evil.example/' },
      message: /is not a logout URI allowed for client spa-client/,
    },
    {
      name: 'another host, no client',
      query: { returnTo: 'https://evil.example/' },
      message: /allowed for any client/,
    },
    {
      name: 'an unknown client',
      query: { client_id: 'nope', returnTo: RETURN },
      message: /unknown client_id "nope"/,
    },
  ])('refuses $name with a page, and keeps the session', async ({ query, message }) => {
    const h = harness();
    const { cookie } = await loginCode(h);
    expectRefusedPage(
      await h.get(`/v2/logout?${new URLSearchParams(query).toString()}`, { headers: { Cookie: cookie } }),
      message,
    );
    expect(await sessionLives(h, cookie)).toBe(true);
  });

  it("follows the client's own logout_uris", async () => {
    const custom = {
      ...fixtureClient('spa-client'),
      client_id: 'shop',
      logout_uris: ['https://shop.example/bye'],
    };
    const h = harness({ dataset: smallDatasetWith([custom]) });
    const ok = await h.get(
      `/v2/logout?client_id=shop&returnTo=${encodeURIComponent('https://shop.example/bye')}`,
    );
    expect(locationOf(ok).href).toBe('https://shop.example/bye');
    expectRefusedPage(
      await h.get(`/v2/logout?client_id=shop&returnTo=${encodeURIComponent(RETURN)}`),
      /not a logout URI/,
    );
  });
});

describe('GET /oidc/logout', () => {
  async function idToken(h: ReturnType<typeof harness>): Promise<{ idToken: string; cookie: string }> {
    const { code, cookie } = await loginCode(h);
    const body = expectToken(await postToken(h, codeFields(code))) as { id_token?: string };
    return { idToken: body.id_token ?? '', cookie };
  }

  it('with id_token_hint: ends the session and redirects to post_logout_redirect_uri with state', async () => {
    const h = harness();
    const { idToken: hint, cookie } = await idToken(h);
    const query = new URLSearchParams({
      id_token_hint: hint,
      post_logout_redirect_uri: RETURN,
      state: 's-9',
    });
    const location = locationOf(
      await h.get(`/oidc/logout?${query.toString()}`, { headers: { Cookie: cookie } }),
    );
    expect(`${location.origin}${location.pathname}`).toBe(RETURN);
    expect(location.searchParams.get('state')).toBe('s-9');
    expect(await sessionLives(h, cookie)).toBe(false);
  });

  it('with client_id instead of a hint', async () => {
    const query = new URLSearchParams({ client_id: SPA, post_logout_redirect_uri: RETURN });
    expect(locationOf(await harness().get(`/oidc/logout?${query.toString()}`)).href).toBe(RETURN);
  });

  it.each([
    {
      name: 'a forged hint',
      query: { id_token_hint: 'a.b.c', post_logout_redirect_uri: RETURN },
      message: /not an ID token issued by this server/,
    },
    {
      name: 'a redirect without a client',
      query: { post_logout_redirect_uri: RETURN },
      message: /needs client_id or id_token_hint/,
    },
    {
      name: 'a disallowed redirect',
      query: { client_id: SPA, post_logout_redirect_uri: 'http://evil.example/' },
      message: /not a logout URI allowed/,
    },
    { name: 'an unknown client', query: { client_id: 'nope' }, message: /unknown client_id/ },
  ])('refuses $name with a page', async ({ query, message }) => {
    expectRefusedPage(await harness().get(`/oidc/logout?${new URLSearchParams(query).toString()}`), message);
  });

  it('refuses a hint whose audience is not client_id', async () => {
    const h = harness();
    const { idToken: hint } = await idToken(h);
    const query = new URLSearchParams({
      id_token_hint: hint,
      client_id: 'mock-client',
      post_logout_redirect_uri: RETURN,
    });
    expectRefusedPage(
      await h.get(`/oidc/logout?${query.toString()}`),
      /is not the audience of id_token_hint/,
    );
  });

  it('without a redirect: the signed-out page', async () => {
    const res = await harness().get('/oidc/logout');
    expect(res.status).toBe(200);
    expect(res.text).toContain('You are signed out');
  });
});

describe('GET|POST /userinfo', () => {
  it('answers the profile claims of the token scope, by GET and by POST', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const token = expectToken(await postToken(h, codeFields(code))).access_token;
    const expected = {
      sub: 'auth0|00000000-0000-4000-8000-000000000001',
      name: 'Ada Admin',
      nickname: 'admin',
      updated_at: 1672531200, // 2023-01-01T00:00:00Z in seconds (OIDC Core §5.1)
      email: 'admin@example.com',
      email_verified: true,
    };
    for (const method of ['GET', 'POST']) {
      const res = await h.send(method, '/userinfo', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    }
  });

  it('only sub when the token has no profile or email scope', async () => {
    const h = harness();
    const res = await h.get('/userinfo', { token: await loginToken(h, USER) });
    expect(res.body).toEqual({ sub: 'auth0|00000000-0000-4000-8000-000000000002' });
  });

  it('401 without a token, or with a token issued to a client', async () => {
    const h = harness();
    expect((await h.get('/userinfo')).status).toBe(401);
    const res = await h.get('/userinfo', { token: await clientToken(h) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'invalid_token' });
  });
});

describe('discovery', () => {
  it('both well-known paths serve one document listing exactly what works', async () => {
    const h = harness();
    const oidc = await h.get('/.well-known/openid-configuration');
    const rfc8414 = await h.get('/.well-known/oauth-authorization-server');
    expect(rfc8414.body).toEqual(oidc.body);
    expect(oidc.body).toMatchObject({
      issuer: DEFAULT_ISSUER,
      authorization_endpoint: `${DEFAULT_ISSUER}authorize`,
      token_endpoint: `${DEFAULT_ISSUER}oauth/token`,
      userinfo_endpoint: `${DEFAULT_ISSUER}userinfo`,
      end_session_endpoint: `${DEFAULT_ISSUER}oidc/logout`,
      jwks_uri: `${DEFAULT_ISSUER}.well-known/jwks.json`,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment', 'form_post', 'web_message'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'password', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    });
    const claims = (oidc.body as { claims_supported: string[] }).claims_supported;
    for (const claim of ['sub', 'nonce', 'auth_time', 'sid', 'email', 'email_verified', 'name', 'nickname']) {
      expect(claims).toContain(claim);
    }
  });

  it('every endpoint it names answers (none is 404)', async () => {
    const h = harness();
    const doc = (await h.get('/.well-known/openid-configuration')).body as Record<string, unknown>;
    for (const key of ['authorization_endpoint', 'userinfo_endpoint', 'end_session_endpoint', 'jwks_uri']) {
      const path = new URL(String(doc[key])).pathname;
      const res = await h.send('GET', path, { unchecked: true });
      expect(res.status, key).not.toBe(404);
    }
  });
});

describe('with a separate authorization-server listener', () => {
  it('serves the browser login there, under the issuer of discovery, and not on the API listener', async () => {
    const mock = await startMock({ port: 0, authPort: 0, fixtures: SMALL_FIXTURES, now: () => NOW });
    try {
      const doc = (await (await fetch(`${mock.authUrl}/.well-known/openid-configuration`)).json()) as {
        authorization_endpoint: string;
      };
      expect(doc.authorization_endpoint).toBe(`${mock.authUrl}/authorize`);
      const query = new URLSearchParams(authorizeParams()).toString();
      expect((await fetch(`${doc.authorization_endpoint}?${query}`)).status).toBe(200);
      expect((await fetch(`${mock.url}/authorize?${query}`)).status).toBe(404);
      expect((await fetch(`${mock.url}/userinfo`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});
