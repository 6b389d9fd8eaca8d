/**
 * POST /oauth/token (docs/tokens.md): every grant, the claims of the tokens it issues, and every error row, always in
 * the RFC 6749 shape with `Cache-Control: no-store` and `Pragma: no-cache`.
 */
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/data/dataset.ts';
import { seedDataset } from '../../src/data/seed.ts';
import {
  basicAuth,
  CI_CLIENT,
  clientToken,
  decodeToken,
  DEFAULT_AUDIENCE,
  DEFAULT_ISSUER,
  expectOAuthError,
  expectToken,
  fixtureClient,
  KNOWN_IDS,
  loginToken,
  MOCK_CLIENT,
  PASSWORD,
  passwordFields,
  postToken,
  ROLE_PERMISSIONS,
  smallDatasetWith,
  USER_ID_CLAIM,
  UUID_PATTERN,
} from '../support/auth.ts';
import { ADMIN, CLIENT, harness, NOW, USER } from '../support/harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { expectError } from '../support/responses.ts';

const IAT = Math.floor(NOW / 1000);
const OTHER_AUDIENCE = 'https://api.example.com/reports';

/** A second client allowed every grant and two audiences; its id and secret need form-encoding in HTTP Basic. */
const SPA_CLIENT = {
  client_id: 'spa client:1',
  client_secret: 'p@ss:w+rd/%&é',
  name: 'SPA',
  grant_types: ['password', 'client_credentials', 'refresh_token'],
  audiences: [DEFAULT_AUDIENCE, OTHER_AUDIENCE],
  permissions: ['read:users'],
  redirect_uris: [],
  logout_uris: [],
} satisfies Client;

/** The small fixtures (every user status; mock-client only) unless a test needs other data. */
const small = (): ReturnType<typeof harness> => harness();
/** The seeded dataset: it has both clients of fixtures/clients.json (mock-client and ci-client). */
const seeded = (): ReturnType<typeof harness> => harness({ dataset: seedDataset({ seed: 1, users: 50 }) });

describe('POST /oauth/token: password grant', () => {
  it.each([
    { name: 'JSON body', form: false },
    { name: 'form body', form: true },
  ])('$name: 200 with a Bearer token and the no-store headers', async ({ form }) => {
    const h = small();
    const res = await postToken(h, passwordFields(ADMIN), { form });
    const body = expectToken(res);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body.expires_in).toBe(86_400);
    expect(res.headers['x-api-version']).toBe('v1');
    const { header, claims } = decodeToken(body.access_token);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: h.mock.keys.signing.kid });
    expect(claims).toEqual({
      iss: DEFAULT_ISSUER,
      sub: `auth0|${KNOWN_IDS.admin}`,
      aud: DEFAULT_AUDIENCE,
      iat: IAT,
      exp: IAT + 86_400,
      azp: MOCK_CLIENT.id,
      gty: 'password',
      jti: expect.stringMatching(UUID_PATTERN) as unknown,
      permissions: ROLE_PERMISSIONS.saas_admin,
      [USER_ID_CLAIM]: KNOWN_IDS.admin,
    });
  });

  it('accepts a JSON Content-Type with a charset parameter', async () => {
    const res = await postToken(small(), passwordFields(USER), {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expectToken(res);
  });

  it.each([
    { name: 'saas_admin', user: ADMIN, id: KNOWN_IDS.admin, role: 'saas_admin' },
    { name: 'saas_user', user: USER, id: KNOWN_IDS.user, role: 'saas_user' },
    { name: 'saas_user_client', user: CLIENT, id: KNOWN_IDS.client, role: 'saas_user_client' },
  ])('$name: sub, userID claim and the permissions of the role', async ({ user, id, role }) => {
    const { claims } = decodeToken(await loginToken(small(), user));
    expect(claims.sub).toBe(`auth0|${id}`);
    expect(claims[USER_ID_CLAIM]).toBe(id);
    expect(claims.permissions).toEqual(ROLE_PERMISSIONS[role]);
    expect(claims.gty).toBe('password');
  });

  it('every token gets its own jti', async () => {
    const h = small();
    const jtis = new Set<unknown>();
    for (let i = 0; i < 5; i++) jtis.add(decodeToken(await loginToken(h, USER)).claims.jti);
    expect(jtis.size).toBe(5);
  });

  it.each([
    { name: 'active', username: 'bob@example.com', password: PASSWORD },
    { name: 'onboarding', username: 'ann.lee@example.com', password: PASSWORD },
    { name: 'risky', username: 'avila@es.example', password: PASSWORD },
    {
      name: 'onboarding, with a password of its own',
      username: 'zadams@example.org',
      password: 'Zoe-2nd-Passw0rd!',
    },
  ])('a user who is $name may log in', async ({ username, password }) => {
    const h = small();
    const { claims } = decodeToken(await loginToken(h, username, password));
    const user = h.allUsers().find((u) => u.email.toLowerCase() === username.toLowerCase());
    expect(claims[USER_ID_CLAIM]).toBe(user?.id);
  });

  it('a fixture user with a password of its own is refused the default one', async () => {
    const res = await postToken(small(), passwordFields('zadams@example.org', PASSWORD));
    expectOAuthError(res, 403, 'invalid_grant', 'Wrong email or password.');
  });

  it.each([
    { name: 'inactive saas_user', username: 'ezola@example.com' },
    { name: 'suspended saas_user', username: 'alvarez@example.com' },
    { name: 'inactive saas_admin', username: 'omar.haddad@acme.test' },
    { name: 'suspended saas_admin', username: 'dana.whitfield@globex.test' },
    { name: 'suspended saas_user_client', username: 'olga.petrova@example.com' },
  ])('$name with the right password: 403 access_denied', async ({ username }) => {
    expectOAuthError(await postToken(small(), passwordFields(username)), 403, 'access_denied');
  });

  it('an inactive user with a wrong password learns nothing about the status: 403 invalid_grant', async () => {
    const res = await postToken(small(), passwordFields('ezola@example.com', 'wrong'));
    expectOAuthError(res, 403, 'invalid_grant', 'Wrong email or password.');
  });
});

describe('POST /oauth/token: client authentication', () => {
  it('HTTP Basic with the client id and secret form-encoded (RFC 6749 §2.3.1)', async () => {
    const h = small();
    const fields = { grant_type: 'password', username: USER, password: PASSWORD };
    const res = await postToken(h, fields, {
      headers: { Authorization: basicAuth(MOCK_CLIENT.id, MOCK_CLIENT.secret) },
    });
    expect(decodeToken(expectToken(res).access_token).claims.azp).toBe(MOCK_CLIENT.id);
  });

  it('HTTP Basic decodes form-encoded reserved and non-ASCII characters', async () => {
    const h = harness({ dataset: smallDatasetWith([SPA_CLIENT]) });
    const res = await postToken(
      h,
      { grant_type: 'client_credentials' },
      { form: true, headers: { Authorization: basicAuth(SPA_CLIENT.client_id, SPA_CLIENT.client_secret) } },
    );
    const { claims } = decodeToken(expectToken(res).access_token);
    expect(claims.azp).toBe(SPA_CLIENT.client_id);
    expect(claims.sub).toBe(`${SPA_CLIENT.client_id}@clients`);
  });

  it('the same client in the body works with any form-encoded characters', async () => {
    const h = harness({ dataset: smallDatasetWith([SPA_CLIENT]) });
    const res = await postToken(
      h,
      {
        grant_type: 'client_credentials',
        client_id: SPA_CLIENT.client_id,
        client_secret: SPA_CLIENT.client_secret,
      },
      { form: true },
    );
    expect(decodeToken(expectToken(res).access_token).claims.azp).toBe(SPA_CLIENT.client_id);
  });

  it.each([
    {
      name: 'unknown client_id in the body',
      fields: { ...passwordFields(USER), client_id: 'nobody' },
      headers: {},
    },
    {
      name: 'wrong client_secret in the body',
      fields: { ...passwordFields(USER), client_secret: 'wrong' },
      headers: {},
    },
    {
      name: 'unknown client by HTTP Basic',
      fields: { grant_type: 'client_credentials' },
      headers: { Authorization: basicAuth('nobody', 'x') },
    },
    {
      name: 'wrong secret by HTTP Basic',
      fields: { grant_type: 'client_credentials' },
      headers: { Authorization: basicAuth(MOCK_CLIENT.id, 'wrong') },
    },
  ])('$name: 401 invalid_client', async ({ fields, headers }) => {
    const res = await postToken(small(), fields, { headers });
    expectOAuthError(res, 401, 'invalid_client');
    // RFC 6749 §5.2: a Basic challenge when the client used HTTP Basic, none otherwise.
    expect(res.headers['www-authenticate']).toBe(
      'Authorization' in headers ? 'Basic realm="identity"' : undefined,
    );
  });
});

describe('POST /oauth/token: client_credentials grant', () => {
  it.each([
    { name: 'mock-client', client: MOCK_CLIENT, form: false },
    { name: 'ci-client', client: CI_CLIENT, form: false },
    { name: 'ci-client, form body', client: CI_CLIENT, form: true },
  ])('$name: sub <client_id>@clients, the client permissions, no userID', async ({ client, form }) => {
    const res = await postToken(
      seeded(),
      { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret },
      { form },
    );
    const body = expectToken(res);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const { claims } = decodeToken(body.access_token);
    expect(claims).toEqual({
      iss: DEFAULT_ISSUER,
      sub: `${client.id}@clients`,
      aud: DEFAULT_AUDIENCE,
      iat: IAT,
      exp: IAT + 86_400,
      azp: client.id,
      gty: 'client-credentials',
      jti: expect.stringMatching(UUID_PATTERN) as unknown,
      permissions: fixtureClient(client.id).permissions,
    });
    expect(claims).not.toHaveProperty([USER_ID_CLAIM]);
  });

  it('the API accepts a client_credentials token', async () => {
    const h = seeded();
    const res = await h.get('/users?page_size=1', { token: await clientToken(h, CI_CLIENT) });
    expect(res.status).toBe(200);
  });

  it('offline_access gives no refresh token to a client without a user', async () => {
    const res = await postToken(small(), {
      grant_type: 'client_credentials',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      scope: 'offline_access',
    });
    const body = expectToken(res);
    expect(body.scope).toBe('offline_access');
    expect(body).not.toHaveProperty('refresh_token');
  });

  it.each([
    { name: 'password', fields: passwordFields(USER) },
    { name: 'refresh_token', fields: { grant_type: 'refresh_token', refresh_token: 'anything' } },
  ])('ci-client may not use the $name grant: 403 unauthorized_client', async ({ fields }) => {
    const res = await postToken(seeded(), {
      ...fields,
      client_id: CI_CLIENT.id,
      client_secret: CI_CLIENT.secret,
    });
    expectOAuthError(res, 403, 'unauthorized_client');
  });
});

describe('POST /oauth/token: scope and refresh_token', () => {
  it('no scope asked: none in the answer and none in the token', async () => {
    const h = small();
    const body = expectToken(await postToken(h, passwordFields(USER)));
    expect(body).not.toHaveProperty('scope');
    expect(body).not.toHaveProperty('refresh_token');
    expect(decodeToken(body.access_token).claims).not.toHaveProperty('scope');
  });

  it('scope asked: in the answer and the claim; no refresh token without offline_access', async () => {
    const body = expectToken(
      await postToken(small(), passwordFields(USER, PASSWORD, { scope: 'openid profile' })),
    );
    expect(body.scope).toBe('openid profile');
    expect(body).not.toHaveProperty('refresh_token');
    expect(decodeToken(body.access_token).claims.scope).toBe('openid profile');
  });

  it('offline_access: a refresh token that yields a new access token with gty refresh_token', async () => {
    const h = small();
    const first = expectToken(
      await postToken(h, passwordFields(USER, PASSWORD, { scope: 'openid offline_access' }), { form: true }),
    );
    expect(first.scope).toBe('openid offline_access');
    expect(typeof first.refresh_token).toBe('string');
    const res = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: first.refresh_token ?? '',
    });
    const second = expectToken(res);
    expect(second.expires_in).toBe(86_400);
    expect(second.access_token).not.toBe(first.access_token);
    const before = decodeToken(first.access_token).claims;
    const after = decodeToken(second.access_token).claims;
    expect(after).toEqual({
      ...before,
      gty: 'refresh_token',
      jti: expect.stringMatching(UUID_PATTERN) as unknown,
    });
    expect(after.jti).not.toBe(before.jti);
    expect(after.permissions).toEqual(ROLE_PERMISSIONS.saas_user);
    expect((await h.get('/users?page_size=1', { token: second.access_token })).status).toBe(200);
  });

  it('HTTP Basic works for the refresh_token grant', async () => {
    const h = small();
    const refresh = expectToken(
      await postToken(h, passwordFields(ADMIN, PASSWORD, { scope: 'offline_access' })),
    ).refresh_token;
    const res = await postToken(
      h,
      { grant_type: 'refresh_token', refresh_token: refresh ?? '' },
      { headers: { Authorization: basicAuth(MOCK_CLIENT.id, MOCK_CLIENT.secret) } },
    );
    expect(decodeToken(expectToken(res).access_token).claims.sub).toBe(`auth0|${KNOWN_IDS.admin}`);
  });

  it('a refresh token keeps the audience of the original request', async () => {
    const h = harness({ dataset: smallDatasetWith([SPA_CLIENT]) });
    const spa = { client_id: SPA_CLIENT.client_id, client_secret: SPA_CLIENT.client_secret };
    const first = expectToken(
      await postToken(h, {
        ...passwordFields(USER, PASSWORD, { scope: 'offline_access', audience: OTHER_AUDIENCE }),
        ...spa,
      }),
    );
    const res = await postToken(h, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      ...spa,
    });
    expect(decodeToken(expectToken(res).access_token).claims.aud).toBe(OTHER_AUDIENCE);
  });

  it('an unknown refresh token: 403 invalid_grant', async () => {
    const res = await postToken(small(), {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: 'not-a-refresh-token',
    });
    expectOAuthError(res, 403, 'invalid_grant');
  });

  it("another client's refresh token: 400 invalid_grant, and it stays usable by its own client", async () => {
    const h = harness({ dataset: smallDatasetWith([SPA_CLIENT]) });
    const refresh = expectToken(
      await postToken(h, passwordFields(USER, PASSWORD, { scope: 'offline_access' })),
    ).refresh_token;
    const res = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: SPA_CLIENT.client_id,
      client_secret: SPA_CLIENT.client_secret,
      refresh_token: refresh ?? '',
    });
    expectOAuthError(res, 400, 'invalid_grant', /issued to another client/);
    const own = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: refresh ?? '',
    });
    expectToken(own);
  });

  it('after a reset of the mock, an earlier refresh token: 403 invalid_grant', async () => {
    const h = small();
    const refresh = expectToken(
      await postToken(h, passwordFields(USER, PASSWORD, { scope: 'offline_access' })),
    ).refresh_token;
    await h.mock.session().reset();
    const res = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: refresh ?? '',
    });
    expectOAuthError(res, 403, 'invalid_grant');
  });

  it('the refresh token of a user deleted since: 403 invalid_grant', async () => {
    const h = small();
    const refresh = expectToken(
      await postToken(h, passwordFields('bob@example.com', PASSWORD, { scope: 'offline_access' })),
    ).refresh_token;
    expect((await h.send('DELETE', '/users/bob', { token: h.token(ADMIN) })).status).toBe(204);
    const res = await postToken(h, {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: refresh ?? '',
    });
    expectOAuthError(res, 403, 'invalid_grant');
  });
});

describe('POST /oauth/token: audience, lifetime, namespace, issuer', () => {
  it.each([
    { name: 'default audience when none is asked', extra: {}, aud: DEFAULT_AUDIENCE },
    {
      name: 'the default audience asked explicitly',
      extra: { audience: DEFAULT_AUDIENCE },
      aud: DEFAULT_AUDIENCE,
    },
    { name: "another of the client's audiences", extra: { audience: OTHER_AUDIENCE }, aud: OTHER_AUDIENCE },
  ])('aud: $name', async ({ extra, aud }) => {
    const h = harness({ dataset: smallDatasetWith([SPA_CLIENT]) });
    const res = await postToken(h, {
      ...passwordFields(USER, PASSWORD, extra),
      client_id: SPA_CLIENT.client_id,
      client_secret: SPA_CLIENT.client_secret,
    });
    expect(decodeToken(expectToken(res).access_token).claims.aud).toBe(aud);
  });

  it('a token for another audience is refused by the identity API (401 invalid_token)', async () => {
    const h = harness({ dataset: smallDatasetWith([SPA_CLIENT]) });
    const res = await postToken(h, {
      ...passwordFields(ADMIN, PASSWORD, { audience: OTHER_AUDIENCE }),
      client_id: SPA_CLIENT.client_id,
      client_secret: SPA_CLIENT.client_secret,
    });
    const api = await h.get('/users', { token: expectToken(res).access_token });
    expectError(api, 401, 'invalid_token');
  });

  it('an unknown audience: 403 access_denied "Service not found: <aud>"', async () => {
    const aud = 'https://unknown.example.com/api';
    const res = await postToken(small(), passwordFields(USER, PASSWORD, { audience: aud }));
    expectOAuthError(res, 403, 'access_denied', `Service not found: ${aud}`);
  });

  it('an audience the client does not have: 403 access_denied', async () => {
    const res = await postToken(small(), passwordFields(USER, PASSWORD, { audience: OTHER_AUDIENCE }));
    expectOAuthError(res, 403, 'access_denied', `Service not found: ${OTHER_AUDIENCE}`);
  });

  it.each([
    { name: 'password', fields: passwordFields(USER) },
    {
      name: 'client_credentials',
      fields: {
        grant_type: 'client_credentials',
        client_id: MOCK_CLIENT.id,
        client_secret: MOCK_CLIENT.secret,
      },
    },
  ])('tokenTtl is honoured ($name): exp = iat + ttl, expires_in = exp - iat', async ({ fields }) => {
    const res = await postToken(harness({ tokenTtl: 600 }), fields);
    const body = expectToken(res);
    const { claims } = decodeToken(body.access_token);
    expect(claims.iat).toBe(IAT);
    expect(claims.exp).toBe(IAT + 600);
    expect(body.expires_in).toBe(600);
  });

  it('claimsNamespace names the userID claim, which the API then reads', async () => {
    const h = harness({ claimsNamespace: 'https://claims.example.org' });
    const token = await loginToken(h, USER);
    const { claims } = decodeToken(token);
    expect(claims['https://claims.example.org/userID']).toBe(KNOWN_IDS.user);
    expect(claims).not.toHaveProperty([USER_ID_CLAIM]);
    expect((await h.get('/users?page_size=1', { token })).status).toBe(200);
  });

  it('the issuer option sets iss', async () => {
    const h = harness({ issuer: 'https://auth.example.test/' });
    expect(decodeToken(await loginToken(h, USER)).claims.iss).toBe('https://auth.example.test/');
  });
});

describe('POST /oauth/token: malformed requests (400 invalid_request)', () => {
  it.each([
    { name: 'malformed JSON', body: '{"grant_type": "password",', contentType: 'application/json' },
    { name: 'a JSON array', body: '[]', contentType: 'application/json' },
    { name: 'a JSON string', body: '"password"', contentType: 'application/json' },
    { name: 'a JSON number field', body: '{"grant_type": 5}', contentType: 'application/json' },
    { name: 'a text/plain body', body: 'grant_type=password', contentType: 'text/plain' },
    { name: 'an image/png body', body: '\u0089PNG', contentType: 'image/png' },
    { name: 'an XML body', body: '<grant_type>password</grant_type>', contentType: 'application/xml' },
  ])('$name', async ({ body, contentType }) => {
    const h = small();
    const res = await h.send('POST', '/oauth/token', { body, headers: { 'Content-Type': contentType } });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('a form parameter sent twice (RFC 6749 §3.2)', async () => {
    const res = await small().send('POST', '/oauth/token', {
      body: `${new URLSearchParams(passwordFields(USER)).toString()}&grant_type=password`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('no body and no Content-Type', async () => {
    expectOAuthError(await small().send('POST', '/oauth/token'), 400, 'invalid_request');
  });

  it('a body over the size limit: 413 in the RFC 6749 shape, naming the limit', async () => {
    for (const form of [false, true]) {
      const fields = { ...passwordFields(USER), padding: 'x'.repeat(200_000) };
      const res = await postToken(small(), fields, { form });
      expectOAuthError(res, 413, 'invalid_request', /over the limit of 100 KiB \(102400 bytes\)/);
    }
  });

  it.each([
    { name: 'grant_type', grant: 'password', form: false },
    { name: 'username', grant: 'password', form: false },
    { name: 'password', grant: 'password', form: true },
    { name: 'client_id', grant: 'password', form: false },
    { name: 'client_secret', grant: 'password', form: true },
    { name: 'client_id', grant: 'client_credentials', form: true },
    { name: 'refresh_token', grant: 'refresh_token', form: false },
  ])('$grant without $name', async ({ name, grant, form }) => {
    const { username, password, ...client } = passwordFields(USER);
    const all: Record<string, string> = {
      ...client,
      grant_type: grant,
      ...(grant === 'password' ? { username, password } : {}),
      ...(grant === 'refresh_token' ? { refresh_token: 'x' } : {}),
    };
    const fields = Object.fromEntries(Object.entries(all).filter(([field]) => field !== name));
    const message = expectOAuthError(await postToken(small(), fields, { form }), 400, 'invalid_request');
    expect(message).toContain(name);
  });

  it('an empty username counts as missing', async () => {
    const res = await postToken(small(), passwordFields(''));
    expectOAuthError(res, 400, 'invalid_request', /username/);
  });

  it('a client_id that differs between HTTP Basic and the body', async () => {
    const res = await postToken(small(), passwordFields(USER), {
      headers: { Authorization: basicAuth('other-client', MOCK_CLIENT.secret) },
    });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it.each([
    { name: 'X-API-Version: v2', headers: { 'X-API-Version': 'v2' } },
    { name: 'X-API-Version: empty', headers: { 'X-API-Version': '' } },
  ])('$name: 400 in the OAuth shape, not unsupported_api_version', async ({ headers }) => {
    const res = await postToken(small(), passwordFields(USER), { headers });
    expectOAuthError(res, 400, 'invalid_request', /X-API-Version/);
  });

  it('X-API-Version: v1 is accepted', async () => {
    expectToken(await postToken(small(), passwordFields(USER), { headers: { 'X-API-Version': 'v1' } }));
  });
});

describe('POST /oauth/token: grant errors', () => {
  it.each(['implicit', 'urn:ietf:params:oauth:grant-type:jwt-bearer', 'PASSWORD'])(
    'grant_type %s: 400 unsupported_grant_type',
    async (grant) => {
      const res = await postToken(small(), { ...passwordFields(USER), grant_type: grant });
      expectOAuthError(res, 400, 'unsupported_grant_type');
    },
  );

  it.each([
    { name: 'a wrong password', username: USER, password: 'wrong' },
    { name: 'an unknown email', username: 'nobody@example.com', password: PASSWORD },
    { name: 'the password of another user', username: 'zadams@example.org', password: PASSWORD },
  ])('$name: 403 invalid_grant "Wrong email or password."', async ({ username, password }) => {
    const res = await postToken(small(), passwordFields(username, password));
    expectOAuthError(res, 403, 'invalid_grant', 'Wrong email or password.');
  });
});

describe('POST /oauth/token: lock-out after 10 wrong passwords', () => {
  const wrong = passwordFields(USER, 'wrong');
  const blocked = (res: request.Response): void => {
    const message = expectOAuthError(res, 429, 'too_many_attempts');
    expect(message).toContain('after 10 consecutive wrong passwords');
    expect(message).toContain('15 minutes');
  };

  it('10 wrong: each 403; then every attempt, the right password included, 429 too_many_attempts', async () => {
    const h = small();
    for (let i = 1; i <= 10; i++) {
      expectOAuthError(await postToken(h, wrong), 403, 'invalid_grant', 'Wrong email or password.');
    }
    blocked(await postToken(h, wrong));
    blocked(await postToken(h, passwordFields(USER)));
    // Another account is not affected.
    expectOAuthError(await postToken(h, passwordFields(ADMIN, 'wrong')), 403, 'invalid_grant');
    expectToken(await postToken(h, passwordFields(ADMIN)));
  });

  it('9 wrong then the right password: the counter starts again', async () => {
    const h = small();
    for (let i = 1; i <= 9; i++) expectOAuthError(await postToken(h, wrong), 403, 'invalid_grant');
    expectToken(await postToken(h, passwordFields(USER)));
    for (let i = 1; i <= 9; i++) expectOAuthError(await postToken(h, wrong), 403, 'invalid_grant');
    expectToken(await postToken(h, passwordFields(USER)));
  });

  it('the block lasts 15 minutes, and only for the address that sent the wrong passwords', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now, trustProxy: true });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    for (let i = 1; i <= 10; i++) {
      expectOAuthError(await postToken(h, wrong, from('203.0.113.7')), 403, 'invalid_grant');
    }
    blocked(await postToken(h, passwordFields(USER), from('203.0.113.7')));
    expectToken(await postToken(h, passwordFields(USER), from('198.51.100.2')));
    clock.advanceSeconds(14 * 60 + 59);
    blocked(await postToken(h, passwordFields(USER), from('203.0.113.7')));
    clock.advanceSeconds(1);
    expectToken(await postToken(h, passwordFields(USER), from('203.0.113.7')));
  });

  it('a reset of the mock clears the counter', async () => {
    const h = small();
    for (let i = 1; i <= 10; i++) expectOAuthError(await postToken(h, wrong), 403, 'invalid_grant');
    expectOAuthError(await postToken(h, wrong), 429, 'too_many_attempts');
    await h.mock.session().reset();
    for (let i = 1; i <= 10; i++) expectOAuthError(await postToken(h, wrong), 403, 'invalid_grant');
    expectOAuthError(await postToken(h, wrong), 429, 'too_many_attempts');
  });
});
