/**
 * The OAuth libraries people use, against a running mock with no `--issuer` (docs/tokens.md): openid-client and
 * oauth4webapi discover it at `http://127.0.0.1:PORT` (their issuer check needs `iss` to be that address), get
 * tokens, introspect and revoke them; oauth4webapi's `validateJwtAccessToken` and jose with `typ: 'at+jwt'` accept
 * the tokens of `--access-token-format at+jwt`.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { DEFAULT_AUDIENCE, decodeToken, MOCK_CLIENT, PASSWORD } from '../support/auth.ts';
import { NOW, SMALL_FIXTURES, USER } from '../support/harness.ts';

let mock: RunningMock;
let atJwt: RunningMock;

beforeAll(async () => {
  [mock, atJwt] = await Promise.all([
    startMock({ port: 0, fixtures: SMALL_FIXTURES, now: () => NOW }),
    startMock({ port: 0, fixtures: SMALL_FIXTURES, now: () => NOW, accessTokenFormat: 'at+jwt' }),
  ]);
});

afterAll(async () => {
  await Promise.all([mock.close(), atJwt.close()]);
});

/** The mock at the IPv4 loopback address, as a client configured with `http://127.0.0.1:PORT` reaches it. */
const loopback = (m: RunningMock): URL => new URL(`http://127.0.0.1:${m.port}`);

/** Seconds from this machine's clock to the mock's (fixed) one, for the libraries that check token times. */
const skew = (): number => Math.floor((NOW - Date.now()) / 1000);

describe('openid-client 6', () => {
  async function configuration(server: URL): Promise<client.Configuration> {
    return client.discovery(server, MOCK_CLIENT.id, MOCK_CLIENT.secret, undefined, {
      // The mock is plain HTTP on loopback: the libraries' own switch for that, marked deprecated only to stand out.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      execute: [client.allowInsecureRequests],
    });
  }

  it('discovers the mock at 127.0.0.1 and at localhost, each under its own issuer', async () => {
    for (const server of [loopback(mock), new URL(`http://localhost:${mock.port}`)]) {
      const config = await configuration(server);
      expect(config.serverMetadata().issuer).toBe(server.href);
      expect(config.serverMetadata().introspection_endpoint).toBe(`${server.href}oauth/introspect`);
    }
  });

  it('gets a token, introspects it, revokes it: then it is inactive and refused', async () => {
    const config = await configuration(loopback(mock));
    const tokens = await client.clientCredentialsGrant(config);
    expect(decodeToken(tokens.access_token).claims.iss).toBe(loopback(mock).href);
    const live = await client.tokenIntrospection(config, tokens.access_token);
    expect(live).toMatchObject({ active: true, client_id: MOCK_CLIENT.id, token_type: 'Bearer' });
    await client.tokenRevocation(config, tokens.access_token);
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
  });

  it('a refresh token: introspected, revoked with its family, then refused by the token endpoint', async () => {
    const config = await configuration(loopback(mock));
    const tokens = await client.genericGrantRequest(config, 'password', {
      username: USER,
      password: PASSWORD,
      scope: 'offline_access',
    });
    const refresh = tokens.refresh_token ?? '';
    expect(
      await client.tokenIntrospection(config, refresh, { token_type_hint: 'refresh_token' }),
    ).toMatchObject({
      active: true,
      token_type: 'refresh_token',
      username: USER,
    });
    const refreshed = await client.refreshTokenGrant(config, refresh);
    expect(refreshed.access_token).toBeTruthy();
    await client.tokenRevocation(config, refresh);
    await expect(client.refreshTokenGrant(config, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await client.tokenIntrospection(config, refreshed.access_token)).toEqual({ active: false });
  });
});

describe('oauth4webapi 3', () => {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- plain HTTP on loopback, as above
  const insecure = { [oauth.allowInsecureRequests]: true };
  const app: oauth.Client = { client_id: MOCK_CLIENT.id };
  const auth = oauth.ClientSecretPost(MOCK_CLIENT.secret);

  async function metadata(server: URL): Promise<oauth.AuthorizationServer> {
    return oauth.processDiscoveryResponse(server, await oauth.discoveryRequest(server, insecure));
  }

  async function clientToken(as: oauth.AuthorizationServer): Promise<string> {
    const res = await oauth.clientCredentialsGrantRequest(as, app, auth, new URLSearchParams(), insecure);
    return (await oauth.processClientCredentialsResponse(as, app, res)).access_token;
  }

  it('discovers the mock at 127.0.0.1; introspects and revokes its token', async () => {
    const as = await metadata(loopback(mock));
    expect(as.issuer).toBe(loopback(mock).href);
    const token = await clientToken(as);
    const live = await oauth.processIntrospectionResponse(
      as,
      app,
      await oauth.introspectionRequest(as, app, auth, token, insecure),
    );
    expect(live).toMatchObject({ active: true, client_id: MOCK_CLIENT.id, iss: as.issuer });
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app, auth, token, insecure));
    const gone = await oauth.processIntrospectionResponse(
      as,
      app,
      await oauth.introspectionRequest(as, app, auth, token, insecure),
    );
    expect(gone).toEqual({ active: false });
  });

  it('validateJwtAccessToken accepts the RFC 9068 tokens of --access-token-format at+jwt', async () => {
    const as = await metadata(loopback(atJwt));
    const token = await clientToken(as);
    const request = new Request(`${as.issuer}users`, { headers: { Authorization: `Bearer ${token}` } });
    const claims = await oauth.validateJwtAccessToken(as, request, DEFAULT_AUDIENCE, {
      ...insecure,
      [oauth.clockSkew]: skew(),
    });
    expect(claims).toMatchObject({ client_id: MOCK_CLIENT.id, iss: as.issuer, aud: DEFAULT_AUDIENCE });
  });

  it('and refuses the default format, which is not RFC 9068', async () => {
    const as = await metadata(loopback(mock));
    const token = await clientToken(as);
    const request = new Request(`${as.issuer}users`, { headers: { Authorization: `Bearer ${token}` } });
    await expect(
      oauth.validateJwtAccessToken(as, request, DEFAULT_AUDIENCE, { ...insecure, [oauth.clockSkew]: skew() }),
    ).rejects.toThrow(/typ/);
  });
});

describe('jose', () => {
  it("jwtVerify with typ: 'at+jwt' accepts the tokens of --access-token-format at+jwt", async () => {
    const server = loopback(atJwt);
    const res = await fetch(new URL('/oauth/token', server), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: MOCK_CLIENT.id,
        client_secret: MOCK_CLIENT.secret,
      }),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const { payload, protectedHeader } = await jwtVerify(
      token,
      createRemoteJWKSet(new URL('/.well-known/jwks.json', server)),
      {
        typ: 'at+jwt',
        issuer: server.href,
        audience: DEFAULT_AUDIENCE,
        currentDate: new Date(NOW),
      },
    );
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload.client_id).toBe(MOCK_CLIENT.id);
  });
});
