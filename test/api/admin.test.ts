/**
 * The control plane under `/__admin` (docs/control-plane.md; spec/admin.yaml): every endpoint with good and bad input, each
 * answer checked against spec/admin.yaml, the journal and its redaction, app tokens, `admin: false` and
 * `adminToken`.
 */
import { recordedRequest } from '../../src/client/admin-wire.ts';
import type request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/control/journal.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import type { User } from '../../src/spec/types.ts';
import { adminClient, concretePath, type AdminClient } from '../support/admin-client.ts';
import {
  basicAuth,
  decodeToken,
  expectOAuthError,
  expectToken,
  KNOWN_IDS,
  MOCK_CLIENT,
  PASSWORD,
  passwordFields,
  postToken,
  ROLE_PERMISSIONS,
} from '../support/auth.ts';
import { sendMany } from '../support/bulk-requests.ts';
import {
  ADMIN,
  CLIENT,
  harness,
  NOW,
  SMALL_FIXTURES,
  SPECS,
  USER,
  type Harness,
} from '../support/harness.ts';
import { expectError, totalOf, usersOf } from '../support/responses.ts';

const ADMIN_OPERATIONS = SPECS.admin.model.operations;

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
  readonly token: string;
}

function setup(options: Parameters<typeof harness>[0] = {}): Setup {
  const h = harness(options);
  return { h, admin: adminClient(h.mock.app), token: h.token(ADMIN) };
}

interface ListBody {
  readonly requests: JournalEntry[];
  readonly total: number;
}

async function journal(admin: AdminClient, query = ''): Promise<ListBody> {
  const res = await admin.get(`/requests${query}`);
  expect(res.status).toBe(200);
  return res.body as ListBody;
}

/** Ids of the records of these tests, one per identifier. */
const RECORD_IDS: Readonly<Record<string, string>> = {
  'ann.lee': '5a1e0000-0000-4000-8000-000000000001',
  'bob.ray': '5a1e0000-0000-4000-8000-000000000002',
};

/** A user record in the shape of fixtures/small/users.json. */
function record(identifier: string, overrides: Partial<User> = {}): User {
  return {
    id: RECORD_IDS[identifier] ?? '5a1e0000-0000-4000-8000-0000000000ff',
    identifier,
    name: identifier.replace(/\./g, ' '),
    email: `${identifier}@example.net`,
    user_type: 'saas_user',
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('GET /__admin/health', () => {
  it('200 with the number of live users and the state of the indexes', async () => {
    const { h, admin, token } = setup();
    const res = await admin.get('/health');
    expect(res.body).toEqual({
      status: 'ok',
      users: h.allUsers().length,
      indexes: expect.stringMatching(/^(building|ready)$/) as unknown,
    });
    await h.send('DELETE', '/users/user', { token });
    expect((await admin.get('/health')).body).toMatchObject({ users: h.allUsers().length });
  });
});

describe('POST /__admin/reset', () => {
  it('brings deleted users back and answers the data summary', async () => {
    const { h, admin, token } = setup();
    const before = totalOf(await h.get('/users', { token }));
    const firstPage = (await h.get('/users', { token })).text;
    await h.send('DELETE', '/users/user', { token });
    await h.send('DELETE', '/users/client', { token });
    expect(totalOf(await h.get('/users', { token }))).toBe(before - 2);
    const res = await admin.post('/reset');
    expect(res.body).toEqual({
      users: before,
      workspaces: h.mock.state.store.workspaces.length,
      clients: h.mock.state.clients.length,
    });
    expect(totalOf(await h.get('/users', { token }))).toBe(before);
    expect((await h.get('/users', { token })).text).toBe(firstPage);
  });

  it('removes fault rules and empties the journal', async () => {
    const { h, admin } = setup();
    await h.mock.session().fault({ path: '/health', status: 500 });
    await h.get('/health');
    expect((await journal(admin)).total).toBe(1);
    await admin.post('/reset');
    expect((await admin.get('/faults')).body).toEqual({ faults: [] });
    expect(await journal(admin)).toEqual({ requests: [], total: 0 });
    expect((await h.get('/health')).status).toBe(200);
  });

  it('clears lock-outs: 11 wrong passwords, reset, then a wrong one is 403, not 429', async () => {
    const { h, admin } = setup();
    for (let i = 0; i < 10; i++) {
      expectOAuthError(await postToken(h, passwordFields(USER, 'wrong')), 403, 'invalid_grant');
    }
    expectOAuthError(await postToken(h, passwordFields(USER, 'wrong')), 429, 'too_many_attempts');
    await admin.post('/reset');
    expectOAuthError(await postToken(h, passwordFields(USER, 'wrong')), 403, 'invalid_grant');
    expectToken(await postToken(h, passwordFields(USER)));
  });

  it('invalidates refresh tokens', async () => {
    const { h, admin } = setup();
    const issued = expectToken(
      await postToken(h, passwordFields(ADMIN, PASSWORD, { scope: 'offline_access' })),
    );
    const refresh = issued.refresh_token ?? '';
    expect(refresh).not.toBe('');
    const fields = {
      grant_type: 'refresh_token',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: refresh,
    };
    expectToken(await postToken(h, fields));
    await admin.post('/reset');
    expectOAuthError(await postToken(h, fields), 403, 'invalid_grant');
  });

  it('mock.reset() does the same', async () => {
    const { h, token } = setup();
    const before = totalOf(await h.get('/users', { token }));
    await h.send('DELETE', '/users/user', { token });
    await h.mock.session().fault({ path: '/health', status: 500 });
    await h.mock.session().reset();
    expect(totalOf(await h.get('/users', { token }))).toBe(before);
    expect(await h.mock.session().requests()).toHaveLength(1);
    expect((await h.get('/health')).status).toBe(200);
  });
});

describe('POST /__admin/seed', () => {
  it('serves N faker users plus the 3 known accounts', async () => {
    const { h, admin, token } = setup();
    const res = await admin.post('/seed', { seed: 7, users: 25 });
    expect(res.body).toMatchObject({ users: 28, clients: expect.any(Number) as unknown });
    expect(totalOf(await h.get('/users', { token }))).toBe(28);
    expect((await admin.get('/health')).body).toMatchObject({ users: 28 });
  });

  it('the same seed twice gives byte-identical users; another seed others', async () => {
    const { h, admin, token } = setup();
    const page = async (seed: number): Promise<string> => {
      await admin.post('/seed', { seed, users: 40 });
      const res = await h.get('/users?page_size=100&sort_by=id', { token });
      expect(totalOf(res)).toBe(43);
      return res.text;
    };
    const first = await page(3);
    expect(await page(3)).toBe(first);
    expect(await page(4)).not.toBe(first);
  });

  it('without fields, seeds with the seed and size of the start', async () => {
    const { h, admin, token } = setup();
    expect((await admin.post('/seed', {})).body).toMatchObject({ users: 203 });
    expect(totalOf(await h.get('/users', { token }))).toBe(203);
  });

  it('a reset afterwards goes back to the data of the start, not the seeded one', async () => {
    const { h, admin, token } = setup();
    const start = totalOf(await h.get('/users', { token }));
    await admin.post('/seed', { seed: 1, users: 5 });
    await admin.post('/reset');
    expect(totalOf(await h.get('/users', { token }))).toBe(start);
  });

  it.each([
    { name: 'negative seed', body: { seed: -1 } },
    { name: 'seed above 2^32 - 1', body: { seed: 4294967296 } },
    { name: 'fractional users', body: { users: 1.5 } },
    { name: 'users as a string', body: { users: 'ten' } },
    { name: 'negative users', body: { users: -1 } },
    { name: 'too many users', body: { users: 1000001 } },
    { name: 'unknown property', body: { seed: 1, count: 5 } },
    { name: 'an array', body: [1, 2] },
  ])('bad input ($name): 400, data unchanged', async ({ body }) => {
    const { h, admin, token } = setup();
    const before = (await h.get('/users', { token })).text;
    const res = await admin.post('/seed', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
    expect((await h.get('/users', { token })).text).toBe(before);
  });

  it.each([
    { name: 'malformed JSON', body: '{"seed": ', type: 'application/json', status: 400 },
    { name: 'a form', body: 'seed=1', type: 'application/x-www-form-urlencoded', status: 415 },
    { name: 'plain text', body: 'seed=1', type: 'text/plain', status: 415 },
  ])('a body that is $name: $status, data unchanged', async ({ body, type, status }) => {
    const { h, admin, token } = setup();
    const before = totalOf(await h.get('/users', { token }));
    const res = await admin.post('/seed', body, { headers: { 'Content-Type': type } });
    expect(res.status).toBe(status);
    expect(totalOf(await h.get('/users', { token }))).toBe(before);
  });
});

describe('PUT /__admin/fixtures', () => {
  it('serves the given records, adding the known accounts and the default clients (mock-client, spa-client)', async () => {
    const { h, admin, token } = setup();
    const ann = record('ann.lee');
    const bob = record('bob.ray', { status: 'suspended' });
    const res = await admin.put('/fixtures', {
      users: [ann, bob],
      workspaces: [{ id: 'ws-x', name: 'X', members: [ann.id, KNOWN_IDS.admin] }],
    });
    // The known accounts come with their own workspaces (fixtures/known-accounts.json) beside ws-x.
    expect(res.body).toMatchObject({ users: 5, clients: 2 });
    expect((res.body as { workspaces: number }).workspaces).toBeGreaterThanOrEqual(1);
    const list = await h.get('/users?sort_by=identifier&page_size=100', { token });
    expect(totalOf(list)).toBe(5);
    expect(usersOf(list).map((u) => u.identifier)).toEqual(['admin', 'ann.lee', 'bob.ray', 'client', 'user']);
    const members = await h.get('/workspaces/ws-x/members', { token });
    expect(usersOf(members).map((u) => u.identifier)).toEqual(expect.arrayContaining(['ann.lee', 'admin']));
    expect(totalOf(members)).toBe(2);
  });

  it('a password given with a record logs in', async () => {
    const { h, admin } = setup();
    await admin.put('/fixtures', { users: [{ ...record('ann.lee'), password: 'Ann-Secret-1' }] });
    expectToken(await postToken(h, passwordFields('ann.lee@example.net', 'Ann-Secret-1')));
  });

  it.each([
    {
      name: 'a user without an email',
      users: [record('ann.lee'), { ...record('bob.ray'), email: undefined }],
      names: /record 1|users\.1\b/,
    },
    {
      name: 'a bad status',
      users: [record('ann.lee'), record('bob.ray', { status: 'asleep' as User['status'] })],
      names: /record 1|users\.1\b/,
    },
    {
      name: 'a duplicate id',
      users: [record('ann.lee'), { ...record('bob.ray'), id: record('ann.lee').id }],
      names: /record 1/,
    },
    {
      name: 'an id that is not a uuid',
      users: [{ ...record('ann.lee'), id: 'ann' }],
      names: /record 0|users\.0\b/,
    },
  ])('invalid data ($name): 400 naming the bad record; the store is unchanged', async ({ users, names }) => {
    const { h, admin, token } = setup();
    const total = totalOf(await h.get('/users', { token }));
    const firstPage = (await h.get('/users', { token })).text;
    const res = await admin.put('/fixtures', { users });
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(names);
    expect(totalOf(await h.get('/users', { token }))).toBe(total);
    expect((await h.get('/users', { token })).text).toBe(firstPage);
  });

  it.each([
    { name: 'no users', body: { workspaces: [] } },
    { name: 'users not an array', body: { users: {} } },
    { name: 'unknown property', body: { users: [], groups: [] } },
  ])('bad body ($name): 400, store unchanged', async ({ body }) => {
    const { h, admin, token } = setup();
    const total = totalOf(await h.get('/users', { token }));
    expect((await admin.put('/fixtures', body)).status).toBe(400);
    expect(totalOf(await h.get('/users', { token }))).toBe(total);
  });

  it('a workspace naming an unknown member: 400 naming the workspace', async () => {
    const { h, admin, token } = setup();
    const total = totalOf(await h.get('/users', { token }));
    const res = await admin.put('/fixtures', {
      users: [record('ann.lee')],
      workspaces: [{ id: 'ws-x', name: 'X', members: ['5a1e0000-0000-4000-8000-00000000ffff'] }],
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(/ws-x|record 0/);
    expect(totalOf(await h.get('/users', { token }))).toBe(total);
  });
});

describe('GET /__admin/requests', () => {
  async function traffic(h: Harness, token: string): Promise<void> {
    await h.get('/health');
    await h.get('/users?page_size=5', { token });
    await h.send('DELETE', '/users/nobody.here', { token });
    await h.get('/nope?x=1');
    await postToken(h, passwordFields(ADMIN));
  }

  it('lists entries newest first with the shape of docs/control-plane.md', async () => {
    const { h, admin, token } = setup();
    await traffic(h, token);
    const body = await journal(admin);
    expect(body.total).toBe(5);
    expect(body.requests.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /oauth/token 200',
      'GET /nope 404',
      'DELETE /users/nobody.here 404',
      'GET /users 200',
      'GET /health 200',
    ]);
    const ids = body.requests.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const entry of body.requests) {
      expect(Object.keys(entry).sort()).toEqual(
        ['duration_ms', 'id', 'method', 'path', 'query', 'request', 'response', 'status', 'time'].sort(),
      );
      expect(entry.time).toBe(new Date(NOW).toISOString());
      expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
      expect(entry.request.headers).toMatchObject({ host: expect.any(String) as unknown });
      expect(entry.response.headers).toMatchObject({ 'x-api-version': 'v1' });
    }
    const [grant, nope, , users] = body.requests;
    expect(nope?.query).toEqual({ x: '1' });
    // The query as sent: no defaults filled in, nothing coerced.
    expect(users?.query).toEqual({ page_size: '5' });
    expect(users?.response.headers).toMatchObject({ 'x-total-count': expect.any(String) as unknown });
    expect(grant?.request.body).toMatchObject({ grant_type: 'password', username: ADMIN });
  });

  it.each([
    { name: 'method', query: '?method=delete', expected: ['DELETE /users/nobody.here 404'] },
    { name: 'exact path', query: '?path=/health', expected: ['GET /health 200'] },
    {
      name: 'path wildcard',
      query: '?path=/users*',
      expected: ['DELETE /users/nobody.here 404', 'GET /users 200'],
    },
    { name: 'status', query: '?status=404', expected: ['GET /nope 404', 'DELETE /users/nobody.here 404'] },
    {
      name: 'method and status',
      query: '?method=GET&status=200',
      expected: ['GET /users 200', 'GET /health 200'],
    },
    { name: 'no match', query: '?status=503', expected: [] },
  ])('filters by $name', async ({ query, expected }) => {
    const { h, admin, token } = setup();
    await traffic(h, token);
    const body = await journal(admin, query);
    expect(body.requests.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('limit cuts the list; total counts every match', async () => {
    const { h, admin, token } = setup();
    await traffic(h, token);
    const body = await journal(admin, '?limit=2');
    expect(body.requests.map((e) => e.path)).toEqual(['/oauth/token', '/nope']);
    expect(body.total).toBe(5);
    expect((await journal(admin, '?status=404&limit=1')).total).toBe(2);
  });

  it('mock.session().requests() gives the same entries, camelCase', async () => {
    const { h, admin, token } = setup();
    await traffic(h, token);
    expect(JSON.parse(JSON.stringify(await h.mock.session().requests()))).toEqual(
      JSON.parse(JSON.stringify((await journal(admin)).requests.map(recordedRequest))),
    );
    expect((await h.mock.session().requests({ method: 'GET', status: 200 })).map((e) => e.path)).toEqual([
      '/users',
      '/health',
    ]);
  });

  it.each([
    { name: 'status not a number', query: '?status=abc', param: 'status' },
    { name: 'status above 599', query: '?status=600', param: 'status' },
    { name: 'limit 0', query: '?limit=0', param: 'limit' },
    { name: 'limit above 1000', query: '?limit=1001', param: 'limit' },
    { name: 'limit in exponent notation', query: '?limit=1e1', param: 'limit' },
    { name: 'method with digits', query: '?method=G3T', param: 'method' },
    { name: 'empty path', query: '?path=', param: 'path' },
    { name: 'unknown parameter', query: '?verb=GET', param: 'verb' },
  ])('bad filter ($name): 400 naming the parameter', async ({ query, param }) => {
    const { admin } = setup();
    const res = await admin.get(`/requests${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      details: [{ location: 'query', name: param }],
    });
  });

  it('DELETE empties the journal', async () => {
    const { h, admin, token } = setup();
    await traffic(h, token);
    expect((await admin.delete('/requests')).status).toBe(204);
    expect(await journal(admin)).toEqual({ requests: [], total: 0 });
    await h.get('/health');
    expect((await journal(admin)).total).toBe(1);
  });

  it('admin calls are neither journaled nor rate limited', async () => {
    const { h, admin } = setup({ rateLimit: '1/1h' });
    for (let i = 0; i < 5; i++) {
      const res = await admin.get('/health');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    await admin.get('/faults');
    expect(await journal(admin)).toEqual({ requests: [], total: 0 });
    const health = await h.get('/health');
    expect(health.status).toBe(200);
    expect(health.headers['x-ratelimit-remaining']).toBe('0');
    expect((await journal(admin)).total).toBe(1);
  });
});

describe('the journal keeps the last 1000 requests', () => {
  let running: RunningMock | undefined;
  afterEach(async () => {
    await running?.close(100);
    running = undefined;
  });

  it('after 1005 requests: 1000 entries, the 5 oldest gone', async () => {
    running = await startMock({ port: 0, specs: SPECS, fixtures: SMALL_FIXTURES });
    const statuses = await sendMany(running.url, 1005, () => ({ path: '/health' }));
    expect(new Set(statuses)).toEqual(new Set([200]));
    const body = (await adminClient(running.app).get('/requests?limit=1000')).body as ListBody;
    expect(body.total).toBe(1000);
    expect(body.requests).toHaveLength(1000);
    expect(new Set(body.requests.map((e) => e.id)).size).toBe(1000);
    expect(Math.min(...body.requests.map((e) => e.id))).toBe(6);
    expect(Math.max(...body.requests.map((e) => e.id))).toBe(1005);
  });
});

describe('redaction', () => {
  it('the journal holds no password, client secret, access or refresh token', async () => {
    const { h, admin } = setup();
    const jsonGrant = expectToken(
      await postToken(h, passwordFields(ADMIN, PASSWORD, { scope: 'offline_access' })),
    );
    const formGrant = expectToken(await postToken(h, passwordFields(USER), { form: true }));
    const basicHeader = basicAuth(MOCK_CLIENT.id, MOCK_CLIENT.secret);
    const basicGrant = expectToken(
      await postToken(h, { grant_type: 'client_credentials' }, { headers: { Authorization: basicHeader } }),
    );
    const refresh = jsonGrant.refresh_token ?? '';
    expect(refresh).not.toBe('');
    const refreshed = expectToken(
      await postToken(
        h,
        {
          grant_type: 'refresh_token',
          client_id: MOCK_CLIENT.id,
          client_secret: MOCK_CLIENT.secret,
          refresh_token: refresh,
        },
        { form: true },
      ),
    );
    const accessTokens = [jsonGrant, formGrant, basicGrant, refreshed].map((t) => t.access_token);
    for (const access of [jsonGrant.access_token, formGrant.access_token, refreshed.access_token]) {
      expect((await h.get('/users', { token: access })).status).toBe(200);
    }
    expect((await h.get('/workspaces/ws-01/members', { token: formGrant.access_token })).status).toBe(200);

    const secrets = [
      ...accessTokens,
      refresh,
      ...(refreshed.refresh_token === undefined ? [] : [refreshed.refresh_token]),
      PASSWORD,
      MOCK_CLIENT.secret,
      Buffer.from(`${MOCK_CLIENT.id}:${MOCK_CLIENT.secret}`).toString('base64'),
    ];
    const listed = await admin.get('/requests?limit=1000');
    expect((listed.body as ListBody).total).toBe(8);
    for (const serialized of [
      listed.text,
      JSON.stringify(await h.mock.session().requests({ limit: 1000 })),
    ]) {
      for (const secret of secrets) expect(serialized).not.toContain(secret);
    }
    const authorizations = (await h.mock.session().requests({ limit: 1000 })).map(
      (e) => e.request.headers.authorization,
    );
    expect(authorizations.filter((a) => a !== undefined).sort()).toEqual([
      'Basic [REDACTED]',
      'Bearer [REDACTED]',
      'Bearer [REDACTED]',
      'Bearer [REDACTED]',
      'Bearer [REDACTED]',
    ]);
    // What is not secret stays readable.
    const [firstGrant] = (await h.mock.session().requests({ path: '/oauth/token' })).slice(-1);
    expect(firstGrant?.request.body).toMatchObject({
      grant_type: 'password',
      username: ADMIN,
      client_id: 'mock-client',
    });
  });

  it('a token sent as the access_token query parameter (RFC 6750 §2.3) is not journaled', async () => {
    const { h, token } = setup();
    const res = await h.get(`/users?access_token=${token}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(await h.mock.session().requests())).not.toContain(token);
  });

  it('a secret in a body field of any name listed by the journal is redacted at any depth', async () => {
    const { h } = setup();
    await h.send('POST', '/oauth/token', {
      headers: { 'Content-Type': 'application/json' },
      body: {
        grant_type: 'password',
        client_secret: 'top-secret-1',
        password: 'top-secret-2',
        username: ADMIN,
      },
    });
    const text = JSON.stringify(await h.mock.session().requests());
    expect(text).not.toContain('top-secret-1');
    expect(text).not.toContain('top-secret-2');
  });
});

describe('POST /__admin/tokens', () => {
  interface Minted {
    readonly access_token: string;
    readonly token_type: string;
    readonly expires_in: number;
    readonly claims: Record<string, unknown>;
  }

  async function mint(admin: AdminClient, body: object): Promise<request.Response> {
    return admin.post('/tokens', body);
  }

  it('answers 201 {access_token, token_type: Bearer, expires_in, claims}; the token works', async () => {
    const { h, admin } = setup();
    const res = await mint(admin, { user: USER });
    expect(res.status).toBe(201);
    const body = res.body as Minted;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'claims', 'expires_in', 'token_type']);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(86_400);
    expect(body.claims).toEqual(decodeToken(body.access_token).claims);
    expect(body.claims).toMatchObject({
      gty: 'app_token',
      sub: `auth0|${KNOWN_IDS.user}`,
      permissions: ROLE_PERMISSIONS.saas_user,
      iat: NOW / 1000,
      exp: NOW / 1000 + 86_400,
    });
    expect((await h.get('/users', { token: body.access_token })).status).toBe(200);
  });

  it('with id_token, an ID token of the user for spa-client (or the client, scope and nonce given)', async () => {
    const { admin } = setup();
    const plain = (await mint(admin, { user: USER, id_token: {} })).body as Minted & { id_token: string };
    expect(decodeToken(plain.id_token).claims).toMatchObject({
      aud: 'spa-client',
      sub: `auth0|${KNOWN_IDS.user}`,
      email: USER,
      nickname: 'user',
      iat: NOW / 1000,
      exp: NOW / 1000 + 36_000,
    });
    const res = await mint(admin, {
      user: USER,
      id_token: { client_id: 'my-app', scope: 'openid', nonce: 'n' },
    });
    expect(res.status).toBe(201);
    const claims = decodeToken((res.body as { id_token: string }).id_token).claims;
    expect(claims).toMatchObject({ aud: 'my-app', nonce: 'n' });
    expect(claims.email).toBeUndefined();
    expect((await mint(admin, { user: USER, id_token: { audience: 'x' } })).status).toBe(400);
  });

  it.each([
    { name: 'email', user: CLIENT },
    { name: 'identifier', user: 'client' },
    { name: 'id', user: KNOWN_IDS.client },
  ])('finds the user by $name; default permissions are the role’s', async ({ user }) => {
    const { admin } = setup();
    const body = (await mint(admin, { user })).body as Minted;
    expect(body.claims).toMatchObject({ permissions: ROLE_PERMISSIONS.saas_user_client });
  });

  it('fewer permissions than the role: the token lacks the others (403)', async () => {
    const { h, admin } = setup();
    const body = (await mint(admin, { user: USER, permissions: ['read:users'] })).body as Minted;
    expect(body.claims.permissions).toEqual(['read:users']);
    expect((await h.get('/users', { token: body.access_token })).status).toBe(200);
    expectError(
      await h.get('/workspaces/ws-01/members', { token: body.access_token }),
      403,
      'insufficient_permissions',
    );
  });

  it('permissions beyond the role: 400 naming them', async () => {
    const { admin } = setup();
    const res = await mint(admin, { user: USER, permissions: ['read:users', 'delete:users'] });
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain('delete:users');
  });

  it.each([
    { name: 'expires_in negative', body: { expires_in: -3600 } },
    { name: 'expires_at in the past', body: { expires_at: '2020-01-01T00:00:00Z' } },
    { name: 'a wrong audience', body: { audience: 'https://other.example.com/api' } },
    { name: 'claims overriding iss', body: { claims: { iss: 'https://evil.example.com/' } } },
    {
      name: 'claims naming an unknown user',
      body: { claims: { 'https://identity.example.com/userID': '5a1e0000-0000-4000-8000-0000000000aa' } },
    },
  ])('$name: a token GET /users refuses with 401 invalid_token', async ({ body }) => {
    const { h, admin } = setup();
    const res = await mint(admin, { user: ADMIN, ...body });
    expect(res.status).toBe(201);
    const minted = res.body as Minted;
    expectError(await h.get('/users', { token: minted.access_token }), 401, 'invalid_token');
  });

  it('expires_in and expires_at shape the expiry', async () => {
    const { admin } = setup();
    const byIn = (await mint(admin, { user: ADMIN, expires_in: -3600 })).body as Minted;
    expect(byIn.expires_in).toBe(-3600);
    expect(byIn.claims.exp).toBe(NOW / 1000 - 3600);
    const byAt = (await mint(admin, { user: ADMIN, expires_at: '2026-01-15T13:00:00Z' })).body as Minted;
    expect(byAt.expires_in).toBe(3600);
    expect(byAt.claims.exp).toBe(NOW / 1000 + 3600);
  });

  it('unknown user: 404', async () => {
    const { admin } = setup();
    const res = await mint(admin, { user: 'nobody@example.com' });
    expect(res.status).toBe(404);
    expect((res.body as { error: string }).error).toContain('nobody@example.com');
  });

  it.each([
    { name: 'no user', body: {} },
    { name: 'empty user', body: { user: '' } },
    { name: 'permissions not an array', body: { user: USER, permissions: 'read:users' } },
    { name: 'expires_in not an integer', body: { user: USER, expires_in: 1.5 } },
    { name: 'expires_at not a date-time', body: { user: USER, expires_at: 'tomorrow' } },
    {
      name: 'both expires_in and expires_at',
      body: { user: USER, expires_in: 60, expires_at: '2030-01-01T00:00:00Z' },
    },
    { name: 'unknown property', body: { user: USER, role: 'saas_admin' } },
    { name: 'claims not an object', body: { user: USER, claims: 'x' } },
  ])('bad input ($name): 400', async ({ body }) => {
    const { admin } = setup();
    const res = await mint(admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it('mock.token() mints the same kind of token', async () => {
    const { h } = setup();
    const minted = await h.mock.session().token({ user: USER, permissions: ['read:users'] });
    expect(decodeToken(minted.accessToken).claims).toMatchObject({
      gty: 'app_token',
      permissions: ['read:users'],
    });
    expect((await h.get('/users', { token: minted.accessToken })).status).toBe(200);
  });
});

describe('admin: false', () => {
  const cases = ADMIN_OPERATIONS.map((operation) => ({
    name: `${operation.method.toUpperCase()} /__admin${operation.path}`,
    method: operation.method,
    path: `/__admin${concretePath(operation.path, operation.parameters)}`,
  }));

  it.each(cases)('$name: 404 not_found', async ({ method, path }) => {
    const h = harness({ admin: false });
    expectError(await h.send(method, path, { body: {} }), 404, 'not_found');
  });

  it('the identity API is served as usual', async () => {
    const h = harness({ admin: false });
    expect((await h.get('/health')).status).toBe(200);
  });
});

describe('adminToken', () => {
  // The console's page and the admin document are open (`security: []`): the page asks for the token itself.
  const cases = ADMIN_OPERATIONS.filter((operation) => operation.secured).flatMap((operation) =>
    [
      { auth: 'without a token', token: undefined },
      { auth: 'with a wrong token', token: 'wrong' },
      { auth: 'with the token as another scheme', token: undefined, header: 'Basic czNjcmV0' },
    ].map((c) => ({
      ...c,
      name: `${operation.method.toUpperCase()} /__admin${operation.path} ${c.auth}`,
      method: operation.method,
      path: concretePath(operation.path, operation.parameters),
    })),
  );

  it.each(cases)('$name: 401 admin_token_required', async ({ method, path, token, header }) => {
    const h = harness({ adminToken: 's3cret' });
    const admin = adminClient(h.mock.app);
    const res = await admin.send(method, path, {
      ...(token === undefined ? {} : { token }),
      ...(header === undefined ? {} : { headers: { Authorization: header } }),
      body: {},
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'admin_token_required' });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('with the token: 200', async () => {
    const h = harness({ adminToken: 's3cret' });
    const admin = adminClient(h.mock.app, 's3cret');
    expect((await admin.get('/health')).status).toBe(200);
    expect((await admin.get('/requests')).status).toBe(200);
    expect((await admin.post('/reset')).status).toBe(200);
    expect((await admin.post('/tokens', { user: USER })).status).toBe(201);
  });

  it('the identity API does not need it', async () => {
    const h = harness({ adminToken: 's3cret' });
    expect((await h.get('/users', { token: h.token(ADMIN) })).status).toBe(200);
  });
});

describe('headers of docs/responses.md on every admin operation', () => {
  const cases = ADMIN_OPERATIONS.map((operation) => ({
    name: `${operation.method.toUpperCase()} /__admin${operation.path}`,
    method: operation.method,
    path: concretePath(operation.path, operation.parameters),
  }));

  it.each(cases)('$name: X-API-Version v2 is 400 unsupported_api_version', async ({ method, path }) => {
    const { admin } = setup();
    const res = await admin.send(method, path, { headers: { 'X-API-Version': 'v2' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'unsupported_api_version' });
  });

  it.each(cases)('$name: a text/plain body is 415 unsupported_media_type', async ({ method, path }) => {
    const { admin } = setup();
    const res = await admin.send(method, path, { headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'unsupported_media_type' });
  });

  // The journal stream never ends on its own: test/api/console.test.ts reads its headers.
  it.each(cases.filter((c) => c.path !== '/requests/stream'))(
    '$name: answers X-API-Version v1',
    async ({ method, path }) => {
      const { admin } = setup();
      const res = await admin.send(method, path, { body: {} });
      expect(res.headers['x-api-version']).toBe('v1');
    },
  );
});

describe('unknown admin routes', () => {
  it.each([
    { name: 'unknown path', method: 'GET', path: '/nope', status: 404 },
    { name: 'wrong method', method: 'DELETE', path: '/health', status: 405 },
  ])('$name: $status', async ({ method, path, status }) => {
    const { admin } = setup();
    const res = await admin.send(method, path, { unchecked: true });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({
      code: expect.any(String) as unknown,
      error: expect.any(String) as unknown,
    });
  });
});
