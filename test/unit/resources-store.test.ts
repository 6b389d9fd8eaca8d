import { describe, expect, it } from 'vitest';
import { errorBody, readErrorShape } from '../../src/resources/error-shape.ts';
import { exampleBody } from '../../src/resources/example-answer.ts';
import { inferResources } from '../../src/resources/infer.ts';
import { readListQuery } from '../../src/resources/list-query.ts';
import { mergePatch } from '../../src/resources/merge-patch.ts';
import { notice } from '../../src/resources/notices.ts';
import { readOperations } from '../../src/resources/document-operations.ts';
import { ResourceError } from '../../src/resources/resource-errors.ts';
import { SchemaReader } from '../../src/resources/schema.ts';
import { doc, json, ok, projectsDoc } from '../support/resource-docs.ts';
import { fixture, must } from '../support/resource-session.ts';

const CALLER = { userId: '00000000-0000-4000-8000-000000000001' };

function caught(run: () => unknown): ResourceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResourceError) return error;
    throw error;
  }
  throw new Error('expected a ResourceError');
}

describe('writes', () => {
  const f = fixture(projectsDoc());
  const projects = f.model.collections[0];
  if (projects?.list === undefined) throw new Error('projects has no list');
  const all = (session: ReturnType<typeof f.session>): number =>
    session.list('projects', [], readListQuery(must(projects.list), { page_size: 100 }, projects.sortable))
      .total;

  it('create assigns the server\u2019s readOnly properties and ignores the client\u2019s', () => {
    const s = f.session();
    const created = s.create(
      'projects',
      [],
      { id: 'mine', name: 'Apollo', status: 'active', priority: 2, created_at: '1999-01-01T00:00:00Z' },
      CALLER,
    );
    expect(created).toMatchObject({
      name: 'Apollo',
      created_at: '2026-02-01T00:00:01.000Z',
      updated_at: '2026-02-01T00:00:01.000Z',
      created_by: CALLER.userId,
      updated_by: CALLER.userId,
    });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(s.read('projects', [], String(created.id))).toEqual(created);
    expect(all(s)).toBe(21);
    expect(all(f.session())).toBe(20);
  });

  it('refuses a duplicate x-unique value with 409 conflict naming the field', () => {
    const s = f.session();
    s.create('projects', [], { name: 'Apollo', status: 'active', priority: 2 }, CALLER);
    const error = caught(() =>
      s.create('projects', [], { name: 'Apollo', status: 'draft', priority: 1 }, CALLER),
    );
    expect([error.status, error.code, error.details?.[0]?.name]).toEqual([409, 'conflict', 'name']);
  });

  it('replace keeps readOnly properties; merge patch changes only what it names; both stamp updated_*', () => {
    const s = f.session();
    const created = s.create(
      'projects',
      [],
      { name: 'A', status: 'active', priority: 2, description: 'x' },
      CALLER,
    );
    const id = String(created.id);
    const replaced = s.replace(
      'projects',
      [],
      id,
      { name: 'B', status: 'draft', priority: 3, id: 'other' },
      { userId: 'u2' },
    );
    expect(replaced).toEqual({
      name: 'B',
      status: 'draft',
      priority: 3,
      id,
      created_at: created.created_at,
      created_by: CALLER.userId,
      updated_at: '2026-02-01T00:00:02.000Z',
      updated_by: 'u2',
    });
    const patched = s.patch('projects', [], id, { description: 'new', priority: 4 }, CALLER);
    expect(patched).toMatchObject({
      name: 'B',
      description: 'new',
      priority: 4,
      updated_at: '2026-02-01T00:00:03.000Z',
    });
    const error = caught(() => s.patch('projects', [], id, { name: null }, CALLER));
    expect([error.status, error.code]).toEqual([400, 'invalid_request']);
  });

  it('answers 404 <thing>_not_found for an unknown record and for an unknown parent', () => {
    const s = f.session();
    expect(caught(() => s.read('projects', [], 'nope')).code).toBe('project_not_found');
    expect(
      caught(() =>
        s.list('tasks', ['nope'], readListQuery(must(must(f.model.collections[1]).list), {}, new Set())),
      ).code,
    ).toBe('project_not_found');
  });

  it('scopes a nested collection to its parent, numbers integer ids, and deletes children with the parent', () => {
    const s = f.session();
    const tasks = must(f.model.collections[1]);
    const [first] = s.list('projects', [], readListQuery(must(projects.list), {}, projects.sortable)).items;
    const pid = String(first?.id);
    const listTasks = (): readonly Record<string, unknown>[] =>
      s.list('tasks', [pid], readListQuery(must(tasks.list), {}, tasks.sortable)).items;
    expect(listTasks().map((t) => t.project_id)).toEqual([pid, pid, pid]);
    const created = s.create('tasks', [pid], { title: 'write tests' }, CALLER);
    expect(created).toMatchObject({ project_id: pid, title: 'write tests' });
    expect(created.id).toBe(61); // 20 projects with 3 seeded tasks each, numbered 1-60
    const countBefore = s.count('tasks');
    s.delete('projects', [], pid);
    expect(s.count('tasks')).toBe(countBefore - 4);
    expect(caught(() => s.read('tasks', [pid], String(created.id))).code).toBe('project_not_found');
  });

  it('is bounded by x-mock-max (409 collection_full) and counts its bytes', () => {
    const small = fixture(projectsDoc({ 'x-mock-max': 21 }));
    const s = small.session();
    expect(s.stateBytes()).toBe(0);
    s.create('projects', [], { name: 'one more', status: 'active', priority: 1 }, CALLER);
    expect(s.stateBytes()).toBeGreaterThan(500);
    const error = caught(() =>
      s.create('projects', [], { name: 'too many', status: 'active', priority: 1 }, CALLER),
    );
    expect([error.status, error.code]).toEqual([409, 'collection_full']);
  });

  it('matches an a-or-b parameter on either property', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, identifier: { type: 'string' } },
    };
    const g = fixture(
      doc({
        '/members': {
          get: { operationId: 'l', ...ok({ type: 'array', items: schema }) },
          post: { operationId: 'c', requestBody: json(schema), ...ok(schema, '201') },
        },
        '/members/{id-or-identifier}': {
          get: {
            operationId: 'g',
            parameters: [
              { name: 'id-or-identifier', in: 'path', required: true, schema: { type: 'string' } },
            ],
            ...ok(schema),
          },
        },
      }),
    );
    const s = g.session();
    const created = s.create('members', [], { identifier: 'ann.lee' }, CALLER);
    expect(s.read('members', [], 'ann.lee')).toEqual(created);
    expect(s.read('members', [], String(created.id))).toEqual(created);
  });
});

describe('JSON merge patch (RFC 7396 appendix A)', () => {
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)('%j patched with %j is %j', (target, patch, result) => {
    const before = JSON.stringify(target);
    expect(mergePatch(target, patch)).toEqual(result);
    expect(JSON.stringify(target)).toBe(before);
  });
});

describe('errors and notices', () => {
  const error = new ResourceError(404, 'project_not_found', 'no project has id "x"');
  it('uses the API shape by default and the document\u2019s own error schema when it declares one', () => {
    const reader = (d: ReturnType<typeof doc>): SchemaReader => new SchemaReader(d);
    const own = doc({
      '/x': {
        get: {
          operationId: 'x',
          responses: {
            '200': { description: 'ok' },
            '404': {
              description: 'no',
              ...json({
                type: 'object',
                required: ['status', 'message', 'timestamp'],
                properties: {
                  status: { type: 'integer' },
                  message: { type: 'string' },
                  code: { type: 'string' },
                  timestamp: { type: 'string', example: '2026-01-01T00:00:00Z' },
                },
              }),
            },
          },
        },
      },
    });
    const nested = doc({
      '/x': {
        get: {
          operationId: 'x',
          responses: {
            '404': {
              description: 'no',
              ...json({
                type: 'object',
                properties: {
                  error: {
                    type: 'object',
                    properties: {
                      code: { type: 'integer' },
                      message: { type: 'string' },
                      status: { type: 'string' },
                    },
                  },
                },
              }),
            },
          },
        },
      },
    });
    expect(errorBody(error, readErrorShape([], reader(own)))).toEqual({
      error: 'no project has id "x"',
      code: 'project_not_found',
    });
    expect(errorBody(error, readErrorShape(readOperations(own, reader(own)), reader(own)))).toEqual({
      status: 404,
      message: 'no project has id "x"',
      code: 'project_not_found',
      timestamp: '2026-01-01T00:00:00Z',
    });
    expect(errorBody(error, readErrorShape(readOperations(nested, reader(nested)), reader(nested)))).toEqual({
      error: { code: 404, message: 'no project has id "x"', status: '404' },
    });
  });

  it('says what a write did', () => {
    const projects = must(fixture(projectsDoc()).model.collections[0]);
    expect([
      notice('create', projects),
      notice('patch', projects),
      notice('delete', projects),
      notice('list', projects, 0),
      notice('read', projects),
    ]).toEqual([
      'Project created successfully',
      'Project updated successfully',
      'Project deleted successfully',
      'Data not found',
      'Data retrieved successfully',
    ]);
  });
});

describe('actions and singletons', () => {
  it('answer the example, else a body generated from the schema, the same for the same seed and request', () => {
    const thing = {
      type: 'object',
      required: ['id', 'state'],
      properties: { id: { type: 'string', format: 'uuid' }, state: { type: 'string', enum: ['on', 'off'] } },
    };
    const d = doc({
      '/status': { get: { operationId: 'getStatus', ...ok(thing) } },
      '/ping': {
        post: {
          operationId: 'ping',
          responses: { '200': { description: 'ok', ...json(thing, { id: 'x', state: 'on' }) } },
        },
      },
    });
    const model = inferResources(d);
    const [status, ping] = model.operations;
    const reader = new SchemaReader(d);
    expect(ping && exampleBody(ping, reader, 42, 'a')).toEqual({ id: 'x', state: 'on' });
    const generated = status && exampleBody(status, reader, 42, 'a');
    expect(generated).toEqual(status && exampleBody(status, reader, 42, 'a'));
    expect(generated).toMatchObject({ state: expect.stringMatching(/^(on|off)$/) as unknown });
    expect(generated).not.toEqual(status && exampleBody(status, reader, 43, 'a'));
  });
});
