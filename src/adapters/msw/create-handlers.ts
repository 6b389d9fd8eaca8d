/**
 * `createHandlers(options)`: the mock as MSW request handlers (docs/msw.md), the page's host of the one composition
 * (`compose.ts`): WebCrypto's platform and key set, the documents and request schemas built ahead, datasets from
 * the MSW parts, no files. Every request to the base URL goes through the one request path by the in-process
 * adapter (`adapters/fetch/`), so the answers are the HTTP server's. Building is synchronous; what needs WebCrypto
 * (the key) or faker (another seed) finishes before the handlers' first answer, which awaits it.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { inProcessSession } from '../../client/in-process-session.ts';
import type { SessionApi } from '../../client/session-api.ts';
import { composeMock, type HostDocument } from '../../compose.ts';
import type { ContractSource, StaticFiles } from '../../context.ts';
import type { Dataset } from '../../data/dataset.ts';
import { runToEnd } from '../../data/sliced-work.ts';
import type { Platform } from '../../platform/platform.ts';
import { WebKeySet } from '../../platform/web/web-key-set.ts';
import { WEB_PLATFORM } from '../../platform/web/web-platform.ts';
import { resolveOptions, type MockOptions, type ResolvedOptions } from '../../resolve-options.ts';
import { buildApiModel } from '../../spec/model.ts';
import { fetchAdapter } from '../fetch/fetch.ts';
import { compiledValidator } from './compiled-validator.ts';
import type { MswParts } from './parts.ts';
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
  options: MockOptions = {},
  platform: Platform = WEB_PLATFORM,
): MswHandlers {
  const o = resolveOptions(options, 'createHandlers');
  const base = new URL(o.baseUrl ?? `http://localhost:${parts.defaults.port}`);
  const baseUrl = base.href.replace(/\/+$/, '');
  const built = (async () => {
    const keys = await WebKeySet.fromPem(o.signingKeyPem ?? parts.signingKeyPem, o.now());
    const dataset = await startData(o, parts);
    const composed = runToEnd(
      composeMock(o, {
        platform,
        keys,
        documents: { api: pageDocument(parts, 'api'), admin: pageDocument(parts, 'admin') },
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
