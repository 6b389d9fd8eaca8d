/**
 * Reads the OpenAPI documents of `spec/` from the package. Parsing is synchronous and happens once, at start-up: a
 * broken document fails `createMock`, never the first request.
 *
 * The build (`npm run build:checked`) also records each document parsed, as JSON, under a hash of its YAML text
 * (`parsed-specs.json` beside this module): a start reads that instead of parsing YAML (a tenth of the time), and
 * an edited document, whose hash no longer matches, is parsed from its YAML as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { deepFreeze, parseDocumentText, parseSpecDocument, type SpecDocument } from '../../spec/document.ts';
import { keepParse, keptParse } from './parsed-documents.ts';

export const API_SPEC_PATH = new URL('../../../spec/openapi.yaml', import.meta.url);
export const ADMIN_SPEC_PATH = new URL('../../../spec/admin.yaml', import.meta.url);
export const PARSED_SPECS_URL = new URL('./parsed-specs.json', import.meta.url);

/** What the build records: by file name, the hash of the YAML text and the document it parses to. */
type ParsedSpecs = Record<string, { readonly sha256: string; readonly doc: SpecDocument }>;

/** The hash under which a document's YAML text is recorded as parsed. */
export function yamlHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

let recorded: ParsedSpecs | undefined;

function recordedDocuments(): ParsedSpecs {
  if (recorded === undefined) {
    try {
      recorded = JSON.parse(readFileSync(PARSED_SPECS_URL, 'utf8')) as ParsedSpecs;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      recorded = {};
    }
  }
  return recorded;
}

/** Parses the YAML document at `url` (spec/openapi.yaml by default), or takes the build's parse of the same text. */
export function readSpecDocument(url: URL = API_SPEC_PATH): SpecDocument {
  const text = readFileSync(url, 'utf8');
  const parsed = recordedDocuments()[basename(url.pathname)];
  if (parsed !== undefined && parsed.sha256 === yamlHash(text)) return deepFreeze(parsed.doc);
  return parseSpecDocument(text, url.pathname);
}

/** The document at `path` (a file path, relative to the working directory, or a file URL), with its text. */
export function readDocumentFile(path: string | URL): { doc: SpecDocument; text: string; name: string } {
  const name = path instanceof URL ? path.pathname : path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `${name}: no such file; give the path of an OpenAPI 3.0 or 3.1 document (YAML or JSON)`
        : `${name}: cannot be read (${code ?? String(error)})`,
      { cause: error },
    );
  }
  // A YAML text parsed on an earlier start is read as its JSON (`parsed-documents.ts`).
  const hash = yamlHash(text);
  const kept = keptParse(hash);
  if (kept !== undefined) return { doc: kept, text, name };
  const doc = parseDocumentText(text, name);
  keepParse(hash, doc);
  return { doc, text, name };
}
