/**
 * The specs say exactly what the server accepts (docs/control-plane.md, docs/users.md): requests are generated from
 * the parameter and body schemas of spec/openapi.yaml and spec/admin.yaml (test/support/schema-arbitrary.ts), each
 * is classified by the spec itself (Ajv over the same document), and the server must agree both ways: a spec-valid
 * request is never refused by validation (no 400 with `details`, no 415), a spec-invalid one always is (400). A
 * spec-valid request may still meet a 400 the operation's description names (a provider state's `{count}` given
 * without its `params` entry, a date range whose `from` is after its `to`).
 */
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pointerSegment, SchemaValidator } from '../../src/spec/schema-validator.ts';
import { ADMIN, harness, SPECS } from '../support/harness.ts';
import { candidates, resolvePointer } from '../support/schema-arbitrary.ts';

interface Verdict {
  readonly status: number;
  /** Whether the 400 is the validator's (it names what is wrong in `details`). */
  readonly validation: boolean;
}

/** Agreement of one answer with the spec's verdict on the request; counts the verdicts in `seen`. */
function expectAgreement(valid: boolean, res: Verdict, what: string, seen: number[]): void {
  seen[valid ? 0 : 1] = (seen[valid ? 0 : 1] ?? 0) + 1;
  if (valid) {
    expect(res.status, `${what}: spec-valid, refused`).toBeLessThan(500);
    expect(res.status === 400 && res.validation, `${what}: spec-valid, answered a validation 400`).toBe(
      false,
    );
    expect(res.status, `${what}: spec-valid, answered 415`).not.toBe(415);
  } else {
    expect(res.status, `${what}: spec-invalid, accepted`).toBe(400);
  }
}

const adminDoc = SPECS.admin.doc as unknown;
const adminSchemas = new SchemaValidator(SPECS.admin.doc);
const RUNS = { seed: 13, numRuns: 200 };

describe.each([
  { operation: 'addFault', method: 'post', path: '/faults' },
  { operation: 'putRateLimit', method: 'put', path: '/rate-limit' },
  { operation: 'providerState', method: 'post', path: '/provider-states' },
])('spec/admin.yaml $operation: body', ({ method, path }) => {
  const pointer = `#/paths/${pointerSegment(path)}/${method}/requestBody/content/application~1json/schema`;

  it('the server agrees with the schema on generated bodies, both ways', async () => {
    const h = harness();
    const seen = [0, 0];
    await fc.assert(
      fc.asyncProperty(candidates(adminDoc, resolvePointer(adminDoc, pointer)), async (body) => {
        const valid = adminSchemas.problems(pointer, body) === undefined;
        const agent = request(h.mock.app);
        const res = await agent[method as 'post'](`/__admin${path}`)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        const verdict = {
          status: res.status,
          validation: Array.isArray((res.body as { details?: unknown }).details),
        };
        expectAgreement(valid, verdict, `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`, seen);
        h.mock.control.faults.clear();
      }),
      RUNS,
    );
    expect(seen[0], 'spec-valid bodies generated').toBeGreaterThan(2);
    expect(seen[1], 'spec-invalid bodies generated').toBeGreaterThan(2);
  }, 60_000);
});

interface QueryParam {
  readonly name: string;
  readonly schema: unknown;
  /** Pointer to the parameter's schema in the document. */
  readonly pointer: string;
}

/** Query strings from the parameters of an operation (at `operationPointer` in `doc`). */
function queryCase(doc: unknown, operationPointer: string) {
  const operation = resolvePointer(doc, operationPointer) as { parameters?: unknown[] };
  const params: QueryParam[] = [];
  (operation.parameters ?? []).forEach((entry, index) => {
    const ref =
      typeof entry === 'object' && entry !== null && '$ref' in entry ? String(entry.$ref) : undefined;
    const at = ref ?? `${operationPointer}/parameters/${String(index)}`;
    const param = (resolvePointer(doc, at) ?? {}) as { name?: unknown; in?: unknown; schema?: unknown };
    if (param.in === 'query' && typeof param.name === 'string') {
      params.push({ name: param.name, schema: param.schema, pointer: `${at}/schema` });
    }
  });
  // A few parameters at a time, each value drawn from its schema (plus now and then a name the spec lacks).
  const names = [...params.map((p) => p.name), 'unknown_param'];
  const value = (name: string): fc.Arbitrary<[string, string]> =>
    candidates(doc, params.find((p) => p.name === name)?.schema).map((v) => [
      name,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]);
  const arbitrary = fc
    .shuffledSubarray(names, { maxLength: 3 })
    .chain((chosen) => fc.tuple(...chosen.map(value)))
    .map((entries): Record<string, string> => Object.fromEntries(entries));
  return { params, arbitrary };
}

/** A query value as the validator coerces it for `schema`'s type (integers from their decimal text). */
function coerced(schema: unknown, text: string): unknown {
  const type = typeof schema === 'object' && schema !== null && 'type' in schema ? schema.type : undefined;
  if ((type === 'integer' || type === 'number') && /^-?\d+$/.test(text)) return Number(text);
  return text;
}

describe.each([
  { spec: 'api', path: '/users', prefix: '' },
  { spec: 'admin', path: '/requests', prefix: '/__admin' },
] as const)('spec $spec GET $path: query parameters', ({ spec, path, prefix }) => {
  const loaded = SPECS[spec];
  const doc = loaded.doc as unknown;
  const validator = new SchemaValidator(loaded.doc);
  const operationPointer = `#/paths/${pointerSegment(path)}/get`;
  const { params, arbitrary } = queryCase(doc, operationPointer);

  it('the server agrees with the parameter schemas on generated queries, both ways', async () => {
    const h = harness();
    const seen = [0, 0];
    const token = h.token(ADMIN);
    await fc.assert(
      fc.asyncProperty(arbitrary, async (query) => {
        const text = new URLSearchParams(query).toString();
        // What the server reads: the decoded query string (a lone surrogate cannot be sent as itself).
        const read = Object.fromEntries(new URLSearchParams(text));
        const valid =
          !('unknown_param' in read) &&
          params.every((param) => {
            const value = read[param.name];
            if (value === undefined) return true;
            return validator.problems(param.pointer, coerced(param.schema, value)) === undefined;
          });
        const res = await request(h.mock.app)
          .get(`${prefix}${path}${text === '' ? '' : `?${text}`}`)
          .set('Authorization', `Bearer ${token}`);
        const verdict = {
          status: res.status,
          validation: Array.isArray((res.body as { details?: unknown }).details),
        };
        expectAgreement(valid, verdict, `GET ${path}?${text}`, seen);
      }),
      RUNS,
    );
    expect(seen[0], 'spec-valid queries generated').toBeGreaterThan(2);
    expect(seen[1], 'spec-invalid queries generated').toBeGreaterThan(2);
  }, 60_000);
});
