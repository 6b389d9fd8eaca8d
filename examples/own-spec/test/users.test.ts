// The users of the team's document: GET /users and DELETE /users/{…} are identity-mock's own operations; the
// document adds POST /users, GET|PUT|PATCH /users/{id-or-identifier}, a suspend action and GET /me, and they all act
// on the one store GET /users lists. This file's session starts afresh before each test.
import { useIdentityMock } from 'identity-mock/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { findUser, identityClient, logIn, type IdentityClient } from '../src/identity-client.js';

const mock = useIdentityMock();
const connection = { baseUrl: mock.url, headers: mock.headers };
const NEW_USER = {
  identifier: 'dana.reyes',
  name: 'Dana Reyes',
  email: 'dana.reyes@example.com',
  user_type: 'saas_user',
  status: 'active',
  password: 'S3cret-pass',
} as const;

let admin: IdentityClient;

beforeEach(async () => {
  admin = identityClient(connection, await logIn(connection, 'admin@example.com', 'Passw0rd!'));
});

/** The number of users GET /users counts. */
async function userCount(client: IdentityClient): Promise<number> {
  const { response } = await client.GET('/users', { params: { query: { page_size: 1 } } });
  expect(response.status).toBe(200);
  return Number(response.headers.get('X-Total-Count'));
}

async function createUser() {
  const { data, response } = await admin.POST('/users', { body: NEW_USER });
  expect(response.status).toBe(201);
  if (data === undefined) throw new Error('POST /users answered no user');
  return { user: data, response };
}

describe('POST /users', () => {
  it('creates a user that the next list, search and count hold, and who can log in', async () => {
    const before = await userCount(admin);
    const { user, response } = await createUser();
    expect(response.headers.get('X-Message')).toBe('User created successfully');
    expect(user).toMatchObject({ identifier: 'dana.reyes', name: 'Dana Reyes', status: 'active' });
    expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(user).not.toHaveProperty('password');
    expect(new URL(response.headers.get('Location') ?? '', mock.url).pathname).toBe(`/users/${user.id}`);

    expect(await findUser(admin, 'dana.reyes')).toEqual(user);
    expect(await userCount(admin)).toBe(before + 1);

    const own = identityClient(connection, await logIn(connection, NEW_USER.email, NEW_USER.password));
    const me = await own.GET('/me');
    expect(me.response.status).toBe(200);
    expect(me.data?.id).toBe(user.id);
  });

  it('refuses an identifier another user has: 409 conflict', async () => {
    const { error, response } = await admin.POST('/users', { body: { ...NEW_USER, identifier: 'user' } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: 'conflict' });
    expect(response.headers.get('X-Message')).toBe(error?.error);
  });

  it('needs create:users: a saas_user is refused with 403', async () => {
    const user = identityClient(connection, await logIn(connection, 'user@example.com', 'Passw0rd!'));
    const { error, response } = await user.POST('/users', { body: NEW_USER });
    expect(response.status).toBe(403);
    expect(error).toMatchObject({ code: 'insufficient_permissions' });
  });
});

describe('GET, PATCH and PUT /users/{id-or-identifier}', () => {
  it('reads a user by identifier or by id', async () => {
    const { user } = await createUser();
    for (const key of ['dana.reyes', user.id]) {
      const { data, response } = await admin.GET('/users/{id-or-identifier}', {
        params: { path: { 'id-or-identifier': key } },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Message')).toBe('Data retrieved successfully');
      expect(data).toEqual(user);
    }
  });

  it('answers 404 user_not_found for a user the session does not hold', async () => {
    const { error, response } = await admin.GET('/users/{id-or-identifier}', {
      params: { path: { 'id-or-identifier': 'nobody.here' } },
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ code: 'user_not_found' });
    expect(response.headers.get('X-Message')).toBe(error?.error);
  });

  it('changes a user with a merge patch, and the list shows the change', async () => {
    const { user } = await createUser();
    const me = await admin.GET('/me');
    const { data, response } = await admin.PATCH('/users/{id-or-identifier}', {
      params: { path: { 'id-or-identifier': user.id } },
      body: { name: 'Dana Reyes-Ortiz', status: 'inactive' },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Message')).toBe('User updated successfully');
    expect(data).toMatchObject({
      id: user.id,
      identifier: 'dana.reyes',
      email: NEW_USER.email,
      name: 'Dana Reyes-Ortiz',
      status: 'inactive',
      created_at: user.created_at,
      updated_by: me.data?.id,
    });
    expect(Date.parse(data?.updated_at ?? '')).toBeGreaterThanOrEqual(Date.parse(user.updated_at));
    expect(await findUser(admin, 'dana.reyes')).toEqual(data);
  });

  it('replaces a user with PUT, keeping its id and creation', async () => {
    const { user } = await createUser();
    const { data, response } = await admin.PUT('/users/{id-or-identifier}', {
      params: { path: { 'id-or-identifier': 'dana.reyes' } },
      body: {
        identifier: 'dana.ortiz',
        name: 'Dana Ortiz',
        email: 'dana@example.com',
        user_type: 'saas_user',
        status: 'active',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Message')).toBe('User updated successfully');
    expect(data).toMatchObject({ id: user.id, identifier: 'dana.ortiz', created_at: user.created_at });
    expect(await findUser(admin, 'dana.reyes')).toBeUndefined();
  });
});

describe('the suspend action and GET /me', () => {
  it('answers the suspend action with the document’s example, after the token and permission checks', async () => {
    const { user } = await createUser();
    const { data, response } = await admin.POST('/users/{id-or-identifier}/suspend', {
      params: { path: { 'id-or-identifier': user.id } },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Message')).toBeTruthy();
    expect(data).toMatchObject({ identifier: 'ann.lee', status: 'suspended' });

    const plain = identityClient(connection, await logIn(connection, 'user@example.com', 'Passw0rd!'));
    const refused = await plain.POST('/users/{id-or-identifier}/suspend', {
      params: { path: { 'id-or-identifier': user.id } },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'insufficient_permissions' });
  });

  it('answers GET /me with the caller’s own user record', async () => {
    const { data, response } = await admin.GET('/me');
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Message')).toBe('Data retrieved successfully');
    expect(data).toMatchObject({ identifier: 'admin', email: 'admin@example.com', user_type: 'saas_admin' });
    expect((await findUser(admin, 'admin'))?.id).toBe(data?.id);
  });

  it('answers GET /me without a token with 401 missing_token', async () => {
    const res = await mock.fetch('/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'missing_token' });
  });
});
