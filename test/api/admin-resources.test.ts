/**
 * `GET /__admin/resources` (docs/own-spec.md "What the engine made of a document"; spec/admin.yaml): for
 * spec/openapi.yaml no collections and every operation built-in; for examples/own-spec/openapi.yaml its
 * collections with the records each session holds, and what serves each operation. Every answer is checked
 * against spec/admin.yaml, every answer of the served document against that document.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/express/log.ts';
import { loadFaker } from '../../src/data/faker.ts';
import { buildMock, mintDefaultToken, type MockInternals } from '../../src/mock.ts';
import { readDocumentFile } from '../../src/platform/node/document-file.ts';
import type { SpecInput } from '../../src/resolve-options.ts';
import { startMockInternals } from '../../src/server.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import { adminClient } from '../support/admin-client.ts';
import { ADMIN, DEFAULT_HOST, harness, NOW, SPECS } from '../support/harness.ts';
import { bodyOf } from '../support/response-body.ts';

const OWN_SPEC = 'examples/own-spec/openapi.yaml';
const own = readDocumentFile(OWN_SPEC).doc;
const ownChecker = new ResponseChecker(own);

interface Resources {
  collections: { name: string; path: string; parent: string | null; count: number }[];
  operations: { operationId: string; method: string; path: string; served_by: string }[];
}

function countsOf(body: Resources): Record<string, number> {
  return Object.fromEntries(body.collections.map((c) => [c.name, c.count]));
}

describe('GET /__admin/resources of spec/openapi.yaml', () => {
  it('names no collection and every operation of the document as built-in', async () => {
    const admin = adminClient(harness().mock.app);
    const res = await admin.get('/resources');
    expect(res.status).toBe(200);
    expect(res.headers['x-message']).toBe('OK');
    const body = res.body as Resources;
    expect(body.collections).toEqual([]);
    expect(body.operations).toEqual(
      SPECS.api.model.operations.map((op) => ({
        operationId: op.id,
        method: op.method.toUpperCase(),
        path: op.path,
        served_by: 'built-in',
      })),
    );
  });
});

describe('GET /__admin/resources of a document of a team’s own', () => {
  let mock: MockInternals;
  let token: string;

  beforeAll(async () => {
    await loadFaker();
    mock = buildMock({ spec: OWN_SPEC, seed: 3, users: 40, validateResponses: true, now: () => NOW });
    token = mintDefaultToken(mock, { user: ADMIN }).accessToken;
  });

  /** A request of the served document, in `session`; its answer checked against that document. */
  async function send(method: string, path: string, session?: string): Promise<request.Response> {
    const agent = request(mock.app);
    let test = agent[method.toLowerCase() as 'get'](path)
      .set('Host', DEFAULT_HOST)
      .set('Authorization', `Bearer ${token}`);
    if (session !== undefined) test = test.set('X-Mock-Session', session);
    const res = await test;
    const body = res.noContent || res.text === '' ? undefined : bodyOf(res);
    expect(ownChecker.check({ method, path, status: res.status, headers: res.headers, body })).toEqual([]);
    return res;
  }

  it('lists the collections with their parents and what serves each operation', async () => {
    const res = await adminClient(mock.app).get('/resources');
    const body = res.body as Resources;
    expect(body.collections.map((c) => [c.name, c.path, c.parent])).toEqual([
      ['users', '/users', null],
      ['workspaces', '/workspaces', null],
      ['projects', '/workspaces/{workspace}/projects', 'workspaces'],
    ]);
    // The users collection is the users store: 40 seeded users and the three known accounts.
    expect(countsOf(body)).toEqual({ users: 43, workspaces: 10, projects: 30 });
    const served = Object.fromEntries(body.operations.map((op) => [op.operationId, op.served_by]));
    expect(served).toMatchObject({
      listUsers: 'built-in',
      createUser: 'collection',
      getUser: 'item',
      suspendUser: 'example',
      getCurrentUser: 'singleton',
      listWorkspaces: 'collection',
      deleteProject: 'item',
      issueToken: 'built-in',
    });
    expect(body.operations).toHaveLength(mock.services.api.operations.length);
  });

  it('counts the records of the session the X-Mock-Session header names', async () => {
    const session = 'resources-1';
    const workspaces = (await send('GET', '/workspaces', session)).body as { id: string }[];
    const workspace = workspaces[0]?.id ?? '';
    const projects = (
      (await send('GET', `/workspaces/${workspace}/projects`, session)).body as { data: { id: number }[] }
    ).data;
    expect(projects.length).toBeGreaterThan(0);
    expect(
      (await send('DELETE', `/workspaces/${workspace}/projects/${String(projects[0]?.id)}`, session)).status,
    ).toBe(204);
    expect((await send('DELETE', `/workspaces/${workspaces[1]?.id ?? ''}`, session)).status).toBe(204);
    expect((await send('DELETE', '/users/user', session)).status).toBe(204);

    const admin = adminClient(mock.app);
    const mine = await admin.get('/resources', { headers: { 'X-Mock-Session': session } });
    expect(mine.headers['x-mock-session']).toBe(session);
    // A deleted workspace takes its three projects with it.
    expect(countsOf(mine.body as Resources)).toEqual({ users: 42, workspaces: 9, projects: 26 });
    const others = await admin.get('/resources');
    expect(countsOf(others.body as Resources)).toEqual({ users: 43, workspaces: 10, projects: 30 });
  });
});

describe('the start-up log', () => {
  /** The JSON lines a mock started on `spec` logs at warn and above while it starts. */
  async function startLog(spec: SpecInput | undefined): Promise<unknown[]> {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    const mock = await startMockInternals({
      spec,
      port: 0,
      users: 5,
      logger: createLogger('warn', destination),
    });
    await mock.close();
    return lines.map((line) => JSON.parse(line) as unknown);
  }

  it('names each query parameter the engine accepts and ignores, once, at warn', async () => {
    const edited = structuredClone(own) as { paths: Record<string, { get: { parameters: unknown[] } }> };
    edited.paths['/workspaces']?.get.parameters.push({
      name: 'include_archived',
      in: 'query',
      schema: { type: 'boolean' },
    });
    expect(await startLog(edited)).toEqual([
      expect.objectContaining({
        level: 40,
        spec: 'the spec option',
        msg: 'listWorkspaces: query parameter include_archived is accepted and ignored (not a property, range, search, sort or paging parameter)',
      }),
    ]);
  });

  it('says nothing of a document the engine reads whole', async () => {
    expect(await startLog(OWN_SPEC)).toEqual([]);
    expect(await startLog(undefined)).toEqual([]);
  });
});
