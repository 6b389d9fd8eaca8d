/** One request validator over both documents (src/adapters/express/merged-document.ts): documents merged as one. */
import { describe, expect, it } from 'vitest';
import { mergeDocuments, mountOf } from '../../src/adapters/express/merged-document.ts';
import { deepFreeze, resolvePointer, type SpecDocument } from '../../src/spec/document.ts';

function doc(title: string, schema: unknown): SpecDocument {
  return deepFreeze({
    openapi: '3.1.0',
    info: { title, version: '1' },
    servers: [{ url: `http://localhost/${title}` }],
    paths: {
      '/things/{id}': {
        get: {
          operationId: `get-${title}`,
          parameters: [{ $ref: '#/components/parameters/Id' }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
    components: {
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
      schemas: { Thing: schema },
    },
  });
}

describe('mergeDocuments', () => {
  const first = doc('a', { type: 'string' });
  const second = doc('b', { type: 'integer' });
  const merged = mergeDocuments([first, second]);

  it("mounts each document's paths under its own prefix, with the servers' base paths left out", () => {
    expect(Object.keys(merged.paths as object)).toEqual([
      `${mountOf(0)}/things/{id}`,
      `${mountOf(1)}/things/{id}`,
    ]);
    expect(merged.servers).toEqual([{ url: '/' }]);
  });

  it("keeps two components of the same name apart, each document's references following its own", () => {
    const thingOf = (index: number): unknown => {
      const item = (merged.paths as Record<string, { get: { responses: Record<string, unknown> } }>)[
        `${mountOf(index)}/things/{id}`
      ];
      const schema = (item?.get.responses['200'] as { content: Record<string, { schema: { $ref: string } }> })
        .content['application/json']?.schema;
      return resolvePointer(merged, schema?.$ref ?? '');
    };
    expect(thingOf(0)).toEqual({ type: 'string' });
    expect(thingOf(1)).toEqual({ type: 'integer' });
    const parameter = (merged.paths as Record<string, { get: { parameters: { $ref: string }[] } }>)[
      `${mountOf(1)}/things/{id}`
    ]?.get.parameters[0];
    expect(resolvePointer(merged, parameter?.$ref ?? '')).toMatchObject({ name: 'id', in: 'path' });
  });

  it('leaves the documents it was given as they were (they are frozen)', () => {
    expect(Object.keys(first.paths as object)).toEqual(['/things/{id}']);
    expect(Object.keys((first.components as { schemas: object }).schemas)).toEqual(['Thing']);
  });

  it('refuses documents of different OpenAPI versions, naming both', () => {
    const older = deepFreeze({ ...doc('c', {}), openapi: '3.0.3' });
    expect(() => mergeDocuments([first, older])).toThrow(/different openapi \(3\.1\.0, 3\.0\.3\)/);
  });
});
