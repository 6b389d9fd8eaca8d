/**
 * The documents say exactly what the server does (docs/responses.md, docs/control-plane.md), both ways, for every
 * operation of spec/openapi.yaml and spec/admin.yaml, the HTML, redirect, stream and document-serving ones
 * included. Requests are generated from each operation's path, query and header parameters and body, as a
 * schema-driven fuzzer builds them (test/support/spec-requests.ts); the spec decides whether it allows each one;
 * and every answer must be:
 *
 * - a documented status, with the documented headers (required ones present, none undeclared) and body;
 * - for an allowed request, an acceptance or a refusal for a documented reason, never a 400 calling it invalid,
 *   a 415 or a 5xx; for a refused one (or one an `x-` rule refuses), a 4xx.
 *
 * Rate limiting is on, so every answer of the identity API carries its headers. Methods a path does not document
 * answer 405 with `Allow`; `Prefer: code=` gives every documented status as documented; the served documents are
 * the documents. The disagreements this test found once, each reproduced as written, are in
 * spec-agreement-cases.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../src/spec/model.ts';
import { agreementRig } from '../support/agreement-rig.ts';
import { patternStrings } from '../support/schema-arbitrary.ts';
import { answerProblems, parsedBody } from '../support/spec-answers.ts';
import { problemsOf, requestArbitrary, type GeneratedRequest } from '../support/spec-requests.ts';

const RUNS = { seed: 20261124, numRuns: 20 };
const rig = agreementRig();
const { TARGETS } = rig;

beforeAll(rig.start);
afterAll(rig.stop);

describe.each(TARGETS)('$name agrees with the server', (target) => {
  const operations = target.spec.model.operations.map((operation) => ({ id: operation.id, operation }));

  it.each(operations)('$id: generated requests, both ways', async ({ operation }) => {
    rig.fresh();
    const seen = { allowed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(requestArbitrary(target, operation, { integerSpan: 100 }), async (req) => {
        const problems = await rig.exchange(target, req);
        const allowed = problemsOf(target, req, rig.headersOf(target, req)).length === 0;
        seen[allowed ? 'allowed' : 'refused']++;
        expect(problems).toEqual([]);
      }),
      RUNS,
    );
    // Both sides of the schemas come up.
    expect(seen.allowed, 'allowed requests generated').toBeGreaterThan(0);
    expect(seen.refused, 'refused requests generated').toBeGreaterThan(0);
  });
});

/** Every `pattern` of a document, with where it is. */
function patternsOf(node: unknown, at = '#'): { at: string; pattern: string }[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'pattern' && typeof value === 'string'
      ? [{ at, pattern: value }]
      : patternsOf(value, `${at}/${key}`),
  );
}

/**
 * Constructs outside what generators read alike (ECMA-262 patterns as Python's `re`, Go's RE2 and Java read them):
 * look-around, Unicode property classes, back-references, named groups.
 */
const UNPORTABLE = /\\(?:[pPk]|[1-9])|\(\?[=!<]/;

describe.each(TARGETS)('$name: patterns a fuzzer can generate from', (target) => {
  it.each(patternsOf(target.spec.doc))('$at', ({ pattern }) => {
    expect(UNPORTABLE.test(pattern), `${pattern} uses look-around, \\p{…}, \\k or a back-reference`).toBe(
      false,
    );
    const [arbitrary] = patternStrings(pattern);
    expect(arbitrary, `fast-check cannot generate from ${pattern}`).toBeDefined();
    for (const value of fc.sample(arbitrary ?? fc.constant(''), { seed: RUNS.seed, numRuns: 20 })) {
      expect(new RegExp(pattern, 'u').test(value), `${JSON.stringify(value)} ~ ${pattern}`).toBe(true);
    }
  });
});

/** A concrete path for `operation`: each path parameter an example of its schema (or `x`). */
function examplePath(operation: OperationSpec): string {
  return operation.parameters
    .filter((p) => p.in === 'path')
    .reduce((path, param) => {
      const schema = param.schema;
      const example: unknown =
        param.raw.example ??
        (Array.isArray(schema.enum) ? schema.enum[0] : undefined) ??
        (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ??
        'x';
      return path.replace(`{${param.name}}`, encodeURIComponent(String(example)));
    }, operation.path);
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS'];

describe.each(TARGETS)('$name: methods a path does not document', (target) => {
  const paths = [...new Set(target.spec.model.operations.map((op) => op.path))].map((path) => {
    const operations = target.spec.model.operations.filter((op) => op.path === path);
    return { path, operations };
  });

  it.each(paths)('$path: 405 with Allow', async ({ operations }) => {
    const first = operations[0] as OperationSpec;
    const documented = operations.map((op) => op.method.toUpperCase());
    for (const method of METHODS.filter((m) => !documented.includes(m))) {
      const req: GeneratedRequest = {
        operation: first,
        method,
        path: examplePath(first),
        query: '',
        headers: {},
        body: undefined,
      };
      const res = await rig.server.send({ method, path: `${target.prefix}${req.path}` });
      const where = `${method} ${target.prefix}${req.path}`;
      expect(res.status, where).toBe(405);
      const allowed = (res.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m !== 'HEAD');
      expect(allowed.sort(), `${where}: Allow`).toEqual([...documented].sort());
      expect(
        answerProblems(target, { method, path: req.path, rateLimited: target.prefix === '' }, res),
        where,
      ).toEqual([]);
    }
  });
});

describe('the served documents are the documents', () => {
  it.each([
    { path: '/openapi.yaml', target: TARGETS[0], servers: '' },
    { path: '/openapi.json', target: TARGETS[0], servers: '' },
    { path: '/__admin/openapi.yaml', target: TARGETS[1], servers: '/__admin' },
  ])('$path: the file of spec/, with servers naming this server', async ({ path, target, servers }) => {
    const res = await rig.server.send({ method: 'GET', path });
    expect(res.status).toBe(200);
    const served = parsedBody(res).body as Record<string, unknown>;
    const expected = structuredClone(target.spec.doc) as Record<string, unknown>;
    expect(served.servers).toEqual([
      { url: `${rig.server.origin}${servers}`, description: 'This server (identity-mock)' },
    ]);
    const withoutServers = (doc: Record<string, unknown>): unknown =>
      JSON.parse(
        JSON.stringify({ ...doc, servers: [] }, (key, value: unknown) => (key === 'servers' ? [] : value)),
      );
    expect(withoutServers(served)).toEqual(withoutServers(expected));
  });
});

describe.each([TARGETS[0]])('$name: Prefer: code= gives each documented status as documented', (target) => {
  const cases = target.spec.model.operations.flatMap((operation) =>
    operation.statuses.map((status) => ({ id: `${operation.id} ${status}`, operation, status })),
  );

  it.each(cases)('$id', async ({ operation, status }) => {
    const path = examplePath(operation);
    const res = await rig.server.send({
      method: operation.method.toUpperCase(),
      path,
      headers: { Prefer: `code=${status}` },
    });
    expect(res.status).toBe(status);
    expect(
      answerProblems(target, { method: operation.method.toUpperCase(), path, rateLimited: true }, res),
    ).toEqual([]);
  });
});

describe.each([TARGETS[0]])('$name: a rate-limited answer is the documented 429', (target) => {
  const operations = target.spec.model.operations.map((operation) => ({ id: operation.id, operation }));

  it.each(operations)('$id', async ({ operation }) => {
    rig.fresh();
    const limit = await rig.server.send({
      method: 'PUT',
      path: '/__admin/rate-limit',
      headers: { 'Content-Type': 'application/json' },
      body: '{"limit": 1, "window": "1h"}',
    });
    expect(limit.status).toBe(200);
    const method = operation.method.toUpperCase();
    const path = examplePath(operation);
    const send = () => rig.server.send({ method, path, headers: { Authorization: rig.bearer } });
    await send();
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(answerProblems(target, { method, path, rateLimited: true }, res)).toEqual([]);
    rig.fresh();
  });
});
