/**
 * Token introspection (RFC 7662) and revocation (RFC 7009), docs/tokens.md: `POST /oauth/introspect` answers
 * `{"active": false}` for anything not live in the session and RFC 7662's fields for a live access or refresh token;
 * `POST /oauth/revoke` answers 200 to any well-formed request, a refresh token revoking its whole family and the
 * access tokens issued from it, an access token being refused in the session from then on.
 */
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_REVOKED_JTIS, Revocations } from '../../src/oauth/revocations.ts';
import { adminClient } from '../support/admin-client.ts';
import {
  basicAuth,
  decodeToken,
  expectNoStore,
  expectOAuthError,
  expectToken,
  MOCK_CLIENT,
  passwordFields,
  postToken,
} from '../support/auth.ts';
import { ADMIN, harness, NOW, USER, type Harness } from '../support/harness.ts';
import { codeFields, loginCode, SPA } from '../support/login.ts';
import { expectError } from '../support/responses.ts';

const CONFIDENTIAL = { client_id: MOCK_CLIENT.id, client_secret: MOCK_CLIENT.secret };

function post(
  h: Harness,
  path: '/oauth/introspect' | '/oauth/revoke',
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<request.Response> {
  return h.send('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
}

async function introspect(
  h: Harness,
  token: string,
  client: Record<string, string> = CONFIDENTIAL,
  extra: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await post(h, '/oauth/introspect', { token, ...client, ...extra });
  expect(res.status).toBe(200);
  expectNoStore(res);
  return res.body as Record<string, unknown>;
}

async function revoke(
  h: Harness,
  token: string,
  client: Record<string, string> = CONFIDENTIAL,
): Promise<void> {
  const res = await post(h, '/oauth/revoke', { token, ...client });
  expect(res.status).toBe(200);
  expect(res.text).toBe('');
}

async function passwordGrant(h: Harness, user = USER): Promise<{ access: string; refresh: string }> {
  const body = expectToken(
    await postToken(h, passwordFields(user, undefined, { scope: 'openid offline_access' })),
  );
  return { access: body.access_token, refresh: body.refresh_token ?? '' };
}

describe('POST /oauth/introspect', () => {
  it('a live access token: the RFC 7662 fields', async () => {
    const h = harness();
    const { access } = await passwordGrant(h);
    const claims = decodeToken(access).claims;
    expect(await introspect(h, access)).toEqual({
      active: true,
      scope: 'openid offline_access',
      client_id: MOCK_CLIENT.id,
      username: USER,
      token_type: 'Bearer',
      exp: claims.exp,
      iat: claims.iat,
      sub: claims.sub,
      aud: claims.aud,
      iss: claims.iss,
      jti: claims.jti,
    });
  });

  it('a live refresh token: the fields of its grant; token_type_hint looks there first', async () => {
    const h = harness();
    const { refresh } = await passwordGrant(h);
    const answer = await introspect(h, refresh, CONFIDENTIAL, { token_type_hint: 'refresh_token' });
    expect(answer).toEqual({
      active: true,
      scope: 'openid offline_access',
      client_id: MOCK_CLIENT.id,
      username: USER,
      token_type: 'refresh_token',
      exp: NOW / 1000 + 30 * 86_400,
      iat: NOW / 1000,
      sub: 'auth0|00000000-0000-4000-8000-000000000002',
      aud: 'https://identity.example.com/admin/v1',
      iss: 'http://localhost:8080/',
      jti: expect.any(String) as unknown,
    });
    expect(await introspect(h, refresh)).toMatchObject({ active: true, token_type: 'refresh_token' });
  });

  it('a client_credentials token: no username', async () => {
    const h = harness();
    const body = expectToken(await postToken(h, { grant_type: 'client_credentials', ...CONFIDENTIAL }));
    const answer = await introspect(h, body.access_token);
    expect(answer).toMatchObject({ active: true, client_id: MOCK_CLIENT.id, sub: 'mock-client@clients' });
    expect(answer).not.toHaveProperty('username');
  });

  it.each([
    { name: 'a word', token: () => 'hello' },
    { name: 'a token of another signer', token: () => 'eyJhbGciOiJSUzI1NiIsImtpZCI6Im5vcGUifQ.e30.c2ln' },
  ])('not a token of this server ($name): exactly {active: false}', async ({ token }) => {
    expect(await introspect(harness(), token())).toEqual({ active: false });
  });

  it('expired by the session clock, revoked, a deleted user, an ID token, another session: {active: false}', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const idToken = expectToken(await postToken(h, passwordFields(USER, undefined, { scope: 'openid' }))) as {
      id_token?: string;
    };
    expect(await introspect(h, idToken.id_token ?? '')).toEqual({ active: false });
    const { access, refresh } = await passwordGrant(h);
    // Another session never saw the refresh token (the access token is valid everywhere: one key, one issuer).
    const elsewhere = { 'X-Mock-Session': 'introspect-b' };
    const other = await post(h, '/oauth/introspect', { token: refresh, ...CONFIDENTIAL }, elsewhere);
    expect(other.body).toEqual({ active: false });
    await admin.put('/clock', { advance: `${86_400 + 30}s` });
    expect(await introspect(h, access)).toEqual({ active: false });
    await admin.delete('/clock');
    const second = await passwordGrant(h, ADMIN);
    await revoke(h, second.access);
    expect(await introspect(h, second.access)).toEqual({ active: false });
    const gone = h.token('user@example.com');
    await h.send('DELETE', '/users/user', { token: h.token(ADMIN) });
    expect(await introspect(h, gone)).toEqual({ active: false });
    expect(await introspect(h, refresh)).toEqual({ active: false });
  });

  it('a public client learns only about its own tokens', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const spa = expectToken(await postToken(h, codeFields(code)));
    const { access } = await passwordGrant(h);
    expect(await introspect(h, spa.access_token, { client_id: SPA })).toMatchObject({
      active: true,
      client_id: SPA,
    });
    expect(await introspect(h, spa.refresh_token ?? '', { client_id: SPA })).toMatchObject({ active: true });
    expect(await introspect(h, access, { client_id: SPA })).toEqual({ active: false });
  });

  it('client authentication as on the token endpoint: HTTP Basic works, a wrong secret or none is 401 invalid_client', async () => {
    const h = harness();
    const { access } = await passwordGrant(h);
    const basic = await post(
      h,
      '/oauth/introspect',
      { token: access },
      { Authorization: basicAuth('mock-client', 'mock-secret') },
    );
    expect(basic.body).toMatchObject({ active: true });
    expectOAuthError(
      await post(h, '/oauth/introspect', { token: access, client_id: 'mock-client', client_secret: 'nope' }),
      401,
      'invalid_client',
    );
    // No client authentication at all: 401 invalid_client too (RFC 7662 §2.1), not a missing parameter.
    expectOAuthError(await post(h, '/oauth/introspect', { token: access }), 401, 'invalid_client');
  });

  it('a request without token, or a body that is neither JSON nor a form: 400 invalid_request', async () => {
    const h = harness();
    expectOAuthError(await post(h, '/oauth/introspect', CONFIDENTIAL), 400, 'invalid_request', /token/);
    const text = await h.send('POST', '/oauth/introspect', {
      body: 'token=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expectOAuthError(text, 400, 'invalid_request');
  });
});

describe('POST /oauth/revoke', () => {
  it('an access token: refused in the session from then on (401 "revoked"), valid elsewhere', async () => {
    const h = harness();
    const { access } = await passwordGrant(h);
    expect((await h.get('/userinfo', { token: access })).status).toBe(200);
    await revoke(h, access);
    const refused = expectError(await h.get('/userinfo', { token: access }), 401, 'invalid_token');
    expect(refused.error).toBe('the access token is invalid: it was revoked');
    expect((await h.get('/userinfo', { token: access, headers: { 'X-Mock-Session': 'other' } })).status).toBe(
      200,
    );
  });

  it('a refresh token: its whole family is revoked, with the access tokens issued from it', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const first = expectToken(await postToken(h, codeFields(code)));
    const refreshFields = { grant_type: 'refresh_token', client_id: SPA };
    const second = expectToken(
      await postToken(h, { ...refreshFields, refresh_token: first.refresh_token ?? '' }),
    );
    await revoke(h, first.refresh_token ?? '', { client_id: SPA });
    expectOAuthError(
      await postToken(h, { ...refreshFields, refresh_token: second.refresh_token ?? '' }),
      403,
      'invalid_grant',
    );
    for (const token of [first.access_token, second.access_token]) {
      expectError(await h.get('/userinfo', { token }), 401, 'invalid_token');
    }
  });

  it("another client's token, an unknown token: 200, and nothing is revoked", async () => {
    const h = harness();
    const { access, refresh } = await passwordGrant(h);
    await revoke(h, access, { client_id: SPA });
    await revoke(h, refresh, { client_id: SPA });
    await revoke(h, 'not-a-token');
    expect(await introspect(h, access)).toMatchObject({ active: true });
    expect(await introspect(h, refresh)).toMatchObject({ active: true });
  });

  it('a bad client: 401 invalid_client; no token: 400 invalid_request', async () => {
    const h = harness();
    expectOAuthError(
      await post(h, '/oauth/revoke', { token: 'x', client_id: 'nope' }),
      401,
      'invalid_client',
    );
    expectOAuthError(await post(h, '/oauth/revoke', CONFIDENTIAL), 400, 'invalid_request');
  });

  it(`revoked jtis are bounded: at most ${MAX_REVOKED_JTIS} per session, the expired forgotten first`, () => {
    const revocations = new Revocations();
    const now = 1_000_000;
    revocations.revoke({ jti: 'expired', exp: now - 31 }, now);
    revocations.revoke({ jti: 'live-first', exp: now + 3_600 }, now);
    for (let i = 2; i < MAX_REVOKED_JTIS; i++)
      revocations.revoke({ jti: `live-${i}`, exp: now + 3_600 }, now);
    expect(revocations.size).toBe(MAX_REVOKED_JTIS);
    revocations.revoke({ jti: 'one-more', exp: now + 3_600 }, now);
    expect(revocations.size).toBe(MAX_REVOKED_JTIS);
    expect(revocations.isRevoked('expired')).toBe(false);
    expect(revocations.isRevoked('live-first')).toBe(true);
    revocations.revoke({ jti: 'and-another', exp: now + 3_600 }, now);
    expect(revocations.size).toBe(MAX_REVOKED_JTIS);
    expect(revocations.isRevoked('live-first')).toBe(false);
    expect(revocations.isRevoked('and-another')).toBe(true);
  });
});

describe('discovery advertises them', () => {
  it('introspection_endpoint and revocation_endpoint, with their auth methods', async () => {
    const doc = (await harness().get('/.well-known/openid-configuration')).body as Record<string, unknown>;
    expect(doc).toMatchObject({
      introspection_endpoint: 'http://localhost:8080/oauth/introspect',
      revocation_endpoint: 'http://localhost:8080/oauth/revoke',
      introspection_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
    });
  });
});
