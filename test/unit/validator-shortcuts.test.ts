/**
 * The start-up work express-openapi-validator skips for a known document (`validator-shortcuts.ts`) gives it the
 * same document it would have made itself: bundling a shipped document changes nothing, and preparing its schemas
 * with references found by pointer gives what resolving them through Ajv gives.
 */
import { isDeepStrictEqual } from 'node:util';
import * as frameworkModule from 'express-openapi-validator/dist/framework/index.js';
import * as preprocessorModule from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor.js';
import { describe, expect, it } from 'vitest';
import {
  atPointer,
  markBundledIfLocal,
  ORIGINAL_RESOLVE_SCHEMA,
} from '../../src/adapters/express/validator-shortcuts.ts';
import { AJV_OPTIONS } from '../../src/adapters/msw/request-schemas.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument } from '../../src/spec/document-file.ts';

type Loader = { loadSpec(doc: unknown): Promise<unknown> };
type Prepared = { apiDoc: unknown };
type PreprocessorClass = new (
  doc: unknown,
  ajvOptions: unknown,
  responses: unknown,
) => {
  resolveSchema: unknown;
  preProcess(): Prepared;
};
const exportsOf = (namespace: object): unknown => ('default' in namespace ? namespace.default : namespace);
const { OpenAPIFramework } = exportsOf(frameworkModule) as { OpenAPIFramework: new (args: object) => Loader };
const { SchemaPreprocessor } = exportsOf(preprocessorModule) as { SchemaPreprocessor: PreprocessorClass };

/** The options express-openapi-validator gives its preprocessor: its request options, no serialisers. */
const PREPROCESSOR_OPTIONS = { ...AJV_OPTIONS, formats: {}, serDesMap: {}, ajvFormats: { mode: 'full' } };

const DOCUMENTS = [
  ['spec/openapi.yaml', readSpecDocument(API_SPEC_PATH)],
  ['spec/admin.yaml', readSpecDocument(ADMIN_SPEC_PATH)],
] as const;

function refsIn(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') found.add(value);
    else refsIn(value, found);
  }
  return found;
}

describe.each(DOCUMENTS)('%s', (_name, doc) => {
  it('is the same document after the validator bundles it (so it is not bundled at start)', async () => {
    const bundled = await new OpenAPIFramework({}).loadSpec(structuredClone(doc));
    expect(isDeepStrictEqual(bundled, doc)).toBe(true);
  });

  it('is used as it is once marked bundled', async () => {
    const copy = structuredClone(doc);
    markBundledIfLocal(copy);
    expect(await new OpenAPIFramework({}).loadSpec(copy)).toBe(copy);
  });

  it('has every reference found by its pointer', () => {
    const refs = [...refsIn(doc)];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(atPointer(doc, ref), ref).toBeTypeOf('object');
  });

  it('is prepared by the validator alike with references found by pointer and through Ajv', () => {
    const viaPointer = new SchemaPreprocessor(structuredClone(doc), PREPROCESSOR_OPTIONS, false);
    const viaAjv = new SchemaPreprocessor(structuredClone(doc), PREPROCESSOR_OPTIONS, false);
    const original = (SchemaPreprocessor.prototype as unknown as Record<symbol, unknown>)[
      ORIGINAL_RESOLVE_SCHEMA
    ];
    expect(original).toBeTypeOf('function');
    viaAjv.resolveSchema = original;
    expect(isDeepStrictEqual(viaPointer.preProcess().apiDoc, viaAjv.preProcess().apiDoc)).toBe(true);
  });
});

describe('a document with a reference to another file', () => {
  it('is bundled as before', async () => {
    const doc = { openapi: '3.0.3', paths: { '/x': { $ref: 'other.yaml#/paths/x' } } };
    markBundledIfLocal(doc);
    await expect(new OpenAPIFramework({}).loadSpec(doc)).rejects.toThrow();
  });
});

describe('atPointer', () => {
  it('decodes ~1, ~0 and percent-escapes, and finds nothing outside the document', () => {
    const doc = { a: { 'b/c': { 'd~e': 1 }, 'f g': 2 } };
    expect(atPointer(doc, '#/a/b~1c/d~0e')).toBe(1);
    expect(atPointer(doc, '#/a/f%20g')).toBe(2);
    expect(atPointer(doc, '#/a/missing')).toBeUndefined();
    expect(atPointer(doc, '#/a/toString')).toBeUndefined();
    expect(atPointer(doc, 'other.yaml#/a')).toBeUndefined();
  });
});
