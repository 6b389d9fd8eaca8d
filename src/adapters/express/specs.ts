/**
 * The two documents a mock serves — the identity API (`spec/openapi.yaml`) and the control plane
 * (`spec/admin.yaml`) — read and modelled once. The request validator of each loads the document and checks it
 * against the OpenAPI meta-schema (`ready()`), which `startMock` awaits before it listens. `createMock` builds one
 * `Specs` unless it is given one; a test file that builds many mocks passes the same `Specs` to each (building a
 * validator is most of the cost of a mock).
 */
import { createOpenApiValidator } from './openapi-validator.ts';
import { contentHash, recordedHashes } from '../../data/checked-by-build.ts';
import type { RequestValidator } from '../../pipeline/validation.ts';
import { type SpecDocument } from '../../spec/document.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument } from '../../spec/document-file.ts';
import { buildApiModel, type ApiModel } from '../../spec/model.ts';
import { ResponseChecker } from '../../spec/response-check.ts';

export interface ValidatorOptions {
  /** Accept query parameters the spec does not declare (`--lenient-query`). */
  readonly lenientQuery: boolean;
}

export interface LoadedSpec {
  readonly doc: SpecDocument;
  readonly model: ApiModel;
  /** A request validator for these options, built on first use and kept (validators hold no mock state). */
  validator(options: ValidatorOptions): RequestValidator;
  /** The response checker of the document, built on first use and kept (`--validate-responses`, the tests). */
  responses(): ResponseChecker;
  /** Resolves once the document passed the validator's checks; rejects naming the document otherwise. */
  ready(): Promise<void>;
}

export interface Specs {
  readonly api: LoadedSpec;
  readonly admin: LoadedSpec;
}

/**
 * Reads and models both documents (their checks run in the validators; await `specsReady`).
 *
 * @example const specs = loadSpecs(); await specsReady(specs); createMock({ specs }); createMock({ specs, seed: 2 });
 */
export function loadSpecs(): Specs {
  return {
    api: loadSpec(readSpecDocument(API_SPEC_PATH), 'spec/openapi.yaml'),
    admin: loadSpec(readSpecDocument(ADMIN_SPEC_PATH), 'spec/admin.yaml'),
  };
}

let shared: Specs | undefined;

/**
 * The documents as `loadSpecs()` reads them, read once per process and shared by every mock made without
 * `specs`: they and their validators hold no mock state, so a second `startMock()` reads, parses and compiles
 * nothing again.
 */
export function sharedSpecs(): Specs {
  shared ??= loadSpecs();
  return shared;
}

/**
 * Resolves once both documents are loaded and checked; rejects naming the first broken one. Both are built before
 * a mock listens: building a validator holds the event loop for a few hundred milliseconds (express-openapi-validator
 * compiles the OpenAPI meta-schema), which a running server must not do to its clients.
 */
export async function specsReady(specs: Specs): Promise<void> {
  await Promise.all([specs.api.ready(), specs.admin.ready()]);
}

/**
 * Where documents that passed the meta-schema check are recorded (`data/checked-by-build.ts`): the build checks
 * them and writes `checked-specs.json` beside the compiled module, so the built package does not run the check again
 * at every start for documents that change only when the project is edited.
 */
export const CHECKED_SPECS_URL = new URL('./checked-specs.json', import.meta.url);

/** `doc`, read from `name`, with its model and validators. */
export function loadSpec(doc: SpecDocument, name: string): LoadedSpec {
  const model = buildApiModel(doc);
  let checked = recordedHashes(CHECKED_SPECS_URL).has(contentHash(doc));
  const validators = new Map<boolean, RequestValidator>();
  let responses: ResponseChecker | undefined;
  const validator = (options: ValidatorOptions): RequestValidator => {
    const key = options.lenientQuery;
    let found = validators.get(key);
    if (found === undefined) {
      const checking = !checked;
      found = createOpenApiValidator(doc, { ...options, checkDocument: checking });
      validators.set(key, found);
      if (checking)
        void found.ready().then(
          () => {
            checked = true;
          },
          () => undefined, // reported by `ready()`
        );
    }
    return found;
  };
  return {
    doc,
    model,
    validator,
    responses: () => (responses ??= new ResponseChecker(doc)),
    async ready() {
      try {
        // Every validator of a document loads the same document: one of them answers for all.
        await validator({ lenientQuery: false }).ready();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${name} is not a valid OpenAPI document (${reason})`, { cause: error });
      }
    },
  };
}
