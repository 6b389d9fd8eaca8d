/**
 * Every error of GET /users and DELETE /users/{id-or-identifier} (docs/responses.md, docs/users.md), black-box: status, code, the
 * `{error, code, details?}` body with `X-Message` carrying `error`, the RFC 6750 challenges, and never a 500.
 */
import { generateKeyPairSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, CLIENT, USER, harness, type Harness } from '../support/harness.ts';
import { hmacJwt, rsaJwt, splitJwt, unsignedJwt, withPayload } from '../support/jwt-craft.ts';
import { expectError, expectQueryDetail, usersOf } from '../support/responses.ts';

const USER_ID_CLAIM = 'https://identity.example.com/userID';
const ZOE = 'ec9b26d6-0862-4d15-82ec-e6eb5a6449aa'; // zoe.adams, a saas_user
const LENA = 'e894f0f8-8699-4eb9-8a37-d54c2b38927e';
const REALM = 'Bearer realm="identity"';

let h: Harness;
let admin: string;

beforeEach(() => {
  h = harness();
  admin = h.token(ADMIN);
});

describe('400 invalid_request: the query', () => {
  it('an unknown query parameter is refused, naming it', async () => {
    const res = await h.get('/users?colour=blue', { token: admin });
    const detail = expectQueryDetail(res, 'colour');
    expect(detail.message).toMatch(/not a query parameter/);
    // The message says what is accepted (once, whatever the number of unknown parameters) and how to allow others.
    expect((res.body as { error: string }).error).toContain('page_size');
    expect((res.body as { error: string }).error).toContain('--lenient-query');
  });

  it.each([
    { name: 'upper-case spelling of a known one', query: 'PAGE=2', param: 'PAGE' },
    { name: 'a typo', query: 'pagesize=10', param: 'pagesize' },
    { name: 'next to valid ones', query: 'status=active&sortby=name', param: 'sortby' },
    { name: 'a lone bracket', query: '%5B=1', param: '[' },
    { name: 'a bracketed name', query: '%5Bx%5D=1', param: '[x]' },
    { name: 'an unclosed bracket', query: 'a%5B=1', param: 'a[' },
    { name: 'array notation of a known one', query: 'page%5B%5D=1', param: 'page[]' },
    { name: 'a prototype key', query: '__proto__=1', param: '__proto__' },
  ])('an unknown query parameter ($name) is named as sent', async ({ query, param }) => {
    const detail = expectQueryDetail(await h.get(`/users?${query}`, { token: admin }), param);
    expect(detail.message).toMatch(/not a query parameter/);
  });

  it('every unknown query parameter is named', async () => {
    const res = await h.get('/users?colour=blue&status=active&size=xl', { token: admin });
    const body = expectError(res, 400, 'invalid_request');
    expect(body.details?.map((d) => `${d.location}:${d.name}`).sort()).toEqual([
      'query:colour',
      'query:size',
    ]);
  });

  it('--lenient-query accepts unknown parameters and ignores them', async () => {
    const lenient = harness({ lenientQuery: true });
    const token = lenient.token(ADMIN);
    const res = await lenient.get('/users?colour=blue&status=active', { token });
    const plain = await lenient.get('/users?status=active', { token });
    expect(usersOf(res)).toEqual(usersOf(plain));
    expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
  });

  it("--lenient-query is the identity API's: the control plane still refuses an unknown parameter", async () => {
    const lenient = harness({ lenientQuery: true });
    const res = await lenient.get('/__admin/requests?colour=blue');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      details: [{ location: 'query', name: 'colour' }],
    });
  });

  it('an empty query value is refused before its schema is read, naming the first one', async () => {
    const h = harness();
    const res = await h.get('/users?search=&status=deleted', { token: h.token(ADMIN) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      details: [{ location: 'query', name: 'search', message: 'must not be empty' }],
    });
    expect((res.body as { details: unknown[] }).details).toHaveLength(1);
  });

  it.each([
    { name: 'sort_by not a field', param: 'sort_by', value: 'password' },
    { name: 'sort_by in upper case', param: 'sort_by', value: 'NAME' },
    { name: 'sort_order', param: 'sort_order', value: 'up' },
    { name: 'user_type', param: 'user_type', value: 'root' },
    { name: 'status', param: 'status', value: 'deleted' },
    { name: 'page=0', param: 'page', value: '0' },
    { name: 'page=-1', param: 'page', value: '-1' },
    { name: 'page=abc', param: 'page', value: 'abc' },
    { name: 'page=1.5', param: 'page', value: '1.5' },
    { name: 'page in hexadecimal (Number() would read 2)', param: 'page', value: '0x2' },
    { name: 'page in exponent notation', param: 'page', value: '1e1' },
    { name: 'page=2.0', param: 'page', value: '2.0' },
    { name: 'page with a leading space', param: 'page', value: ' 3' },
    { name: 'page_size with a plus sign', param: 'page_size', value: '+5' },
    { name: 'page beyond its maximum', param: 'page', value: '1000000001' },
    { name: 'page_size=0', param: 'page_size', value: '0' },
    { name: 'page_size=101', param: 'page_size', value: '101' },
    { name: 'page_size=ten', param: 'page_size', value: 'ten' },
    { name: 'id not a uuid', param: 'id', value: 'not-a-uuid' },
    { name: 'created_by not a uuid', param: 'created_by', value: '12345' },
    { name: 'updated_by, a uuid missing a digit', param: 'updated_by', value: LENA.slice(0, -1) },
    { name: 'id as a urn:uuid URN', param: 'id', value: `urn:uuid:${LENA}` },
    { name: 'id in braces', param: 'id', value: `{${LENA}}` },
    { name: 'created_by without hyphens', param: 'created_by', value: LENA.replace(/-/g, '') },
  ])('$name → 400 naming the parameter and the value', async ({ param, value }) => {
    const res = await h.get(`/users?${param}=${encodeURIComponent(value)}`, { token: admin });
    const detail = expectQueryDetail(res, param);
    expect(detail.message).toContain(value);
  });

  it('page_size out of range says what is accepted', async () => {
    const detail = expectQueryDetail(await h.get('/users?page_size=101', { token: admin }), 'page_size');
    expect(detail.message).toMatch(/1.*100/);
  });

  it.each([
    { name: 'page', query: 'page=1&page=2', param: 'page', values: ['1', '2'] },
    { name: 'status', query: 'status=active&status=risky', param: 'status', values: ['active', 'risky'] },
    { name: 'search', query: 'search=ann&search=lee', param: 'search', values: ['ann', 'lee'] },
    { name: 'same value twice', query: 'sort_by=name&sort_by=name', param: 'sort_by', values: ['name'] },
  ])('a repeated parameter ($name) → 400 naming it and its values', async ({ query, param, values }) => {
    const detail = expectQueryDetail(await h.get(`/users?${query}`, { token: admin }), param);
    for (const value of values) expect(detail.message).toContain(value);
  });

  it('lists one details entry per offending parameter', async () => {
    const res = await h.get('/users?page=0&page_size=500&sort_by=nope', { token: admin });
    const body = expectError(res, 400, 'invalid_request');
    expect(body.details?.map((d) => d.name).sort()).toEqual(['page', 'page_size', 'sort_by']);
    for (const d of body.details ?? []) expect(d.location).toBe('query');
  });
});

describe('headers every route checks', () => {
  it.each([
    { name: 'GET /users', path: '/users', token: true },
    { name: 'GET /health', path: '/health', token: false },
    { name: 'GET /users without a token', path: '/users', token: false },
  ])('X-API-Version: v2 on $name → 400 unsupported_api_version', async ({ path, token }) => {
    const res = await h.get(path, { headers: { 'X-API-Version': 'v2' }, ...(token ? { token: admin } : {}) });
    const body = expectError(res, 400, 'unsupported_api_version');
    expect(body.error).toContain('v2');
    expect(body.details).toContainEqual(
      expect.objectContaining({ location: 'header', name: 'X-API-Version' }),
    );
  });

  it('X-API-Version: v2 on DELETE → 400, and nobody is deleted', async () => {
    const res = await h.send('DELETE', `/users/${ZOE}`, { token: admin, headers: { 'X-API-Version': 'v2' } });
    expectError(res, 400, 'unsupported_api_version');
    expect(h.allUsers().some((u) => u.id === ZOE)).toBe(true);
  });

  it.each(['/users', '/health'])('X-API-Version: v1 is accepted on %s', async (path) => {
    const res = await h.get(path, { token: admin, headers: { 'X-API-Version': 'v1' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-api-version']).toBe('v1');
  });

  it.each(['image/png', 'application/javascript', 'text/csv', 'application/json-patch+json'])(
    'Content-Type %s → 415 unsupported_media_type',
    async (type) => {
      const res = await h.get('/users', { token: admin, headers: { 'Content-Type': type } });
      const body = expectError(res, 415, 'unsupported_media_type');
      expect(body.error).toContain(type);
    },
  );

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])('Content-Type %s is accepted', async (type) => {
    const res = await h.get('/users', { token: admin, headers: { 'Content-Type': type } });
    expect(res.status).toBe(200);
  });
});

describe('401 missing_token', () => {
  it.each([
    { name: 'no Authorization header', authorization: undefined },
    { name: 'another scheme', authorization: 'Basic xyz' },
    { name: 'Basic with real credentials', authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    { name: 'Bearer alone', authorization: 'Bearer' },
    { name: 'Bearer and spaces', authorization: 'Bearer   ' },
    { name: 'an empty header', authorization: '' },
  ])('$name → 401 missing_token with the realm challenge', async ({ authorization }) => {
    const headers: Record<string, string> =
      authorization === undefined ? {} : { Authorization: authorization };
    const res = await h.get('/users', { headers });
    expectError(res, 401, 'missing_token');
    expect(res.headers['www-authenticate']).toBe(REALM);
  });
});

describe('401 invalid_token', () => {
  const payloadOf = (token: string) => splitJwt(token).payload;

  const cases: { name: string; token: (h: Harness) => string }[] = [
    { name: 'garbage', token: () => 'garbage' },
    { name: 'three dots of garbage', token: () => 'abc.def.ghi' },
    {
      name: 'a tampered payload (more permissions)',
      token: (x) => {
        const token = x.token(USER);
        return withPayload(token, { ...payloadOf(token), permissions: ['read:users', 'delete:users'] });
      },
    },
    {
      name: 'a tampered payload (another user)',
      token: (x) => {
        const token = x.token(USER);
        return withPayload(token, {
          ...payloadOf(token),
          [USER_ID_CLAIM]: '00000000-0000-4000-8000-000000000001',
        });
      },
    },
    { name: 'expired an hour ago', token: (x) => x.token(ADMIN, { expiresIn: -3600 }) },
    { name: 'expired 31 s ago (beyond the 30 s leeway)', token: (x) => x.token(ADMIN, { expiresIn: -31 }) },
    { name: 'a wrong audience', token: (x) => x.token(ADMIN, { audience: 'x' }) },
    {
      name: 'an audience list without ours',
      token: (x) => x.token(ADMIN, { claims: { aud: ['https://other.example/api'] } }),
    },
    { name: 'a wrong issuer', token: (x) => x.token(ADMIN, { claims: { iss: 'https://evil.example/' } }) },
    {
      name: 'the issuer without its trailing slash',
      token: (x) => x.token(ADMIN, { claims: { iss: 'http://localhost:8080' } }),
    },
    {
      name: 'not valid before an hour from now',
      token: (x) =>
        x.token(ADMIN, { claims: { nbf: Math.floor(Date.parse('2026-01-15T13:00:00Z') / 1000) } }),
    },
    {
      name: 'an unknown kid (signed with the server key all the same)',
      token: (x) => {
        const { header, payload } = splitJwt(x.token(ADMIN));
        return rsaJwt({ ...header, kid: 'some-other-key' }, payload, x.mock.keys.signing.privateKey);
      },
    },
    {
      name: 'an attacker key embedded as jwk under our kid',
      token: (x) => {
        const { header, payload } = splitJwt(x.token(ADMIN));
        const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const jwk = publicKey.export({ format: 'jwk' });
        return rsaJwt({ ...header, jwk, jku: 'https://evil.example/jwks.json' }, payload, privateKey);
      },
    },
    { name: 'alg: none', token: (x) => unsignedJwt(payloadOf(x.token(ADMIN))) },
    {
      name: 'HS256 keyed with the server public key PEM',
      token: (x) => {
        const { header, payload } = splitJwt(x.token(ADMIN));
        const pem = x.mock.keys.signing.publicKey.export({ type: 'spki', format: 'pem' }).toString();
        return hmacJwt(header, payload, pem);
      },
    },
    {
      name: 'a user id claim naming an unknown user',
      token: (x) => x.token(ADMIN, { claims: { [USER_ID_CLAIM]: '12345678-1234-4234-8234-123456789abc' } }),
    },
    { name: 'no user id claim', token: (x) => x.token(ADMIN, { claims: { [USER_ID_CLAIM]: undefined } }) },
  ];

  it.each(cases)('$name → 401 invalid_token with error="invalid_token"', async ({ token }) => {
    const res = await h.get('/users', { token: token(h) });
    expectError(res, 401, 'invalid_token');
    const challenge = res.headers['www-authenticate'] ?? '';
    expect(challenge.startsWith(REALM)).toBe(true);
    expect(challenge).toContain('error="invalid_token"');
  });

  it('the same refusals hold on DELETE, and nobody is deleted', async () => {
    for (const { token } of cases) {
      expectError(await h.send('DELETE', `/users/${ZOE}`, { token: token(h) }), 401, 'invalid_token');
    }
    expect(h.allUsers().some((u) => u.id === ZOE)).toBe(true);
  });

  it.each([
    { name: 'expired 10 s ago', expiresIn: -10 },
    { name: 'expired 29 s ago', expiresIn: -29 },
    { name: 'expiring in 1 s', expiresIn: 1 },
  ])('a token $name is still accepted (30 s leeway)', async ({ expiresIn }) => {
    expect((await h.get('/users', { token: h.token(ADMIN, { expiresIn }) })).status).toBe(200);
  });

  it("a user's token is refused once the user is deleted", async () => {
    const zoe = h.token(ZOE);
    expect((await h.get('/users', { token: zoe })).status).toBe(200);
    expect((await h.send('DELETE', `/users/${ZOE}`, { token: admin })).status).toBe(204);
    const res = await h.get('/users', { token: zoe });
    expectError(res, 401, 'invalid_token');
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it.each(['bearer', 'BEARER', 'BeArEr'])(
    'the scheme name %s is accepted (case-insensitive)',
    async (scheme) => {
      const res = await h.get('/users', { headers: { Authorization: `${scheme} ${admin}` } });
      expect(res.status).toBe(200);
    },
  );
});

describe('403', () => {
  it('insufficient_permissions: the client account lists users', async () => {
    const res = await h.get('/users', { token: h.token(CLIENT) });
    const body = expectError(res, 403, 'insufficient_permissions');
    expect(body.error).toContain('read:users');
    const challenge = res.headers['www-authenticate'] ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="read:users"');
  });

  it.each([
    { name: 'a saas_user', token: (x: Harness) => x.token(USER) },
    {
      name: 'an admin token holding only read:users',
      token: (x: Harness) => x.token(ADMIN, { permissions: ['read:users'] }),
    },
    {
      name: 'a token without a permissions claim',
      token: (x: Harness) => x.token(ADMIN, { claims: { permissions: undefined } }),
    },
  ])('insufficient_permissions: $name deletes', async ({ token }) => {
    const res = await h.send('DELETE', `/users/${ZOE}`, { token: token(h) });
    expectError(res, 403, 'insufficient_permissions');
    const challenge = res.headers['www-authenticate'] ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="delete:users"');
    expect(h.allUsers().some((u) => u.id === ZOE)).toBe(true);
  });

  const metadataCases = ['id', 'created_by', 'updated_by'].flatMap((param) => [
    { name: `saas_user, ${param}`, param, token: (x: Harness) => x.token(USER) },
    {
      name: `admin without read:user_metadata, ${param}`,
      param,
      token: (x: Harness) => x.token(ADMIN, { permissions: ['read:users'] }),
    },
  ]);
  it.each(metadataCases)('metadata_permission_required: $name', async ({ param, token }) => {
    const res = await h.get(`/users?${param}=${LENA}`, { token: token(h) });
    const body = expectError(res, 403, 'metadata_permission_required');
    expect(body.error).toContain('read:user_metadata');
    const challenge = res.headers['www-authenticate'] ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="read:user_metadata"');
  });

  it.each([
    { name: 'saas_user', token: (x: Harness) => x.token(USER) },
    {
      name: 'admin without read:user_metadata',
      token: (x: Harness) => x.token(ADMIN, { permissions: ['read:users'] }),
    },
  ])('without read:user_metadata ($name) records have no created_by / updated_by', async ({ token }) => {
    const users = usersOf(await h.get('/users?page_size=100', { token: token(h) }));
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      expect(Object.keys(user)).not.toContain('created_by');
      expect(Object.keys(user)).not.toContain('updated_by');
    }
  });

  it('with read:user_metadata records carry created_by / updated_by', async () => {
    const users = usersOf(await h.get('/users?page_size=100', { token: admin }));
    const withMetadata = users.filter((u) => u.created_by !== undefined && u.updated_by !== undefined);
    expect(withMetadata.length).toBe(h.allUsers().filter((u) => u.created_by !== undefined).length);
    expect(withMetadata.length).toBeGreaterThan(30);
  });
});

describe('routes', () => {
  it.each(['/nope', '/user', '/users/ann.lee/extra', '/Users'])('GET %s → 404 not_found', async (path) => {
    expectError(await h.get(path, { token: admin }), 404, 'not_found');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s /users → 405 with Allow: GET', async (method) => {
    const res = await h.send(method, '/users', { token: admin });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET');
  });

  it.each(['GET', 'POST', 'PUT'])('%s /users/{id} → 405 with Allow: DELETE', async (method) => {
    const res = await h.send(method, `/users/${ZOE}`, { token: admin });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('DELETE');
  });
});
