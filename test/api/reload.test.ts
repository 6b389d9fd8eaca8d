/**
 * Live reload (docs/own-spec.md "Live reload"): `mock.reload()` serves the edited document from the next request
 * on — operations added, changed and removed — keeps each session's records where the new item schema accepts them,
 * and keeps the previous document serving when the new one does not parse, is not OpenAPI or cannot be served;
 * `watch` does it when the file changes. Every answer is checked against the document served at the time
 * (`validateResponses`: a nonconforming answer would be a 500) and the health answers against spec/admin.yaml.
 */
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildMock, mintDefaultToken, type MockInternals } from '../../src/mock.ts';
import { startMockInternals } from '../../src/server.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import { ADMIN, NOW, SPECS } from '../support/harness.ts';

const EXAMPLE = new URL('../../examples/own-spec/openapi.yaml', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'identity-mock-reload-'));
const adminChecker = new ResponseChecker(SPECS.admin.doc);
let files = 0;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The parts of the example document the tests edit. */
interface Doc {
  info: { version: unknown };
  paths: Record<string, Record<string, Record<string, unknown> | undefined>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

/** A JSON answer's body as the tests read it: a record, or a list of records. */
type Body = { readonly id: string | number; readonly [key: string]: unknown } & readonly {
  readonly id: string;
  readonly region?: string;
}[];

/** A fresh copy of the example document, in a file of its own. */
function copy(): string {
  const file = join(dir, `openapi-${String(++files)}.yaml`);
  copyFileSync(EXAMPLE, file);
  return file;
}

function edit(file: string, change: (doc: Doc) => void): void {
  const doc = load(readFileSync(file, 'utf8')) as Doc;
  change(doc);
  writeFileSync(file, dump(doc, { lineWidth: -1, noRefs: true }));
}

/** `/gadgets`: a collection the example does not have. */
function addGadgets(doc: Doc): void {
  doc.components.schemas.Gadget = {
    type: 'object',
    required: ['id', 'name'],
    additionalProperties: false,
    'x-mock-count': 4,
    properties: {
      id: { type: 'string', format: 'uuid', readOnly: true },
      name: { type: 'string', minLength: 1, maxLength: 50 },
    },
  };
  doc.paths['/gadgets'] = {
    get: {
      operationId: 'listGadgets',
      tags: ['Gadget'],
      responses: {
        '200': {
          description: 'The gadgets.',
          content: {
            'application/json': {
              schema: { type: 'array', items: { $ref: '#/components/schemas/Gadget' } },
            },
          },
        },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '403': { $ref: '#/components/responses/Forbidden' },
      },
    },
  };
}

/** The id of a list answer's first record. */
function firstId(answer: { body: Body }): string {
  const first = answer.body[0];
  if (first === undefined) throw new RangeError('the list has records');
  return first.id;
}

function gadgetsList(doc: Doc): Record<string, unknown> {
  const op = doc.paths['/gadgets']?.get;
  if (op === undefined) throw new RangeError('the test adds /gadgets first');
  return op;
}

function mockOf(file: string): MockInternals {
  return buildMock({ spec: file, now: () => NOW, validateResponses: true, users: 20 });
}

async function call(
  mock: MockInternals,
  method: string,
  path: string,
  body?: unknown,
  session?: string,
): Promise<{ status: number; body: Body }> {
  // A token minted now holds every permission the served document gives the admin's role.
  const { accessToken } = mintDefaultToken(mock, { user: ADMIN });
  const res = await mock.fetch(
    new Request(`http://localhost:8080${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(session === undefined ? {} : { 'X-Mock-Session': session }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as Body };
}

async function health(mock: MockInternals): Promise<Record<string, unknown>> {
  const res = await mock.fetch(new Request('http://localhost:8080/__admin/health'));
  const body = (await res.json()) as Record<string, unknown>;
  const headers = Object.fromEntries(res.headers.entries());
  expect(adminChecker.check({ method: 'GET', path: '/health', status: res.status, headers, body })).toEqual(
    [],
  );
  return body;
}

describe('mock.reload()', () => {
  it('serves an operation added to the document from the next request on', { timeout: 60_000 }, async () => {
    const file = copy();
    const mock = mockOf(file);
    expect((await call(mock, 'GET', '/gadgets')).status).toBe(404);
    edit(file, addGadgets);
    const report = await mock.reload();
    expect(report).toEqual({
      ok: true,
      operations: { added: ['listGadgets'], changed: [], removed: [] },
      dropped: {},
    });
    const listed = await call(mock, 'GET', '/gadgets');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(4);
    expect(await health(mock)).toMatchObject({ reload: { ok: true, at: new Date(NOW).toISOString() } });
    // The served document is the new one.
    const served = await mock.fetch(new Request('http://localhost:8080/openapi.json'));
    expect(Object.keys(((await served.json()) as Doc).paths)).toContain('/gadgets');
  });

  it(
    'keeps the records sessions wrote where the schema still accepts them',
    { timeout: 60_000 },
    async () => {
      const file = copy();
      const mock = mockOf(file);
      const workspace = { name: 'Kept', slug: 'kept-one', plan: 'team' };
      const created = await call(mock, 'POST', '/workspaces', workspace, 'suite-a');
      expect(created.status).toBe(201);
      const id = String(created.body.id);
      edit(file, addGadgets);
      expect(await mock.reload()).toMatchObject({ ok: true, dropped: {} });
      expect((await call(mock, 'GET', `/workspaces/${id}`, undefined, 'suite-a')).body).toMatchObject(
        workspace,
      );
      // Another session never saw it, before or after.
      expect((await call(mock, 'GET', `/workspaces/${id}`, undefined, 'suite-b')).status).toBe(404);
    },
  );

  it(
    'drops the records a changed item schema no longer accepts, and counts them',
    { timeout: 60_000 },
    async () => {
      const file = copy();
      const mock = mockOf(file);
      const ids: string[] = [];
      for (const [session, slug] of [
        ['suite-a', 'first-one'],
        ['suite-a', 'second-one'],
        ['suite-b', 'third-one'],
      ] as const) {
        const created = await call(mock, 'POST', '/workspaces', { name: slug, slug, plan: 'team' }, session);
        expect(created.status).toBe(201);
        ids.push(String(created.body.id));
      }
      // A project written under a seeded workspace lacks nothing the new document asks for: it is kept.
      const seeded = firstId(await call(mock, 'GET', '/workspaces', undefined, 'suite-a'));
      const project = await call(
        mock,
        'POST',
        `/workspaces/${seeded}/projects`,
        { title: 'Kept', status: 'active' },
        'suite-a',
      );
      expect(project.status).toBe(201);
      edit(file, (doc) => {
        const schema = doc.components.schemas.Workspace as
          { required: string[]; properties: Record<string, unknown> } | undefined;
        if (schema === undefined) throw new RangeError('the example has a Workspace schema');
        schema.required.push('region');
        schema.properties.region = { type: 'string', enum: ['eu', 'us'] };
      });
      const report = await mock.reload();
      expect(report).toMatchObject({ ok: true, dropped: { workspaces: 3 } });
      expect(report.ok && report.operations.changed).toEqual(
        expect.arrayContaining(['listWorkspaces', 'createWorkspace', 'getWorkspace']),
      );
      expect(report.ok && report.operations.added).toEqual([]);
      for (const [i, session] of ['suite-a', 'suite-a', 'suite-b'].entries()) {
        expect((await call(mock, 'GET', `/workspaces/${ids[i] ?? ''}`, undefined, session)).status).toBe(404);
      }
      // Seeded afresh from the new schema: every record has a region; the kept project is still there.
      const listed = await call(mock, 'GET', '/workspaces', undefined, 'suite-a');
      expect(listed.status).toBe(200);
      for (const w of listed.body) expect(['eu', 'us']).toContain(w.region);
      const projectPath = `/workspaces/${seeded}/projects/${String(project.body.id)}`;
      expect((await call(mock, 'GET', projectPath, undefined, 'suite-a')).body).toMatchObject({
        title: 'Kept',
      });
    },
  );

  it(
    'stops serving a removed operation (404 for a path, 405 for a method)',
    { timeout: 60_000 },
    async () => {
      const file = copy();
      const mock = mockOf(file);
      const seeded = firstId(await call(mock, 'GET', '/workspaces'));
      expect((await call(mock, 'GET', '/me')).status).toBe(200);
      edit(file, (doc) => {
        delete doc.paths['/me'];
        delete doc.paths['/workspaces/{workspace}']?.delete;
      });
      const report = await mock.reload();
      expect(report).toMatchObject({ ok: true, operations: { added: [], changed: [] } });
      expect(report.ok && [...report.operations.removed].sort()).toEqual([
        'deleteWorkspace',
        'getCurrentUser',
      ]);
      expect((await call(mock, 'GET', '/me')).status).toBe(404);
      const refused = await call(mock, 'DELETE', `/workspaces/${seeded}`);
      expect(refused.status).toBe(405);
    },
  );

  it(
    'keeps the previous document serving when the new one does not parse, then serves the fixed one',
    { timeout: 60_000 },
    async () => {
      const file = copy();
      const mock = mockOf(file);
      const good = readFileSync(file, 'utf8');
      const lines = good.split('\n');
      // Line 3 gets a mapping value where none may be.
      lines.splice(2, 0, 'info: : [broken');
      writeFileSync(file, lines.join('\n'));
      const report = await mock.reload();
      expect(report.ok).toBe(false);
      const error = report.ok ? '' : report.error;
      expect(error).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: `));
      expect((await call(mock, 'GET', '/workspaces')).status).toBe(200);
      expect(await health(mock)).toMatchObject({ reload: { ok: false, error } });
      writeFileSync(file, good);
      edit(file, addGadgets);
      expect(await mock.reload()).toMatchObject({ ok: true, operations: { added: ['listGadgets'] } });
      expect((await call(mock, 'GET', '/gadgets')).status).toBe(200);
      const after = await health(mock);
      expect(after.reload).toEqual({ ok: true, at: new Date(NOW).toISOString() });
    },
  );

  it(
    "refuses a document that is not valid OpenAPI, with the validator's reason",
    { timeout: 60_000 },
    async () => {
      const file = copy();
      const mock = mockOf(file);
      edit(file, (doc) => {
        addGadgets(doc);
        doc.info.version = 7;
      });
      const report = await mock.reload();
      expect(report).toMatchObject({ ok: false });
      const error = report.ok ? '' : report.error;
      expect(error.startsWith(`${file} is not a valid OpenAPI document (`)).toBe(true);
      // What the validator found is named (it writes each fault, with its place, to stderr).
      expect(error).toMatch(/it breaks the OpenAPI 3\.1\.0 schema/);
      expect((await call(mock, 'GET', '/gadgets')).status).toBe(404);
      expect((await call(mock, 'GET', '/workspaces')).status).toBe(200);
      // A document the model cannot read is refused the same way, naming the file.
      edit(file, (doc) => {
        doc.info.version = '7';
        gadgetsList(doc).responses = 'none';
      });
      const unread = await mock.reload();
      expect(unread.ok ? '' : unread.error).toMatch(/responses must be an object/);
      expect((unread.ok ? '' : unread.error).startsWith(file)).toBe(true);
      expect((await call(mock, 'GET', '/gadgets')).status).toBe(404);
    },
  );

  it('refuses a document whose x-mock-handler names no built-in operation', { timeout: 60_000 }, async () => {
    const file = copy();
    const mock = mockOf(file);
    edit(file, (doc) => {
      addGadgets(doc);
      gadgetsList(doc)['x-mock-handler'] = 'listGizmos';
    });
    const report = await mock.reload();
    expect(report.ok).toBe(false);
    expect(report.ok ? '' : report.error).toMatch(/cannot be served: .*listGadgets.*listGizmos/);
    expect((await call(mock, 'GET', '/gadgets')).status).toBe(404);
    expect(await health(mock)).toMatchObject({ reload: { ok: false } });
  });

  it(
    'runs one reload at a time: those asked for meanwhile share the next one',
    { timeout: 60_000 },
    async () => {
      const file = copy();
      const mock = mockOf(file);
      edit(file, addGadgets);
      const [first, second, third] = await Promise.all([mock.reload(), mock.reload(), mock.reload()]);
      expect(first).toMatchObject({ ok: true, operations: { added: ['listGadgets'] } });
      expect(second).toEqual(third);
      expect(second).toMatchObject({ ok: true, operations: { added: [], changed: [], removed: [] } });
    },
  );
});

describe('watch', () => {
  it('reloads the document when its file is edited, renamed over included', { timeout: 60_000 }, async () => {
    const file = copy();
    const mock = await startMockInternals({ spec: file, watch: true, now: () => NOW, users: 20 });
    try {
      const { accessToken } = mintDefaultToken(mock, { user: ADMIN });
      const status = async (path: string): Promise<number> => {
        const { accessToken: token } = mintDefaultToken(mock, { user: ADMIN });
        return (await fetch(`${mock.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status;
      };
      expect(accessToken).not.toBe('');
      expect(await status('/gadgets')).toBe(404);
      // An editor's save: a new file renamed over the old one.
      const doc = load(readFileSync(file, 'utf8')) as Doc;
      addGadgets(doc);
      writeFileSync(`${file}.tmp`, dump(doc, { lineWidth: -1, noRefs: true }));
      renameSync(`${file}.tmp`, file);
      await vi.waitFor(
        async () => {
          expect(await status('/gadgets')).toBe(200);
        },
        { timeout: 30_000, interval: 100 },
      );
      // Watched still, after the rename: an edit in place is seen too.
      edit(file, (d) => {
        delete d.paths['/gadgets'];
      });
      await vi.waitFor(
        async () => {
          expect(await status('/gadgets')).toBe(404);
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await mock.close();
    }
  });
});
