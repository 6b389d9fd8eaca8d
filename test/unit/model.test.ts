import { describe, expect, it } from 'vitest';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { buildApiModel } from '../../src/spec/model.ts';
import { API_MODEL } from '../support/spec-model.ts';

describe('buildApiModel over spec/openapi.yaml', () => {
  it('every operation has a unique, non-empty operationId', () => {
    const ids = API_MODEL.operations.map((op) => op.id);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    {
      name: 'listUsers',
      method: 'get',
      path: '/users',
      permissions: ['read:users'],
      secured: true,
      statuses: [200, 400, 401, 403, 415, 429, 500, 503],
    },
    {
      name: 'deleteUser',
      method: 'delete',
      path: '/users/{id-or-identifier}',
      permissions: ['delete:users'],
      secured: true,
      statuses: [204, 400, 401, 403, 404, 415, 429, 500, 503],
    },
    {
      name: 'getHealth',
      method: 'get',
      path: '/health',
      permissions: [],
      secured: false,
      statuses: [200, 400, 415, 429, 500, 503],
    },
  ])('$name: method, path, permissions from x-permissions, security, statuses', (c) => {
    const op = API_MODEL.operation(c.name);
    expect(op).toMatchObject({
      id: c.name,
      method: c.method,
      path: c.path,
      permissions: c.permissions,
      secured: c.secured,
      statuses: c.statuses,
      bodyMediaTypes: [],
    });
  });

  it('statuses are ascending numbers for every operation', () => {
    for (const op of API_MODEL.operations) {
      expect(op.statuses.length, op.id).toBeGreaterThan(0);
      expect(
        [...op.statuses].sort((a, b) => a - b),
        op.id,
      ).toEqual(op.statuses);
    }
  });

  it('every secured operation names its permissions (an empty x-permissions: any valid token)', () => {
    for (const op of API_MODEL.operations.filter((o) => o.secured)) {
      expect(Array.isArray(op.raw['x-permissions']), op.id).toBe(true);
      if (op.permissions.length === 0) expect(op.tags, op.id).toContain('Authorization');
    }
  });

  it.each([
    {
      name: 'listUsers: query parameter page, from a $ref',
      op: 'listUsers',
      param: 'page',
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: 1000000000, default: 1 },
    },
    {
      name: 'listUsers: user_type, its schema $ref resolved',
      op: 'listUsers',
      param: 'user_type',
      in: 'query',
      schema: { type: 'string', enum: ['saas_admin', 'saas_user', 'saas_user_client'] },
    },
    {
      name: 'listUsers: the X-API-Version header',
      op: 'listUsers',
      param: 'X-API-Version',
      in: 'header',
      schema: { type: 'string', enum: ['v1'], default: 'v1' },
    },
  ])('parameters: $name', (c) => {
    const param = API_MODEL.operation(c.op).parameters.find((p) => p.name === c.param);
    expect(param?.in).toBe(c.in);
    expect(param?.required).toBe(false);
    expect(param?.schema).toEqual(c.schema);
  });

  it('deleteUser: its path parameter is required', () => {
    const param = API_MODEL.operation('deleteUser').parameters.find((p) => p.in === 'path');
    expect(param).toMatchObject({ name: 'id-or-identifier', required: true });
  });

  it('rolePermissions: the three roles of docs/tokens.md with exactly their permissions', () => {
    expect(new Map(API_MODEL.rolePermissions)).toEqual(
      new Map([
        [
          'saas_admin',
          [
            'read:users',
            'delete:users',
            'read:user_metadata',
            'read:current_user',
            'read:workspace',
            'create:workspaces',
            'update:workspace_owner',
          ],
        ],
        ['saas_user', ['read:users', 'read:current_user', 'read:workspace']],
        ['saas_user_client', ['read:current_user']],
      ]),
    );
  });

  it('requestContentTypes: the eight media types of the interface', () => {
    expect(API_MODEL.requestContentTypes).toEqual([
      'application/json',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/pdf',
      'text/plain',
      'text/html',
      'multipart/form-data',
    ]);
  });

  it('operation() names an unknown operation', () => {
    expect(() => API_MODEL.operation('listWidgets')).toThrow('the spec has no operation listWidgets');
  });

  it('deref() resolves a $ref and leaves other nodes alone', () => {
    expect(API_MODEL.deref({ $ref: '#/components/schemas/UserStatus' })).toEqual({
      type: 'string',
      enum: ['active', 'onboarding', 'inactive', 'suspended', 'risky'],
    });
    expect(API_MODEL.deref({ type: 'string' })).toEqual({ type: 'string' });
  });

  it('is built from a frozen document (reading it twice gives equal models)', () => {
    const doc = readSpecDocument();
    expect(Object.isFrozen(doc)).toBe(true);
    expect(buildApiModel(doc).operations.map((op) => op.id)).toEqual(API_MODEL.operations.map((op) => op.id));
  });
});

describe('buildApiModel names an operation without operationId by its method and path', () => {
  it('as the resource engine does (docs/own-spec.md)', () => {
    const doc = { openapi: '3.1.0', info: { title: 't', version: '1' } };
    const model = buildApiModel({ ...doc, paths: { '/x': { get: { responses: { '200': {} } } } } });
    expect(model.operations.map((op) => op.id)).toEqual(['get /x']);
  });
});

describe('buildApiModel refuses documents that lack what the mock needs', () => {
  const base = { openapi: '3.1.0', info: { title: 't', version: '1' } };
  it.each([
    { name: 'no paths', doc: { ...base }, message: 'spec: paths must be an object' },
    {
      name: 'x-permissions not a list',
      doc: {
        ...base,
        paths: { '/x': { get: { operationId: 'getX', 'x-permissions': 'read:x', responses: {} } } },
      },
      message: 'spec: getX.x-permissions must be an array',
    },
    {
      name: 'an unresolvable $ref',
      doc: {
        ...base,
        paths: {
          '/x': {
            get: {
              operationId: 'getX',
              parameters: [{ $ref: '#/components/parameters/nope' }],
              responses: {},
            },
          },
        },
      },
      message: 'unresolved $ref #/components/parameters/nope',
    },
  ])('$name', ({ doc, message }) => {
    expect(() => buildApiModel(doc)).toThrow(message);
  });
});
