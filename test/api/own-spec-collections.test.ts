/**
 * The resource engine over HTTP on examples/own-spec/openapi.yaml (docs/own-spec.md): collections, items and a
 * nested collection scoped to its parent; lists with filters, ranges, search, sort and pagination; creates with
 * the server's fields, conflicts and `Location`; reads, replaces, merge patches and deletes; actions and
 * singletons; per-session copy-on-write. Every answer is checked against the served document.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOW } from '../support/harness.ts';
import { errorOf, ownHarness, type OwnHarness } from '../support/own-spec.ts';

interface Workspace {
  id: string;
  name: string;
  slug: string;
  plan: string;
  description?: string;
  owner_id?: string;
  created_at: string;
  updated_at: string;
  created_by?: string;
  updated_by?: string;
}
interface Project {
  id: number;
  workspace_id: string;
  title: string;
  status: string;
  due_date?: string;
  created_at: string;
  updated_at: string;
}

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const byIdThen =
  <T extends { id: string }>(key: (t: T) => string) =>
  (a: T, b: T): number => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

let h: OwnHarness;
let admin: string;
let all: Workspace[];
let sessionNo = 0;
/** A new session per test that writes, so tests never see each other's records. */
const fresh = (): string => `cols-${String(++sessionNo)}`;

beforeAll(async () => {
  h = ownHarness();
  admin = h.token('admin@example.com');
  const res = await h.get('/workspaces?per_page=100', { token: admin });
  expect(res.status).toBe(200);
  all = res.body as Workspace[];
});

const list = async (query: string, session?: string): Promise<request.Response> =>
  h.get(`/workspaces${query}`, { token: admin, ...(session === undefined ? {} : { session }) });

describe('GET collection', () => {
  it('lists the x-mock-count seeded records, with X-Total-Count and X-Message', async () => {
    expect(all).toHaveLength(10);
    const res = await list('');
    expect(res.headers['x-total-count']).toBe('10');
    expect(res.headers['x-message']).toBe('Data retrieved successfully');
    expect(res.headers['link']).toBeUndefined();
  });

  it('filters by equality on a scalar property (plan), exactly as the records say', async () => {
    for (const plan of ['free', 'team', 'enterprise']) {
      const res = await list(`?plan=${plan}&per_page=100`);
      expect(res.status).toBe(200);
      const ids = (res.body as Workspace[]).map((w) => w.id).sort();
      expect(ids).toEqual(
        all
          .filter((w) => w.plan === plan)
          .map((w) => w.id)
          .sort(),
      );
      expect(res.headers['x-total-count']).toBe(String(ids.length));
    }
    errorOf(await list('?plan=gold'), 400, 'invalid_request');
  });

  it('reads created_at_from/_to as a half-open range; from > to is 400 invalid_range; from == to is empty', async () => {
    const sorted = [...all].sort((a, b) => a.created_at.localeCompare(b.created_at));
    const from = sorted[2]?.created_at ?? '';
    const to = sorted[6]?.created_at ?? '';
    const q = (a: string, b: string): string =>
      `?created_at_from=${encodeURIComponent(a)}&created_at_to=${encodeURIComponent(b)}`;
    const res = await list(`${q(from, to)}&per_page=100`);
    expect(res.status).toBe(200);
    const expected = all.filter((w) => w.created_at >= from && w.created_at < to).map((w) => w.id);
    expect((res.body as Workspace[]).map((w) => w.id).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
    const range = errorOf(await list(q(to, from)), 400, 'invalid_range');
    expect(range.error).toContain('created_at');
    const empty = await list(q(from, from));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-message']).toBe('Data not found');
    errorOf(await list('?created_at_from=yesterday'), 400, 'invalid_request');
  });

  it('searches name and slug as /users searches: every term, substring, and one typo for 4+ characters', async () => {
    const target = all[3];
    if (target === undefined) throw new RangeError('no fourth workspace');
    const word = target.slug.slice(0, 6);
    const res = await list(`?search=${encodeURIComponent(word.toUpperCase())}&per_page=100`);
    expect(res.status).toBe(200);
    const found = (res.body as Workspace[]).map((w) => w.id);
    expect(found).toContain(target.id);
    for (const w of res.body as Workspace[]) expect(fold(`${w.name} ${w.slug}`)).toContain(fold(word));
    // One edit inside a word of 4+ characters still finds it.
    const name = target.name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w));
    if (name !== undefined) {
      const typo = `${name.slice(0, 2)}${name.slice(3)}`;
      const fuzzy = await list(`?search=${encodeURIComponent(typo)}&per_page=100`);
      expect((fuzzy.body as Workspace[]).map((w) => w.id)).toContain(target.id);
    }
    const none = await list('?search=zzzzqqqqxxxx');
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.headers['x-message']).toBe('Data not found');
    errorOf(await list(`?search=${'a'.repeat(101)}`), 400, 'invalid_request');
  });

  it('sorts by sort_by and sort_order, strings case-insensitively, ties by id ascending', async () => {
    for (const key of ['name', 'slug', 'plan', 'created_at'] as const) {
      const asc = await list(`?sort_by=${key}&per_page=100`);
      const want = [...all].sort(byIdThen<Workspace>((w) => fold(w[key])));
      expect((asc.body as Workspace[]).map((w) => w.id)).toEqual(want.map((w) => w.id));
      const desc = await list(`?sort_by=${key}&sort_order=desc&per_page=100`);
      // Descending reverses the key; ties still by id ascending.
      const wantDesc = [...all].sort((a, b) => {
        const x = fold(a[key]);
        const y = fold(b[key]);
        return x < y ? 1 : x > y ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      });
      expect((desc.body as Workspace[]).map((w) => w.id)).toEqual(wantDesc.map((w) => w.id));
    }
    errorOf(await list('?sort_by=owner_id'), 400, 'invalid_request');
  });

  it('pages with page and per_page: Link first/prev/next/last, X-Total-Count the total, past the end empty', async () => {
    const sorted = [...all].sort(byIdThen<Workspace>((w) => w.created_at));
    const p2 = await list('?page=2&per_page=3');
    expect(p2.status).toBe(200);
    expect((p2.body as Workspace[]).map((w) => w.id)).toEqual(sorted.slice(3, 6).map((w) => w.id));
    expect(p2.headers['x-total-count']).toBe('10');
    const link = String(p2.headers['link']);
    const rels = [...link.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map((m) => [m[2], new URL(m[1] ?? '')]);
    expect(rels.map(([rel]) => rel)).toEqual(['first', 'prev', 'next', 'last']);
    const pages = rels.map(([, url]) => (url as URL).searchParams.get('page'));
    expect(pages).toEqual(['1', '1', '3', '4']);
    for (const [, url] of rels) expect((url as URL).searchParams.get('per_page')).toBe('3');
    const last = await list('?page=4&per_page=3');
    expect(String(last.headers['link'])).not.toContain('rel="next"');
    const past = await list('?page=9&per_page=3');
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('10');
    expect(past.headers['x-message']).toBe('Data not found');
    errorOf(await list('?per_page=101'), 400, 'invalid_request');
    errorOf(await list('?page_size=3'), 400, 'invalid_request');
  });
});

describe('a nested collection', () => {
  it("lists only its parent's records, with limit/offset in an envelope; an unknown parent is 404 workspace_not_found", async () => {
    const ws = all[0]?.id ?? '';
    const res = await h.get(`/workspaces/${ws}/projects`, { token: admin });
    expect(res.status).toBe(200);
    const { data, total } = res.body as { data: Project[]; total: number };
    expect(total).toBe(3);
    // This list declares neither X-Total-Count nor Link: the envelope's total says it.
    expect(res.headers['x-total-count']).toBeUndefined();
    expect(res.headers['link']).toBeUndefined();
    expect(data.map((p) => p.workspace_id)).toEqual([ws, ws, ws]);
    const sliced = await h.get(`/workspaces/${ws}/projects?limit=1&offset=1`, { token: admin });
    expect((sliced.body as { data: Project[] }).data.map((p) => p.id)).toEqual([data[1]?.id]);
    expect((sliced.body as { total: number }).total).toBe(3);
    const missing = errorOf(
      await h.get('/workspaces/ws-0000/projects', { token: admin }),
      404,
      'workspace_not_found',
    );
    expect(missing.error).toContain('ws-0000');
    errorOf(
      await h.send('POST', '/workspaces/ws-0000/projects', {
        token: admin,
        body: { title: 'x', status: 'done' },
      }),
      404,
      'workspace_not_found',
    );
  });

  it('reads a child only under its own parent; deleting the parent deletes its children', async () => {
    const session = fresh();
    const [a, b] = all;
    if (a === undefined || b === undefined) throw new RangeError('two workspaces expected');
    const projects = await h.get(`/workspaces/${a.id}/projects`, { token: admin, session });
    const child = (projects.body as { data: Project[] }).data[0];
    if (child === undefined) throw new RangeError('a project expected');
    expect(
      (await h.get(`/workspaces/${a.id}/projects/${String(child.id)}`, { token: admin, session })).body,
    ).toEqual(child);
    errorOf(
      await h.get(`/workspaces/${b.id}/projects/${String(child.id)}`, { token: admin, session }),
      404,
      'project_not_found',
    );
    const gone = await h.send('DELETE', `/workspaces/${a.id}`, { token: admin, session });
    expect(gone.status).toBe(204);
    expect(gone.headers['x-message']).toBe('Workspace deleted successfully');
    errorOf(
      await h.get(`/workspaces/${a.id}/projects`, { token: admin, session }),
      404,
      'workspace_not_found',
    );
    errorOf(
      await h.get(`/workspaces/${a.id}/projects/${String(child.id)}`, { token: admin, session }),
      404,
      'workspace_not_found',
    );
    // The other workspace's projects are untouched, and the default session still has everything.
    const others = await h.get(`/workspaces/${b.id}/projects`, { token: admin, session });
    expect((others.body as { total: number }).total).toBe(3);
    expect((await list('', session)).headers['x-total-count']).toBe('9');
    expect((await list('')).headers['x-total-count']).toBe('10');
  });

  it('creates a child with the next integer id and the parent as workspace_id', async () => {
    const session = fresh();
    const ws = all[1]?.id ?? '';
    const seeded = (await h.get(`/workspaces/${ws}/projects`, { token: admin, session })).body as {
      data: Project[];
    };
    const everywhere: number[] = [];
    for (const w of all) {
      const r = await h.get(`/workspaces/${w.id}/projects?limit=100`, { token: admin, session });
      everywhere.push(...(r.body as { data: Project[] }).data.map((p) => p.id));
    }
    const res = await h.send('POST', `/workspaces/${ws}/projects`, {
      token: admin,
      session,
      body: { title: 'Launch plan', status: 'planned' },
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-message']).toBe('Project created successfully');
    const made = res.body as Project;
    expect(made.id).toBe(Math.max(...everywhere) + 1);
    expect(made.workspace_id).toBe(ws);
    const next = await h.send('POST', `/workspaces/${ws}/projects`, {
      token: admin,
      session,
      body: { title: 'Second', status: 'active' },
    });
    expect((next.body as Project).id).toBe(made.id + 1);
    const after = (await h.get(`/workspaces/${ws}/projects`, { token: admin, session })).body as {
      total: number;
    };
    expect(after.total).toBe(seeded.data.length + 2);
  });
});

describe('POST collection', () => {
  it('validates the body: 400 invalid_request with details naming the field', async () => {
    const missing = errorOf(
      await h.send('POST', '/workspaces', { token: admin, session: fresh(), body: { name: 'No slug' } }),
      400,
      'invalid_request',
    );
    expect(missing.details?.some((d) => d.location === 'body')).toBe(true);
    const wrong = errorOf(
      await h.send('POST', '/workspaces', {
        token: admin,
        session: fresh(),
        body: { name: 'x', slug: 'Not A Slug', plan: 'team' },
      }),
      400,
      'invalid_request',
    );
    expect(wrong.details?.map((d) => d.name).join(' ')).toContain('slug');
    const readOnly = errorOf(
      await h.send('POST', '/workspaces', {
        token: admin,
        session: fresh(),
        body: { name: 'x', slug: 'read-only-id', plan: 'team', id: 'ws-9999' },
      }),
      400,
      'invalid_request',
    );
    expect(readOnly.details).toEqual([{ location: 'body', name: 'id', message: 'is read-only' }]);
    errorOf(
      await h.send('POST', '/workspaces', {
        token: admin,
        session: fresh(),
        body: '{"name":',
        type: 'application/json',
      }),
      400,
      'invalid_request',
    );
  });

  it("fills the server's fields from the session clock and the caller, answers 201 with Location", async () => {
    const session = fresh();
    const clock = await h.admin('PUT', '/clock', { now: '2026-01-15T13:08:09.000Z' }, session);
    expect(clock.status).toBe(200);
    const res = await h.send('POST', '/workspaces', {
      token: admin,
      session,
      body: { name: 'Acme Research', slug: 'acme-research', plan: 'team' },
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-message']).toBe('Workspace created successfully');
    const made = res.body as Workspace;
    expect(made).toMatchObject({
      name: 'Acme Research',
      slug: 'acme-research',
      plan: 'team',
      created_at: '2026-01-15T13:08:09.000Z',
      updated_at: '2026-01-15T13:08:09.000Z',
      created_by: ADMIN_ID,
      updated_by: ADMIN_ID,
    });
    expect(made.id).toMatch(/^ws-[0-9]{2,4}$/);
    expect(all.map((w) => w.id)).not.toContain(made.id);
    expect(new URL(String(res.headers['location'])).pathname).toBe(`/workspaces/${made.id}`);
    expect((await h.get(`/workspaces/${made.id}`, { token: admin, session })).body).toEqual(made);
    // The clock moved: the next write is dated by it.
    await h.admin('PUT', '/clock', { advance: '1h' }, session);
    const patched = await h.send('PATCH', `/workspaces/${made.id}`, {
      token: admin,
      session,
      body: { plan: 'free' },
    });
    expect(patched.status).toBe(200);
    expect((patched.body as Workspace).updated_at).toBe('2026-01-15T14:08:09.000Z');
    expect((patched.body as Workspace).created_at).toBe('2026-01-15T13:08:09.000Z');
  });

  it('answers 409 conflict naming the x-unique field for a duplicate', async () => {
    const session = fresh();
    const taken = all[0]?.slug ?? '';
    const res = errorOf(
      await h.send('POST', '/workspaces', {
        token: admin,
        session,
        body: { name: 'Dup', slug: taken, plan: 'free' },
      }),
      409,
      'conflict',
    );
    expect(res.error).toContain('slug');
    expect(res.error).toContain(taken);
    // A replace onto another record's slug is a conflict too.
    const other = all[1]?.id ?? '';
    errorOf(
      await h.send('PUT', `/workspaces/${other}`, {
        token: admin,
        session,
        body: { name: 'Dup', slug: taken, plan: 'free' },
      }),
      409,
      'conflict',
    );
  });
});

describe('item operations', () => {
  it('GET answers the record, or 404 workspace_not_found naming the id', async () => {
    const one = all[4];
    expect((await h.get(`/workspaces/${one?.id ?? ''}`, { token: admin })).body).toEqual(one);
    const res = errorOf(await h.get('/workspaces/ws-0000', { token: admin }), 404, 'workspace_not_found');
    expect(res.error).toContain('ws-0000');
    errorOf(await h.get('/workspaces/not-a-ws', { token: admin }), 400, 'invalid_request');
  });

  it("PUT replaces the record, keeping the server's fields; fields left out are gone", async () => {
    const session = fresh();
    const one = all.find((w) => w.description !== undefined) ?? all[0];
    if (one === undefined) throw new RangeError('a workspace expected');
    const res = await h.send('PUT', `/workspaces/${one.id}`, {
      token: admin,
      session,
      body: { name: 'Renamed', slug: 'renamed-ws', plan: 'enterprise' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-message']).toBe('Workspace updated successfully');
    const put = res.body as Workspace;
    expect(put).toMatchObject({ id: one.id, name: 'Renamed', slug: 'renamed-ws', plan: 'enterprise' });
    expect(put.created_at).toBe(one.created_at);
    expect(put.description).toBeUndefined();
    expect(put.updated_by).toBe(ADMIN_ID);
    expect(put.updated_at).not.toBe(one.updated_at);
    const listed = (await list('?search=renamed-ws', session)).body as Workspace[];
    expect(listed).toEqual([put]);
  });

  it('PATCH is a JSON merge patch (merge-patch+json or JSON): null removes, absent keeps', async () => {
    const session = fresh();
    const one = all.find((w) => w.description !== undefined);
    if (one === undefined) throw new RangeError('a workspace with a description expected');
    const res = await h.send('PATCH', `/workspaces/${one.id}`, {
      token: admin,
      session,
      type: 'application/merge-patch+json',
      body: { description: null, name: 'Patched' },
    });
    expect(res.status).toBe(200);
    const patched = res.body as Workspace;
    expect(patched.description).toBeUndefined();
    expect(patched).toMatchObject({ id: one.id, name: 'Patched', slug: one.slug, plan: one.plan });
    const json = await h.send('PATCH', `/workspaces/${one.id}`, {
      token: admin,
      session,
      body: { plan: 'free' },
    });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ name: 'Patched', plan: 'free' });
    errorOf(
      await h.send('PATCH', `/workspaces/${one.id}`, { token: admin, session, body: { plan: 'gold' } }),
      400,
      'invalid_request',
    );
    errorOf(
      await h.send('PATCH', '/workspaces/ws-0000', { token: admin, session, body: { plan: 'free' } }),
      404,
      'workspace_not_found',
    );
  });

  it('DELETE answers the documented 204, then 404', async () => {
    const session = fresh();
    const id = all[2]?.id ?? '';
    const res = await h.send('DELETE', `/workspaces/${id}`, { token: admin, session });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    errorOf(
      await h.send('DELETE', `/workspaces/${id}`, { token: admin, session }),
      404,
      'workspace_not_found',
    );
    errorOf(await h.get(`/workspaces/${id}`, { token: admin, session }), 404, 'workspace_not_found');
  });
});

describe('actions and singletons', () => {
  it("an action answers its documented status with the operation's example", async () => {
    const res = await h.send('POST', '/users/admin/suspend', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers['x-message']).toBe('User updated successfully');
    expect(res.body).toMatchObject({ identifier: 'ann.lee', status: 'suspended' });
    const owner = await h.send('PUT', `/workspaces/${all[0]?.id ?? ''}/owner`, {
      token: admin,
      body: { owner_id: ADMIN_ID },
    });
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ owner_id: ADMIN_ID });
    // An action on a record that is not there (or that the caller cannot see) is 404, as its item is.
    errorOf(await h.send('POST', '/users/nobody.here/suspend', { token: admin }), 404, 'user_not_found');
    errorOf(
      await h.send('PUT', '/workspaces/ws-0000/owner', { token: admin, body: { owner_id: ADMIN_ID } }),
      404,
      'workspace_not_found',
    );
    errorOf(
      await h.send('PUT', `/workspaces/${all[0]?.id ?? ''}/owner`, {
        token: admin,
        body: { owner_id: 'nobody' },
      }),
      400,
      'invalid_request',
    );
  });

  it('GET /me answers the caller, each their own record', async () => {
    const me = await h.get('/me', { token: admin });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ADMIN_ID, email: 'admin@example.com', identifier: 'admin' });
    const user = await h.get('/me', { token: h.token('user@example.com') });
    expect(user.body).toMatchObject({ email: 'user@example.com' });
    // The metadata fields follow the caller's permissions, as in the list.
    expect(user.body).not.toHaveProperty('created_by');
    errorOf(await h.get('/me'), 401, 'missing_token');
  });

  it('GET /me with a token that names no user (client_credentials) is 404 saying what to get instead', async () => {
    const grant = await request(h.mock.app).post('/oauth/token').set('Host', 'localhost:8080').send({
      grant_type: 'client_credentials',
      client_id: 'mock-client',
      client_secret: 'mock-secret',
    });
    expect(grant.status).toBe(200);
    const res = errorOf(
      await h.get('/me', { token: (grant.body as { access_token: string }).access_token }),
      404,
      'user_not_found',
    );
    expect(res.error).toContain('get a token for a user');
  });
});

describe('sessions', () => {
  it("keeps one session's writes from every other session and the default; a reset returns to the seeded records", async () => {
    const a = fresh();
    const b = fresh();
    const made = await h.send('POST', '/workspaces', {
      token: admin,
      session: a,
      body: { name: 'Only in A', slug: 'only-in-a', plan: 'free' },
    });
    expect(made.status).toBe(201);
    const id = (made.body as Workspace).id;
    await h.send('DELETE', `/workspaces/${all[0]?.id ?? ''}`, { token: admin, session: a });
    expect((await list('', a)).headers['x-total-count']).toBe('10');
    expect((await list('?search=only-in-a', a)).body).toHaveLength(1);
    for (const other of [b, undefined]) {
      expect((await list('?per_page=100', other)).body).toEqual(all);
      errorOf(
        await h.get(`/workspaces/${id}`, {
          token: admin,
          ...(other === undefined ? {} : { session: other }),
        }),
        404,
        'workspace_not_found',
      );
    }
    const reset = await h.admin('POST', '/reset', undefined, a);
    expect(reset.status).toBe(200);
    expect((await list('?per_page=100', a)).body).toEqual(all);
  });

  it('the same seed gives the same records, generated answers and created ids on another mock', async () => {
    const other = ownHarness();
    const token = other.token('admin@example.com');
    expect((await other.get('/workspaces?per_page=100', { token })).body).toEqual(all);
    const ws = all[0]?.id ?? '';
    const projects = async (x: OwnHarness, t: string): Promise<unknown> =>
      (await x.get(`/workspaces/${ws}/projects`, { token: t })).body;
    expect(await projects(other, token)).toEqual(await projects(h, admin));
    const body = { name: 'Same', slug: 'same-seed', plan: 'team' };
    const one = await h.send('POST', '/workspaces', { token: admin, session: 'seed-twin', body });
    const two = await other.send('POST', '/workspaces', { token, session: 'seed-twin', body });
    expect((two.body as Workspace).id).toBe((one.body as Workspace).id);
    const third = ownHarness(undefined, { seed: 7 });
    expect(
      (await third.get('/workspaces?per_page=100', { token: third.token('admin@example.com') })).body,
    ).not.toEqual(all);
  });
});

it('dates the seeded records before the mock start, never by the wall clock', () => {
  for (const w of all) expect(Date.parse(w.created_at)).toBeLessThanOrEqual(NOW);
});
