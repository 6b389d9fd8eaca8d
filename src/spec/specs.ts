/**
 * The two documents a mock serves — the identity API (`spec/openapi.yaml`) and the control plane
 * (`spec/admin.yaml`) — read, checked against the OpenAPI meta-schema and modelled once. `createMock` builds one
 * unless it is given one; a test file that builds many mocks passes the same `Specs` to each (checking a document
 * against the meta-schema is most of the cost of a mock).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  const stamp = checkedStamp([api, admin]);
  if (!existsSync(stamp)) {
    // One compiled meta-schema checks both documents (compiling it is most of the cost).
    const check = documentChecker(String(api.openapi));
    check(api, 'spec/openapi.yaml');
    (admin.openapi === api.openapi ? check : documentChecker(String(admin.openapi)))(
      admin,
      'spec/admin.yaml',
    );
    remember(stamp);
  }
  return { api: loadSpec(api), admin: loadSpec(admin) };
}

/**
 * Where a pair of documents that passed the meta-schema check is remembered, by a hash of their content: compiling
 * the meta-schema costs ~150 ms of every start, for documents that change only when the project is edited.
 */
const CHECKED_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/identity-mock/checked-specs/', import.meta.url),
);

function checkedStamp(docs: readonly SpecDocument[]): string {
  return `${CHECKED_DIR}${createHash('sha256').update(JSON.stringify(docs)).digest('hex')}`;
}

function remember(stamp: string): void {
  try {
    mkdirSync(CHECKED_DIR, { recursive: true });
    writeFileSync(stamp, '');
  } catch {
    // A read-only install checks at every start instead.
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
