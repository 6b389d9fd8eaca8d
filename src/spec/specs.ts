/**
 * The two documents a mock serves — the identity API (`spec/openapi.yaml`) and the control plane
 * (`spec/admin.yaml`) — read, checked against the OpenAPI meta-schema and modelled once. `createMock` builds one
 * unless it is given one; a test file that builds many mocks passes the same `Specs` to each (checking a document
 * against the meta-schema is most of the cost of a mock).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SpecValidator, SpecValidatorOptions } from '../http/openapi.ts';
import { createSpecValidator, documentChecker } from '../http/openapi.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument, type SpecDocument } from './document.ts';
import { buildApiModel, type ApiModel } from './model.ts';

export interface LoadedSpec {
  readonly doc: SpecDocument;
  readonly model: ApiModel;
  /** A request validator for these options, built on first use and kept (validators hold no mock state). */
  validator(options: SpecValidatorOptions): SpecValidator;
}

export interface Specs {
  readonly api: LoadedSpec;
  readonly admin: LoadedSpec;
}

/**
 * Reads and checks both documents; throws naming the document and its problems.
 *
 * @example const specs = loadSpecs(); createMock({ specs }); createMock({ specs, seed: 2 });
 */
export function loadSpecs(): Specs {
  const api = readSpecDocument(API_SPEC_PATH);
  const admin = readSpecDocument(ADMIN_SPEC_PATH);
  if (!alreadyChecked(specsHash(api, admin))) checkDocuments(api, admin);
  return { api: loadSpec(api), admin: loadSpec(admin) };
}

/** Checks both documents against the meta-schema; throws naming the document and its problems. */
function checkDocuments(api: SpecDocument, admin: SpecDocument): void {
  // One compiled meta-schema checks both documents (compiling it is most of the cost).
  const check = documentChecker(String(api.openapi));
  check(api, 'spec/openapi.yaml');
  (admin.openapi === api.openapi ? check : documentChecker(String(admin.openapi)))(admin, 'spec/admin.yaml');
}

/**
 * Checks the two documents and returns the hash of their content, for `npm run build` to record in
 * `checked-specs.json` beside the compiled module: an installed package then skips the check at start (compiling
 * the meta-schema is a noticeable part of start-up), and an edited document is checked again. Nothing is written
 * at run time.
 */
export function checkSpecsForBuild(): string {
  const api = readSpecDocument(API_SPEC_PATH);
  const admin = readSpecDocument(ADMIN_SPEC_PATH);
  checkDocuments(api, admin);
  return specsHash(api, admin);
}

export const CHECKED_SPECS_URL = new URL('./checked-specs.json', import.meta.url);

function specsHash(api: SpecDocument, admin: SpecDocument): string {
  return createHash('sha256')
    .update(JSON.stringify([api, admin]))
    .digest('hex');
}

function alreadyChecked(hash: string): boolean {
  try {
    const recorded: unknown = JSON.parse(readFileSync(CHECKED_SPECS_URL, 'utf8'));
    return (
      typeof recorded === 'object' && recorded !== null && 'sha256' in recorded && recorded.sha256 === hash
    );
  } catch (error) {
    // Running from the sources (no build): nothing is recorded, so the documents are checked.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

function loadSpec(doc: SpecDocument): LoadedSpec {
  const model = buildApiModel(doc);
  const validators = new Map<string, SpecValidator>();
  return {
    doc,
    model,
    validator(options) {
      const key = `${String(options.validateResponses)}/${String(options.lenientQuery)}`;
      let validator = validators.get(key);
      if (validator === undefined) {
        validator = createSpecValidator(doc, options);
        validators.set(key, validator);
      }
      return validator;
    },
  };
}
