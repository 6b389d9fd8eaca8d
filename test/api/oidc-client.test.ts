/**
 * An outside OIDC client against a running mock (docs/tokens.md): it reads the discovery document, fetches the JWKS
 * it names, and verifies tokens with jose, as a resource server in another process would.
 */
import { createRemoteJWKSet, generateKeyPair, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { DEFAULT_AUDIENCE, decodeToken, MOCK_CLIENT, PASSWORD } from '../support/auth.ts';
import { ADMIN, NOW, SMALL_FIXTURES, USER } from '../support/harness.ts';

interface Discovery {
  readonly issuer: string;
  readonly token_endpoint: string;
  readonly jwks_uri: string;
}

interface TokenAnswer {
  readonly access_token: string;
  readonly refresh_token?: string;
}

let mock: RunningMock;
let discovery: Discovery;
let jwks: JWTVerifyGetKey;

beforeAll(async () => {
  mock = await startMock({ port: 0, fixtures: SMALL_FIXTURES, now: () => NOW });
  const res = await fetch(`${mock.url}/.well-known/openid-configuration`);
  expect(res.status).toBe(200);
  discovery = (await res.json()) as Discovery;
  jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
});

afterAll(async () => {
  await mock.close();
});

/** What a resource server checks; the clock is the mock's, never the wall clock. */
function verifyToken(token: string): ReturnType<typeof jwtVerify> {
  return jwtVerify(token, jwks, {
    issuer: discovery.issuer,
    audience: DEFAULT_AUDIENCE,
    algorithms: ['RS256'],
    currentDate: new Date(NOW),
  });
}

async function requestToken(fields: Record<string, string>): Promise<TokenAnswer> {
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: MOCK_CLIENT.id, client_secret: MOCK_CLIENT.secret, ...fields }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenAnswer;
}

describe('an OIDC client of the mock', () => {
  it('finds the endpoints under the issuer', () => {
    expect(discovery.issuer).toBe(`${mock.url}/`);
    expect(discovery.token_endpoint.startsWith(mock.url)).toBe(true);
    expect(discovery.jwks_uri.startsWith(mock.url)).toBe(true);
  });

  it.each([
    {
      name: 'password',
      fields: { grant_type: 'password', username: ADMIN, password: PASSWORD },
      gty: 'password',
    },
    { name: 'client_credentials', fields: { grant_type: 'client_credentials' }, gty: 'client-credentials' },
  ])('verifies a $name token', async ({ fields, gty }) => {
    const { access_token: token } = await requestToken(fields);
    const { payload, protectedHeader } = await verifyToken(token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.iss).toBe(discovery.issuer);
    expect(payload.gty).toBe(gty);
  });

  it('verifies a refresh_token token', async () => {
    const first = await requestToken({
      grant_type: 'password',
      username: USER,
      password: PASSWORD,
      scope: 'offline_access',
    });
    const second = await requestToken({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    const { payload } = await verifyToken(second.access_token);
    expect(payload.gty).toBe('refresh_token');
    expect(payload.sub).toBe(decodeToken(first.access_token).claims.sub);
  });

  it('verifies a user app token', async () => {
    const { payload } = await verifyToken((await mock.session().token({ user: USER })).accessToken);
    expect(payload.gty).toBe('app_token');
  });

  it('rejects a token signed by another key under the same kid, as the mock does', async () => {
    const genuine = await mock.session().token({ user: ADMIN });
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...genuine.claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: mock.keys.signing.kid })
      .sign(privateKey);
    expect(decodeToken(forged).header.kid).toBe(decodeToken(genuine.accessToken).header.kid);
    await expect(verifyToken(forged)).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
    const api = await fetch(`${mock.url}/users`, { headers: { Authorization: `Bearer ${forged}` } });
    expect(api.status).toBe(401);
    expect(api.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('rejects a token of the mock for another audience or issuer', async () => {
    const wrongAudience = (await mock.session().token({ user: USER, audience: 'https://other.example.com/' }))
      .accessToken;
    await expect(verifyToken(wrongAudience)).rejects.toMatchObject({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
    });
    const wrongIssuer = (
      await mock.session().token({ user: USER, claims: { iss: 'https://evil.example.com/' } })
    ).accessToken;
    await expect(verifyToken(wrongIssuer)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' });
  });
});
