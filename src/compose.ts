/**
 * `composeMock(options, host)`: the one composition of a mock, for every host (Express and `fetch` on Node,
 * `createHandlers` in a page). From resolved options (`resolve-options.ts`) and what differs between hosts (a
 * platform, a key set, the documents' validators, files, contracts and datasets, a logger) it builds the services,
 * the one request path over the two operation tables (`pipeline/handle.ts`), the in-process `fetch` and the session
 * handles. Built in steps (`data/sliced-work.ts`) so that a large dataset is seeded and indexed in slices.
 */
import { adminSpec, apiSpec } from './console/served-spec.ts';
import type {
  ContractSource,
  DatasetSource,
  McpHost,
  ServedDocument,
  Services,
  StaticFiles,
} from './context.ts';
import { collectionFixtures } from './data/collection-fixtures.ts';
import type { Dataset } from './data/dataset.ts';
import { runInSlices, type Steps } from './data/sliced-work.ts';
import { TokenService } from './oauth/tokens.ts';
import { ADMIN_OPERATIONS } from './operations/admin/table.ts';
import { API_OPERATIONS } from './operations/api/table.ts';
import { createPipeline, type RequestHandler } from './pipeline/handle.ts';
import { apiVersionsOf } from './pipeline/header-checks.ts';
import type { DocumentPath } from './pipeline/document-routes.ts';
import type { RequestValidator } from './pipeline/validation.ts';
import type { JwtKeySet, Platform } from './platform/platform.ts';
import { ConfigError } from './config.ts';
import type { ResolvedOptions } from './resolve-options.ts';
import { SessionState } from './sessions/session-state.ts';
import { sessionServices } from './sessions/session-services.ts';
import type { SpecDocument } from './spec/document.ts';
import type { ApiModel, OperationSpec } from './spec/model.ts';
import type { ResourceModel } from './resources/resource-model.ts';
import type { ResponseChecker } from './spec/response-check.ts';
import type { User } from './spec/types.ts';
import type { UserBase } from './users/base.ts';
import { readListUsersSpec, type ListUsersSpec } from './users/query.ts';
import type { MockRequest } from './protocol/request.ts';
import {
  servedResources,
  servedApiModel,
  type ResourceServices,
  type ServedResources,
} from './resources/served.ts';
import { servedTable } from './operations/resources/served-table.ts';
import type { RecordCheck } from './resources/record-check.ts';
import { ReloadStatus, type ReloadReport } from './resources/reload-status.ts';
import { rebaseSessions } from './sessions/rebase-sessions.ts';
import { operationChanges } from './spec/operation-changes.ts';

/** A document as a host has it: parsed, modelled, with its request validator and (where possible) response checks. */
export interface HostDocument {
  readonly doc: SpecDocument;
  readonly model: ApiModel;
  readonly validator: () => RequestValidator;
  /** Undefined where response schemas cannot be compiled at run time (a page's Content-Security-Policy). */
  readonly responses: (() => ResponseChecker) | undefined;
  /** The document's name in messages (its file); `spec/openapi.yaml` or `spec/admin.yaml` when absent. */
  readonly name?: string;
}

/** What differs between hosts: everything else of a mock is composed here, once. */
export interface MockHost {
  readonly platform: Platform;
  readonly keys: JwtKeySet;
  readonly documents: { readonly api: HostDocument; readonly admin: HostDocument };
  /** The operation tables as served (MSW answers a few operations it cannot serve with 404). */
  readonly tables?: (table: 'api' | 'admin', handlers: DocumentPath['handlers']) => DocumentPath['handlers'];
  /** The start's data, in steps; `base`, when given, is a store base built from it before (never written). */
  readonly start: Steps<{ readonly dataset: Dataset; readonly base?: UserBase | undefined }>;
  /** Told the start's dataset and the store base built from it (Node keeps a small one for the next mock). */
  readonly keep?: (dataset: Dataset, base: UserBase) => void;
  readonly datasets: DatasetSource;
  readonly files: StaticFiles;
  readonly contracts: ContractSource;
  readonly knownAccounts: readonly User[];
  /** Where the authorization server answers: the default issuer, and its port. */
  readonly authUrl: URL;
  /** Host names `/__admin` answers to besides loopback ones. */
  readonly adminHosts: readonly string[];
  /** Called with every failure the mock did not mean (answered as a 500). */
  readonly onError: (error: unknown, request: MockRequest) => void;
  /** The MCP endpoint (`POST /__admin/mcp`), where the host serves one (Node). */
  readonly mcp?: McpHost;
  /** Records given for the served document's collections by name (a fixtures file or directory on Node). */
  readonly collectionFixtures?: (
    names: readonly string[],
  ) => ReadonlyMap<string, readonly Readonly<Record<string, unknown>>[]> | undefined;
  /**
   * The package's own identity API (spec/openapi.yaml), for what a served document of a team's own lacks: the
   * users store's list settings when it declares no `listUsers`. The served document's when absent.
   */
  readonly builtInModel?: ApiModel;
}

/** A composed mock: its services, its request path (per listener), and its handles. */
export interface ComposedMock {
  /** The services as the next request gets them (a reload replaces the served document's part). */
  readonly services: Services;
  /** The request path serving the operations `serves` picks (`--auth-port` splits them over two listeners). */
  readonly handler: (serves: (operation: OperationSpec) => boolean) => RequestHandler;
  /**
   * Serves `document` instead of the identity API's document from the next request on (docs/own-spec.md "Live
   * reload"), its collections seeded afresh and each session's records kept where the new item schemas accept
   * them (`accepts`: the host's record check over `document`, which compiles schemas where the host can). Throws
   * the ConfigError a start would refuse it with, and then changes nothing.
   */
  reload(document: HostDocument, accepts: RecordCheck): Steps<Extract<ReloadReport, { ok: true }>>;
}

/** The services and the request path of one mock, over `host`. */
export function* composeMock(o: ResolvedOptions, host: MockHost): Steps<ComposedMock> {
  const { admin } = host.documents;
  const read = readDocument(host, host.documents.api);
  const settings = { spec: read.listUsers, cacheSize: o.queryCache, platform: host.platform };
  const start = yield* host.start;
  const seeded = yield* read.inferred.seed(o.seed, start.dataset, fixturesOf(o, host, read));
  // The dataset served: the start's, or with its memberships drawn over a workspaces collection of the document.
  const { dataset } = seeded;
  // A base built from the start's dataset serves only that dataset (not one whose workspaces were redrawn).
  const state = yield* SessionState.build(
    dataset,
    settings,
    dataset === start.dataset ? start.base : undefined,
  );
  host.keep?.(dataset, state.initialBase);
  const issuer = o.issuer ?? `${host.authUrl.origin}/`;
  // The users' indexes are built first (what the first requests of a start ask for), then the collections'.
  const usersPrepared = (): Promise<void> => state.store.base.whenPrepared();
  let part = documentPart(o, host, host.documents.api, read, seeded.resources, issuer, usersPrepared);
  const sessionParts = sessionServices(
    state,
    { ...o, sessionTtlMs: o.sessionTtl * 1000, resources: () => part.resources.base },
    host.platform.hashing,
  );
  const tokens = tokensOf(o, host, issuer);
  let services: Services = {
    api: part.model,
    admin: admin.model,
    listUsers: part.listUsers,
    resources: part.resources,
    tokens,
    platform: host.platform,
    ...sessionParts,
    settings: {
      audience: o.audience,
      appTokenClientId: o.appTokenClientId,
      start: { seed: o.seed, users: o.users },
      admin: o.admin,
      separateAuthServer: o.separateAuthServer,
      oauthErrors: o.oauthErrors,
    },
    knownAccounts: host.knownAccounts,
    datasets: host.datasets,
    files: host.files,
    contracts: host.contracts,
    documents: { api: part.served, admin: adminSpec(admin.doc) },
    clock: o.now,
    reloads: new ReloadStatus(o.now),
    ...(host.mcp === undefined ? {} : { mcp: host.mcp }),
  };
  const pipeline = createPipeline(services, {
    api: part.path,
    admin: o.admin ? documentPath(o, host, 'admin', ADMIN_OPERATIONS, admin.model, admin) : undefined,
    trustProxy: o.trustProxy,
    lenientQuery: o.lenientQuery,
    adminOrigins: o.adminCors === undefined ? [] : [o.adminCors],
    adminHosts: host.adminHosts,
    adminToken: o.adminToken,
    apiVersions: apiVersionsOf(part.model),
    onError: host.onError,
  });
  return {
    get services() {
      return services;
    },
    handler: (serves) => pipeline.listener(serves),
    *reload(document, accepts) {
      const next = readDocument(host, document);
      // The users store keeps its memberships: a reload seeds the collections over the dataset it serves.
      const reseeded = yield* next.inferred.seed(o.seed, dataset, fixturesOf(o, host, next));
      const after = documentPart(o, host, document, next, reseeded.resources, issuer, usersPrepared);
      // From here to the swap nothing waits: no request sees the sessions moved but the old document serving.
      const dropped = rebaseSessions(services.sessions.all(), after.resources.base, accepts);
      const operations = operationChanges(part.model, after.model);
      part = after;
      services = {
        ...services,
        api: part.model,
        listUsers: part.listUsers,
        resources: part.resources,
        documents: { ...services.documents, api: part.served },
      };
      pipeline.swap(services, part.path, apiVersionsOf(part.model));
      return { ok: true, operations, dropped };
    },
  };
}

/** What a served document is read into before its collections are seeded. */
interface ReadDocument {
  readonly inferred: ServedResources;
  readonly model: ApiModel;
  readonly listUsers: ListUsersSpec;
}

/** Reads `document` for serving; throws the ConfigError a start refuses it with (an operation, a parameter). */
function readDocument(host: MockHost, document: HostDocument): ReadDocument {
  const inferred = servedResources(document.doc, document.model);
  if (inferred.errors.length > 0) {
    const name = document.name ?? 'spec/openapi.yaml';
    throw new ConfigError(`${name} cannot be served: ${inferred.errors.join('; ')}`);
  }
  const model = servedApiModel(document.model, inferred.model);
  return { inferred, model, listUsers: listUsersOf(model, inferred.model, host.builtInModel) };
}

/**
 * The identity API's part of a mock (docs/own-spec.md "Live reload"): its model, its seeded collections, its
 * served document and its request path. Built by this one function at start and at every reload.
 */
export interface DocumentPart {
  readonly model: ApiModel;
  readonly listUsers: ListUsersSpec;
  readonly resources: ResourceServices;
  readonly served: ServedDocument;
  readonly path: DocumentPath;
}

function documentPart(
  o: ResolvedOptions,
  host: MockHost,
  document: HostDocument,
  read: ReadDocument,
  resources: ResourceServices,
  issuer: string,
  after: () => Promise<void>,
): DocumentPart {
  // The collections' list indexes are built in the background, in slices, once the users' are (a query that needs
  // one before builds only what it needs).
  after()
    .then(() => runInSlices(resources.base.prepare()))
    .catch(() => {
      // a failed preparation leaves the indexes to be built on first use
    });
  return {
    model: read.model,
    listUsers: read.listUsers,
    resources,
    // The authorization server's operations name their own server: this one unless it has a listener of its own.
    served: apiSpec(document.doc, (b) => (o.separateAuthServer ? issuer.replace(/\/$/, '') : b)),
    path: documentPath(
      o,
      host,
      'api',
      servedTable(read.inferred.model, API_OPERATIONS),
      read.model,
      document,
    ),
  };
}

/** Records given for the document's collections by name: the host's (a fixtures file or folder), or the program's. */
function fixturesOf(
  o: ResolvedOptions,
  host: MockHost,
  read: ReadDocument,
): ReadonlyMap<string, readonly Readonly<Record<string, unknown>>[]> | undefined {
  const names = read.inferred.model.collections.map((c) => c.name);
  return (
    host.collectionFixtures?.(names) ??
    (typeof o.fixtures === 'object'
      ? collectionFixtures(o.fixtures, names, 'the fixtures option')
      : undefined)
  );
}

/** One document's part of the request path: its model, its operations as the host serves them, its checks. */
function documentPath(
  o: ResolvedOptions,
  host: MockHost,
  which: 'api' | 'admin',
  table: DocumentPath['handlers'],
  model: ApiModel,
  document: HostDocument,
): DocumentPath {
  return {
    model,
    handlers: host.tables?.(which, table) ?? table,
    validator: document.validator(),
    responses: o.validateResponses ? document.responses?.() : undefined,
    name: document.name ?? `spec/${which === 'api' ? 'openapi' : 'admin'}.yaml`,
  };
}

/**
 * The users store's list settings: read from the operation the built-in `listUsers` serves (by `operationId` or
 * `x-mock-handler`), else from the package's own document when the served one declares none.
 */
function listUsersOf(api: ApiModel, model: ResourceModel, builtIn: ApiModel | undefined) {
  const bound = model.operations.find((op) => op.handler === 'listUsers');
  if (bound !== undefined) return readListUsersSpec(api, api.operation(bound.operationId));
  return readListUsersSpec(builtIn ?? api);
}

/** The token service: the host's key set and platform, the options' issuer, audience, claims and lifetime. */
function tokensOf(o: ResolvedOptions, host: MockHost, issuer: string): TokenService {
  const { authUrl } = host;
  return new TokenService(
    host.keys,
    {
      issuer,
      pinned: o.issuer !== undefined,
      port: Number(authUrl.port || (authUrl.protocol === 'https:' ? 443 : 80)),
      hosts: [o.host, ...o.allowedHosts],
      audience: o.audience,
      claimsNamespace: o.claimsNamespace,
      ttlSeconds: o.tokenTtl,
      accessTokenFormat: o.accessTokenFormat,
      keyGraceSeconds: o.keyGrace,
      clock: o.now,
    },
    host.platform,
  );
}
