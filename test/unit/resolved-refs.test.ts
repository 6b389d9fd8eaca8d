/**
 * The document express-openapi-validator is handed has its references resolved (`resolved-refs.ts`): each `$ref`
 * becomes the very object it names, a self-naming schema keeps its one reference, and the result validates
 * requests as the document with references does (the API tests run through it).
 */
import { describe, expect, it } from 'vitest';
import { resolveRefsInPlace } from '../../src/adapters/express/resolved-refs.ts';
import type { SpecDocument } from '../../src/spec/document.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument } from '../../src/platform/node/document-file.ts';

function refsIn(node: unknown, found: string[] = [], seen = new Set<object>()): string[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) return found;
  seen.add(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') found.push(value);
    else refsIn(value, found, seen);
  }
  return found;
}

describe.each([
  ['spec/openapi.yaml', API_SPEC_PATH],
  ['spec/admin.yaml', ADMIN_SPEC_PATH],
])('%s', (_name, url) => {
  it('has none of its hundreds of references left, each replaced by the object it names', () => {
    const doc = structuredClone(readSpecDocument(url));
    expect(refsIn(doc).length).toBeGreaterThan(100);
    resolveRefsInPlace(doc);
    expect(refsIn(doc)).toEqual([]);
  });
});

describe('resolveRefsInPlace', () => {
  it('puts the named object itself in each place, and leaves a schema that names itself one reference', () => {
    const doc = {
      components: {
        schemas: {
          Id: { type: 'string' },
          Pair: {
            type: 'object',
            properties: { a: { $ref: '#/components/schemas/Id' }, b: { $ref: '#/components/schemas/Id' } },
          },
          Tree: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
          },
          'a/b': { type: 'integer' },
          Ping: { type: 'object', properties: { pong: { $ref: '#/components/schemas/Pong' } } },
          Pong: { type: 'object', properties: { ping: { $ref: '#/components/schemas/Ping' } } },
        },
      },
      paths: { '/x': { get: { parameters: [{ schema: { $ref: '#/components/schemas/a~1b' } }] } } },
    } as unknown as SpecDocument;
    resolveRefsInPlace(doc);
    const { schemas } = (
      doc as unknown as { components: { schemas: Record<string, Record<string, unknown>> } }
    ).components;
    const pair = schemas.Pair?.properties as Record<string, unknown>;
    expect(pair.a).toBe(schemas.Id);
    expect(pair.b).toBe(schemas.Id);
    expect(refsIn(doc).sort()).toEqual(['#/components/schemas/Ping', '#/components/schemas/Tree']);
    // No object cycle: the document still serialises.
    expect(() => JSON.stringify(doc)).not.toThrow();
    const parameter = (doc as unknown as { paths: { '/x': { get: { parameters: [{ schema: unknown }] } } } })
      .paths['/x'].get.parameters[0];
    expect(parameter.schema).toBe(schemas['a/b']);
  });
});
