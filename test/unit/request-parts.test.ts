/**
 * The request validator of a built package is given a document with its references resolved, both documents merged
 * into one, and only the parts requests are checked against (src/adapters/express/request-parts.ts). It answers every
 * request as a validator given each whole document alone does: requests are generated for every operation of both specs
 * from their schemas (valid ones and ones near their schemas).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../../src/adapters/express/merged-document.ts';
import { createOpenApiValidators } from '../../src/adapters/express/openapi-validator.ts';
import { requestParts } from '../../src/adapters/express/request-parts.ts';
import { resolveRefsInPlace } from '../../src/adapters/express/resolved-refs.ts';
import type { RequestValidator, ValidationInput } from '../../src/pipeline/validation.ts';
import { parseQuery } from '../../src/protocol/request.ts';
import { resolvePointer, type SpecDocument } from '../../src/spec/document.ts';
import { RouteTable } from '../../src/spec/route-table.ts';
import { SPECS } from '../support/harness.ts';
import { requestArbitrary, specTarget, type GeneratedRequest } from '../support/spec-requests.ts';

const DOCS = [SPECS.api.doc, SPECS.admin.doc];

function refsUnder(node: unknown, found: string[] = [], seen = new Set<object>()): string[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) return found;
  seen.add(node);
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') found.push(ref);
  for (const child of Object.values(node)) refsUnder(child, found, seen);
  return found;
}

describe('requestParts', () => {
  const parts = requestParts(resolveRefsInPlace(mergeDocuments(DOCS)));

  it('keeps every operation with its parameters and body, and no response', () => {
    const operations = Object.values(parts.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
      Object.values(item).filter(
        (value) => typeof value === 'object' && value !== null && 'operationId' in value,
      ),
    );
    expect(operations).toHaveLength(DOCS.reduce((n, doc) => n + operationCount(doc), 0));
    for (const operation of operations) expect(operation).not.toHaveProperty('responses');
    expect(parts.components).not.toHaveProperty('responses');
  });

  it("leaves no reference in the shipped documents' request parts", () => {
    expect(refsUnder(parts)).toEqual([]);
  });

  it('keeps the components that references left in place name (recursive schemas), and they resolve', () => {
    const doc = postingOne(
      { $ref: '#/components/schemas/Node' },
      { '200': { $ref: '#/components/responses/Ok' } },
      {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              leaf: { $ref: '#/components/schemas/Leaf' },
              next: { $ref: '#/components/schemas/Pair' },
            },
          },
          Pair: { type: 'object', properties: { back: { $ref: '#/components/schemas/Node' } } },
          Leaf: { type: 'string' },
          Unused: { type: 'integer' },
        },
        responses: {
          Ok: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Unused' } } },
          },
        },
      },
    );
    const kept = requestParts(resolveRefsInPlace(structuredClone<SpecDocument>(doc)));
    const schemas = (kept.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas).sort()).toEqual(['Node']);
    expect(kept.components).not.toHaveProperty('responses');
    const refs = refsUnder(kept);
    expect(refs).toEqual(['#/components/schemas/Node']);
    for (const ref of refs) expect(resolvePointer(kept, ref)).toMatchObject({ type: 'object' });
  });

  it('keeps the whole component for a reference into one, so that reference still resolves', () => {
    const tree = {
      type: 'object',
      properties: {
        children: { type: 'array', items: { $ref: '#/components/schemas/Tree/properties/children' } },
      },
    };
    const kept = requestParts(
      postingOne(tree, { '204': { description: 'grown' } }, { schemas: { Tree: tree } }),
    );
    expect((kept.components as { schemas: Record<string, unknown> }).schemas).toEqual({ Tree: tree });
    expect(resolvePointer(kept, '#/components/schemas/Tree/properties/children')).toMatchObject({
      type: 'array',
    });
  });
});

/** A document with one operation, `POST /things`, taking `schema` and answering `responses`. */
function postingOne(schema: unknown, responses: unknown, components: unknown): SpecDocument {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'post',
          requestBody: { content: { 'application/json': { schema } } },
          responses,
        },
      },
    },
    components,
  };
}

function operationCount(doc: SpecDocument): number {
  return Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce(
    (n, item) =>
      n + Object.values(item).filter((v) => typeof v === 'object' && v !== null && 'operationId' in v).length,
    0,
  );
}

describe("a validator over both documents' request parts answers as one over each whole document", () => {
  const partial = createOpenApiValidators(DOCS, { checkDocuments: false });
  // Each document whole, alone, as a validator is given one the build has not checked.
  const whole = DOCS.flatMap((doc) => createOpenApiValidators([doc], { checkDocuments: true }));
  const targets = [
    specTarget('spec/openapi.yaml', SPECS.api, ''),
    specTarget('spec/admin.yaml', SPECS.admin, '/__admin'),
  ] as const;

  it.each(targets.map((target, index) => ({ name: target.name, target, index })))(
    '$name: generated requests to every operation',
    async ({ target, index }) => {
      const routes = new RouteTable(target.spec.model.operations);
      const [a, b] = [partial[index], whole[index]] as [RequestValidator, RequestValidator];
      await Promise.all([a.ready(), b.ready()]);
      let compared = 0;
      for (const operation of target.spec.model.operations) {
        const requests = fc.sample(requestArbitrary(target, operation), { numRuns: 6, seed: 11 });
        for (const request of requests) {
          const input = inputOf(request, routes);
          if (input === undefined) continue;
          const [x, y] = await Promise.all([a.validate(operation, input), b.validate(operation, input)]);
          expect(x, `${operation.id} ${request.method} ${request.path}?${request.query}`).toEqual(y);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(target.spec.model.operations.length * 3);
    },
  );
});

/** What the pipeline hands the validator for `request`; undefined when its path routes to no operation. */
function inputOf(request: GeneratedRequest, routes: RouteTable): ValidationInput | undefined {
  const match = routes.match(request.method, request.path);
  if (match.kind !== 'found') return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  let body: unknown = undefined;
  if (request.body !== undefined) {
    if (request.body.mediaType !== undefined) headers['content-type'] = request.body.mediaType;
    try {
      body =
        request.body.mediaType?.includes('json') === true ? JSON.parse(request.body.text) : request.body.text;
    } catch {
      body = request.body.text;
    }
  }
  return {
    method: request.method,
    path: request.path,
    search: request.query,
    query: parseQuery(request.query),
    headers,
    params: match.params,
    body,
  };
}
