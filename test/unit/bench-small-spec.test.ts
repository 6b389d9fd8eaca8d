/** The stack baseline's small OpenAPI document: one operation, its parameters resolved, the schemas they reach. */
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { reachedSchemas, smallSpec } from '../../bench/small-spec.ts';

const FULL = {
  openapi: '3.1.0',
  paths: {
    '/users': {
      get: {
        parameters: [
          { $ref: '#/components/parameters/status' },
          { name: 'page', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Users' } } } },
        },
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
    '/health': { get: { responses: { '200': { description: 'ok' } } } },
  },
  components: {
    parameters: { status: { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } } },
    schemas: {
      Status: { allOf: [{ $ref: '#/components/schemas/Word' }], enum: ['active', 'inactive'] },
      Word: { type: 'string' },
      Users: { type: 'array', items: { $ref: '#/components/schemas/User' } },
      User: { type: 'object', properties: { status: { $ref: '#/components/schemas/Status' } } },
    },
  },
};

describe('smallSpec', () => {
  const small = smallSpec(FULL);

  it('holds the one operation, its parameters resolved, and an untyped 200', () => {
    expect(small.paths).toEqual({
      '/users': {
        get: {
          parameters: [FULL.components.parameters.status, FULL.paths['/users'].get.parameters[1]],
          responses: { '200': { description: 'ok' } },
        },
      },
    });
  });

  it('keeps only the schemas the parameters reach, through other schemas too', () => {
    expect(Object.keys((small.components as { schemas: object }).schemas)).toEqual(['Status', 'Word']);
  });

  it('refuses an operation the document does not hold, and a parameter it cannot resolve', () => {
    expect(() => smallSpec(FULL, '/users', 'post')).toThrow(/no POST \/users/);
    const broken = { paths: { '/x': { get: { parameters: [{ $ref: '#/components/parameters/nope' }] } } } };
    expect(() => smallSpec(broken, '/x')).toThrow(/cannot resolve parameter #\/components\/parameters\/nope/);
  });

  it("from the repository's spec: listUsers' parameters, the enums they use, no response schema", () => {
    const real = smallSpec(load(readFileSync(new URL('../../spec/openapi.yaml', import.meta.url), 'utf8')));
    const operation = (real.paths as Record<string, Record<string, { parameters: { name: string }[] }>>)[
      '/users'
    ]?.get;
    expect(operation?.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'page',
        'page_size',
        'search',
        'sort_by',
        'status',
        'user_type',
        'created_at_from',
      ]),
    );
    const schemas = Object.keys((real.components as { schemas: object }).schemas);
    expect(schemas).toEqual(expect.arrayContaining(['UserStatus', 'UserType']));
    expect(schemas).not.toContain('User');
    expect(JSON.stringify(real)).not.toMatch(/"\$ref":"#\/components\/(parameters|responses)/);
  });
});

describe('reachedSchemas', () => {
  it('follows references once, cycles included', () => {
    const schemas = {
      A: { $ref: '#/components/schemas/B' },
      B: { items: { $ref: '#/components/schemas/A' } },
    };
    expect([...reachedSchemas({ $ref: '#/components/schemas/A' }, schemas)]).toEqual(['A', 'B']);
  });
});
