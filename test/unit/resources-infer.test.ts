import { describe, expect, it } from 'vitest';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { API_OPERATIONS } from '../../src/operations/api/table.ts';
import { BUILT_IN_OPERATIONS } from '../../src/resources/built-ins.ts';
import { inferResources } from '../../src/resources/infer.ts';
import { resourcesView } from '../../src/resources/resources-view.ts';
import { singular } from '../../src/resources/naming.ts';
import { doc, json, ok, pathParam, projectsDoc, query, ref } from '../support/resource-docs.ts';

const THING = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
};

describe('collections and operations', () => {
  const cases: {
    name: string;
    paths: Record<string, unknown>;
    schemas?: Record<string, unknown>;
    collections: string[];
    servedBy: Record<string, string>;
  }[] = [
    {
      name: 'a GET answering an array of objects is a collection, its {p} path the item',
      paths: {
        '/things': { get: { operationId: 'listThings', ...ok({ type: 'array', items: ref('Thing') }) } },
        '/things/{id}': {
          get: { operationId: 'getThing', parameters: [pathParam('id')], ...ok(ref('Thing')) },
        },
      },
      schemas: { Thing: THING },
      collections: ['things'],
      servedBy: { listThings: 'collection', getThing: 'item' },
    },
    {
      name: 'an object holding one array of objects (and page metadata) is a list too',
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            ...ok({
              type: 'object',
              properties: {
                items: { type: 'array', items: THING },
                total: { type: 'integer' },
                next: { type: 'string' },
              },
            }),
          },
        },
      },
      collections: ['things'],
      servedBy: { listThings: 'collection' },
    },
    {
      name: 'an object with one array among a record\u2019s own properties is not a list',
      paths: {
        '/flow': {
          get: {
            operationId: 'getFlow',
            ...ok({
              type: 'object',
              properties: {
                id: { type: 'string' },
                ui: { type: 'object' },
                nodes: { type: 'array', items: THING },
              },
            }),
          },
        },
      },
      collections: [],
      servedBy: { getFlow: 'singleton' },
    },
    {
      name: 'an item path without a list still makes a collection; an action under it answers its example',
      paths: {
        '/users/{id}': {
          get: { operationId: 'getUser', parameters: [pathParam('id')], ...ok(ref('Thing')) },
        },
        '/users/{id}/suspend': {
          post: { operationId: 'suspendUser', parameters: [pathParam('id')], ...ok(ref('Thing')) },
        },
      },
      schemas: { Thing: THING },
      collections: ['users'],
      servedBy: { getUser: 'item', suspendUser: 'example' },
    },
    {
      name: 'operations only built-ins serve make no collection; x-mock-handler binds another id to one',
      paths: {
        '/users': {
          get: { operationId: 'listUsers', ...ok({ type: 'array', items: ref('Thing') }) },
        },
        '/people': {
          get: {
            operationId: 'listPeople',
            'x-mock-handler': 'listUsers',
            ...ok({ type: 'array', items: ref('Thing') }),
          },
        },
      },
      schemas: { Thing: THING },
      collections: [],
      servedBy: { listUsers: 'built-in', listPeople: 'built-in' },
    },
    {
      name: 'POST on a collection of a built-in list is the engine\u2019s (the users store then takes it)',
      paths: {
        '/users': {
          get: { operationId: 'listUsers', ...ok({ type: 'array', items: ref('Thing') }) },
          post: { operationId: 'createUser', requestBody: json(ref('Thing')), ...ok(ref('Thing'), '201') },
        },
      },
      schemas: { Thing: THING },
      collections: ['users'],
      servedBy: { listUsers: 'built-in', createUser: 'collection' },
    },
    {
      name: 'a GET of a path without parameters answering one object is a singleton; other methods elsewhere answer examples',
      paths: {
        '/me': {
          get: { operationId: 'getMe', ...ok(ref('Thing')) },
          delete: { operationId: 'deleteMe', responses: { '204': { description: 'x' } } },
        },
        '/things/{id}': {
          post: {
            operationId: 'poke',
            parameters: [pathParam('id')],
            responses: { '204': { description: 'x' } },
          },
        },
      },
      schemas: { Thing: THING },
      collections: [],
      servedBy: { getMe: 'singleton', deleteMe: 'example', poke: 'example' },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const model = inferResources(doc(c.paths, c.schemas ?? {}));
      expect(model.collections.map((m) => m.name)).toEqual(c.collections);
      expect(Object.fromEntries(model.operations.map((op) => [op.operationId, op.servedBy]))).toEqual(
        c.servedBy,
      );
    });
  }

  it('names an operation without operationId by method and path, and reports an unknown x-mock-handler', () => {
    const model = inferResources(
      doc({
        '/things': {
          get: { ...ok({ type: 'array', items: THING }) },
          post: { 'x-mock-handler': 'nope', ...ok(THING, '201') },
        },
      }),
    );
    expect(model.operations.map((op) => op.operationId)).toEqual(['get /things', 'post /things']);
    expect(model.errors).toEqual([
      'post /things: x-mock-handler names nope, which is not a built-in operation',
    ]);
  });
});

describe('the collection model', () => {
  const model = inferResources(projectsDoc());
  const projects = model.collections.find((c) => c.name === 'projects');
  const tasks = model.collections.find((c) => c.name === 'tasks');

  it('reads id, unique, readOnly, counts and the list plan', () => {
    expect(projects).toMatchObject({
      singular: 'project',
      code: 'project',
      title: 'Project',
      schemaName: 'Project',
      count: 20,
      max: 10_000,
    });
    expect(projects?.id).toEqual({ property: 'id', kind: 'uuid', matches: ['id'] });
    expect(projects?.unique).toEqual(['name']);
    expect(projects?.readOnly).toEqual(['id', 'created_at', 'updated_at', 'created_by', 'updated_by']);
    const roles = Object.fromEntries(
      [...(projects?.list?.params.entries() ?? [])].map(([k, v]) => [k, v.kind]),
    );
    expect(roles).toEqual({
      status: 'filter',
      priority: 'filter',
      name: 'filter',
      created_at_from: 'range',
      created_at_to: 'range',
      search: 'search',
      sort_by: 'sort_by',
      sort_order: 'sort_order',
      page: 'page',
      page_size: 'size',
    });
    expect(projects?.list?.uninterpreted).toEqual(['include_archived']);
    expect(model.notes).toContain(
      'listProjects: query parameter include_archived is accepted and ignored (not a property, range, search, sort or paging parameter)',
    );
    expect([...(projects?.sortable ?? [])]).toEqual(['name', 'priority', 'created_at', 'status']);
  });

  it('reads a nested collection with its parent, its envelope, an integer id and x-mock-count', () => {
    expect(tasks?.parent).toEqual({
      collection: 'projects',
      parameter: 'project_id',
      property: 'project_id',
    });
    expect(tasks?.envelope).toBe('data');
    expect(tasks?.id.kind).toBe('integer');
    expect(tasks?.count).toBe(3);
    const getTask = model.operations.find((op) => op.operationId === 'getTask');
    expect(getTask).toMatchObject({
      servedBy: 'item',
      action: 'read',
      itemParameter: 'task_id',
      scope: [{ parameter: 'project_id', collection: 'projects' }],
    });
  });

  it('gives actions, statuses and permissions by method', () => {
    const ops = Object.fromEntries(
      model.operations.map((op) => [op.operationId, [op.action, op.status, op.permissions.join(',')]]),
    );
    expect(ops).toEqual({
      listProjects: ['list', 200, 'read:projects'],
      createProject: ['create', 201, 'create:projects'],
      getProject: ['read', 200, 'read:projects'],
      replaceProject: ['replace', 200, 'update:projects'],
      patchProject: ['patch', 200, 'update:projects'],
      deleteProject: ['delete', 204, 'delete:projects'],
      listTasks: ['list', 200, 'read:tasks'],
      createTask: ['create', 201, 'create:tasks'],
      getTask: ['read', 200, 'read:tasks'],
      deleteTask: ['delete', 204, 'delete:tasks'],
    });
    expect(model.rolePermissions.get('saas_admin')).toContain('delete:tasks');
  });

  it('answers GET /__admin/resources in its shape', () => {
    const view = resourcesView(model, () => 7);
    expect(view.collections[1]).toEqual({
      name: 'tasks',
      path: '/projects/{project_id}/tasks',
      schema: 'Task',
      id: 'id',
      parent: 'projects',
      unique: [],
      count: 7,
    });
    expect(view.operations[0]).toEqual({
      operationId: 'listProjects',
      method: 'GET',
      path: '/projects',
      served_by: 'collection',
    });
  });
});

describe('permissions and ids', () => {
  it('takes x-permissions, else security scopes, else verb:collection; x-role-permissions at the top or on a scheme', () => {
    const d = doc(
      {
        '/a': {
          get: {
            operationId: 'a',
            'x-permissions': ['read:a_things'],
            ...ok({ type: 'array', items: THING }),
          },
        },
        '/b': {
          get: {
            operationId: 'b',
            security: [{ oauth: ['b.read'] }],
            ...ok({ type: 'array', items: THING }),
          },
        },
        '/c': { get: { operationId: 'c', security: [], ...ok({ type: 'array', items: THING }) } },
      },
      {},
      { 'x-role-permissions': { saas_user: ['read:a_things'] } },
    );
    const model = inferResources(d);
    expect(model.operations.map((op) => [op.permissions, op.secured])).toEqual([
      [['read:a_things'], true],
      [['b.read'], true],
      [[], false],
    ]);
    expect(Object.fromEntries(model.rolePermissions)).toEqual({
      saas_user: ['read:a_things'],
      saas_admin: ['b.read', 'read:a_things'],
    });
  });

  it('matches an a-or-b parameter against both properties, and an integer id', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer' }, identifier: { type: 'string' } },
    };
    const model = inferResources(
      doc({
        '/members': {
          get: {
            operationId: 'l',
            parameters: [query('identifier')],
            ...ok({ type: 'array', items: schema }),
          },
        },
        '/members/{id-or-identifier}': {
          get: { operationId: 'g', parameters: [pathParam('id-or-identifier')], ...ok(schema) },
        },
      }),
    );
    expect(model.collections[0]?.id).toEqual({
      property: 'id',
      kind: 'integer',
      matches: ['id', 'identifier'],
    });
  });

  it('reads an OpenAPI 3.0 document (nullable, allOf)', () => {
    const d = doc(
      { '/pets': { get: { operationId: 'listPets', ...ok({ type: 'array', items: ref('Pet') }) } } },
      {
        Base: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        Pet: {
          allOf: [ref('Base'), { type: 'object', properties: { tag: { type: 'string', nullable: true } } }],
        },
      },
      { openapi: '3.0.3' },
    );
    const [pets] = inferResources(d).collections;
    expect([...(pets?.properties.keys() ?? [])]).toEqual(['id', 'tag']);
    expect(pets?.required).toEqual(['id']);
  });

  it('serves nothing itself for spec/openapi.yaml: every operation there is built in', () => {
    const model = inferResources(readSpecDocument());
    expect(model.collections).toEqual([]);
    expect(new Set(model.operations.map((op) => op.servedBy))).toEqual(new Set(['built-in']));
  });

  it('lists the same built-in operations as the operation table', () => {
    expect([...BUILT_IN_OPERATIONS].sort()).toEqual(Object.keys(API_OPERATIONS).sort());
  });

  it.each([
    ['workspaces', 'workspace'],
    ['policies', 'policy'],
    ['addresses', 'address'],
    ['boxes', 'box'],
    ['people', 'person'],
    ['api-keys', 'api-key'],
    ['status', 'status'],
  ])('singular(%s) = %s', (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});

describe('an item parameter naming a property', () => {
  it('matches that property after the id', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, identifier: { type: 'string' } },
    };
    const model = inferResources(
      doc({
        '/providers': { get: { operationId: 'l', ...ok({ type: 'array', items: schema }) } },
        '/providers/{identifier}': {
          get: { operationId: 'g', parameters: [pathParam('identifier')], ...ok(schema) },
        },
      }),
    );
    expect(model.collections[0]?.id).toEqual({ property: 'id', kind: 'uuid', matches: ['id', 'identifier'] });
  });
});
