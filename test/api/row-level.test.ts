/**
 * Row-level access (docs/access.md): what each role sees in GET /users (items, X-Total-Count, Link), may delete, and
 * sees of a workspace's members; deletion takes a user out of every workspace and voids their tokens. A property
 * test checks, over a seeded dataset, that a saas_user never sees outside their workspaces and that the count is
 * the brute-force count of what they may see.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../src/data/dataset.ts';
import { datasetFromRecords } from '../../src/data/fixtures.ts';
import { seedDataset } from '../../src/data/seed.ts';
import type { User } from '../../src/spec/types.ts';
import { clientToken, KNOWN_IDS, loginToken } from '../support/auth.ts';
import { ADMIN, CLIENT, harness, SMALL_FIXTURES, USER, type Harness } from '../support/harness.ts';
import {
  runQuery,
  sortUsers,
  STATUSES,
  USER_TYPES,
  visibleTo,
  type DecodedQuery,
} from '../support/reference.ts';
import { expectError, idsOf, parseLink, totalOf, usersOf } from '../support/responses.ts';

const ANGSTROM = '586b1998-c2fc-4e4f-a7d6-e6e44936ef9b'; // saas_user, ws-04 only
const BOB = 'c33a51cf-3463-477d-b7ef-e2ccca0496ed'; // saas_user, ws-01 ws-02 ws-03
const SOREN = 'b184ae0b-01b5-4c1e-9e41-1134c5a35d40'; // saas_user_client, ws-04
const LENA = 'e894f0f8-8699-4eb9-8a37-d54c2b38927e'; // saas_admin, ws-01 ws-02 ws-03
const LONER = '00000000-0000-4000-8000-0000000000aa'; // saas_user in no workspace (added below)

/** The small fixtures plus a saas_user who belongs to no workspace. */
function smallWithLoner(): Dataset {
  const read = (file: string): unknown => JSON.parse(readFileSync(`${SMALL_FIXTURES}/${file}`, 'utf8'));
  const users = read('users.json') as unknown[];
  const loner = {
    id: LONER,
    identifier: 'loner',
    name: 'Lone Ranger',
    email: 'loner@example.com',
    user_type: 'saas_user',
    status: 'active',
    created_at: '2024-02-02T00:00:00.000Z',
    updated_at: '2024-02-02T00:00:00.000Z',
  };
  return datasetFromRecords(
    { users: [...users, loner], workspaces: read('workspaces.json') },
    'row-level test',
  );
}

function userById(h: Harness, id: string): User {
  const user = h.allUsers().find((u) => u.id === id);
  if (user === undefined) throw new Error(`no user ${id}`);
  return user;
}

/** What `viewer` may see, in list order (created_at, id). */
function expectedVisible(h: Harness, viewer: User): User[] {
  return sortUsers(visibleTo(h.allUsers(), h.mock.state.dataset.workspaces, viewer), 'created_at', 'asc');
}

describe('GET /users by role', () => {
  it.each([
    { name: 'the saas_admin account: everyone', viewer: KNOWN_IDS.admin },
    { name: 'a saas_admin of the fixtures outside most workspaces: everyone', viewer: LENA },
    { name: 'the saas_user account: co-members of ws-01 and ws-02, and self', viewer: KNOWN_IDS.user },
    { name: 'a saas_user of ws-04 only', viewer: ANGSTROM },
    { name: 'a saas_user of three workspaces', viewer: BOB },
    { name: 'a saas_user in no workspace: only self', viewer: LONER },
    { name: 'the saas_user_client account: only self', viewer: KNOWN_IDS.client },
    { name: 'a saas_user_client of the fixtures: only self', viewer: SOREN },
  ])('$name', async ({ viewer }) => {
    const h = harness({ dataset: smallWithLoner() });
    const user = userById(h, viewer);
    const expected = expectedVisible(h, user);
    // A client account has no read:users by default; give it the permission to see what row-level access leaves.
    const token = h.token(viewer, { claims: { permissions: ['read:users'] } });
    const res = await h.get('/users?page_size=100', { token });
    expect(usersOf(res).map((u) => u.id)).toEqual(idsOf(expected));
    expect(totalOf(res)).toBe(expected.length);
    if (user.user_type === 'saas_admin') expect(expected).toHaveLength(h.allUsers().length);
    if (user.user_type === 'saas_user_client' || viewer === LONER) expect(idsOf(expected)).toEqual([viewer]);
  });

  it('the client account, with its default token, lacks read:users altogether', async () => {
    const h = harness();
    expectError(await h.get('/users', { token: h.token(CLIENT) }), 403, 'insufficient_permissions');
  });

  it('a client_credentials token sees everyone', async () => {
    const h = harness();
    const res = await h.get('/users?page_size=100', { token: await clientToken(h) });
    expect(totalOf(res)).toBe(h.allUsers().length);
    expect(idsOf(usersOf(res))).toEqual(idsOf(sortUsers(h.allUsers(), 'created_at', 'asc')));
  });

  it('a password-grant token of the saas_user sees what its app token sees', async () => {
    const h = harness();
    const res = await h.get('/users?page_size=100', { token: await loginToken(h, USER) });
    expect(idsOf(usersOf(res))).toEqual(idsOf(expectedVisible(h, userById(h, KNOWN_IDS.user))));
  });

  it('filters apply within the visible rows only', async () => {
    const h = harness();
    const viewer = userById(h, KNOWN_IDS.user);
    const res = await h.get('/users?status=active&page_size=100', { token: h.token(USER) });
    const expected = expectedVisible(h, viewer).filter((u) => u.status === 'active');
    expect(idsOf(usersOf(res))).toEqual(idsOf(expected));
    expect(totalOf(res)).toBe(expected.length);
  });
});

describe('Link and X-Total-Count follow the visible count', () => {
  it('a saas_user: last page from the visible count, not from every user', async () => {
    const h = harness();
    const visible = expectedVisible(h, userById(h, KNOWN_IDS.user));
    expect(visible.length).toBeLessThan(h.allUsers().length);
    const res = await h.get('/users?page=2&page_size=5', {
      token: h.token(USER),
      headers: { Host: 'api.example.test' },
    });
    expect(idsOf(usersOf(res))).toEqual(idsOf(visible.slice(5, 10)));
    expect(totalOf(res)).toBe(visible.length);
    const last = Math.ceil(visible.length / 5);
    expect(parseLink(res.headers.link).map(({ rel, url }) => [rel, url.toString()])).toEqual([
      ['first', 'http://api.example.test/users?page=1&page_size=5'],
      ['prev', 'http://api.example.test/users?page=1&page_size=5'],
      ['next', 'http://api.example.test/users?page=3&page_size=5'],
      ['last', `http://api.example.test/users?page=${last}&page_size=5`],
    ]);
  });

  it('no Link when the visible count fits one page, though all users would not', async () => {
    const h = harness();
    const visible = expectedVisible(h, userById(h, ANGSTROM));
    expect(visible.length).toBeLessThanOrEqual(20);
    expect(h.allUsers().length).toBeGreaterThan(20);
    const res = await h.get('/users', { token: h.token(ANGSTROM) });
    expect(totalOf(res)).toBe(visible.length);
    expect(res.headers.link).toBeUndefined();
    const admin = await h.get('/users', { token: h.token(ADMIN) });
    expect(parseLink(admin.headers.link).map((l) => l.rel)).toEqual(['first', 'next', 'last']);
  });

  it('past the last visible page: [] with the visible total', async () => {
    const h = harness();
    const visible = expectedVisible(h, userById(h, ANGSTROM));
    const res = await h.get('/users?page=3&page_size=10', { token: h.token(ANGSTROM) });
    expect(usersOf(res)).toEqual([]);
    expect(res.headers['x-message']).toBe('Data not found');
    expect(totalOf(res)).toBe(visible.length);
  });
});

describe('DELETE /users/{id-or-identifier} under row-level access', () => {
  const DELETE_ONLY = { claims: { permissions: ['read:users', 'delete:users'] } };

  it('an admin deletes a user of a workspace the admin is not in', async () => {
    const h = harness();
    const res = await h.send('DELETE', '/users/angstrom', { token: h.token(ADMIN) });
    expect(res.status).toBe(204);
    expect(res.headers['x-message']).toBe('User deleted successfully');
    expect(h.allUsers().some((u) => u.id === ANGSTROM)).toBe(false);
  });

  it.each([
    { name: 'a co-member by identifier', target: 'bob', status: 204 },
    { name: 'a co-member by id', target: BOB, status: 204 },
    { name: 'a co-member who is an admin', target: 'admin', status: 204 },
    { name: 'themselves', target: 'user', status: 204 },
    { name: 'an existing user outside their workspaces, by identifier', target: 'angstrom', status: 404 },
    { name: 'an existing user outside their workspaces, by id', target: ANGSTROM, status: 404 },
    { name: 'a user nobody has', target: 'no.such.user', status: 404 },
  ])('a saas_user with delete:users, deleting $name: $status', async ({ target, status }) => {
    const h = harness();
    const before = h.allUsers().length;
    const res = await h.send('DELETE', `/users/${target}`, { token: h.token(USER, DELETE_ONLY) });
    if (status === 404) {
      expectError(res, 404, 'user_not_found');
      expect(h.allUsers()).toHaveLength(before);
    } else {
      expect(res.status).toBe(204);
      expect(h.allUsers()).toHaveLength(before - 1);
    }
  });

  it('the user a saas_user could not delete still exists for an admin', async () => {
    const h = harness();
    expectError(
      await h.send('DELETE', '/users/angstrom', { token: h.token(USER, DELETE_ONLY) }),
      404,
      'user_not_found',
    );
    const res = await h.get(`/users?id=${ANGSTROM}`, { token: h.token(ADMIN) });
    expect(idsOf(usersOf(res))).toEqual([ANGSTROM]);
  });

  it.each([
    { name: 'a co-member of ws-01', target: 'user', status: 404 },
    { name: 'themselves', target: 'client', status: 204 },
  ])('a saas_user_client with delete:users, deleting $name: $status', async ({ target, status }) => {
    const h = harness();
    const res = await h.send('DELETE', `/users/${target}`, { token: h.token(CLIENT, DELETE_ONLY) });
    if (status === 404) expectError(res, 404, 'user_not_found');
    else expect(res.status).toBe(status);
  });

  it('a client_credentials token deletes anyone it has delete:users for', async () => {
    const h = harness();
    const res = await h.send('DELETE', '/users/angstrom', { token: await clientToken(h) });
    expect(res.status).toBe(204);
  });
});

describe('members under row-level access', () => {
  const members = (h: Harness, workspace: string): User[] => {
    const ids = h.mock.state.dataset.workspaces.find((w) => w.id === workspace)?.members ?? [];
    return sortUsers(
      h.allUsers().filter((u) => ids.includes(u.id)),
      'created_at',
      'asc',
    );
  };

  it.each([
    { name: 'the saas_user account (member)', viewer: USER, workspace: 'ws-01' },
    { name: 'the saas_admin account (member)', viewer: ADMIN, workspace: 'ws-02' },
    { name: 'the saas_admin account (not a member)', viewer: ADMIN, workspace: 'ws-04' },
  ])('$name sees every member of $workspace', async ({ viewer, workspace }) => {
    const h = harness();
    const res = await h.get(`/workspaces/${workspace}/members?per_page=100`, { token: h.token(viewer) });
    const expected = members(h, workspace);
    expect(idsOf(usersOf(res).map((u) => u))).toEqual(idsOf(expected));
    expect(totalOf(res)).toBe(expected.length);
  });

  it('a client_credentials token sees every member of any workspace', async () => {
    const h = harness();
    const res = await h.get('/workspaces/ws-03/members?per_page=100', { token: await clientToken(h) });
    expect(idsOf(usersOf(res))).toEqual(idsOf(members(h, 'ws-03')));
  });

  it('the client account given read:workspace sees only itself among the members', async () => {
    const h = harness();
    const token = h.token(CLIENT, { claims: { permissions: ['read:workspace'] } });
    const res = await h.get('/workspaces/ws-01/members', { token });
    expect(idsOf(usersOf(res))).toEqual([KNOWN_IDS.client]);
    expect(totalOf(res)).toBe(1);
  });
});

describe('deleting a user', () => {
  it('removes them from every workspace and voids their tokens (401 invalid_token)', async () => {
    const h = harness();
    const admin = h.token(ADMIN);
    const workspaces = h.mock.state.dataset.workspaces
      .filter((w) => w.members.includes(BOB))
      .map((w) => w.id);
    expect(workspaces.length).toBeGreaterThan(1);
    const counts = new Map<string, number>();
    for (const ws of workspaces) {
      const res = await h.get(`/workspaces/${ws}/members?per_page=100`, { token: admin });
      expect(idsOf(usersOf(res))).toContain(BOB);
      counts.set(ws, totalOf(res));
    }
    const appToken = h.token(BOB);
    const passwordToken = await loginToken(h, 'bob@example.com');
    expect((await h.get('/users', { token: passwordToken })).status).toBe(200);

    expect((await h.send('DELETE', `/users/${BOB}`, { token: admin })).status).toBe(204);

    for (const ws of workspaces) {
      const res = await h.get(`/workspaces/${ws}/members?per_page=100`, { token: admin });
      expect(idsOf(usersOf(res))).not.toContain(BOB);
      expect(totalOf(res)).toBe((counts.get(ws) ?? 0) - 1);
    }
    for (const token of [appToken, passwordToken]) {
      const res = await h.get('/users', { token });
      expectError(res, 401, 'invalid_token');
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    expectError(await h.send('DELETE', `/users/${BOB}`, { token: admin }), 404, 'user_not_found');
  });

  it('a co-member who shared a workspace only through the deleted user is unaffected', async () => {
    const h = harness();
    const before = usersOf(await h.get('/users?page_size=100', { token: h.token(USER) }));
    expect(idsOf(before)).toContain(BOB);
    expect((await h.send('DELETE', '/users/bob', { token: h.token(ADMIN) })).status).toBe(204);
    const after = usersOf(await h.get('/users?page_size=100', { token: h.token(USER) }));
    expect(idsOf(after)).toEqual(idsOf(before).filter((id) => id !== BOB));
  });
});

describe('property: a saas_user sees only their workspaces, and the count is the brute-force count', () => {
  const dataset = seedDataset({ seed: 11, users: 150 });
  const all = dataset.users;
  const viewers = all.filter((u) => u.user_type === 'saas_user');
  const times = all.map((u) => Date.parse(u.created_at)).sort((a, b) => a - b);
  const first = times[0] ?? 0;
  const lastTime = times[times.length - 1] ?? 0;
  const terms = [
    ...new Set(all.slice(0, 40).map((u) => u.name.split(' ')[0]?.slice(0, 3).toLowerCase() ?? 'a')),
  ];

  const option = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
  const instant = fc.integer({ min: first - 86_400_000, max: lastTime + 86_400_000 });
  const query = fc
    .record({
      user_type: option(fc.constantFrom(...USER_TYPES)),
      status: option(fc.constantFrom(...STATUSES)),
      range: option(fc.tuple(instant, instant)),
      search: option(fc.constantFrom(...terms)),
      sort_by: option(fc.constantFrom('created_at', 'updated_at', 'id', 'email', 'identifier')),
      sort_order: option(fc.constantFrom('asc', 'desc')),
      page: option(fc.integer({ min: 1, max: 6 })),
      page_size: option(fc.integer({ min: 1, max: 25 })),
    })
    .map(({ range, page, page_size, ...rest }): DecodedQuery => {
      const q: Record<string, string> = {};
      for (const [name, value] of Object.entries(rest)) if (value !== undefined) q[name] = value;
      if (range !== undefined) {
        const [a, b] = range[0] <= range[1] ? range : [range[1], range[0]];
        q.created_at_from = new Date(a).toISOString();
        q.created_at_to = new Date(b).toISOString();
      }
      if (page !== undefined) q.page = String(page);
      if (page_size !== undefined) q.page_size = String(page_size);
      return q;
    });

  it('holds for 250 random viewers, filters and pages', async () => {
    const h = harness({ dataset });
    expect(viewers.length).toBeGreaterThan(50);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...viewers), query, async (viewer, q) => {
        const visible = visibleTo(all, dataset.workspaces, viewer);
        const allowed = new Set(idsOf(visible));
        const reference = runQuery(visible, q);
        if (!reference.valid) throw new Error(`generated an invalid query: ${reference.reason}`);
        const res = await h.get(`/users?${new URLSearchParams(q as Record<string, string>).toString()}`, {
          token: h.token(viewer.id),
        });
        const page = usersOf(res);
        for (const user of page) expect(allowed.has(user.id), `${viewer.id} sees ${user.id}`).toBe(true);
        expect(totalOf(res)).toBe(reference.users.length);
        const start = (reference.page - 1) * reference.pageSize;
        expect(idsOf(page)).toEqual(idsOf(reference.users.slice(start, start + reference.pageSize)));
      }),
      { seed: 20_260_115, numRuns: 250 },
    );
  });
});
