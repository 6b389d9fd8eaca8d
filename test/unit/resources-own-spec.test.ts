/**
 * What the engine makes of examples/own-spec/openapi.yaml, the example of docs/own-spec.md: the collections and
 * operations the docs list, and seeded and written records that the document's own schemas accept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSpecDocument } from '../../src/spec/document.ts';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { SchemaValidator } from '../../src/spec/schema-validator.ts';
import { readListQuery } from '../../src/resources/list-query.ts';
import { resourcesView } from '../../src/resources/resources-view.ts';
import { fixture, must } from '../support/resource-session.ts';

const FILE = new URL('../../examples/own-spec/openapi.yaml', import.meta.url);
const own = parseSpecDocument(readFileSync(FILE, 'utf8'), FILE.pathname);
const validator = new SchemaValidator(own);
const CALLER = { userId: '00000000-0000-4000-8000-000000000001' };

describe('examples/own-spec/openapi.yaml', () => {
  const f = fixture(own, { userIds: [CALLER.userId] });

  it('holds spec/openapi.yaml unchanged: every path, operation and component of it', () => {
    const base = readSpecDocument();
    for (const [path, item] of Object.entries(base.paths as Record<string, Record<string, unknown>>)) {
      for (const [method, op] of Object.entries(item))
        expect((own.paths as Record<string, Record<string, unknown>>)[path]?.[method]).toEqual(op);
    }
    for (const [kind, entries] of Object.entries(
      base.components as Record<string, Record<string, unknown>>,
    )) {
      for (const [name, value] of Object.entries(entries))
        expect((own.components as Record<string, Record<string, unknown>>)[kind]?.[name]).toEqual(value);
    }
  });

  it('is read as docs/own-spec.md says', () => {
    const view = resourcesView(f.model, (name) => f.session().count(name));
    expect(view.collections).toEqual([
      { name: 'users', path: '/users', schema: 'User', id: 'id', parent: null, unique: [], count: 20 },
      {
        name: 'workspaces',
        path: '/workspaces',
        schema: 'Workspace',
        id: 'id',
        parent: null,
        unique: ['slug'],
        count: 10,
      },
      {
        name: 'projects',
        path: '/workspaces/{workspace}/projects',
        schema: 'Project',
        id: 'id',
        parent: 'workspaces',
        unique: [],
        count: 30,
      },
    ]);
    const served = Object.fromEntries(view.operations.map((op) => [op.operationId, op.served_by]));
    expect(served).toMatchObject({
      listUsers: 'built-in',
      deleteUser: 'built-in',
      listWorkspaceMembers: 'built-in',
      createUser: 'collection',
      getUser: 'item',
      replaceUser: 'item',
      updateUser: 'item',
      suspendUser: 'example',
      getCurrentUser: 'singleton',
      listWorkspaces: 'collection',
      createWorkspace: 'collection',
      getWorkspace: 'item',
      replaceWorkspace: 'item',
      updateWorkspace: 'item',
      deleteWorkspace: 'item',
      transferWorkspaceOwnership: 'example',
      listProjects: 'collection',
      createProject: 'collection',
      getProject: 'item',
      updateProject: 'item',
      deleteProject: 'item',
    });
    expect(f.model.operations.find((op) => op.operationId === 'getCurrentUser')?.answersCaller).toBe(true);
    expect(f.model.notes).toEqual([]);
    expect(f.model.rolePermissions.get('saas_admin')).toEqual(
      expect.arrayContaining(['create:workspaces', 'update:workspace_owner', 'read:current_user']),
    );
  });

  it('seeds records the document accepts', () => {
    const s = f.session();
    for (const [name, schema] of [
      ['users', 'User'],
      ['workspaces', 'Workspace'],
    ] as const) {
      const model = must(f.model.collections.find((c) => c.name === name));
      const page = s.list(name, [], readListQuery(must(model.list), { per_page: 100 }, model.sortable));
      expect(page.items.length).toBeGreaterThan(0);
      for (const record of page.items)
        expect(validator.problems(`#/components/schemas/${schema}`, record)).toBeUndefined();
    }
  });

  it('creates, changes and deletes workspaces and projects with answers the document accepts', () => {
    const s = f.session();
    const workspace = s.create(
      'workspaces',
      [],
      { name: 'Acme Research', slug: 'acme-research', plan: 'team', extra: 'dropped' },
      CALLER,
    );
    expect(validator.problems('#/components/schemas/Workspace', workspace)).toBeUndefined();
    expect(workspace.id).toMatch(/^ws-[0-9]{2,4}$/);
    const wid = String(workspace.id);
    const patched = s.patch('workspaces', [], wid, { description: 'R&D', plan: 'enterprise' }, CALLER);
    expect(validator.problems('#/components/schemas/Workspace', patched)).toBeUndefined();
    const project = s.create('projects', [wid], { title: 'Launch plan', status: 'planned' }, CALLER);
    expect(project).toMatchObject({ id: 31, workspace_id: wid, title: 'Launch plan' });
    expect(validator.problems('#/components/schemas/Project', project)).toBeUndefined();
    const projects = must(f.model.collections.find((c) => c.name === 'projects'));
    expect(
      s.list('projects', [wid], readListQuery(must(projects.list), { limit: 10 }, projects.sortable)),
    ).toEqual({ items: [project], total: 1 });
    s.delete('workspaces', [], wid);
    expect(s.count('projects')).toBe(30);
  });
});
