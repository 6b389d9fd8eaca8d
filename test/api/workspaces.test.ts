/**
 * GET /workspaces/{workspace}/members (docs/access.md): who may list, the members as User records in created_at /
 * id order, and pagination with `page` / `per_page` under docs/users.md's Link and X-Total-Count rules.
 */
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/spec/types.ts';
import { seedDataset } from '../../src/data/seed.ts';
import { KNOWN_IDS } from '../support/auth.ts';
import { ADMIN, harness, USER, type Harness } from '../support/harness.ts';
import { sortUsers } from '../support/reference.ts';
import { expectError, expectQueryDetail, idsOf, parseLink, totalOf, usersOf } from '../support/responses.ts';

const HOST = 'api.example.test';

/** The workspace's members from the dataset, live ones only, in list order. */
function membersOf(h: Harness, workspace: string): User[] {
  const ids = h.mock.state.dataset.workspaces.find((w) => w.id === workspace)?.members;
  if (ids === undefined) throw new Error(`no workspace ${workspace} in the dataset`);
  return sortUsers(
    h.allUsers().filter((u) => ids.includes(u.id)),
    'created_at',
    'asc',
  );
}

function list(h: Harness, path: string, who = ADMIN): ReturnType<Harness['get']> {
  return h.get(path, { token: h.token(who), headers: { Host: HOST } });
}

function links(res: Awaited<ReturnType<Harness['get']>>): [string, string][] {
  return parseLink(res.headers.link).map(({ rel, url }) => [rel, url.toString()]);
}

describe('who may list the members', () => {
  it('a saas_user member of ws-01: 200 with every member', async () => {
    const h = harness();
    const res = await list(h, '/workspaces/ws-01/members?per_page=100', USER);
    const expected = membersOf(h, 'ws-01');
    expect(expected.map((u) => u.id)).toContain(KNOWN_IDS.user);
    expect(idsOf(usersOf(res))).toEqual(idsOf(expected));
    expect(totalOf(res)).toBe(expected.length);
    expect(res.headers['x-message']).toBe('Data retrieved successfully');
  });

  it.each(['ws-01', 'ws-02', 'ws-03', 'ws-04'])('the admin, member or not, lists %s', async (workspace) => {
    const h = harness();
    const res = await list(h, `/workspaces/${workspace}/members?per_page=100`);
    expect(usersOf(res)).toEqual(membersOf(h, workspace));
  });

  it('a saas_user who is not a member: 403 insufficient_permissions', async () => {
    const h = harness();
    const isMember = h.mock.state.dataset.workspaces
      .find((w) => w.id === 'ws-04')
      ?.members.includes(KNOWN_IDS.user);
    expect(isMember).toBe(false);
    expectError(await list(h, '/workspaces/ws-04/members', USER), 403, 'insufficient_permissions');
  });

  it.each([
    { name: 'the admin', who: ADMIN },
    { name: 'a saas_user', who: USER },
  ])('an unknown workspace for $name: 404 workspace_not_found', async ({ who }) => {
    const h = harness();
    expectError(await list(h, '/workspaces/ws-99/members', who), 404, 'workspace_not_found');
  });

  it('a workspace id outside the slug pattern: 400 invalid_request', async () => {
    const h = harness();
    expectError(await list(h, '/workspaces/-bad/members'), 400, 'invalid_request');
  });
});

describe('the members', () => {
  it('are User records sorted by created_at, then id (ties included)', async () => {
    const h = harness();
    const users = usersOf(await list(h, '/workspaces/ws-01/members?per_page=100'));
    const keys = users.map((u) => [Date.parse(u.created_at), u.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
    const times = users.map((u) => u.created_at);
    expect(new Set(times).size).toBeLessThan(times.length);
  });

  it("equal the dataset's members minus deleted users", async () => {
    const h = harness();
    const before = membersOf(h, 'ws-02');
    const victim = before[3];
    if (victim === undefined) throw new Error('ws-02 is too small');
    expect((await h.send('DELETE', `/users/${victim.id}`, { token: h.token(ADMIN) })).status).toBe(204);
    const res = await list(h, '/workspaces/ws-02/members?per_page=100');
    expect(usersOf(res)).toEqual(before.filter((u) => u.id !== victim.id));
    expect(totalOf(res)).toBe(before.length - 1);
  });

  it('a workspace whose last member was deleted is still there, empty', async () => {
    const h = harness();
    const admin = h.token(ADMIN);
    for (const member of membersOf(h, 'ws-04')) {
      expect((await h.send('DELETE', `/users/${member.id}`, { token: admin })).status).toBe(204);
    }
    const res = await list(h, '/workspaces/ws-04/members');
    expect(usersOf(res)).toEqual([]);
    expect(totalOf(res)).toBe(0);
    expect(res.headers['x-message']).toBe('Data not found');
    expect(res.headers.link).toBeUndefined();
  });
});

describe('pagination', () => {
  it('default: page 1 of 20; Link without per_page', async () => {
    const h = harness({ dataset: seedDataset({ seed: 5, users: 200 }) });
    const members = membersOf(h, 'ws-01');
    expect(members.length).toBeGreaterThan(40);
    const res = await list(h, '/workspaces/ws-01/members');
    expect(idsOf(usersOf(res))).toEqual(idsOf(members.slice(0, 20)));
    expect(totalOf(res)).toBe(members.length);
    const base = `http://${HOST}/workspaces/ws-01/members`;
    expect(links(res)).toEqual([
      ['first', `${base}?page=1`],
      ['next', `${base}?page=2`],
      ['last', `${base}?page=${Math.ceil(members.length / 20)}`],
    ]);
    const second = await list(h, '/workspaces/ws-01/members?page=2');
    expect(idsOf(usersOf(second))).toEqual(idsOf(members.slice(20, 40)));
    expect(links(second).map(([rel, url]) => [rel, new URL(url).searchParams.toString()])).toEqual([
      ['first', 'page=1'],
      ['prev', 'page=1'],
      ['next', 'page=3'],
      ['last', `page=${Math.ceil(members.length / 20)}`],
    ]);
  });

  it.each([
    { name: 'page 1', page: (_last: number) => 1 },
    { name: 'a middle page', page: (_last: number) => 2 },
    { name: 'the last page', page: (last: number) => last },
  ])('per_page=5, $name: the slice, and Link keeping per_page', async ({ page: pageOf }) => {
    const h = harness();
    const members = membersOf(h, 'ws-02');
    const last = Math.ceil(members.length / 5);
    expect(last).toBeGreaterThan(2);
    const page = pageOf(last);
    const res = await list(h, `/workspaces/ws-02/members?page=${page}&per_page=5`);
    expect(idsOf(usersOf(res))).toEqual(idsOf(members.slice((page - 1) * 5, page * 5)));
    expect(totalOf(res)).toBe(members.length);
    const url = (n: number): string => `http://${HOST}/workspaces/ws-02/members?page=${n}&per_page=5`;
    const expected: [string, string][] = [['first', url(1)]];
    if (page > 1) expected.push(['prev', url(page - 1)]);
    if (page < last) expected.push(['next', url(page + 1)]);
    expected.push(['last', url(last)]);
    expect(links(res)).toEqual(expected);
  });

  it('Link keeps the order and the spelling of the parameters as sent', async () => {
    const h = harness();
    const last = Math.ceil(membersOf(h, 'ws-02').length / 5);
    const res = await list(h, '/workspaces/ws-02/members?per_page=05&page=2');
    const base = `http://${HOST}/workspaces/ws-02/members`;
    expect(links(res)).toEqual([
      ['first', `${base}?per_page=05&page=1`],
      ['prev', `${base}?per_page=05&page=1`],
      ['next', `${base}?per_page=05&page=3`],
      ['last', `${base}?per_page=05&page=${last}`],
    ]);
  });

  it.each([
    { name: 'total below per_page', perPage: 12, link: false },
    { name: 'total equal to per_page', perPage: 11, link: false },
    { name: 'total above per_page', perPage: 10, link: true },
  ])('Link only when X-Total-Count > per_page: $name', async ({ perPage, link }) => {
    const h = harness();
    expect(membersOf(h, 'ws-04')).toHaveLength(11);
    const res = await list(h, `/workspaces/ws-04/members?per_page=${perPage}`);
    expect(totalOf(res)).toBe(11);
    expect(res.headers.link !== undefined).toBe(link);
  });

  it('past the last page: 200, [], Data not found, the total, Link without next', async () => {
    const h = harness();
    const res = await list(h, '/workspaces/ws-04/members?page=5&per_page=5');
    expect(usersOf(res)).toEqual([]);
    expect(res.headers['x-message']).toBe('Data not found');
    expect(totalOf(res)).toBe(11);
    expect(links(res).map(([rel]) => rel)).toEqual(['first', 'prev', 'last']);
  });

  it.each([
    { name: 'per_page=1', query: 'per_page=1', size: 1 },
    { name: 'per_page=100', query: 'per_page=100', size: 20 },
  ])('the bounds are accepted: $name', async ({ query, size }) => {
    const h = harness();
    expect(usersOf(await list(h, `/workspaces/ws-01/members?${query}`))).toHaveLength(size);
  });

  it.each([
    { name: 'per_page=0', query: 'per_page=0', param: 'per_page' },
    { name: 'per_page=101', query: 'per_page=101', param: 'per_page' },
    { name: 'per_page=abc', query: 'per_page=abc', param: 'per_page' },
    { name: 'per_page=0x10 (Number() would read 16)', query: 'per_page=0x10', param: 'per_page' },
    { name: 'page=2.0', query: 'page=2.0', param: 'page' },
    { name: 'page=0', query: 'page=0', param: 'page' },
    { name: 'page=-1', query: 'page=-1', param: 'page' },
  ])('$name: 400 invalid_request naming the parameter', async ({ query, param }) => {
    const h = harness();
    expectQueryDetail(await list(h, `/workspaces/ws-01/members?${query}`), param);
  });
});
