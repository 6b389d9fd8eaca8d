/**
 * A document written the way public identity-provider documents are (test/fixtures/real-world/flows-3.0.yaml,
 * after Ory Kratos' and Keycloak's): OpenAPI 3.0 with `nullable` without `type` and boolean bounds, no
 * `X-API-Version` parameter, a redirect-only operation, a discriminated `oneOf` deep in an answer, `default`
 * error responses. The engine starts on it (validator ready), serves every operation with 2xx, 3xx or 4xx and
 * never a 500, and a list/create/read/delete round trip answers what the document allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { ConfigError } from '../../src/config.ts';
import { buildMock, mintDefaultToken } from '../../src/mock.ts';
import type { SpecDocument } from '../../src/spec/document.ts';
import { doc, json, ok, pathParam, ref } from '../support/resource-docs.ts';
import { ownHarness, readDocument } from '../support/own-spec.ts';

const FLOWS = new URL('../fixtures/real-world/flows-3.0.yaml', import.meta.url).pathname;
const h = ownHarness(FLOWS);
const admin = h.token('admin@example.com');

describe('flows-3.0.yaml', () => {
  let running: RunningMockInternals;
  beforeAll(async () => {
    running = await startMockInternals({ spec: FLOWS, port: 0, users: 5, logLevel: 'silent' });
  });
  afterAll(async () => {
    await running.close();
  });

  it('starts with its validator ready and reads one collection, its items, a singleton and an action', async () => {
    const token = mintDefaultToken(running, { user: 'admin@example.com' }).accessToken;
    const listed = await fetch(new URL('/admin/identities', running.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toHaveLength(20);
    const served = Object.fromEntries(
      running.services.resources.model.operations.map((op) => [op.operationId, op.servedBy]),
    );
    expect(served).toEqual({
      listIdentities: 'collection',
      createIdentity: 'collection',
      getIdentity: 'item',
      deleteIdentity: 'item',
      createLoginFlow: 'singleton',
      changePassword: 'example',
    });
  });

  it('answers every operation, with or without what it needs, and never with a 500', async () => {
    const doc = readDocument(FLOWS);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item).filter((m) => m !== 'parameters')) {
        for (const body of [undefined, {}, { schema_id: 'x', traits: null }]) {
          if (body !== undefined && method !== 'post') continue;
          const res = await h.send(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x1'), {
            token: admin,
            ...(body === undefined ? {} : { body }),
          });
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        }
      }
    }
  });
});

describe('a round trip on /admin/identities', () => {
  it('lists, creates (server id and time), reads and deletes, each answer as the document allows', async () => {
    const session = 'round-trip';
    const list = await h.get('/admin/identities?per_page=5&page=2', { token: admin, session });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(5);
    const created = await h.send('POST', '/admin/identities', {
      token: admin,
      session,
      body: { schema_id: 'default', traits: { email: 'ann@example.com' } },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect(created.body).toMatchObject({ schema_id: 'default', traits: { email: 'ann@example.com' } });
    expect((await h.get(`/admin/identities/${id}`, { token: admin, session })).body).toEqual(created.body);
    expect((await h.send('DELETE', `/admin/identities/${id}`, { token: admin, session })).status).toBe(204);
    const gone = await h.get(`/admin/identities/${id}`, { token: admin, session });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      error: { code: 404, status: '404', message: expect.stringContaining(id) as unknown },
    });
  });

  it('answers validation errors in the document error schema, and a redirect-only operation with its 303', async () => {
    const bad = await h.send('POST', '/admin/identities', { token: admin, body: { traits: {} } });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { message: string } }).error.message).toContain('schema_id');
    expect((await h.get('/.well-known/change-password', { token: admin })).status).toBe(303);
  });

  it('generates a login flow whose deep, discriminated nodes conform, the same for the same request', async () => {
    const flow = await h.get('/self-service/login/api', { token: admin });
    expect(flow.status).toBe(200);
    const nodes = (flow.body as { ui: { nodes: { attributes: { node_type: string } }[] } }).ui.nodes;
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) expect(['input', 'text']).toContain(node.attributes.node_type);
    expect((await h.get('/self-service/login/api', { token: admin })).body).toEqual(flow.body);
  });
});

/** Keycloak's admin API as its public document writes it: unsecured, `/{realm}/users`, writes answering a string. */
function realmUsersDoc(deleteId = 'removeUser'): SpecDocument {
  const userSchema = {
    type: 'object',
    properties: { id: { type: 'string' }, username: { type: 'string' }, email: { type: 'string' } },
  };
  const realm = pathParam('realm');
  return doc(
    {
      '/{realm}/users': {
        parameters: [realm],
        get: { operationId: 'getUsers', ...ok({ type: 'array', items: ref('UserRepresentation') }) },
        post: {
          operationId: 'createUser',
          requestBody: json(ref('UserRepresentation')),
          ...ok(ref('Response')),
        },
      },
      '/{realm}/users/{id}': {
        parameters: [realm, pathParam('id')],
        get: { operationId: 'getUser', ...ok(ref('UserRepresentation')) },
        delete: { operationId: deleteId, responses: { '204': { description: 'success' } } },
      },
    },
    { UserRepresentation: userSchema, Response: { type: 'string' } },
    { openapi: '3.0.0', security: [] },
  );
}

describe('a document in the manner of Keycloak’s admin API', () => {
  const k = ownHarness(realmUsersDoc());

  it("serves its unsecured /{realm}/users as an inferred collection, not the users store, and writes answer the document's string", async () => {
    const list = await k.get('/master/users');
    expect(list.status).toBe(200);
    const first = (list.body as { id: string; username?: string }[])[0];
    expect(list.body).toHaveLength(20);
    expect((await k.get(`/master/users/${first?.id ?? ''}`)).body).toEqual(first);
    const created = await k.send('POST', '/master/users', { session: 'kc', body: { username: 'ann' } });
    expect(created.status).toBe(200);
    expect(typeof created.body).toBe('string');
    expect((await k.get('/master/users', { session: 'kc' })).body).toHaveLength(21);
    expect((await k.send('DELETE', `/master/users/${first?.id ?? ''}`, { session: 'kc' })).status).toBe(204);
  });

  it('refuses to start a built-in that reads the caller on an operation without security, naming both', () => {
    const d = realmUsersDoc('deleteUser');
    expect(() => buildMock({ spec: d, users: 1 })).toThrow(ConfigError);
    expect(() => buildMock({ spec: d, users: 1 })).toThrow(
      /deleteUser \(DELETE \/\{realm\}\/users\/\{id\}\).*security/,
    );
  });
});
