/**
 * Permissions (docs/tokens.md): every operation of the spec with `x-permissions` refuses a token lacking one of them
 * with 403 `insufficient_permissions` and an RFC 6750 `insufficient_scope` challenge naming it; the metadata
 * permission (docs/users.md) guards the `id` / `created_by` / `updated_by` filters and fields.
 */
import { describe, expect, it } from 'vitest';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { buildApiModel, type OperationSpec } from '../../src/spec/model.ts';
import type { User } from '../../src/spec/types.ts';
import { KNOWN_IDS, ROLE_PERMISSIONS } from '../support/auth.ts';
import { ADMIN, CLIENT, harness, NOW, USER, type Harness } from '../support/harness.ts';
import { expectError, totalOf, usersOf } from '../support/responses.ts';

const MODEL = buildApiModel(readSpecDocument());
const GUARDED_OPERATIONS = MODEL.operations.filter((op) => op.permissions.length > 0);
/** Every permission any operation or role names: a token holding all of them may do anything. */
const ALL_PERMISSIONS = [
  ...new Set([
    ...GUARDED_OPERATIONS.flatMap((op) => op.permissions),
    ...[...MODEL.rolePermissions.values()].flat(),
  ]),
];
const METADATA = 'read:user_metadata';

/** The operation's path with every path parameter replaced by the spec's example for it. */
function samplePath(op: OperationSpec): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const example = param?.raw.example ?? param?.schema.example;
    if (typeof example !== 'string')
      throw new Error(`${op.id}: path parameter ${name} needs an example in the spec`);
    return encodeURIComponent(example);
  });
}

/** An admin's token whose `permissions` claim is exactly `permissions`. */
function tokenWith(h: Harness, permissions: readonly string[]): string {
  return h.token(ADMIN, { claims: { permissions: [...permissions] } });
}

function expectInsufficientScope(
  res: Awaited<ReturnType<Harness['get']>>,
  code: string,
  permission: string,
): void {
  expectError(res, 403, code);
  const challenge = res.headers['www-authenticate'] ?? '';
  expect(challenge).toMatch(/^Bearer realm="identity"/);
  expect(challenge).toContain('error="insufficient_scope"');
  expect(challenge).toContain(`scope="${permission}"`);
}

describe('the spec has guarded operations', () => {
  it('reads x-permissions from the spec (the list is not empty and names the decided permissions)', () => {
    expect(GUARDED_OPERATIONS.length).toBeGreaterThan(0);
    const byId = Object.fromEntries(GUARDED_OPERATIONS.map((op) => [op.id, op.permissions]));
    expect(byId).toMatchObject({
      listUsers: ['read:users'],
      deleteUser: ['delete:users'],
      listWorkspaceMembers: ['read:workspace'],
    });
  });

  it("the spec's role table is docs/tokens.md's", () => {
    expect(Object.fromEntries(MODEL.rolePermissions)).toEqual(ROLE_PERMISSIONS);
  });
});

const CASES = GUARDED_OPERATIONS.flatMap((op) =>
  op.permissions.map((permission) => ({
    name: `${op.method.toUpperCase()} ${op.path} (${op.id}) × ${permission}`,
    op,
    permission,
  })),
);

describe.each(CASES)('$name', ({ op, permission }) => {
  it('a token with every permission but this one: 403 insufficient_permissions naming it', async () => {
    const h = harness();
    const token = tokenWith(
      h,
      ALL_PERMISSIONS.filter((p) => p !== permission),
    );
    const res = await h.send(op.method, samplePath(op), { token });
    expectInsufficientScope(res, 'insufficient_permissions', permission);
  });

  it('a token with it is not refused', async () => {
    // The spec's examples name users of the default data (the DELETE example is one of its identifiers).
    const h = harness({ fixtures: undefined });
    const res = await h.send(op.method, samplePath(op), { token: tokenWith(h, ALL_PERMISSIONS) });
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(400);
  });

  it('a token without a permissions claim has no permissions', async () => {
    const h = harness();
    const token = h.token(ADMIN, { claims: { permissions: undefined } });
    expect(await h.mock.tokens.verify(token, NOW / 1000)).not.toHaveProperty('permissions');
    const res = await h.send(op.method, samplePath(op), { token });
    expectInsufficientScope(res, 'insufficient_permissions', op.permissions[0] ?? permission);
  });
});

describe.each([
  { name: 'saas_admin', user: ADMIN, role: 'saas_admin' },
  { name: 'saas_user', user: USER, role: 'saas_user' },
  { name: 'saas_user_client', user: CLIENT, role: 'saas_user_client' },
])('the role $name, with its default permissions', ({ user, role }) => {
  const granted = MODEL.rolePermissions.get(role) ?? [];
  it.each(GUARDED_OPERATIONS.map((op) => ({ name: op.id, op })))('$name', async ({ op }) => {
    const h = harness();
    const res = await h.send(op.method, samplePath(op), { token: h.token(user) });
    const missing = op.permissions.find((p) => !granted.includes(p));
    if (missing === undefined) expect(res.status).not.toBe(403);
    else expectInsufficientScope(res, 'insufficient_permissions', missing);
  });
});

// --- read:user_metadata (docs/users.md) --------------------------------------------------------------------------

const LIST_USERS = MODEL.operation('listUsers');
const GUARDED_PARAMS = LIST_USERS.parameters.filter(
  (p) => typeof p.raw['x-requires-permission'] === 'string',
);
const USER_SCHEMA = MODEL.deref({ $ref: '#/components/schemas/User' });
const GUARDED_FIELDS = Object.entries(MODEL.deref(USER_SCHEMA.properties))
  .filter(([, schema]) => MODEL.deref(schema)['x-requires-permission'] === METADATA)
  .map(([field]) => field);

/** A value of each guarded filter that matches someone in the small fixtures. */
const FILTER_VALUES: Readonly<Record<string, string>> = {
  id: KNOWN_IDS.user,
  created_by: KNOWN_IDS.admin,
  updated_by: KNOWN_IDS.admin,
};

function withoutGuarded(user: User): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).filter(([field]) => !GUARDED_FIELDS.includes(field)));
}

/** Records in the order of lists: created_at, then id. */
function listOrder(users: readonly User[]): User[] {
  return [...users].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1),
  );
}

describe('read:user_metadata', () => {
  it('guards exactly the id, created_by and updated_by filters and fields', () => {
    expect(GUARDED_PARAMS.map((p) => [p.name, p.raw['x-requires-permission']])).toEqual([
      ['id', METADATA],
      ['created_by', METADATA],
      ['updated_by', METADATA],
    ]);
    expect(GUARDED_FIELDS).toEqual(['created_by', 'updated_by']);
  });

  describe.each(GUARDED_PARAMS.map((p) => ({ name: p.name })))('the $name filter', ({ name }) => {
    const query = `/users?${name}=${FILTER_VALUES[name] ?? ''}&page_size=100`;

    it.each([
      { who: 'a saas_user', token: (h: Harness) => h.token(USER) },
      {
        who: 'an admin token without the permission',
        token: (h: Harness) =>
          tokenWith(
            h,
            ALL_PERMISSIONS.filter((p) => p !== METADATA),
          ),
      },
    ])('$who: 403 metadata_permission_required', async ({ token }) => {
      const h = harness();
      expectInsufficientScope(
        await h.get(query, { token: token(h) }),
        'metadata_permission_required',
        METADATA,
      );
    });

    it('with the permission: 200, and it filters', async () => {
      const h = harness();
      const res = await h.get(query, { token: h.token(ADMIN) });
      const users = usersOf(res);
      const value = FILTER_VALUES[name];
      const expected = h.allUsers().filter((u) => u[name as 'id' | 'created_by' | 'updated_by'] === value);
      expect(expected.length).toBeGreaterThan(0);
      expect(totalOf(res)).toBe(expected.length);
      expect(users.map((u) => u.id).sort()).toEqual(expected.map((u) => u.id).sort());
    });
  });

  it.each([
    { name: 'GET /users', path: '/users?page_size=100', members: undefined },
    {
      name: 'GET /workspaces/ws-01/members',
      path: '/workspaces/ws-01/members?per_page=100',
      members: 'ws-01',
    },
  ])(
    '$name: created_by/updated_by present with the permission, absent without',
    async ({ path, members }) => {
      const h = harness();
      const ids =
        members === undefined
          ? undefined
          : h.mock.state.dataset.workspaces.find((w) => w.id === members)?.members;
      const expected = listOrder(h.allUsers().filter((u) => ids === undefined || ids.includes(u.id)));
      expect(expected.some((u) => u.created_by !== undefined && u.updated_by !== undefined)).toBe(true);

      const full = usersOf(await h.get(path, { token: h.token(ADMIN) }));
      expect(full).toEqual(expected);

      const bare = usersOf(
        await h.get(path, {
          token: tokenWith(
            h,
            ALL_PERMISSIONS.filter((p) => p !== METADATA),
          ),
        }),
      );
      expect(bare).toEqual(expected.map(withoutGuarded));
      for (const user of bare) for (const field of GUARDED_FIELDS) expect(user).not.toHaveProperty(field);
    },
  );

  it('a saas_user listing members of their workspace gets no metadata fields', async () => {
    const h = harness();
    const users = usersOf(await h.get('/workspaces/ws-01/members?per_page=100', { token: h.token(USER) }));
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) for (const field of GUARDED_FIELDS) expect(user).not.toHaveProperty(field);
  });
});
