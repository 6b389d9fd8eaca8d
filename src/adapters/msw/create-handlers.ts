/**
 * `createHandlers(options)`: the mock as MSW request handlers (docs/msw.md), the page's host of the one composition
 * (`compose.ts`): WebCrypto's platform and key set, the documents and request schemas built ahead, datasets from
 * the MSW parts, no files; or a document of a team's own (`spec`: given at run time, its request schemas compiled
 * here on first use; or compiled ahead by `identity-mock build-msw`). Every request to the base URL goes through the one request path by the in-process
 * adapter (`adapters/fetch/`), so the answers are the HTTP server's. Building is synchronous; what needs WebCrypto
 * (the key) or faker (another seed) finishes before the handlers' first answer, which awaits it.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { inProcessSession } from '../../client/in-process-session.ts';
import type { SessionApi } from '../../client/session-api.ts';
import { composeMock, type HostDocument } from '../../compose.ts';
import type { ContractSource, StaticFiles } from '../../context.ts';
import type { Dataset } from '../../data/dataset.ts';
import { loadFaker } from '../../data/faker.ts';
import { runToEnd } from '../../data/sliced-work.ts';
import type { Platform } from '../../platform/platform.ts';
import { WebKeySet } from '../../platform/web/web-key-set.ts';
import { WEB_PLATFORM } from '../../platform/web/web-platform.ts';
import {
  OptionError,
  refusalOf,
  resolveOptions,
  type MockOptions,
  type ResolvedOptions,
} from '../../resolve-options.ts';
import { buildApiModel } from '../../spec/model.ts';
import { fetchAdapter } from '../fetch/fetch.ts';
import { compiledValidator } from './compiled-validator.ts';
import type { MswParts } from './parts.ts';
import { givenDocument, type GivenDocument, type PageSpecInput } from './given-document.ts';
import { withUnserved } from './unserved.ts';

/** The handle of the mock the handlers serve: the same session API as `createMock`'s and `sessionClient`'s. */
export interface MswMock {
  /** Resolves once the mock is built (the handlers wait for it on their own). */
  readonly ready: Promise<void>;
  /** The URL the handlers answer at. */
  readonly baseUrl: string;
  /** Answers a WHATWG `Request` as the handlers do, without MSW. */
  fetch(request: Request): Promise<Response>;
  /** Without `id` the default session, else the named session `id`: the same handle as `sessionClient(url, id)`. */
  session(id?: string): SessionApi;
}

/** The options of `createHandlers`: `MockOptions`, with `spec` as a page takes it (docs/msw.md). */
export type HandlerOptions = Omit<MockOptions, 'spec'> & {
  /**
   * The OpenAPI document to serve instead of spec/openapi.yaml: its YAML or JSON text, the parsed document
   * (request schemas compiled in the page), or the module `identity-mock build-msw --spec FILE` writes.
   */
  readonly spec?: PageSpecInput | undefined;
};

export interface MswHandlers {
  readonly handlers: HttpHandler[];
  readonly mock: MswMock;
}

const NO_FILES: StaticFiles = { read: () => Promise.resolve(undefined) };
const NO_CONTRACTS: ContractSource = { list: () => [], read: () => undefined };

/**
 * `createHandlers` over `parts`; `platform` is WebCrypto's unless a test makes randomness repeatable (two mocks, one
 * sequence).
 */
export function createHandlersFrom(
  parts: MswParts,
  options: HandlerOptions = {},
  platform: Platform = WEB_PLATFORM,
): MswHandlers {
  const { spec, ...rest } = options;
  const o = resolveOptions(rest, 'createHandlers');
  const refusal = spec === undefined ? undefined : refusalOf('spec', spec, 'createHandlers');
  if (refusal !== undefined) throw new OptionError(refusal);
  const base = new URL(o.baseUrl ?? `http://localhost:${parts.defaults.port}`);
  const baseUrl = base.href.replace(/\/+$/, '');
  // A document given is read now: one that does not parse, or that the engine cannot serve, throws here.
  const given = spec === undefined ? undefined : givenDocument(spec);
  const built = (async () => {
    const keys = await WebKeySet.fromPem(o.signingKeyPem ?? parts.signingKeyPem, o.now());
    const dataset = await startData(o, parts);
    // A document of a team's own has collections to seed and answers to generate: faker is loaded for it.
    if (given !== undefined) await loadFaker();
    const api = given === undefined ? pageDocument(parts, 'api') : await servedDocument(given);
    const composed = runToEnd(
      composeMock(o, {
        platform,
        keys,
        documents: { api, admin: pageDocument(parts, 'admin') },
        tables: withUnserved,
        // eslint-disable-next-line require-yield -- the page's start is ready: no slices to yield
        start: (function* () {
          return { dataset };
        })(),
        datasets: {
          seed: (seed, users) => parts.seed(seed, users),
          fromRecords: (records, source) => parts.fromRecords(records, source),
        },
        files: NO_FILES,
        contracts: NO_CONTRACTS,
        knownAccounts: parts.knownAccounts,
        authUrl: base,
        adminHosts: [base.hostname.replace(/^\[(.*)\]$/, '$1')],
        onError: o.onError ?? logToConsole,
        ...(given === undefined ? {} : { builtInModel: buildApiModel(parts.documents.api) }),
      }),
    );
    return fetchAdapter(composed.handler(() => true));
  })();
  const fetchIn = async (request: Request): Promise<Response> => (await built)(request);
  const handler = http.all(`${baseUrl}/*`, async ({ request }) => {
    try {
      return await fetchIn(request);
    } catch (error) {
      // A fault rule with status 0 drops the connection: the page sees a network error, as from a server.
      if (error instanceof TypeError) return HttpResponse.error();
      throw error;
    }
  });
  // A session's handle is made at once; its requests wait for the mock through fetchIn.
  const session = (id?: string): SessionApi =>
    inProcessSession({ id, fetch: fetchIn, url: baseUrl, adminToken: o.adminToken });
  return {
    handlers: [handler],
    mock: { ready: built.then(() => undefined), baseUrl, fetch: fetchIn, session },
  };
}

/** A document as the page has it: built in, with its request schemas compiled ahead (no response checks). */
function pageDocument(parts: MswParts, which: 'api' | 'admin'): HostDocument {
  const model = buildApiModel(parts.documents[which]);
  const validator = compiledValidator(which, model, parts.schemas);
  return { doc: parts.documents[which], model, validator: () => validator, responses: undefined };
}

/**
 * A document given to `createHandlers({ spec })`: compiled ahead, or its request schemas compiled here on first use
 * (ajv's compile, loaded with the first such document: a page with a strict CSP needs the compiled form).
 */
async function servedDocument(given: GivenDocument): Promise<HostDocument> {
  const schemas =
    given.schemas ??
    (await import('./run-time-schemas.ts')).compileRequestSchemas([
      { name: 'api', doc: given.doc, model: given.model },
    ]);
  const validator = compiledValidator('api', given.model, schemas);
  return {
    doc: given.doc,
    model: given.model,
    name: given.name,
    validator: () => validator,
    responses: undefined,
  };
}

/** The start's data: the fixture records given, the dataset built ahead (default seed and size), or seeded. */
async function startData(o: ResolvedOptions, parts: MswParts): Promise<Dataset> {
  if (typeof o.fixtures === 'object') return parts.fromRecords(o.fixtures, 'the fixtures option');
  if (o.seed === parts.defaults.seed && o.users === parts.defaults.users) return parts.defaultDataset();
  return parts.seed(o.seed, o.users);
}

function logToConsole(error: unknown): void {
  // eslint-disable-next-line no-console -- a page has no logger: the console is where a developer looks
  console.error('identity-mock: internal error', error);
}
