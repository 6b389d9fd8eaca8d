/**
 * OAuth failures on demand (docs/tokens.md): fault rules with `oauth_error`, matched by grant type, client and user,
 * answered as each route of the authorization server answers that error itself: the token endpoint with RFC 6749's
 * body at its status, `/authorize` and the login form by redirecting the error to the client in its response mode
 * (or the error page), `/userinfo` with 401 and `WWW-Authenticate: Bearer error="…"`.
 */
import { describe, expect, it } from 'vitest';
import type { FaultRule } from '../../src/control/faults.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { expectOAuthError, expectToken, MOCK_CLIENT, passwordFields, postToken } from '../support/auth.ts';
import { ADMIN, harness, USER, type Harness } from '../support/harness.ts';
import {
  authorize,
  authorizeParams,
  codeFields,
  locationOf,
  loginCode,
  postLoginForm,
  submitLogin,
} from '../support/login.ts';
import { expectError } from '../support/responses.ts';

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
}

function setup(seed?: number, oauthErrors?: 'auth0' | 'rfc6749'): Setup {
  const h = harness({
    ...(seed === undefined ? {} : { seed }),
    ...(oauthErrors === undefined ? {} : { oauthErrors }),
  });
  return { h, admin: adminClient(h.mock.app) };
}

async function addFault(admin: AdminClient, rule: object): Promise<FaultRule> {
  const res = await admin.post('/faults', rule);
  expect(res.status).toBe(201);
  return res.body as FaultRule;
}

const refreshOf = async (h: Harness): Promise<string> =>
  expectToken(await postToken(h, passwordFields(USER, undefined, { scope: 'offline_access' })))
    .refresh_token ?? '';

describe('oauth_error on POST /oauth/token', () => {
  it.each([
    { code: 'temporarily_unavailable', status: 503 },
    { code: 'server_error', status: 500 },
    { code: 'invalid_grant', status: 403 },
    { code: 'access_denied', status: 403 },
    { code: 'invalid_client', status: 401 },
    { code: 'invalid_request', status: 400 },
    { code: 'invalid_scope', status: 400 },
  ])('$code: RFC 6749 body at $status', async ({ code, status }) => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/oauth/token', oauth_error: code, error_description: 'on purpose' });
    const res = await postToken(h, passwordFields(ADMIN));
    expectOAuthError(res, status, code, 'on purpose');
  });

  it('a code the endpoint never answers itself: 400 with that code; status sets another', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/oauth/token', oauth_error: 'mfa_required', times: 1 });
    const first = await h.send('POST', '/oauth/token', { body: passwordFields(ADMIN), unchecked: true });
    expect(first.status).toBe(400);
    expect(first.body).toEqual({ error: 'mfa_required', error_description: 'fault injected: mfa_required' });
    await addFault(admin, { path: '/oauth/token', oauth_error: 'mfa_required', status: 403 });
    const second = await h.send('POST', '/oauth/token', { body: passwordFields(ADMIN), unchecked: true });
    expect(second.status).toBe(403);
  });

  it('matched by grant type: the refresh fails, the password grant does not', async () => {
    const { h, admin } = setup();
    const refresh = await refreshOf(h);
    await addFault(admin, {
      path: '/oauth/token',
      oauth_error: 'temporarily_unavailable',
      grant_type: 'refresh_token',
    });
    expectToken(await postToken(h, passwordFields(ADMIN)));
    const res = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: refresh,
    });
    expectOAuthError(res, 503, 'temporarily_unavailable');
  });

  it.each([
    { name: 'the password grant of that user (by identifier)', user: 'user', fails: true },
    { name: 'by id', user: '00000000-0000-4000-8000-000000000002', fails: true },
    { name: 'another user', user: 'admin', fails: false },
  ])('matched by user, $name', async ({ user, fails }) => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/oauth/token', oauth_error: 'access_denied', user });
    const res = await postToken(h, passwordFields(USER));
    if (fails) expectOAuthError(res, 403, 'access_denied');
    else expectToken(res);
  });

  it("matched by user on a refresh and a code: the token's user, without using the token up", async () => {
    const { h, admin } = setup();
    const refresh = await refreshOf(h);
    const { code } = await loginCode(h, ADMIN);
    const rule = await addFault(admin, {
      path: '/oauth/token',
      oauth_error: 'invalid_grant',
      user: USER,
      times: 1,
    });
    const refreshFields = {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: refresh,
    };
    // The code is the admin's: the rule does not fire.
    expectToken(await postToken(h, codeFields(code)));
    expectOAuthError(await postToken(h, refreshFields), 403, 'invalid_grant');
    expectToken(await postToken(h, refreshFields));
    expect((await admin.get('/faults')).body).toEqual({ faults: [{ ...rule, fired: 1 }] });
  });

  it('matched by client, HTTP Basic included; times and probability as for every rule', async () => {
    const { h, admin } = setup();
    await addFault(admin, {
      path: '/oauth/token',
      oauth_error: 'invalid_client',
      client_id: 'mock-client',
      times: 2,
    });
    const basic = `Basic ${Buffer.from('mock-client:mock-secret').toString('base64')}`;
    const byBasic = await postToken(
      h,
      { grant_type: 'client_credentials' },
      { headers: { Authorization: basic } },
    );
    expectOAuthError(byBasic, 401, 'invalid_client');
    expectOAuthError(await postToken(h, passwordFields(ADMIN)), 401, 'invalid_client');
    expectToken(await postToken(h, passwordFields(ADMIN)));
    await addFault(admin, { path: '/oauth/token', oauth_error: 'server_error', probability: 0 });
    expectToken(await postToken(h, passwordFields(ADMIN)));
  });
});

describe('oauth_error on the token endpoint under --oauth-errors', () => {
  it.each([
    { code: 'invalid_grant', auth0: 403, rfc6749: 400 },
    { code: 'access_denied', auth0: 403, rfc6749: 400 },
    { code: 'unauthorized_client', auth0: 403, rfc6749: 400 },
    { code: 'invalid_request', auth0: 400, rfc6749: 400 },
    { code: 'invalid_client', auth0: 401, rfc6749: 401 },
    { code: 'too_many_attempts', auth0: 429, rfc6749: 429 },
    { code: 'temporarily_unavailable', auth0: 503, rfc6749: 503 },
    { code: 'mfa_required', auth0: 400, rfc6749: 400 },
  ])('$code: $auth0 with auth0, $rfc6749 with rfc6749, as its own errors', async ({ code, ...at }) => {
    for (const statuses of ['auth0', 'rfc6749'] as const) {
      const { h, admin } = setup(undefined, statuses);
      await addFault(admin, { path: '/oauth/token', oauth_error: code, error_description: 'on purpose' });
      const res = await h.send('POST', '/oauth/token', { body: passwordFields(ADMIN), unchecked: true });
      expect(res.status, statuses).toBe(at[statuses]);
      expect(res.body).toEqual({ error: code, error_description: 'on purpose' });
    }
  });

  it('with rfc6749 the injected invalid_grant has the status of the real one; a rule status still wins', async () => {
    const { h, admin } = setup(undefined, 'rfc6749');
    const real = await postToken(h, passwordFields(ADMIN, 'wrong'));
    expectOAuthError(real, 400, 'invalid_grant');
    await addFault(admin, { path: '/oauth/token', oauth_error: 'invalid_grant', times: 1 });
    expectOAuthError(await postToken(h, passwordFields(ADMIN)), real.status, 'invalid_grant');
    await addFault(admin, { path: '/oauth/token', oauth_error: 'invalid_grant', status: 403, times: 1 });
    const ruled = await h.send('POST', '/oauth/token', { body: passwordFields(ADMIN), unchecked: true });
    expect(ruled.status).toBe(403);
    expectToken(await postToken(h, passwordFields(ADMIN)));
  });

  it('with rfc6749, introspection takes the same statuses', async () => {
    const { h, admin } = setup(undefined, 'rfc6749');
    await addFault(admin, { path: '/oauth/introspect', oauth_error: 'invalid_grant' });
    const res = await h.send('POST', '/oauth/introspect', {
      body: { token: 'x', client_id: MOCK_CLIENT.id, client_secret: MOCK_CLIENT.secret },
      unchecked: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('oauth_error on /authorize and the login form', () => {
  it.each([
    { mode: 'query', where: 'query' },
    { mode: 'fragment', where: 'fragment' },
  ])('/authorize: the error goes to the redirect URI in the $mode', async ({ mode, where }) => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/authorize', oauth_error: 'access_denied', error_description: 'no way' });
    const location = locationOf(await authorize(h, authorizeParams({ response_mode: mode })));
    const params = new URLSearchParams(where === 'query' ? location.search : location.hash.slice(1));
    expect(Object.fromEntries(params)).toEqual({
      error: 'access_denied',
      error_description: 'no way',
      state: 'state-1',
    });
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/callback');
  });

  it('form_post and web_message: the error in the page the mode answers with', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/authorize', oauth_error: 'login_required' });
    const posted = await authorize(h, authorizeParams({ response_mode: 'form_post' }));
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('<input type="hidden" name="error" value="login_required">');
    const message = await authorize(h, authorizeParams({ response_mode: 'web_message', prompt: 'none' }));
    expect(message.text).toContain('"error":"login_required"');
    expect(message.headers['content-security-policy']).toContain(
      'frame-ancestors http://localhost:* http://127.0.0.1:*',
    );
  });

  it('a redirect URI the client does not allow: the error page, never a redirect', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/authorize', oauth_error: 'access_denied' });
    const res = await authorize(h, authorizeParams({ redirect_uri: 'https://evil.example/cb' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
  });

  it('matched by client: another client signs in as usual', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/authorize', oauth_error: 'access_denied', client_id: 'mock-client' });
    const res = await authorize(h, authorizeParams());
    expect(res.status).toBe(200);
    expect(res.text).toContain('Sign in');
  });

  it('the login form: matched by the account signing in; the error goes to the client, no session starts', async () => {
    const { h, admin } = setup();
    await addFault(admin, {
      method: 'POST',
      path: '/authorize/login',
      oauth_error: 'access_denied',
      user: 'user',
    });
    const denied = await submitLogin(h, authorizeParams(), { account: USER });
    expect(locationOf(denied).searchParams.get('error')).toBe('access_denied');
    expect(denied.headers['set-cookie']).toBeUndefined();
    const admitted = await submitLogin(h, authorizeParams(), { account: ADMIN });
    expect(locationOf(admitted).searchParams.get('code')).not.toBeNull();
  });

  it('the login form without a valid redirect URI: the error page', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/authorize/login', oauth_error: 'access_denied' });
    const res = await postLoginForm(h, { ...authorizeParams({ client_id: 'nope' }), account: ADMIN });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('oauth_error on /userinfo and the API', () => {
  it('/userinfo: 401 with the code in the Bearer challenge', async () => {
    const { h, admin } = setup();
    await addFault(admin, {
      path: '/userinfo',
      oauth_error: 'invalid_token',
      error_description: 'the session ended',
    });
    const res = await h.get('/userinfo', { token: h.token(USER) });
    const body = expectError(res, 401, 'invalid_token');
    expect(body.error).toBe('the session ended');
    expect(res.headers['www-authenticate']).toBe(
      'Bearer realm="identity", error="invalid_token", error_description="the session ended"',
    );
  });

  it('/userinfo matched by the bearer token user: the others still get their claims', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/userinfo', oauth_error: 'insufficient_scope', user: ADMIN });
    const refused = await h.get('/userinfo', { token: h.token(ADMIN) });
    expectError(refused, 401, 'invalid_token');
    expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect((await h.get('/userinfo', { token: h.token(USER) })).status).toBe(200);
  });

  it('an API route: 401 with the Bearer challenge too', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/users', oauth_error: 'invalid_token' });
    const res = await h.get('/users', { token: h.token(ADMIN) });
    expectError(res, 401, 'invalid_token');
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

describe('oauth_error: bad input', () => {
  it.each([
    { name: 'a code not in snake case', rule: { path: '/oauth/token', oauth_error: 'Invalid Grant' } },
    { name: 'an empty code', rule: { path: '/oauth/token', oauth_error: '' } },
    { name: 'a code that is not a string', rule: { path: '/oauth/token', oauth_error: 403 } },
    {
      name: 'neither status, delay_ms nor oauth_error',
      rule: { path: '/oauth/token', grant_type: 'password' },
    },
  ])('$name: 400 invalid_request', async ({ rule }) => {
    const { admin } = setup();
    expectError(await admin.send('POST', '/faults', { body: rule }), 400, 'invalid_request');
  });

  it('mock.session().fault() refuses a malformed code with the admin API answer', async () => {
    const { h } = setup();
    await expect(h.mock.session().fault({ path: '/oauth/token', oauthError: 'Nope!' })).rejects.toMatchObject(
      {
        status: 400,
        code: 'invalid_request',
        message: expect.stringMatching(/oauth_error must match/) as unknown,
      },
    );
  });
});
