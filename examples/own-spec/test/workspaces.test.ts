// Workspaces and their projects, which identity-mock has no handler for: it serves them from the document alone
// (a collection, its items, a nested collection, an action), seeded 10 workspaces (x-mock-count) of 3 projects
// each, per session. This file's session starts afresh before each test.
import { useIdentityMock } from 'identity-mock/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityClient, logIn, type IdentityClient } from '../src/identity-client.js';

const mock = useIdentityMock();
const connection = { baseUrl: mock.url, headers: mock.headers };
const MERGE_PATCH = { 'Content-Type': 'application/merge-patch+json' };

let admin: IdentityClient;

beforeEach(async () => {
  admin = identityClient(connection, await logIn(connection, 'admin@example.com', 'Passw0rd!'));
});

async function createWorkspace(slug = 'acme-research') {
  const { data, response } = await admin.POST('/workspaces', {
    body: { name: 'Acme Research', slug, plan: 'team' },
  });
  expect(response.status).toBe(201);
  if (data === undefined) throw new Error('POST /workspaces answered no workspace');
  return { workspace: data, response };
}

const at = (workspace: string) => ({ params: { path: { workspace } } });

describe('/workspaces', () => {
  it('lists the seeded workspaces a page at a time', async () => {
    const { data, response } = await admin.GET('/workspaces', { params: { query: { per_page: 4 } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Message')).toBe('Data retrieved successfully');
    expect(response.headers.get('X-Total-Count')).toBe('10');
    expect(response.headers.get('Link')).toContain('rel="next"');
    expect(data).toHaveLength(4);
    for (const workspace of data ?? []) expect(workspace.id).toMatch(/^ws-[0-9]{2,4}$/);

    const sorted = await admin.GET('/workspaces', {
      params: { query: { sort_by: 'created_at', sort_order: 'desc' } },
    });
    const times = (sorted.data ?? []).map((w) => Date.parse(w.created_at));
    expect(times).toHaveLength(10);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('creates a workspace that the next list and search hold', async () => {
    const me = await admin.GET('/me');
    const { workspace, response } = await createWorkspace();
    expect(response.headers.get('X-Message')).toBe('Workspace created successfully');
    expect(workspace).toMatchObject({
      name: 'Acme Research',
      slug: 'acme-research',
      plan: 'team',
      created_by: me.data?.id,
    });
    expect(workspace.id).toMatch(/^ws-[0-9]{2,4}$/);
    expect(workspace.created_at).toBe(workspace.updated_at);
    expect(new URL(response.headers.get('Location') ?? '', mock.url).pathname).toBe(
      `/workspaces/${workspace.id}`,
    );

    const found = await admin.GET('/workspaces', { params: { query: { search: 'acme research' } } });
    expect(found.data?.map((w) => w.id)).toContain(workspace.id);
    const team = await admin.GET('/workspaces', { params: { query: { plan: 'team', per_page: 100 } } });
    expect(team.data?.every((w) => w.plan === 'team')).toBe(true);
    expect(team.data?.map((w) => w.id)).toContain(workspace.id);
    const all = await admin.GET('/workspaces');
    expect(all.response.headers.get('X-Total-Count')).toBe('11');
  });

  it('keeps a session’s workspaces to itself', async () => {
    await createWorkspace();
    const other = identityClient(
      { baseUrl: mock.url, headers: { 'X-Mock-Session': 'own-spec-other-session' } },
      await logIn(
        { baseUrl: mock.url, headers: { 'X-Mock-Session': 'own-spec-other-session' } },
        'admin@example.com',
        'Passw0rd!',
      ),
    );
    const { response } = await other.GET('/workspaces');
    expect(response.headers.get('X-Total-Count')).toBe('10');
  });

  it('refuses a slug another workspace has: 409 conflict naming the field', async () => {
    await createWorkspace();
    const { error, response } = await admin.POST('/workspaces', {
      body: { name: 'Another', slug: 'acme-research', plan: 'free' },
    });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: 'conflict', details: [{ location: 'body', name: 'slug' }] });
    expect(response.headers.get('X-Message')).toBe(error?.error);
  });

  it('refuses a body the document does not allow: 400 invalid_request', async () => {
    const res = await mock.fetch('/workspaces', {
      method: 'POST',
      headers: { Authorization: await bearer(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Acme', slug: 'acme', plan: 'gold' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_request', details: [{ location: 'body' }] });
  });

  it('needs the document’s permissions: a saas_user may not list or create workspaces', async () => {
    const user = identityClient(connection, await logIn(connection, 'user@example.com', 'Passw0rd!'));
    const list = await user.GET('/workspaces');
    expect(list.response.status).toBe(403);
    expect(list.error).toMatchObject({ code: 'insufficient_permissions' });
    const create = await user.POST('/workspaces', { body: { name: 'Mine', slug: 'mine', plan: 'free' } });
    expect(create.response.status).toBe(403);
  });
});

describe('/workspaces/{workspace}', () => {
  it('reads, merge-patches, replaces and deletes a workspace', async () => {
    const { workspace } = await createWorkspace();
    const read = await admin.GET('/workspaces/{workspace}', at(workspace.id));
    expect(read.response.status).toBe(200);
    expect(read.response.headers.get('X-Message')).toBe('Data retrieved successfully');
    expect(read.data).toEqual(workspace);

    const patched = await admin.PATCH('/workspaces/{workspace}', {
      ...at(workspace.id),
      body: { description: 'R&D', plan: 'enterprise' },
      headers: MERGE_PATCH,
    });
    expect(patched.response.status).toBe(200);
    expect(patched.response.headers.get('X-Message')).toBe('Workspace updated successfully');
    expect(patched.data).toMatchObject({ id: workspace.id, slug: 'acme-research', description: 'R&D' });
    expect(patched.data?.plan).toBe('enterprise');

    const cleared = await admin.PATCH('/workspaces/{workspace}', {
      ...at(workspace.id),
      body: { description: null },
      headers: MERGE_PATCH,
    });
    expect(cleared.response.status).toBe(200);
    expect(cleared.data).not.toHaveProperty('description');

    const replaced = await admin.PUT('/workspaces/{workspace}', {
      ...at(workspace.id),
      body: { name: 'Acme Labs', slug: 'acme-labs', plan: 'free' },
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.response.headers.get('X-Message')).toBe('Workspace updated successfully');
    expect(replaced.data).toMatchObject({
      id: workspace.id,
      name: 'Acme Labs',
      slug: 'acme-labs',
      created_at: workspace.created_at,
    });

    const deleted = await admin.DELETE('/workspaces/{workspace}', at(workspace.id));
    expect(deleted.response.status).toBe(204);
    expect(deleted.response.headers.get('X-Message')).toBe('Workspace deleted successfully');
    const gone = await admin.GET('/workspaces/{workspace}', at(workspace.id));
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'workspace_not_found' });
    expect(gone.response.headers.get('X-Message')).toBe(gone.error?.error);
  });

  it('answers the owner-transfer action with the document’s example', async () => {
    const { workspace } = await createWorkspace();
    const { data, response } = await admin.PUT('/workspaces/{workspace}/owner', {
      ...at(workspace.id),
      body: { owner_id: '00000000-0000-4000-8000-000000000001' },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ owner_id: '00000000-0000-4000-8000-000000000001' });
  });
});

describe('/workspaces/{workspace}/projects', () => {
  it('lists each seeded workspace’s own projects, in an envelope with their total', async () => {
    const first = (await admin.GET('/workspaces', { params: { query: { per_page: 1 } } })).data?.[0];
    if (first === undefined) throw new Error('no seeded workspace');
    const { data, response } = await admin.GET('/workspaces/{workspace}/projects', {
      params: { path: { workspace: first.id }, query: { limit: 2 } },
    });
    expect(response.status).toBe(200);
    expect(data?.total).toBe(3);
    expect(data?.data).toHaveLength(2);
    for (const project of data?.data ?? []) expect(project.workspace_id).toBe(first.id);
  });

  it('creates, filters, changes and deletes a workspace’s projects; integer ids are never given twice', async () => {
    const { workspace } = await createWorkspace();
    const empty = await admin.GET('/workspaces/{workspace}/projects', at(workspace.id));
    expect(empty.response.status).toBe(200);
    expect(empty.response.headers.get('X-Message')).toBe('Data not found');
    expect(empty.data).toEqual({ data: [], total: 0 });

    const created = await admin.POST('/workspaces/{workspace}/projects', {
      ...at(workspace.id),
      body: { title: 'Launch plan', status: 'planned' },
    });
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get('X-Message')).toBe('Project created successfully');
    // The seeded projects have ids 1 to 30 (10 workspaces of 3).
    expect(created.data).toMatchObject({ id: 31, workspace_id: workspace.id, title: 'Launch plan' });
    const project = created.data;
    if (project === undefined) throw new Error('POST …/projects answered no project');

    const listed = await admin.GET('/workspaces/{workspace}/projects', at(workspace.id));
    expect(listed.response.headers.get('X-Message')).toBe('Data retrieved successfully');
    expect(listed.data).toEqual({ data: [project], total: 1 });
    const active = await admin.GET('/workspaces/{workspace}/projects', {
      params: { path: { workspace: workspace.id }, query: { status: 'active' } },
    });
    expect(active.data).toEqual({ data: [], total: 0 });

    const path = { params: { path: { workspace: workspace.id, project: project.id } } };
    const patched = await admin.PATCH('/workspaces/{workspace}/projects/{project}', {
      ...path,
      body: { status: 'active', due_date: '2026-03-31' },
      headers: MERGE_PATCH,
    });
    expect(patched.response.status).toBe(200);
    expect(patched.response.headers.get('X-Message')).toBe('Project updated successfully');
    expect(patched.data).toMatchObject({ id: project.id, status: 'active', due_date: '2026-03-31' });

    const deleted = await admin.DELETE('/workspaces/{workspace}/projects/{project}', path);
    expect(deleted.response.status).toBe(204);
    expect(deleted.response.headers.get('X-Message')).toBe('Project deleted successfully');
    const again = await admin.POST('/workspaces/{workspace}/projects', {
      ...at(workspace.id),
      body: { title: 'Second try', status: 'planned' },
    });
    expect(again.data?.id).toBe(32);
  });

  it('deletes a workspace’s projects with it: its project paths are then 404 workspace_not_found', async () => {
    const { workspace } = await createWorkspace();
    const created = await admin.POST('/workspaces/{workspace}/projects', {
      ...at(workspace.id),
      body: { title: 'Launch plan', status: 'planned' },
    });
    const project = created.data?.id ?? 0;
    expect((await admin.DELETE('/workspaces/{workspace}', at(workspace.id))).response.status).toBe(204);

    const list = await admin.GET('/workspaces/{workspace}/projects', at(workspace.id));
    expect(list.response.status).toBe(404);
    expect(list.error).toMatchObject({ code: 'workspace_not_found' });
    const read = await admin.GET('/workspaces/{workspace}/projects/{project}', {
      params: { path: { workspace: workspace.id, project } },
    });
    expect(read.response.status).toBe(404);
    expect(read.error).toMatchObject({ code: 'workspace_not_found' });
  });

  it('answers 404 workspace_not_found under a workspace that does not exist', async () => {
    const taken = new Set(
      (await admin.GET('/workspaces', { params: { query: { per_page: 100 } } })).data?.map((w) => w.id),
    );
    const unknown = ['ws-00', 'ws-01', 'ws-02'].find((id) => !taken.has(id)) ?? 'ws-03';
    const { error, response } = await admin.POST('/workspaces/{workspace}/projects', {
      ...at(unknown),
      body: { title: 'Nowhere', status: 'planned' },
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ code: 'workspace_not_found' });
  });
});

async function bearer(): Promise<string> {
  return `Bearer ${await logIn(connection, 'admin@example.com', 'Passw0rd!')}`;
}
