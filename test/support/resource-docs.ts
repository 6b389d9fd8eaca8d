/** Small OpenAPI documents for the resource engine's unit tests, built in code so each case states what it has. */
import { deepFreeze, type SpecDocument } from '../../src/spec/document.ts';

type Json = Record<string, unknown>;

/** A document of `paths` and `schemas` (OpenAPI 3.1 unless `version` says otherwise). */
export function doc(paths: Json, schemas: Json = {}, extra: Json = {}): SpecDocument {
  return deepFreeze({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearerAuth: [] }],
    ...extra,
  });
}

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown, example?: unknown): Json => ({
  content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
});
export const ok = (schema: unknown, status = '200'): Json => ({
  responses: { [status]: { description: 'ok', ...json(schema) } },
});
export const query = (name: string, schema: Json = { type: 'string' }): Json => ({
  name,
  in: 'query',
  schema,
});
export const pathParam = (name: string): Json => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});

/** A `Project` schema: uuid id, unique name, enum status, integer priority, timestamps and creator. */
export const PROJECT = {
  type: 'object',
  required: ['id', 'name', 'status', 'priority', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', format: 'uuid', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 60, 'x-unique': true },
    status: { type: 'string', enum: ['active', 'archived', 'draft'] },
    priority: { type: 'integer', minimum: 1, maximum: 5 },
    description: { type: 'string' },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
    created_by: { type: 'string', format: 'uuid', readOnly: true },
    updated_by: { type: 'string', format: 'uuid', readOnly: true },
  },
};

/** `/projects` with a list of every kind of parameter, an item, and `/projects/{id}/tasks` nested under it. */
export function projectsDoc(extraSchema: Json = {}): SpecDocument {
  const list = [
    query('status'),
    query('priority', { type: 'integer' }),
    query('name'),
    query('created_at_from', { type: 'string', format: 'date-time' }),
    query('created_at_to', { type: 'string', format: 'date-time' }),
    query('search'),
    query('sort_by', { type: 'string', enum: ['name', 'priority', 'created_at', 'status'] }),
    query('sort_order', { type: 'string', enum: ['asc', 'desc'], default: 'asc' }),
    query('page', { type: 'integer', minimum: 1, default: 1 }),
    query('page_size', { type: 'integer', minimum: 1, maximum: 100, default: 20 }),
    query('include_archived', { type: 'boolean' }),
  ];
  return doc(
    {
      '/projects': {
        get: {
          operationId: 'listProjects',
          parameters: list,
          ...ok({ type: 'array', items: ref('Project') }),
        },
        post: {
          operationId: 'createProject',
          requestBody: json(ref('Project')),
          ...ok(ref('Project'), '201'),
        },
      },
      '/projects/{id}': {
        parameters: [pathParam('id')],
        get: { operationId: 'getProject', ...ok(ref('Project')) },
        put: { operationId: 'replaceProject', requestBody: json(ref('Project')), ...ok(ref('Project')) },
        patch: { operationId: 'patchProject', requestBody: json({ type: 'object' }), ...ok(ref('Project')) },
        delete: { operationId: 'deleteProject', responses: { '204': { description: 'gone' } } },
      },
      '/projects/{project_id}/tasks': {
        parameters: [pathParam('project_id')],
        get: {
          operationId: 'listTasks',
          ...ok({
            type: 'object',
            properties: { data: { type: 'array', items: ref('Task') }, total: { type: 'integer' } },
          }),
        },
        post: { operationId: 'createTask', requestBody: json(ref('Task')), ...ok(ref('Task'), '201') },
      },
      '/projects/{project_id}/tasks/{task_id}': {
        parameters: [pathParam('project_id'), pathParam('task_id')],
        get: { operationId: 'getTask', ...ok(ref('Task')) },
        delete: { operationId: 'deleteTask', responses: { '204': { description: 'gone' } } },
      },
    },
    {
      Project: { ...PROJECT, ...extraSchema },
      Task: {
        type: 'object',
        required: ['id', 'title'],
        'x-mock-count': 3,
        properties: {
          id: { type: 'integer', readOnly: true },
          project_id: { type: 'string', format: 'uuid', readOnly: true },
          title: { type: 'string' },
          done: { type: 'boolean' },
        },
      },
    },
  );
}
