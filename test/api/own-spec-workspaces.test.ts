/**
 * The workspaces of a served document of a team's own (docs/own-spec.md "Workspaces"): when it declares
 * operations on /workspaces beyond the built-in members list, the workspaces are an inferred collection and the
 * users store's memberships are drawn over its seeded ids, so the members list and row-level access name the
 * records the collection serves; fixtures give records for any collection by name. Every answer is checked against
 * the served document (`validateResponses`: a non-conforming answer is a 500).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildMock, mintDefaultToken, type MockInternals } from '../../src/mock.ts';

const SPEC = 'examples/own-spec/openapi.yaml';
const NOW = Date.parse('2026-01-15T12:00:00.000Z');

function ownSpecMock(options: Parameters<typeof buildMock>[0] = {}): MockInternals {
  return buildMock({ spec: SPEC, validateResponses: true, now: () => NOW, seed: 11, users: 60, ...options });
}

function tokenFor(mock: MockInternals, user: string): string {
  return mintDefaultToken(mock, { user }).accessToken;
}

interface Named {
  readonly id: string;
}

async function get(mock: MockInternals, path: string, token: string): Promise<request.Response> {
  return request(mock.app).get(path).set('Authorization', `Bearer ${token}`);
}

describe('workspaces as a collection of the served document', () => {
  const mock = ownSpecMock();
  const admin = tokenFor(mock, 'admin@example.com');

  it('draws the memberships over the seeded workspace ids: each user in 1 to 3 of them', async () => {
    const list = await get(mock, '/workspaces?per_page=100', admin);
    expect(list.status).toBe(200);
    const ids = (list.body as Named[]).map((w) => w.id);
    expect(ids).toHaveLength(10);
    const seen = new Map<string, number>();
    for (const id of ids) {
      const members = await get(mock, `/workspaces/${id}/members?per_page=100`, admin);
      expect(members.status).toBe(200);
      for (const user of members.body as Named[]) seen.set(user.id, (seen.get(user.id) ?? 0) + 1);
    }
    const all = await get(mock, '/users?page_size=100', admin);
    expect(all.status).toBe(200);
    // Every seeded user (the known accounts included) is a member of 1–3 of the collection's workspaces.
    expect(seen.size).toBe(Number(all.headers['x-total-count']));
    expect([...seen.values()].every((n) => n >= 1 && n <= 3)).toBe(true);
  });

  it('keeps row-level access: a saas_user sees only the members of their own workspaces', async () => {
    const user = tokenFor(mock, 'user@example.com');
    const visible = await get(mock, '/users?page_size=100', user);
    expect(visible.status).toBe(200);
    const ids = ((await get(mock, '/workspaces?per_page=100', admin)).body as Named[]).map((w) => w.id);
    const own: string[] = [];
    const coMembers = new Set<string>();
    for (const id of ids) {
      const members = await get(mock, `/workspaces/${id}/members?per_page=100`, user);
      if (members.status === 200) {
        own.push(id);
        for (const m of members.body as Named[]) coMembers.add(m.id);
      } else expect(members.status).toBe(403);
    }
    expect(own.length).toBeGreaterThan(0);
    expect(new Set((visible.body as Named[]).map((u) => u.id))).toEqual(coMembers);
  });

  it('lists no members of a workspace created in the session, and 404 for one deleted', async () => {
    const session = { 'X-Mock-Session': 'workspaces-writes' };
    const created = await request(mock.app)
      .post('/workspaces')
      .set({ Authorization: `Bearer ${admin}`, ...session })
      .send({ name: 'Acme Research', slug: 'acme-research', plan: 'team' });
    expect(created.status).toBe(201);
    const id = (created.body as Named).id;
    const members = await request(mock.app)
      .get(`/workspaces/${id}/members`)
      .set({ Authorization: `Bearer ${admin}`, ...session });
    expect({ status: members.status, body: members.body as unknown }).toEqual({ status: 200, body: [] });
    const seeded = ((await get(mock, '/workspaces', admin)).body as Named[])[0]?.id ?? '';
    const deleted = await request(mock.app)
      .delete(`/workspaces/${seeded}`)
      .set({ Authorization: `Bearer ${admin}`, ...session });
    expect(deleted.status).toBe(204);
    const gone = await request(mock.app)
      .get(`/workspaces/${seeded}/members`)
      .set({ Authorization: `Bearer ${admin}`, ...session });
    expect(gone.status).toBe(404);
    expect((gone.body as { code: string }).code).toBe('workspace_not_found');
    // The default session still has it, with its members.
    const kept = await get(mock, `/workspaces/${seeded}/members`, admin);
    expect(kept.status).toBe(200);
    expect((kept.body as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('the package document keeps its seeded workspace slugs', () => {
  it('serves ws-01 … ws-10 and their members', async () => {
    const mock = buildMock({ validateResponses: true, now: () => NOW, seed: 11, users: 60 });
    const members = await get(mock, '/workspaces/ws-01/members', tokenFor(mock, 'admin@example.com'));
    expect(members.status).toBe(200);
    expect((members.body as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('fixtures for any collection by its name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'identity-mock-collection-fixtures-'));
  const seeded = ownSpecMock();
  const workspace = async (): Promise<string> =>
    ((await get(seeded, '/workspaces', tokenFor(seeded, 'admin@example.com'))).body as Named[])[0]?.id ?? '';
  const project = (workspaceId: string): Record<string, unknown> => ({
    id: 7,
    workspace_id: workspaceId,
    title: 'Given by a fixture',
    status: 'done',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  });

  it('seeds a collection from a fixtures file key, and no other records of it', async () => {
    const ws = await workspace();
    const file = join(dir, 'fixtures.json');
    writeFileSync(file, JSON.stringify({ users: [], projects: [project(ws)] }));
    const mock = ownSpecMock({ fixtures: file });
    const admin = tokenFor(mock, 'admin@example.com');
    const projects = await get(mock, `/workspaces/${ws}/projects`, admin);
    expect(projects.status).toBe(200);
    expect(projects.body).toMatchObject({ data: [{ id: 7, title: 'Given by a fixture' }], total: 1 });
  });

  it('seeds a collection from <name>.json of a fixtures directory', async () => {
    const ws = await workspace();
    const folder = mkdtempSync(join(dir, 'folder-'));
    writeFileSync(join(folder, 'users.json'), '[]');
    writeFileSync(join(folder, 'projects.json'), JSON.stringify([project(ws)]));
    const mock = ownSpecMock({ fixtures: folder });
    const projects = await get(mock, `/workspaces/${ws}/projects`, tokenFor(mock, 'admin@example.com'));
    expect(projects.body).toMatchObject({ data: [{ id: 7 }], total: 1 });
  });

  it('takes the records of a program too', async () => {
    const ws = await workspace();
    const mock = ownSpecMock({ fixtures: { users: [], projects: [project(ws)] } });
    const projects = await get(mock, `/workspaces/${ws}/projects`, tokenFor(mock, 'admin@example.com'));
    expect(projects.body).toMatchObject({ data: [{ id: 7 }], total: 1 });
  });

  it('refuses records that are not objects, and records naming no parent, saying which', () => {
    expect(() => ownSpecMock({ fixtures: { users: [], projects: [1] } })).toThrow(
      /the fixtures option \(projects\): the records of collection projects are a JSON array of objects/,
    );
    expect(() => ownSpecMock({ fixtures: { users: [], projects: [project('nowhere')] } })).toThrow(
      /projects\) record 1: workspace_id "nowhere" names no record of workspaces/,
    );
  });

  it('still refuses a key that names no collection', () => {
    const file = join(dir, 'typo.json');
    writeFileSync(file, JSON.stringify({ users: [], projcts: [] }));
    expect(() => ownSpecMock({ fixtures: file })).toThrow(/unknown key "projcts"/);
  });
});
