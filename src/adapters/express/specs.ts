/**
 * The two documents a mock serves — the identity API (`spec/openapi.yaml`) and the control plane
 * (`spec/admin.yaml`) — read and modelled once, with one request validator over both (`openapi-validator.ts`),
 * which loads them and checks them against the OpenAPI meta-schema (`ready()`); `startMock` awaits it before it
 * listens. `createMock` builds one `Specs` unless it is given one; a test file that builds many mocks passes the
 * same `Specs` to each (building the validator is most of the cost of a mock).
 */
import { createOpenApiValidators } from './openapi-validator.ts';
import { contentHash, recordedHashes } from '../../data/checked-by-build.ts';
import { checkedBefore, rememberChecked } from '../../platform/node/checked-documents.ts';
import type { RequestValidator } from '../../pipeline/validation.ts';
import { type SpecDocument } from '../../spec/document.ts';
import {
  ADMIN_SPEC_PATH,
  API_SPEC_PATH,
  readDocumentFile,
  readSpecDocument,
  yamlHash,
} from '../../platform/node/document-file.ts';
import type { HostDocument } from '../../compose.ts';
import { looksLikeDocumentText } from '../../config.ts';
import type { SpecInput } from '../../resolve-options.ts';
import { deepFreeze, parseDocumentText } from '../../spec/document.ts';
import { buildApiModel, type ApiModel } from '../../spec/model.ts';
import { ResponseChecker } from '../../spec/response-check.ts';

export interface LoadedSpec {
  readonly doc: SpecDocument;
  /** Where the document came from, as messages name it (`spec/openapi.yaml`, the `--spec` file). */
  readonly name: string;
  readonly model: ApiModel;
  /**
   * The document's request validator, built on first use and kept (it holds no mock state; unknown query
   * parameters are the pipeline's to refuse, so `--lenient-query` needs no other).
   */
  validator(): RequestValidator;
  /** The response checker of the document, built on first use and kept (`--validate-responses`, the tests). */
  responses(): ResponseChecker;
  /** Resolves once the document passed the validator's checks; rejects naming the document otherwise. */
  ready(): Promise<void>;
}

export interface Specs {
  readonly api: LoadedSpec;
  readonly admin: LoadedSpec;
}

/** A loaded document as `composeMock` takes it (at start, and at a reload). */
export function hostDocument(loaded: LoadedSpec): HostDocument {
  return {
    doc: loaded.doc,
    name: loaded.name,
    model: loaded.model,
    validator: () => loaded.validator(),
    responses: () => loaded.responses(),
  };
}

/**
 * Reads and models both documents (their checks run in the validator; await `specsReady`).
 *
 * @example const specs = loadSpecs(); await specsReady(specs); createMock({ specs }); createMock({ specs, seed: 2 });
 */
export function loadSpecs(): Specs {
  const [api, admin] = loadTogether([
    { doc: readSpecDocument(API_SPEC_PATH), name: 'spec/openapi.yaml' },
    { doc: readSpecDocument(ADMIN_SPEC_PATH), name: 'spec/admin.yaml' },
  ]);
  if (api === undefined || admin === undefined) throw new Error('loadTogether lost a document');
  return { api, admin };
}

let shared: Specs | undefined;

/**
 * The documents as `loadSpecs()` reads them, read once per process and shared by every mock made without
 * `specs`: they and their validator hold no mock state, so a second `startMock()` reads, parses and compiles
 * nothing again.
 */
export function sharedSpecs(): Specs {
  shared ??= loadSpecs();
  return shared;
}

/**
 * Resolves once both documents are loaded and checked; rejects naming the first broken one. The validator is built
 * before a mock listens: building it holds the event loop for a few hundred milliseconds (express-openapi-validator
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

/** `doc`, read from `name`, with its model and validator. */
export function loadSpec(doc: SpecDocument, name: string): LoadedSpec {
  const [loaded] = loadTogether([{ doc, name }]);
  if (loaded === undefined) throw new Error('loadTogether lost a document');
  return loaded;
}

/** Each of `parts` with its model, their validators one express-openapi-validator built on first use. */
function loadTogether(parts: readonly { doc: SpecDocument; name: string }[]): LoadedSpec[] {
  let validators: RequestValidator[] | undefined;
  let checking = false;
  const hashes = parts.map((part) => contentHash(part.doc));
  const validatorOf = (index: number): RequestValidator => {
    if (validators === undefined) {
      const recorded = recordedHashes(CHECKED_SPECS_URL);
      // Checked by the build (the package's documents), or on an earlier start (a --spec document, unchanged).
      checking = !hashes.every((hash) => recorded.has(hash) || checkedBefore(hash));
      validators = createOpenApiValidators(
        parts.map((part) => part.doc),
        { checkDocuments: checking },
      );
    }
    const found = validators[index];
    if (found === undefined) throw new Error(`no validator for document ${String(index)}`);
    return found;
  };
  return parts.map(({ doc, name }, index) => {
    let responses: ResponseChecker | undefined;
    return {
      doc,
      name,
      model: buildApiModel(doc),
      validator: () => validatorOf(index),
      responses: () => (responses ??= new ResponseChecker(doc)),
      async ready() {
        try {
          await validatorOf(index).ready();
          if (checking) rememberChecked(hashes[index] ?? '');
        } catch (error) {
          const raw = error instanceof Error ? error.message : String(error);
          // express-openapi-validator prints the meta-schema's findings before it throws "See the output.".
          const reason = raw.includes('See the output')
            ? `it breaks the OpenAPI ${String(doc.openapi)} schema; the validator printed each finding above with its place as a JSON pointer (paths under /paths/~1__document-0); a linter such as Redocly or Spectral reports them too`
            : raw;
          throw new Error(`${name} is not a valid OpenAPI document (${reason})`, { cause: error });
        }
      },
    };
  });
}

/** Documents given with `spec` read this process, by their text's hash: a suite's mocks share one validator. */
const GIVEN = new Map<string, Specs>();
const GIVEN_KEPT = 8;

/** The served document `spec` names or holds, as the name messages give it and its text (for the cache). */
export function readGivenDocument(spec: SpecInput): { doc: SpecDocument; name: string; text: string } {
  if (spec instanceof URL || (typeof spec === 'string' && !looksLikeDocumentText(spec))) {
    return readDocumentFile(spec);
  }
  if (typeof spec === 'string') {
    return { doc: parseDocumentText(spec, 'the spec option'), name: 'the spec option', text: spec };
  }
  const text = JSON.stringify(spec);
  return { doc: deepFreeze(JSON.parse(text) as SpecDocument), name: 'the spec option', text };
}

/**
 * The documents of a mock that serves `spec` (docs/own-spec.md) instead of spec/openapi.yaml: it, and the control
 * plane as always. Without `spec`, the documents every mock of the process shares (`sharedSpecs`).
 */
export function specsFor(spec: SpecInput | undefined): Specs {
  const shared = sharedSpecs();
  if (spec === undefined) return shared;
  const given = readGivenDocument(spec);
  const key = `${given.name}\n${yamlHash(given.text)}`;
  let specs = GIVEN.get(key);
  if (specs === undefined) {
    // With the control plane, as loadSpecs reads the package's: one validator over both documents, when they are
    // of one OpenAPI version (a 3.0 document has a validator of its own).
    const sameVersion =
      String(given.doc.openapi).slice(0, 3) === String(shared.admin.doc.openapi).slice(0, 3);
    if (sameVersion) {
      const [api, admin] = loadTogether([
        { doc: given.doc, name: given.name },
        { doc: shared.admin.doc, name: shared.admin.name },
      ]);
      if (api === undefined || admin === undefined) throw new Error('loadTogether lost a document');
      specs = { api, admin };
    } else specs = { api: loadSpec(given.doc, given.name), admin: shared.admin };
    if (GIVEN.size >= GIVEN_KEPT) GIVEN.delete(GIVEN.keys().next().value ?? '');
    GIVEN.set(key, specs);
  }
  return specs;
}
