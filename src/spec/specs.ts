/**
 * The two documents a mock serves — the identity API (`spec/openapi.yaml`) and the control plane
 * (`spec/admin.yaml`) — read and modelled once. The request validator of each loads the document and checks it
 * against the OpenAPI meta-schema (`ready()`), which `startMock` awaits before it listens. `createMock` builds one
 * `Specs` unless it is given one; a test file that builds many mocks passes the same `Specs` to each (building a
 * validator is most of the cost of a mock).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SpecValidator, SpecValidatorOptions } from '../http/openapi.ts';
import { createSpecValidator } from '../http/openapi.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument, type SpecDocument } from './document.ts';
import { buildApiModel, type ApiModel } from './model.ts';

export interface LoadedSpec {
  readonly doc: SpecDocument;
  readonly model: ApiModel;
  /** A request validator for these options, built on first use and kept (validators hold no mock state). */
  validator(options: SpecValidatorOptions): SpecValidator;
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

/** Resolves once both documents are loaded and checked; rejects naming the first broken one. */
export async function specsReady(specs: Specs): Promise<void> {
  await Promise.all([specs.api.ready(), specs.admin.ready()]);
}

/**
 * Where documents that passed the meta-schema check are remembered, by a hash of their content: the check compiles
 * the meta-schema, a large share of a start, for documents that change only when the project is edited.
 */
const CHECKED_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/identity-mock/checked-specs/', import.meta.url),
);

function remember(stamp: string): void {
  try {
    mkdirSync(CHECKED_DIR, { recursive: true });
    writeFileSync(stamp, '');
  } catch {
    // A read-only install checks at every start instead.
  }
}

/** `doc`, read from `name`, with its model and validators. */
export function loadSpec(doc: SpecDocument, name: string): LoadedSpec {
  const model = buildApiModel(doc);
  const stamp = `${CHECKED_DIR}${createHash('sha256').update(JSON.stringify(doc)).digest('hex')}`;
  let checked = existsSync(stamp);
  const validators = new Map<string, SpecValidator>();
  const validator = (options: SpecValidatorOptions): SpecValidator => {
    const key = `${String(options.validateResponses)}/${String(options.lenientQuery)}`;
    let found = validators.get(key);
    if (found === undefined) {
      const checking = !checked;
      found = createSpecValidator(doc, { ...options, checkDocument: checking });
      validators.set(key, found);
      if (checking)
        void found.ready().then(
          () => {
            checked = true;
            remember(stamp);
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
    async ready() {
      try {
        // Every validator of a document loads the same document: one of them answers for all.
        await validator({ validateResponses: false, lenientQuery: false }).ready();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${name} is not a valid OpenAPI document (${reason})`, { cause: error });
      }
    },
  };
}
