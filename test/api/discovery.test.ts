/**
 * The authorization server's metadata (docs/tokens.md): the JWKS verifies issued tokens, discovery's `issuer` is
 * byte-identical to their `iss`, and with a listener of its own (docs/running.md) the authorization server serves
 * these routes there and only there.
 */
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { decodeToken, DEFAULT_ISSUER, loginToken, MOCK_CLIENT, passwordFields } from '../support/auth.ts';
import { ADMIN, checker, harness, NOW, SMALL_FIXTURES, USER } from '../support/harness.ts';

interface Jwk {
  readonly kty: string;
  readonly kid: string;
  readonly alg: string;
  readonly use: string;
  readonly n: string;
  readonly e: string;
}

interface Discovery {
  readonly issuer: string;
  readonly token_endpoint: string;
  readonly jwks_uri: string;
  readonly grant_types_supported: readonly string[];
  readonly id_token_signing_alg_values_supported: readonly string[];
}

const GRANTS = ['authorization_code', 'refresh_token', 'password', 'client_credentials'];

/** Whether `jwk` verifies the RS256 signature of `token`, checked with node:crypto alone. */
function verifiesWith(jwk: Jwk, token: string): boolean {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const key = createPublicKey({ key: { ...jwk }, format: 'jwk' });
  return verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
}

describe('GET /.well-known/jwks.json', () => {
  it('one RSA signing key whose kid is the kid of issued tokens, and whose n/e verify them', async () => {
    const h = harness();
    const res = await h.get('/.well-known/jwks.json');
    expect(res.status).toBe(200);
    const { keys } = res.body as { keys: Jwk[] };
    expect(keys).toHaveLength(1);
    const [jwk] = keys;
    if (jwk === undefined) throw new Error('no key');
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    for (const token of [await loginToken(h, ADMIN), h.token(USER)]) {
      expect(decodeToken(token).header.kid).toBe(jwk.kid);
      expect(verifiesWith(jwk, token)).toBe(true);
    }
    const forged = (await loginToken(h, USER)).replace(
      /\.[^.]+$/,
      `.${Buffer.alloc(256, 1).toString('base64url')}`,
    );
    expect(verifiesWith(jwk, forged)).toBe(false);
  });

  it('the key is the same in two mocks (the dev key is stable across restarts)', async () => {
    const a = (await harness().get('/.well-known/jwks.json')).body as unknown;
    const b = (await harness().get('/.well-known/jwks.json')).body as unknown;
    expect(a).toEqual(b);
  });
});

describe('GET /.well-known/openid-configuration', () => {
  it('issuer is byte-identical to iss; endpoints under it; the four grants', async () => {
    const h = harness();
    const res = await h.get('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const doc = res.body as Discovery;
    const { iss } = decodeToken(await loginToken(h, USER)).claims;
    expect(doc.issuer).toBe(iss);
    expect(doc.issuer).toBe(DEFAULT_ISSUER);
    expect(doc.token_endpoint).toBe(`${DEFAULT_ISSUER}oauth/token`);
    expect(doc.jwks_uri).toBe(`${DEFAULT_ISSUER}.well-known/jwks.json`);
    expect(doc.grant_types_supported).toEqual(GRANTS);
    expect(doc.id_token_signing_alg_values_supported).toContain('RS256');
  });

  it.each([
    { name: 'an issuer at the root', issuer: 'https://auth.example.test/' },
    { name: 'an issuer with a path', issuer: 'https://idp.example.test/tenant-1/' },
  ])('the issuer option ($name) is honoured in discovery and tokens, and accepted', async ({ issuer }) => {
    const h = harness({ issuer });
    const doc = (await h.get('/.well-known/openid-configuration')).body as Discovery;
    const token = await loginToken(h, ADMIN);
    expect(doc.issuer).toBe(issuer);
    expect(decodeToken(token).claims.iss).toBe(issuer);
    expect(decodeToken(h.token(USER)).claims.iss).toBe(issuer);
    expect(doc.token_endpoint).toBe(`${issuer}oauth/token`);
    expect(doc.jwks_uri).toBe(`${issuer}.well-known/jwks.json`);
    expect((await h.get('/users?page_size=1', { token })).status).toBe(200);
  });

  it('a token of another issuer is refused by the API', async () => {
    const other = await loginToken(harness({ issuer: 'https://other.example.test/' }), ADMIN);
    const res = await harness().get('/users', { token: other });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

/** `fetch` that also checks the answer against the spec, as the harness does for supertest. */
async function fetchChecked(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  const text = await res.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  const headers = Object.fromEntries(res.headers.entries());
  const { pathname } = new URL(url);
  const problems = checker.check({
    method: init.method ?? 'GET',
    path: pathname,
    status: res.status,
    headers,
    body,
  });
  expect(problems, `${init.method ?? 'GET'} ${url}`).toEqual([]);
  return { status: res.status, body };
}

function tokenRequest(): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(passwordFields(ADMIN)).toString(),
  };
}

describe('startMock with a separate authorization-server listener (authPort)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, authPort: 0, fixtures: SMALL_FIXTURES, now: () => NOW });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('has two different URLs', () => {
    expect(mock.authUrl).not.toBe(mock.url);
    expect(mock.authUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('serves discovery on the auth listener, with issuer = auth URL + "/"', async () => {
    const { status, body } = await fetchChecked(`${mock.authUrl}/.well-known/openid-configuration`);
    expect(status).toBe(200);
    const doc = body as Discovery;
    expect(doc.issuer).toBe(`${mock.authUrl}/`);
    expect(doc.token_endpoint).toBe(`${mock.authUrl}/oauth/token`);
    expect(doc.jwks_uri).toBe(`${mock.authUrl}/.well-known/jwks.json`);
    const jwks = await fetchChecked(doc.jwks_uri);
    expect(jwks.status).toBe(200);
    expect((jwks.body as { keys: Jwk[] }).keys.map((k) => k.kid)).toEqual([mock.keys.signing.kid]);
  });

  it('issues tokens on the auth listener whose iss is the auth URL + "/", and the API listener accepts them', async () => {
    const { status, body } = await fetchChecked(`${mock.authUrl}/oauth/token`, tokenRequest());
    expect(status).toBe(200);
    const token = (body as { access_token: string }).access_token;
    expect(decodeToken(token).claims.iss).toBe(`${mock.authUrl}/`);
    const users = await fetchChecked(`${mock.url}/users?page_size=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(users.status).toBe(200);
  });

  it.each([
    { name: 'POST /oauth/token', path: '/oauth/token', init: tokenRequest },
    { name: 'GET /.well-known/jwks.json', path: '/.well-known/jwks.json', init: () => ({}) },
    {
      name: 'GET /.well-known/openid-configuration',
      path: '/.well-known/openid-configuration',
      init: () => ({}),
    },
  ])('$name is 404 on the API listener', async ({ path, init }) => {
    const res = await fetch(`${mock.url}${path}`, init());
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
  });

  it('the identity API is 404 on the auth listener', async () => {
    const token = (await mock.session().token({ user: ADMIN })).accessToken;
    const res = await fetch(`${mock.authUrl}/users`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
  });
});

describe('startMock on one listener', () => {
  it.each([
    { name: 'default issuer: the URL + "/"', issuer: undefined },
    { name: 'an explicit issuer', issuer: 'https://login.example.test/' },
  ])('$name', async ({ issuer }) => {
    const mock = await startMock({
      port: 0,
      fixtures: SMALL_FIXTURES,
      now: () => NOW,
      ...(issuer === undefined ? {} : { issuer }),
    });
    try {
      const expected = issuer ?? `${mock.url}/`;
      expect(mock.authUrl).toBe(mock.url);
      const doc = (await fetchChecked(`${mock.url}/.well-known/openid-configuration`)).body as Discovery;
      expect(doc.issuer).toBe(expected);
      const { body } = await fetchChecked(`${mock.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...passwordFields(USER), client_id: MOCK_CLIENT.id }),
      });
      expect(decodeToken((body as { access_token: string }).access_token).claims.iss).toBe(expected);
    } finally {
      await mock.close();
    }
  });
});
