/**
 * The built package reads its documents from the build's parse (`dist/platform/node/parsed-specs.json`, keyed by a hash of
 * the YAML text) instead of parsing YAML at every start: the same documents, and YAML again once a text changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSpecDocument } from '../../src/spec/document.ts';
import type * as DocumentFile from '../../src/platform/node/document-file.ts';

const BUILT = new URL('../../dist/platform/node/document-file.js', import.meta.url);
const built = (await import(BUILT.href)) as typeof DocumentFile;

describe('the build’s parsed documents', () => {
  it('are recorded by the build, one per document', () => {
    expect(existsSync(built.PARSED_SPECS_URL)).toBe(true);
    const recorded = JSON.parse(readFileSync(built.PARSED_SPECS_URL, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(recorded).sort()).toEqual(['admin.yaml', 'openapi.yaml']);
  });

  it('give the documents the YAML parses to, deep-frozen', () => {
    for (const url of [built.API_SPEC_PATH, built.ADMIN_SPEC_PATH]) {
      const doc = built.readSpecDocument(url);
      expect(doc).toEqual(parseSpecDocument(readFileSync(url, 'utf8'), url.pathname));
      expect(Object.isFrozen(doc)).toBe(true);
      expect(Object.isFrozen(doc.paths)).toBe(true);
    }
  });

  it('are keyed by the YAML text: another text has another hash, so it is parsed from its YAML', () => {
    const text = readFileSync(built.API_SPEC_PATH, 'utf8');
    expect(built.yamlHash(`${text}\n# edited\n`)).not.toBe(built.yamlHash(text));
  });
});
