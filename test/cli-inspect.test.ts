/**
 * `identity-mock inspect [--spec FILE] [--json]` and the start-up's word on a document (docs/own-spec.md "What the
 * engine made of a document"), through the built bin as a user runs it: the report of the example document, the
 * JSON of spec/openapi.yaml, exit 2 with the message on stderr for each document a start refuses (and `serve`
 * refusing it the same way), and the parts the engine does not interpret logged at warn, once, when it serves.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocumentFile } from '../src/platform/node/document-file.ts';
import { freePort } from './support/bin-process.ts';
import { SPECS } from './support/harness.ts';

const BIN = fileURLToPath(new URL('../dist/bin/identity-mock.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OWN_SPEC = 'examples/own-spec/openapi.yaml';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the bin with `args` in a clean environment; `until` ends it (SIGTERM) once its stderr says so. */
function run(args: readonly string[], until?: string): Promise<Run> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('IDENTITY_MOCK_') && name !== 'PORT'),
  );
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    out.stderr += chunk;
    if (until !== undefined && out.stderr.includes(until)) child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({ code, ...out });
    });
  });
}

type Operation = Record<string, unknown> & { parameters: unknown[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/** The example document's `method` operation of `path`. */
function operation(doc: Document, path: string, method: string): Operation {
  const found = doc.paths[path]?.[method];
  if (found === undefined) throw new Error(`${OWN_SPEC} has no ${method} ${path}`);
  return found;
}

/** The example document, edited by `change`, as JSON. */
function ownSpec(change: (doc: Document) => void): string {
  const doc = structuredClone(readDocumentFile(join(ROOT, OWN_SPEC)).doc) as unknown as Document;
  change(doc);
  return JSON.stringify(doc);
}

let dir = '';
const file = (name: string): string => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'identity-mock-inspect-'));
  await writeFile(
    file('broken.yaml'),
    'openapi: 3.1.0\ninfo:\n  title: t\n  version: "1"\npaths:\n  /x: [open\n',
  );
  await writeFile(
    file('invalid.json'),
    JSON.stringify({ openapi: '3.1.0', info: { title: 't' }, paths: {} }),
  );
  await writeFile(
    file('handler.json'),
    ownSpec((doc) => {
      operation(doc, '/workspaces', 'get')['x-mock-handler'] = 'listEverything';
    }),
  );
  await writeFile(
    file('lacking.json'),
    ownSpec((doc) => {
      const list = operation(doc, '/users', 'get');
      list.parameters = list.parameters.filter(
        (p) => (p as { $ref?: string }).$ref !== '#/components/parameters/page',
      );
    }),
  );
  await writeFile(
    file('noted.json'),
    ownSpec((doc) => {
      operation(doc, '/workspaces', 'get').parameters.push({
        name: 'include_archived',
        in: 'query',
        schema: { type: 'boolean' },
      });
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const IGNORED =
  'listWorkspaces: query parameter include_archived is accepted and ignored (not a property, range, search, sort or paging parameter)';

// One after the other: each case spawns the bin, and a shared machine runs many at once slowly.
describe('identity-mock inspect', { timeout: 60_000 }, () => {
  it('--help lists the command and its flag', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('identity-mock inspect [--spec FILE]');
    expect(stdout).toMatch(/^ {6}--json {2,}print GET \/__admin\/resources' answer/m);
  });

  it('prints the collections, the operations with what serves them and what they need, and the notes', async () => {
    const { code, stdout, stderr } = await run(['inspect', '--spec', OWN_SPEC, '--users', '5']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`${OWN_SPEC}: what identity-mock serves`);
    const row = (start: string): string[] =>
      lines
        .find((l) => l.trimStart().startsWith(start))
        ?.trim()
        .split(/ {2,}/) ?? [];
    expect(row('users ')).toEqual([
      'users',
      '/users',
      'item User',
      '8 seeded (the users store: --users, --fixtures)',
    ]);
    expect(row('projects ')).toEqual([
      'projects',
      '/workspaces/{workspace}/projects',
      'item Project',
      '30 seeded, 3 per workspace; at most 10000',
    ]);
    expect(stdout).toContain('      parent workspaces ({workspace}, held in workspace_id)\n');
    expect(stdout).toContain('      unique slug (409 conflict on a duplicate)\n');
    expect(row('GET     /me')).toEqual([
      'GET',
      '/me',
      'getCurrentUser',
      "singleton (the caller's user)",
      'read:current_user',
    ]);
    expect(row('POST    /workspaces ')).toEqual([
      'POST',
      '/workspaces',
      'createWorkspace',
      'collection workspaces (create)',
      'create:workspaces',
    ]);
    expect(row('POST    /oauth/token')).toEqual([
      'POST',
      '/oauth/token',
      'issueToken',
      'built-in',
      'no bearer token',
    ]);
    expect(stdout).toContain('Notes (0)\n  none\n');
  });

  it('--json: GET /__admin/resources of spec/openapi.yaml, every operation built-in, and no notes', async () => {
    const { code, stdout } = await run(['inspect', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      collections: [],
      operations: SPECS.api.model.operations.map((op) => ({
        operationId: op.id,
        method: op.method.toUpperCase(),
        path: op.path,
        served_by: 'built-in',
      })),
      notes: [],
    });
  });

  it('--json of a document with a parameter it ignores: the seeded counts and the note', async () => {
    const { code, stdout } = await run(['inspect', '--spec', file('noted.json'), '--users', '5', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as { collections: { name: string; count: number }[]; notes: string[] };
    expect(json.collections.map((c) => [c.name, c.count])).toEqual([
      ['users', 8],
      ['workspaces', 10],
      ['projects', 30],
    ]);
    expect(json.notes).toEqual([IGNORED]);
  });

  it.each([
    {
      name: 'a missing file',
      spec: () => file('missing.yaml'),
      says: () => `${file('missing.yaml')}: no such file; give the path of an OpenAPI 3.0 or 3.1 document`,
    },
    {
      name: 'YAML that does not parse, at file:line:col',
      spec: () => file('broken.yaml'),
      says: () => `${file('broken.yaml')}:7:1: `,
    },
    {
      name: 'a document that is not valid OpenAPI',
      spec: () => file('invalid.json'),
      says: () => `${file('invalid.json')} is not a valid OpenAPI document`,
    },
    {
      name: 'an x-mock-handler naming no built-in operation',
      spec: () => file('handler.json'),
      says: () => 'x-mock-handler names listEverything, which is not a built-in operation',
    },
    {
      name: 'a built-in operation lacking a parameter its handler reads',
      spec: () => file('lacking.json'),
      says: () =>
        'listUsers (GET /users) is served by the built-in listUsers, which reads the query parameter page',
    },
  ])('exit 2 for $name, and serve refuses it the same way', async ({ spec, says }) => {
    const port = String(await freePort());
    const [inspected, served] = await Promise.all([
      run(['inspect', '--spec', spec()]),
      run(['--spec', spec(), '--port', port], 'listening on '),
    ]);
    for (const result of [inspected, served]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(says());
      expect(result.stderr).not.toContain('    at ');
    }
    expect(inspected.stdout).toBe('');
  });
});

describe('serving a document with parts the engine does not interpret', { timeout: 60_000 }, () => {
  it('logs each at warn, once, and the banner says so', async () => {
    const port = String(await freePort());
    const { code, stdout, stderr } = await run(
      ['--spec', file('noted.json'), '--port', port, '--users', '5', '--log-level', 'warn'],
      'listening on ',
    );
    expect(code).toBe(0);
    const warnings = stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { level: number; msg: string; spec: string });
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, msg: IGNORED, spec: file('noted.json') }),
    ]);
    expect(stderr).toContain(
      `spec      ${file('noted.json')} (a part not interpreted, logged at warn; identity-mock inspect lists them)`,
    );
  });
});
