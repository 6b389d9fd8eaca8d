/**
 * Pact provider states (docs/control-plane.md): `POST /__admin/provider-states` for every state, with parameters in braces
 * and `params` or written out; each answer checked against spec/admin.yaml, each state checked through the API.
 */
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PROVIDER_STATES } from '../../src/control/provider-states.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { KNOWN_IDS, UUID_PATTERN } from '../support/auth.ts';
import { ADMIN, harness, type Harness } from '../support/harness.ts';
import { expectError, headerForm, totalOf, usersOf } from '../support/responses.ts';

/** The states docs/control-plane.md lists, as written there. */
const DECIDED_STATES = [
  'users exist',
  'no users exist',
  'a user with identifier {identifier} exists',
  'a user with id {id} exists',
  'user {id} does not exist',
  '{count} users with status {status} exist',
  'a workspace {workspace} with {count} members exists',
];

/** A user of fixtures/small that is not a known account. */
const ZOE = { id: 'ec9b26d6-0862-4d15-82ec-e6eb5a6449aa', identifier: 'zoe.adams' };
const NEW_ID = '7e57ab1e-0000-4000-8000-00000000a001';
/** Identifiers no user of fixtures/small has. */
const NEW = 'new.person';
const OTHER = 'other.person';

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
}

function setup(): Setup {
  const h = harness();
  return { h, admin: adminClient(h.mock.app) };
}

type StateAnswer = Record<string, unknown> & { readonly adminToken: string };

async function state(
  admin: AdminClient,
  name: string,
  params?: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<request.Response> {
  return admin.post('/provider-states', {
    state: name,
    ...(params === undefined ? {} : { params }),
    action: 'setup',
    ...extra,
  });
}

async function setUp(
  admin: AdminClient,
  name: string,
  params?: Record<string, unknown>,
): Promise<StateAnswer> {
  const res = await state(admin, name, params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as StateAnswer;
}

/** GET `path` with the answer's adminToken (which must work). */
async function getWith(h: Harness, answer: StateAnswer, path: string): Promise<request.Response> {
  const res = await h.get(path, { token: answer.adminToken });
  expect(res.status).toBe(200);
  return res;
}

describe('the table of states', () => {
  it('holds exactly the states of docs/control-plane.md', () => {
    expect(PROVIDER_STATES.map((s) => s.template).sort()).toEqual([...DECIDED_STATES].sort());
  });
});

describe.each([
  { form: 'in braces with params', written: false },
  { form: 'written out', written: true },
])('each state, parameters $form', ({ written }) => {
  /** The state text and params for a template and its values. */
  function phrase(
    template: string,
    values: Record<string, string | number>,
  ): [string, Record<string, unknown>?] {
    if (!written) return Object.keys(values).length === 0 ? [template] : [template, values];
    return [template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))];
  }

  it('users exist: the seeded users, and an adminToken that works', async () => {
    const { h, admin } = setup();
    const answer = await setUp(admin, ...phrase('users exist', {}));
    const res = await getWith(h, answer, '/users');
    expect(totalOf(res)).toBe(h.allUsers().length);
    expect(answer.count).toBe(h.allUsers().length);
    expect(totalOf(res)).toBeGreaterThan(3);
    for (const name of ['adminIdToken', 'userIdToken', 'clientIdToken']) {
      const idToken = answer[name];
      expect(typeof idToken, name).toBe('string');
      const payload = JSON.parse(
        Buffer.from(String(idToken).split('.')[1] ?? '', 'base64url').toString(),
      ) as {
        aud: string;
      };
      expect(payload.aud).toBe('spa-client');
    }
  });

  it('no users exist: only the 3 known accounts are left', async () => {
    const { h, admin } = setup();
    const answer = await setUp(admin, ...phrase('no users exist', {}));
    const res = await getWith(h, answer, '/users');
    expect(totalOf(res)).toBe(3);
    expect(
      usersOf(res)
        .map((u) => u.id)
        .sort(),
    ).toEqual(Object.values(KNOWN_IDS).sort());
    expect(answer.count).toBe(3);
  });

  it('a user with identifier {identifier} exists (new): created, then deletable by identifier', async () => {
    const { h, admin } = setup();
    const before = h.allUsers().length;
    const answer = await setUp(
      admin,
      ...phrase('a user with identifier {identifier} exists', { identifier: NEW }),
    );
    expect(answer).toMatchObject({ identifier: NEW, id: expect.stringMatching(UUID_PATTERN) as unknown });
    expect(totalOf(await getWith(h, answer, '/users'))).toBe(before + 1);
    const found = usersOf(await getWith(h, answer, `/users?id=${String(answer.id)}`));
    expect(found).toEqual([expect.objectContaining({ identifier: NEW, status: 'active' })]);
    const deleted = await h.send('DELETE', `/users/${NEW}`, { token: answer.adminToken });
    expect(deleted.status).toBe(204);
  });

  it('a user with identifier {identifier} exists (existing): that user, unchanged', async () => {
    const { h, admin } = setup();
    const before = h.allUsers().length;
    const answer = await setUp(
      admin,
      ...phrase('a user with identifier {identifier} exists', { identifier: ZOE.identifier }),
    );
    expect(answer).toMatchObject({ id: ZOE.id, identifier: ZOE.identifier });
    expect(totalOf(await getWith(h, answer, '/users'))).toBe(before);
  });

  it('a user with id {id} exists: found by id, deletable by id', async () => {
    const { h, admin } = setup();
    const answer = await setUp(admin, ...phrase('a user with id {id} exists', { id: NEW_ID }));
    expect(answer.id).toBe(NEW_ID);
    const res = await getWith(h, answer, `/users?id=${NEW_ID}`);
    expect(totalOf(res)).toBe(1);
    expect(usersOf(res)[0]).toMatchObject({ id: NEW_ID, identifier: answer.identifier });
    expect((await h.send('DELETE', `/users/${NEW_ID}`, { token: answer.adminToken })).status).toBe(204);
  });

  it('user {id} does not exist: DELETE of that id is 404', async () => {
    const { h, admin } = setup();
    const answer = await setUp(admin, ...phrase('user {id} does not exist', { id: ZOE.id }));
    expect(answer.id).toBe(ZOE.id);
    expectError(
      await h.send('DELETE', `/users/${ZOE.id}`, { token: answer.adminToken }),
      404,
      'user_not_found',
    );
    expect(totalOf(await getWith(h, answer, `/users?id=${ZOE.id}`))).toBe(0);
  });

  it.each([
    { count: 5, status: 'suspended' },
    { count: 0, status: 'risky' },
    { count: 30, status: 'onboarding' },
    { count: 3, status: 'active' },
  ])('{count} users with status {status} exist ($count $status)', async ({ count, status }) => {
    const { h, admin } = setup();
    const answer = await setUp(
      admin,
      ...phrase('{count} users with status {status} exist', { count, status }),
    );
    const res = await getWith(h, answer, `/users?status=${status}&page_size=100`);
    expect(totalOf(res)).toBe(count);
    expect(usersOf(res).every((u) => u.status === status)).toBe(true);
    expect(answer.ids).toEqual(expect.arrayContaining(usersOf(res).map((u) => u.id)));
  });

  it.each([
    { workspace: 'ws-01', count: 2 },
    { workspace: 'ws-new', count: 4 },
    { workspace: 'ws-02', count: 0 },
    { workspace: 'ws-big', count: 60 },
  ])(
    'a workspace {workspace} with {count} members exists ($workspace, $count)',
    async ({ workspace, count }) => {
      const { h, admin } = setup();
      const answer = await setUp(
        admin,
        ...phrase('a workspace {workspace} with {count} members exists', { workspace, count }),
      );
      const res = await getWith(h, answer, `/workspaces/${workspace}/members?per_page=100`);
      expect(totalOf(res)).toBe(count);
      expect(answer.members).toEqual(expect.arrayContaining(usersOf(res).map((u) => u.id)));
    },
  );
});

describe('setup', () => {
  it('resets first: a state then another does not accumulate', async () => {
    const { h, admin } = setup();
    const total = h.allUsers().length;
    await setUp(admin, `a user with identifier ${NEW} exists`);
    const answer = await setUp(admin, `a user with identifier ${OTHER} exists`);
    expect(totalOf(await getWith(h, answer, '/users'))).toBe(total + 1);
    expectError(await h.send('DELETE', `/users/${NEW}`, { token: answer.adminToken }), 404, 'user_not_found');
    expect((await h.send('DELETE', `/users/${OTHER}`, { token: answer.adminToken })).status).toBe(204);
  });

  it('resets first: a deleted user is back for the next state', async () => {
    const { h, admin } = setup();
    const token = h.token(ADMIN);
    const total = h.allUsers().length;
    expect((await h.send('DELETE', `/users/${ZOE.id}`, { token })).status).toBe(204);
    const answer = await setUp(admin, 'users exist');
    expect(totalOf(await getWith(h, answer, '/users'))).toBe(total);
  });

  it('the same setup twice gives the same ids, in this mock and in another', async () => {
    const { admin } = setup();
    const first = await setUp(admin, '{count} users with status {status} exist', {
      count: 30,
      status: 'onboarding',
    });
    const second = await setUp(admin, '{count} users with status {status} exist', {
      count: 30,
      status: 'onboarding',
    });
    expect(second.ids).toEqual(first.ids);
    const other = setup();
    const third = await setUp(other.admin, '30 users with status onboarding exist');
    expect(third.ids).toEqual(first.ids);
    const created = await setUp(admin, `a user with identifier ${NEW} exists`);
    expect((await setUp(other.admin, `a user with identifier ${NEW} exists`)).id).toBe(created.id);
  });

  it('params may be numbers or strings', async () => {
    const { h, admin } = setup();
    const answer = await setUp(admin, '{count} users with status {status} exist', {
      count: '2',
      status: 'inactive',
    });
    expect(totalOf(await getWith(h, answer, '/users?status=inactive'))).toBe(2);
  });

  it('action defaults to setup; consumer is optional and may be given', async () => {
    const { h, admin } = setup();
    const withoutAction = await admin.post('/provider-states', { state: 'no users exist' });
    expect(withoutAction.status).toBe(200);
    expect(totalOf(await getWith(h, withoutAction.body as StateAnswer, '/users'))).toBe(3);
    const withConsumer = await state(admin, 'users exist', undefined, { consumer: 'web-frontend' });
    expect(withConsumer.status).toBe(200);
  });

  it('an empty state: 200 after a reset', async () => {
    const { h, admin } = setup();
    const token = h.token(ADMIN);
    const total = h.allUsers().length;
    await h.send('DELETE', `/users/${ZOE.id}`, { token });
    const answer = await setUp(admin, '');
    expect(totalOf(await getWith(h, answer, '/users'))).toBe(total);
  });

  it('every answer carries the tokens of the known accounts; each works as its role', async () => {
    const { h, admin } = setup();
    const answer = await setUp(admin, 'users exist');
    const { adminToken, userToken, clientToken } = answer;
    expect(typeof userToken).toBe('string');
    expect(typeof clientToken).toBe('string');
    expect((await h.get('/users', { token: String(userToken) })).status).toBe(200);
    expectError(
      await h.send('DELETE', `/users/${ZOE.id}`, { token: String(userToken) }),
      403,
      'insufficient_permissions',
    );
    expectError(await h.get('/users', { token: String(clientToken) }), 403, 'insufficient_permissions');
    expect((await h.send('DELETE', `/users/${ZOE.id}`, { token: adminToken })).status).toBe(204);
  });
});

describe('teardown and errors', () => {
  it.each([...DECIDED_STATES, 'no such state', ''].map((name) => ({ name })))(
    'teardown of "$name": 200',
    async ({ name }) => {
      const { admin } = setup();
      const res = await admin.post('/provider-states', { state: name, action: 'teardown' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body as object).sort()).toEqual([
        'adminIdToken',
        'adminToken',
        'clientIdToken',
        'clientToken',
        'userIdToken',
        'userToken',
      ]);
    },
  );

  it('an unknown state: 400 naming every known one', async () => {
    const { admin } = setup();
    const res = await state(admin, 'a unicorn exists');
    expect(res.status).toBe(400);
    const message = (res.body as { error: string }).error;
    expect(message).toContain('a unicorn exists');
    for (const known of DECIDED_STATES) expect(message).toContain(known);
  });

  it.each([
    {
      name: 'a placeholder without its param',
      state: 'a user with identifier {identifier} exists',
      params: {},
      says: 'needs the parameter identifier',
    },
    {
      name: 'a count that is not a number',
      state: 'many users with status active exist',
      params: undefined,
      says: 'must be a known provider state',
    },
    ...['abc', '1.5', '-1', '1e3', '0x10', 100_001, 1e9].map((count) => ({
      name: `a count param of ${JSON.stringify(count)}`,
      state: '{count} users with status {status} exist',
      params: { count, status: 'active' },
      says: 'count must be a whole number from 0 to 100000',
    })),
    {
      name: 'a members count param out of range',
      state: 'a workspace {workspace} with {count} members exists',
      params: { workspace: 'ws-01', count: 1e9 },
      says: 'count must be a whole number from 0 to 100000 (got "1000000000")',
    },
    {
      name: 'an unknown status',
      state: '2 users with status asleep exist',
      params: undefined,
      says: '/status must be one of active',
    },
    {
      name: 'fewer active users than known accounts',
      state: '1 users with status active exist',
      params: undefined,
      says: '1 users with status active cannot exist: 3 known accounts have it',
    },
    {
      name: 'an identifier outside the pattern',
      state: 'a user with identifier Ann!Lee exists',
      params: undefined,
      says: '/identifier must match pattern',
    },
    {
      name: 'an id that is not a uuid',
      state: 'a user with id 42 exists',
      params: undefined,
      says: '/id must match format "uuid"',
    },
  ])(
    'a state it cannot set up ($name): 400 saying why, data unchanged',
    async ({ state: name, params, says }) => {
      const { h, admin } = setup();
      const before = h.allUsers().length;
      const res = await state(admin, name, params);
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toContain(says);
      expect(res.headers['x-message']).toBe(headerForm((res.body as { error: string }).error));
      const token = h.token(ADMIN);
      expect(totalOf(await h.get('/users', { token }))).toBe(before);
    },
  );

  it.each([
    { name: 'no state', body: { action: 'setup' } },
    { name: 'an unknown action', body: { state: 'users exist', action: 'prepare' } },
    { name: 'params not an object', body: { state: 'users exist', params: 'x' } },
  ])('bad body ($name): 400', async ({ body }) => {
    const { admin } = setup();
    expect((await admin.post('/provider-states', body)).status).toBe(400);
  });
});
