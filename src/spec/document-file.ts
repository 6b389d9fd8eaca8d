/**
 * Reads the OpenAPI documents of `spec/` from the package. Parsing is synchronous and happens once, at start-up: a
 * broken document fails `createMock`, never the first request.
 */
import { readFileSync } from 'node:fs';
import { parseSpecDocument, type SpecDocument } from './document.ts';

export const API_SPEC_PATH = new URL('../../spec/openapi.yaml', import.meta.url);
export const ADMIN_SPEC_PATH = new URL('../../spec/admin.yaml', import.meta.url);

/** Parses the YAML document at `url` (spec/openapi.yaml by default). */
export function readSpecDocument(url: URL = API_SPEC_PATH): SpecDocument {
  return parseSpecDocument(readFileSync(url, 'utf8'), url.pathname);
}
