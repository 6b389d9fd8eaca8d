import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../src/spec/route-table.ts';
import { API_MODEL } from '../support/spec-model.ts';

const table = new RouteTable(API_MODEL.operations);

describe('RouteTable over the spec operations', () => {
  it.each([
    { name: 'GET /health', method: 'GET', path: '/health', operation: 'getHealth', params: {} },
    { name: 'GET /users', method: 'GET', path: '/users', operation: 'listUsers', params: {} },
    { name: 'HEAD /users maps to GET', method: 'HEAD', path: '/users', operation: 'listUsers', params: {} },
    { name: 'HEAD /health maps to GET', method: 'HEAD', path: '/health', operation: 'getHealth', params: {} },
    {
      name: 'DELETE by identifier',
      method: 'DELETE',
      path: '/users/ann.lee',
      operation: 'deleteUser',
      params: { 'id-or-identifier': 'ann.lee' },
    },
    {
      name: 'DELETE by uuid',
      method: 'DELETE',
      path: '/users/8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b',
      operation: 'deleteUser',
      params: { 'id-or-identifier': '8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b' },
    },
    {
      name: 'percent-encoded dot decoded',
      method: 'DELETE',
      path: '/users/ann%2Elee',
      operation: 'deleteUser',
      params: { 'id-or-identifier': 'ann.lee' },
    },
    {
      name: 'percent-encoded UTF-8 decoded',
      method: 'DELETE',
      path: '/users/%C3%A9mile',
      operation: 'deleteUser',
      params: { 'id-or-identifier': 'émile' },
    },
    {
      name: 'an encoded slash stays inside the segment',
      method: 'DELETE',
      path: '/users/a%2Fb',
      operation: 'deleteUser',
      params: { 'id-or-identifier': 'a/b' },
    },
    {
      name: 'an encoded space',
      method: 'DELETE',
      path: '/users/ann%20lee',
      operation: 'deleteUser',
      params: { 'id-or-identifier': 'ann lee' },
    },
    {
      name: 'a malformed escape is kept as sent',
      method: 'DELETE',
      path: '/users/ann%E0%A4%A',
      operation: 'deleteUser',
      params: { 'id-or-identifier': 'ann%E0%A4%A' },
    },
  ])('found: $name', ({ method, path, operation, params }) => {
    const match = table.match(method, path);
    expect(match.kind).toBe('found');
    if (match.kind !== 'found') return;
    expect(match.operation.id).toBe(operation);
    expect(match.params).toEqual(params);
  });

  it.each([
    { name: 'POST /users', method: 'POST', path: '/users', allowed: ['GET'] },
    { name: 'DELETE /users', method: 'DELETE', path: '/users', allowed: ['GET'] },
    { name: 'PUT /health', method: 'PUT', path: '/health', allowed: ['GET'] },
    { name: 'GET /users/ann.lee', method: 'GET', path: '/users/ann.lee', allowed: ['DELETE'] },
    {
      name: 'HEAD /users/ann.lee (no GET to map to)',
      method: 'HEAD',
      path: '/users/ann.lee',
      allowed: ['DELETE'],
    },
    { name: 'PATCH /users/ann.lee', method: 'PATCH', path: '/users/ann.lee', allowed: ['DELETE'] },
  ])('method not allowed, with the allowed list: $name', ({ method, path, allowed }) => {
    expect(table.match(method, path)).toEqual({ kind: 'method-not-allowed', allowed });
  });

  it.each([
    { name: 'unknown path', method: 'GET', path: '/widgets' },
    { name: 'the root', method: 'GET', path: '/' },
    { name: 'a trailing slash', method: 'GET', path: '/users/' },
    { name: 'an extra segment', method: 'DELETE', path: '/users/ann.lee/roles' },
    { name: 'a different case', method: 'GET', path: '/Users' },
    { name: 'a path prefix of a route', method: 'GET', path: '/use' },
    { name: 'the empty path', method: 'GET', path: '' },
  ])('not found: $name', ({ method, path }) => {
    expect(table.match(method, path)).toEqual({ kind: 'not-found' });
  });
});
