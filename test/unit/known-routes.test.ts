import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { KnownRoutes, type Middleware } from '../../src/adapters/express/known-routes.ts';

/** A bare request object, as the validator's adapter makes one (`Object.create`). */
const req = (fields: object = {}): Request => Object.assign(Object.create(null) as object, fields) as Request;
const named = (name: string): Middleware => ({ [name]: () => undefined })[name] as Middleware;
const chain = [named('pathParamsMiddleware'), named('metadataMiddleware'), named('requestMiddleware')];
const meta = {
  expressRoute: '/d/users/:id',
  openApiRoute: '/d/users/{id}',
  schema: { operationId: 'getUser' },
  serial: 3,
};

describe('KnownRoutes', () => {
  it('runs the whole chain until it has learnt the route, then skips the route lookup', () => {
    const known = new KnownRoutes(chain);
    const first = req();
    expect(known.chainFor('getUser', first, { id: 'a' })).toBe(chain);
    Object.assign(first as object, { openapi: { ...meta, pathParams: { id: 'a' } } });
    known.learn('getUser', first, '/d/users/{id}');
    const second = req();
    const rest = known.chainFor('getUser', second, { id: 'b' });
    expect(rest.map((m) => m.name)).toEqual(['pathParamsMiddleware', 'requestMiddleware']);
    expect(second).toMatchObject({ openapi: { ...meta, pathParams: { id: 'b' } }, params: { id: 'b' } });
  });

  it('does not learn a route other than the operation’s, nor one the validator did not find', () => {
    const known = new KnownRoutes(chain);
    known.learn('getUser', req({ openapi: meta }), '/d/users/me');
    known.learn('getUser', req(), '/d/users/{id}');
    expect(known.chainFor('getUser', req(), {})).toBe(chain);
  });

  it('keeps the whole chain when the validator has no metadata middleware of that name', () => {
    const other = [named('pathParamsMiddleware'), named('requestMiddleware')];
    const known = new KnownRoutes(other);
    known.learn('getUser', req({ openapi: meta }), '/d/users/{id}');
    expect(known.chainFor('getUser', req(), {})).toBe(other);
  });
});
