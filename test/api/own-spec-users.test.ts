/**
 * `/users` as one collection on examples/own-spec/openapi.yaml (docs/own-spec.md "Users"): `POST /users` and
 * `GET|PUT|PATCH /users/{id-or-identifier}` act on the store `GET /users` queries — a created user is in the next
 * list, search, sort and count, and logs in — with row-level access (docs/access.md) on reads and writes and the
 * metadata fields shown only with `read:user_metadata`. Every answer is checked against the served document.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOCK_CLIENT } from '../support/auth.ts';
import { DEFAULT_HOST } from '../support/harness.ts';
import { errorOf, ownHarness, type OwnHarness } from '../support/own-spec.ts';

interface User {
  id: string;
  identifier: string;
  name: string;
  email: string;
  user_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  created_by?: string;
  updated_by?: string;
}

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
let h: OwnHarness;
let admin: string;
let n = 0;
const fresh = (): string => `users-${String(++n)}`;

beforeAll(() => {
  h = ownHarness();
  admin = h.token('admin@example.com');
});

const newUser = (identifier: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  identifier,
  name: `Zed ${identifier}`,
  email: `${identifier}@example.org`,
  user_type: 'saas_user',
  ...extra,
});

async function login(username: string, password: string, session?: string): Promise<request.Response> {
  let test = request(h.mock.app).post('/oauth/token').set('Host', DEFAULT_HOST);
  if (session !== undefined) test = test.set('X-Mock-Session', session);
  return test.send({
    grant_type: 'password',
    client_id: MOCK_CLIENT.id,
    client_secret: MOCK_CLIENT.secret,
    username,
    password,
  });
}

describe('POST /users', () => {
  it('creates a user that the next list, search, sort and count show at once', async () => {
    const session = fresh();
    const before = await h.get('/users?page_size=100', { token: admin, session });
    const total = Number(before.headers['x-total-count']);
    const res = await h.send('POST', '/users', {
      token: admin,
      session,
      body: newUser('zed.new', { name: 'Zed Quixotic' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-message']).toBe('User created successfully');
    const made = res.body as User;
    expect(made).toMatchObject({
      identifier: 'zed.new',
      status: 'active',
      created_by: ADMIN_ID,
      updated_by: ADMIN_ID,
    });
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new URL(String(res.headers['location'])).pathname).toBe(`/users/${made.id}`);
    const after = await h.get('/users?page_size=100', { token: admin, session });
    expect(after.headers['x-total-count']).toBe(String(total + 1));
    const found = await h.get('/users?search=zed.new', { token: admin, session });
    expect((found.body as User[]).map((u) => u.id)).toEqual([made.id]);
    const fuzzy = await h.get('/users?search=Quixotik', { token: admin, session });
    expect((fuzzy.body as User[]).map((u) => u.id)).toContain(made.id);
    const sorted = await h.get('/users?sort_by=name&sort_order=desc&page_size=1', { token: admin, session });
    expect((sorted.body as User[])[0]?.id).toBe(made.id);
    const newest = await h.get('/users?sort_by=created_at&sort_order=desc&page_size=1', {
      token: admin,
      session,
    });
    expect((newest.body as User[])[0]?.id).toBe(made.id);
    // Another session, and the default one, do not have it.
    expect((await h.get('/users?search=zed.new', { token: admin, session: fresh() })).body).toEqual([]);
    expect((await h.get('/users?search=zed.new', { token: admin })).body).toEqual([]);
  });

  it("logs in with the body's password, else Passw0rd!", async () => {
    const session = fresh();
    await h.send('POST', '/users', {
      token: admin,
      session,
      body: newUser('zed.pw', { password: 'S3cret-enough' }),
    });
    await h.send('POST', '/users', { token: admin, session, body: newUser('zed.nopw') });
    expect((await login('zed.pw@example.org', 'S3cret-enough', session)).status).toBe(200);
    expect((await login('zed.pw@example.org', 'Passw0rd!', session)).status).toBe(403);
    expect((await login('zed.nopw@example.org', 'Passw0rd!', session)).status).toBe(200);
    // Only in the session that created them.
    expect((await login('zed.nopw@example.org', 'Passw0rd!')).status).toBe(403);
  });

  it('answers 409 conflict naming identifier or email when another user has it; 400 for a bad body', async () => {
    const session = fresh();
    const dup = errorOf(
      await h.send('POST', '/users', { token: admin, session, body: newUser('admin') }),
      409,
      'conflict',
    );
    expect(dup.error).toContain('identifier');
    const mail = errorOf(
      await h.send('POST', '/users', {
        token: admin,
        session,
        body: newUser('zed.mail', { email: 'admin@example.com' }),
      }),
      409,
      'conflict',
    );
    expect(mail.error).toContain('email');
    const bad = errorOf(
      await h.send('POST', '/users', { token: admin, session, body: newUser('Bad Identifier') }),
      400,
      'invalid_request',
    );
    expect(bad.details?.[0]).toMatchObject({ location: 'body', name: 'identifier' });
    errorOf(
      await h.send('POST', '/users', {
        token: h.token('user@example.com'),
        session,
        body: newUser('zed.denied'),
      }),
      403,
      'insufficient_permissions',
    );
  });
});

describe('GET, PUT and PATCH /users/{id-or-identifier}', () => {
  it('finds a user by id or identifier; 404 user_not_found otherwise', async () => {
    const byIdentifier = await h.get('/users/admin', { token: admin });
    expect(byIdentifier.status).toBe(200);
    expect(byIdentifier.body).toMatchObject({ id: ADMIN_ID, identifier: 'admin' });
    expect((await h.get(`/users/${ADMIN_ID}`, { token: admin })).body).toEqual(byIdentifier.body);
    errorOf(await h.get('/users/nobody.here', { token: admin }), 404, 'user_not_found');
    errorOf(
      await h.get('/users/00000000-0000-4000-8000-00000000ffff', { token: admin }),
      404,
      'user_not_found',
    );
  });

  it('PUT and PATCH change what the list shows, and keep the server fields', async () => {
    const session = fresh();
    const made = (await h.send('POST', '/users', { token: admin, session, body: newUser('zed.edit') }))
      .body as User;
    const put = await h.send('PUT', '/users/zed.edit', {
      token: admin,
      session,
      body: newUser('zed.edit', { name: 'Aaron Replaced', status: 'inactive' }),
    });
    expect(put.status).toBe(200);
    expect(put.headers['x-message']).toBe('User updated successfully');
    expect(put.body).toMatchObject({
      id: made.id,
      name: 'Aaron Replaced',
      status: 'inactive',
      created_at: made.created_at,
    });
    const inactive = await h.get('/users?status=inactive&search=zed.edit', { token: admin, session });
    expect((inactive.body as User[]).map((u) => u.id)).toEqual([made.id]);
    const patch = await h.send('PATCH', `/users/${made.id}`, {
      token: admin,
      session,
      type: 'application/merge-patch+json',
      body: { status: 'suspended' },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ name: 'Aaron Replaced', status: 'suspended' });
    const first = await h.get('/users?sort_by=name&page_size=1&status=suspended', { token: admin, session });
    expect((first.body as User[])[0]?.id).toBe(made.id);
    expect((await h.get('/users?status=inactive&search=zed.edit', { token: admin, session })).body).toEqual(
      [],
    );
    // A patched seeded user changes in the list too, in this session only.
    const renamed = await h.send('PATCH', '/users/user', {
      token: admin,
      session,
      body: { name: 'Renamed Person' },
    });
    expect(renamed.status).toBe(200);
    const search = await h.get('/users?search=Renamed%20Person', { token: admin, session });
    expect((search.body as User[]).map((u) => u.identifier)).toEqual(['user']);
    expect((await h.get('/users?search=Renamed%20Person', { token: admin })).body).toEqual([]);
  });
});

describe('row-level access and metadata', () => {
  it('answers 404 for a user the caller cannot see, on reads and writes, and hides metadata without read:user_metadata', async () => {
    const session = fresh();
    const everyone = (await h.get('/users?page_size=100', { token: admin, session })).body as User[];
    const userToken = h.token('user@example.com', {
      claims: { permissions: ['read:users', 'update:users', 'read:current_user'] },
    });
    const visible = (await h.get('/users?page_size=100', { token: userToken, session })).body as User[];
    const hidden = everyone.find((u) => !visible.some((v) => v.id === u.id));
    if (hidden === undefined) throw new RangeError('user@example.com sees everyone');
    errorOf(await h.get(`/users/${hidden.id}`, { token: userToken, session }), 404, 'user_not_found');
    errorOf(
      await h.send('PATCH', `/users/${hidden.id}`, { token: userToken, session, body: { name: 'Nope' } }),
      404,
      'user_not_found',
    );
    errorOf(
      await h.send('PUT', `/users/${hidden.identifier}`, {
        token: userToken,
        session,
        body: newUser(hidden.identifier, { email: hidden.email }),
      }),
      404,
      'user_not_found',
    );
    expect((await h.get(`/users/${hidden.id}`, { token: admin, session })).body).toMatchObject({
      name: hidden.name,
    });
    // A visible one reads and writes, without the metadata fields.
    const self = await h.get('/users/user', { token: userToken, session });
    expect(self.status).toBe(200);
    expect(self.body).not.toHaveProperty('created_by');
    const patched = await h.send('PATCH', '/users/user', {
      token: userToken,
      session,
      body: { name: 'Self Named' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty('updated_by');
    expect((await h.get('/users/user', { token: admin, session })).body).toMatchObject({
      name: 'Self Named',
      updated_by: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    // The client account sees only itself.
    const client = h.token('client@example.com', { claims: { permissions: ['read:users'] } });
    errorOf(await h.get('/users/user', { token: client, session }), 404, 'user_not_found');
    expect((await h.get('/users/client', { token: client, session })).status).toBe(200);
  });
});
