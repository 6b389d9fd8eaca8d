/**
 * DELETE /users/{id-or-identifier} (docs/users.md, docs/access.md), black-box: by id or identifier, the user gone from lists,
 * counts and workspaces, path validation, row-level access, and tokens of deleted users.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, USER, harness, type Harness, warmUp } from '../support/harness.ts';
import { expectError, idsOf, totalOf, usersOf } from '../support/responses.ts';

const ZOE = { id: 'ec9b26d6-0862-4d15-82ec-e6eb5a6449aa', identifier: 'zoe.adams' }; // ws-01, ws-02
const LENA = { id: 'e894f0f8-8699-4eb9-8a37-d54c2b38927e', identifier: 'lena.fischer' }; // saas_admin
/** In ws-04 only: no workspace in common with user@example.com (ws-01, ws-02). */
const ANGSTROM = { id: '586b1998-c2fc-4e4f-a7d6-e6e44936ef9b', identifier: 'angstrom' };

let h: Harness;
let admin: string;

beforeEach(() => {
  h = harness();
  admin = h.token(ADMIN);
});

function remove(key: string, token = admin) {
  return h.send('DELETE', `/users/${key}`, { token });
}

function expectDeleted(res: Awaited<ReturnType<typeof remove>>): void {
  expect(res.status).toBe(204);
  expect(res.text).toBe('');
  expect(res.headers['content-length'] ?? '0').toBe('0');
  expect(res.headers['x-message']).toBe('User deleted successfully');
  expect(res.headers['x-api-version']).toBe('v1');
}

async function memberIds(workspace: string): Promise<string[]> {
  const res = await h.get(`/workspaces/${workspace}/members?per_page=100`, { token: admin });
  return idsOf(usersOf(res));
}

describe('deleting', () => {
  it.each([
    { name: 'by id', key: ZOE.id },
    { name: 'by upper-case id', key: ZOE.id.toUpperCase() },
    { name: 'by identifier', key: ZOE.identifier },
  ])('$name → 204, then 404 user_not_found by id and by identifier', async ({ key }) => {
    expectDeleted(await remove(key));
    for (const again of [ZOE.id, ZOE.identifier, key]) {
      const body = expectError(await remove(again), 404, 'user_not_found');
      expect(body.error).toContain(again);
    }
  });

  it('the user leaves the list, its search results and its count', async () => {
    const before = await h.get('/users?page_size=100', { token: admin });
    expect(idsOf(usersOf(before))).toContain(ZOE.id);
    expectDeleted(await remove(ZOE.identifier));
    const after = await h.get('/users?page_size=100', { token: admin });
    expect(totalOf(after)).toBe(totalOf(before) - 1);
    expect(idsOf(usersOf(after))).toEqual(idsOf(usersOf(before)).filter((id) => id !== ZOE.id));
    const search = await h.get('/users?search=zoe', { token: admin });
    expect(usersOf(search).map((u) => u.identifier)).toEqual(['zoe.adams3', 'zoe.adams2']);
    expect(totalOf(await h.get('/users?status=active', { token: admin }))).toBe(
      totalOf(await h.get('/users?status=active', { token: h.token(ADMIN) })),
    );
    for (const field of ['name', 'email', 'identifier', 'updated_at'] as const) {
      const sorted = await h.get(`/users?sort_by=${field}&page_size=100`, { token: admin });
      expect(idsOf(usersOf(sorted))).not.toContain(ZOE.id);
      expect(totalOf(sorted)).toBe(42);
    }
  });

  it('with the sort orders and search index built first, the user leaves them too', async () => {
    warmUp(h);
    const search = await h.get('/users?search=adams', { token: admin });
    expect(usersOf(search).map((u) => u.identifier)).toContain(ZOE.identifier);
    expectDeleted(await remove(ZOE.identifier));
    for (const query of ['search=adams', 'search=zoe%20adams', 'search=adams&sort_by=name', 'sort_by=name']) {
      const res = await h.get(`/users?${query}&page_size=100`, { token: admin });
      expect(idsOf(usersOf(res))).not.toContain(ZOE.id);
    }
    const after = await h.get('/users?search=adams', { token: admin });
    expect(usersOf(after).map((u) => u.identifier)).toEqual(['zoe.adams3', 'zoe.adams2']);
    expect(totalOf(after)).toBe(2);
  });

  it('the user leaves every workspace', async () => {
    const workspaces = h.mock.state.dataset.workspaces.filter((w) => w.members.includes(ZOE.id));
    expect(workspaces.map((w) => w.id)).toEqual(['ws-01', 'ws-02']);
    for (const w of workspaces) expect(await memberIds(w.id)).toContain(ZOE.id);
    expectDeleted(await remove(ZOE.id));
    for (const w of h.mock.state.dataset.workspaces) expect(await memberIds(w.id)).not.toContain(ZOE.id);
  });

  it('a saas_user no longer sees a deleted co-member', async () => {
    const user = h.token(USER);
    const before = usersOf(await h.get('/users?page_size=100', { token: user }));
    expect(idsOf(before)).toContain(ZOE.id);
    expectDeleted(await remove(ZOE.id));
    const after = await h.get('/users?page_size=100', { token: user });
    expect(idsOf(usersOf(after))).toEqual(idsOf(before).filter((id) => id !== ZOE.id));
    expect(totalOf(after)).toBe(before.length - 1);
  });

  it('deletes nobody else', async () => {
    const before = h.allUsers().length;
    expectDeleted(await remove(ZOE.id));
    expect(h.allUsers()).toHaveLength(before - 1);
    // the other Zoes, whose names tie with hers, are untouched
    expect(h.allUsers().filter((u) => u.identifier.startsWith('zoe.adams'))).toHaveLength(2);
  });
});

describe('the path segment', () => {
  it.each([
    { name: 'one upper-case letter', key: 'A' },
    { name: 'two characters', key: 'ab' },
    { name: 'a leading hyphen', key: '-abc' },
    { name: 'a leading dot', key: '.abc' },
    { name: 'a space', key: 'has%20space' },
    { name: 'upper case', key: 'Zoe.Adams' },
    { name: '65 characters', key: 'a'.repeat(65) },
    { name: 'an upper-case uuid with a bad digit', key: 'EC9B26D6-0862-4D15-82EC-E6EB5A6449AG' },
    { name: 'an @', key: 'zoe%40example.com' },
    { name: 'non-ASCII', key: 'zo%C3%AB' },
    { name: 'percent-encoding that does not decode', key: '%E0%A4%A' },
  ])('$name → 400 invalid_request with a path detail', async ({ key }) => {
    const body = expectError(await remove(key), 400, 'invalid_request');
    expect(body.details).toContainEqual(
      expect.objectContaining({ location: 'path', name: 'id-or-identifier' }),
    );
    const shown = (() => {
      try {
        return decodeURIComponent(key);
      } catch {
        return key; // shown as sent
      }
    })();
    expect(body.details?.[0]?.message).toContain(shown);
    expect(h.allUsers()).toHaveLength(43);
  });

  it.each([
    { name: 'an unknown uuid', key: '12345678-1234-4234-8234-123456789abc' },
    { name: 'an unknown identifier', key: 'no.such.user' },
    { name: 'the smallest identifier', key: 'abc' },
    { name: 'the longest identifier', key: 'a'.repeat(64) },
    { name: 'an identifier that looks like a uuid prefix', key: 'ec9b26d6' },
    {
      name: 'a lower-case uuid with a bad digit (a valid identifier)',
      key: 'ec9b26d6-0862-4d15-82ec-e6eb5a6449ag',
    },
  ])('$name → 404 user_not_found', async ({ key }) => {
    const body = expectError(await remove(key), 404, 'user_not_found');
    expect(body.error).toContain(key);
    expect(h.allUsers()).toHaveLength(43);
  });
});

describe('who may delete', () => {
  it('a saas_user (no delete:users) cannot: 403, nobody deleted', async () => {
    expectError(await remove(ZOE.id, h.token(USER)), 403, 'insufficient_permissions');
    expect(h.allUsers().some((u) => u.id === ZOE.id)).toBe(true);
  });

  it('an app token holding only delete:users for an admin can', async () => {
    expectDeleted(await remove(ZOE.identifier, h.token(ADMIN, { permissions: ['delete:users'] })));
    expect(h.allUsers().some((u) => u.id === ZOE.id)).toBe(false);
  });

  it('row-level access: a saas_user granted delete:users deletes a co-member but not a stranger (404)', async () => {
    const token = h.token(USER, { claims: { permissions: ['read:users', 'delete:users'] } });
    const body = expectError(await remove(ANGSTROM.id, token), 404, 'user_not_found');
    expect(body.error).toContain(ANGSTROM.id);
    expectError(await remove(ANGSTROM.identifier, token), 404, 'user_not_found');
    expect(h.allUsers().some((u) => u.id === ANGSTROM.id)).toBe(true);
    expectDeleted(await remove(ZOE.id, token));
  });

  it("a deleted user's own token is refused afterwards (401 invalid_token)", async () => {
    const lena = h.token(LENA.identifier);
    expect((await h.get('/users', { token: lena })).status).toBe(200);
    expectDeleted(await remove(LENA.id));
    for (const res of [await h.get('/users', { token: lena }), await remove(ZOE.id, lena)]) {
      expectError(res, 401, 'invalid_token');
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    expect(h.allUsers().some((u) => u.id === ZOE.id)).toBe(true);
  });

  it('an admin may delete themselves; their token is refused afterwards', async () => {
    expectDeleted(await remove('admin'));
    expectError(await h.get('/users', { token: admin }), 401, 'invalid_token');
  });
});
