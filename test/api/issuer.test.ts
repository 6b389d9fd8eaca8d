/**
 * The issuer (docs/tokens.md): without `--issuer` it follows the address the client used (`Host`, and
 * `X-Forwarded-Proto/Host` with `--trust-proxy`), in discovery, tokens and ID tokens alike; a token is accepted when
 * its `iss` is one this server minted a token under (the 1 024 most recently used), a loopback name, `--host` or an
 * `--allowed-host` at its port; discovery under a made-up `Host` remembers nothing. With
 * `--issuer`, every answer names that one. And `--access-token-format at+jwt` (RFC 9068).
 */
import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_ISSUERS } from '../../src/oauth/issuers.ts';
import { decodeToken, expectToken, passwordFields, postToken } from '../support/auth.ts';
import { ADMIN, harness, USER, type Harness } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

async function discoveryAt(h: Harness, headers: Record<string, string>): Promise<Record<string, string>> {
  const res = await h.get('/.well-known/openid-configuration', { headers });
  expect(res.status).toBe(200);
  return res.body as Record<string, string>;
}

async function tokenAt(
  h: Harness,
  headers: Record<string, string>,
  scope?: string,
): Promise<Record<string, string>> {
  const extra = scope === undefined ? {} : { scope };
  return expectToken(
    await postToken(h, passwordFields(ADMIN, undefined, extra), { headers }),
  ) as unknown as Record<string, string>;
}

describe('the issuer follows the address the client used', () => {
  it.each([
    { host: '127.0.0.1:8080', issuer: 'http://127.0.0.1:8080/' },
    { host: 'localhost:8080', issuer: 'http://localhost:8080/' },
    { host: 'identity-mock:9000', issuer: 'http://identity-mock:9000/' },
  ])(
    'Host $host: discovery, every endpoint, the access token and the ID token say $issuer',
    async ({ host, issuer }) => {
      const h = harness();
      const doc = await discoveryAt(h, { Host: host });
      expect(doc.issuer).toBe(issuer);
      for (const name of [
        'authorization_endpoint',
        'token_endpoint',
        'userinfo_endpoint',
        'end_session_endpoint',
        'jwks_uri',
        'introspection_endpoint',
        'revocation_endpoint',
      ]) {
        expect(doc[name]?.startsWith(issuer), name).toBe(true);
      }
      const body = await tokenAt(h, { Host: host }, 'openid');
      expect(decodeToken(body.access_token ?? '').claims.iss).toBe(issuer);
      expect(decodeToken(body.id_token ?? '').claims.iss).toBe(issuer);
      expect(
        (await h.get('/users', { token: body.access_token ?? '', headers: { Host: host } })).status,
      ).toBe(200);
    },
  );

  it('a token of any address this server answered under is accepted at any other', async () => {
    const h = harness();
    const token = (await tokenAt(h, { Host: 'identity-mock:9000' })).access_token ?? '';
    expect((await h.get('/users', { token, headers: { Host: '127.0.0.1:8080' } })).status).toBe(200);
  });

  it(`at most ${MAX_REMEMBERED_ISSUERS} minting addresses are remembered; loopback at the port always`, async () => {
    const h = harness();
    const early = (await tokenAt(h, { Host: 'first.example:1' })).access_token ?? '';
    for (let i = 0; i < MAX_REMEMBERED_ISSUERS; i++) await tokenAt(h, { Host: `host-${i}.example:1` });
    const refused = expectError(await h.get('/users', { token: early }), 401, 'invalid_token');
    expect(refused.error).toContain('its issuer "http://first.example:1/" is not http://localhost:8080/ or');
    const local = h.token(USER);
    expect((await h.get('/users', { token: local })).status).toBe(200);
    const loopback = (await tokenAt(h, { Host: '127.0.0.1:8080' })).access_token ?? '';
    for (let i = 0; i < MAX_REMEMBERED_ISSUERS; i++) await tokenAt(h, { Host: `again-${i}.example:1` });
    expect((await h.get('/users', { token: loopback })).status).toBe(200);
  }, 60_000);

  it("40 discovery requests with made-up Hosts do not push a suite's issuer out (its live tokens got 401)", async () => {
    const h = harness();
    const suite = (await tokenAt(h, { Host: 'identity-mock:9000' })).access_token ?? '';
    for (let i = 0; i < 40; i++) await discoveryAt(h, { Host: `made-up-${i}.example:1` });
    for (let i = 0; i < 2_000; i++) await discoveryAt(h, { Host: `more-${i}.example:1` });
    expect((await h.get('/users', { token: suite })).status).toBe(200);
    // A remembered issuer stays recent while its tokens are used.
    for (let i = 0; i < MAX_REMEMBERED_ISSUERS; i++) {
      await tokenAt(h, { Host: `minting-${i}.example:1` });
      if (i % 256 === 0) expect((await h.get('/users', { token: suite })).status).toBe(200);
    }
    expect((await h.get('/users', { token: suite })).status).toBe(200);
  }, 60_000);

  it('--host and --allowed-host at the port are always accepted, minted or not', async () => {
    const h = harness({ host: '10.1.2.3', allowedHosts: ['mock.internal'] });
    for (const iss of ['http://10.1.2.3:8080/', 'http://mock.internal:8080/', 'http://[::1]:8080/']) {
      const token = h.token(ADMIN, { claims: { iss } });
      expect((await h.get('/users', { token })).status, iss).toBe(200);
    }
    const other = h.token(ADMIN, { claims: { iss: 'http://mock.internal:9999/' } });
    expectError(await h.get('/users', { token: other }), 401, 'invalid_token');
  });

  it('a token naming 127.0.0.1 at another port is refused', async () => {
    const h = harness();
    const token = h.token(ADMIN, { claims: { iss: 'http://127.0.0.1:9999/' } });
    expectError(await h.get('/users', { token }), 401, 'invalid_token');
  });

  it('with --trust-proxy, X-Forwarded-Proto and X-Forwarded-Host name the address', async () => {
    const h = harness({ trustProxy: true });
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'login.example.com' };
    expect((await discoveryAt(h, headers)).issuer).toBe('https://login.example.com/');
    const untrusted = harness();
    expect((await discoveryAt(untrusted, headers)).issuer).toBe('http://localhost:8080/');
  });

  it('--issuer pins it: whatever the Host, every answer names it', async () => {
    const h = harness({ issuer: 'https://auth.example.test/' });
    const doc = await discoveryAt(h, { Host: '127.0.0.1:8080' });
    expect(doc.issuer).toBe('https://auth.example.test/');
    expect(doc.token_endpoint).toBe('https://auth.example.test/oauth/token');
    const token = (await tokenAt(h, { Host: '127.0.0.1:8080' })).access_token ?? '';
    expect(decodeToken(token).claims.iss).toBe('https://auth.example.test/');
    expect((await h.get('/users', { token })).status).toBe(200);
  });
});

describe('--access-token-format', () => {
  it('jwt (default): typ JWT, no client_id claim', async () => {
    const token = (await tokenAt(harness(), {})).access_token ?? '';
    const { header, claims } = decodeToken(token);
    expect(header.typ).toBe('JWT');
    expect(claims).not.toHaveProperty('client_id');
  });

  it('at+jwt: RFC 9068 header typ at+jwt and a client_id claim, on every grant and app tokens; ID tokens stay JWT', async () => {
    const h = harness({ accessTokenFormat: 'at+jwt' });
    const body = await tokenAt(h, {}, 'openid');
    const access = decodeToken(body.access_token ?? '');
    expect(access.header.typ).toBe('at+jwt');
    expect(access.claims).toMatchObject({ client_id: 'mock-client', azp: 'mock-client' });
    for (const claim of ['iss', 'exp', 'aud', 'sub', 'iat', 'jti'])
      expect(access.claims).toHaveProperty(claim);
    expect(decodeToken(body.id_token ?? '').header.typ).toBe('JWT');
    const minted = decodeToken(h.token(USER));
    expect(minted.header.typ).toBe('at+jwt');
    expect(minted.claims.client_id).toBe('mock-client');
    expect((await h.get('/users', { token: body.access_token ?? '' })).status).toBe(200);
  });
});
