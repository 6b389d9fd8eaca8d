/**
 * The two documents a mock serves — the identity API (`spec/openapi.yaml`) and the control plane
 * (`spec/admin.yaml`) — read, checked against the OpenAPI meta-schema and modelled once. `createMock` builds one
 * unless it is given one; a test file that builds many mocks passes the same `Specs` to each (checking a document
 * against the meta-schema is most of the cost of a mock).
 */
import type { SpecValidator, SpecValidatorOptions } from '../http/openapi.ts';
import { assertValidDocument, createSpecValidator } from '../http/openapi.ts';
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
  return {
    api: loadSpec(API_SPEC_PATH, 'spec/openapi.yaml'),
    admin: loadSpec(ADMIN_SPEC_PATH, 'spec/admin.yaml'),
  };
}

function loadSpec(url: URL, name: string): LoadedSpec {
  const doc = readSpecDocument(url);
  assertValidDocument(doc, name);
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
