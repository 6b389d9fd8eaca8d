/**
 * `createMock(options)`: one mock of the identity service on Node, built and not listening: the Node host of the one
 * composition (`compose.ts` over `node-services.ts`), its Express and `fetch` adapters, and the handle a test uses.
 */
import { expressApp, type ExpressApp } from './adapters/express/app.ts';
import { createLogger, type Logger } from './adapters/express/log.ts';
import { sharedSpecs, specsFor, type Specs } from './adapters/express/specs.ts';
import { fetchAdapter } from './adapters/fetch/fetch.ts';
import { lazyMcpHost } from './adapters/mcp/lazy-host.ts';
import { inProcessSession } from './client/in-process-session.ts';
import type { SessionApi } from './client/session-api.ts';
import { composeMock } from './compose.ts';
import { documentReloader } from './adapters/node/document-reloader.ts';
import type { ReloadReport } from './resources/reload-status.ts';
import { DEFAULTS, type Host } from './config.ts';
import type { Services } from './context.ts';
import type { ControlPlane } from './control/control-plane.ts';
import { mockKeys, type MockKeys } from './mock-keys.ts';
import { hasPrebuiltDataset } from './data/prebuilt-dataset.ts';
import { runToEnd, type Steps } from './data/sliced-work.ts';
import { nodeHost } from './node-services.ts';
import { mintAppTokenNow, planAppToken, type AppTokenRequest, type MintedToken } from './oauth/app-tokens.ts';
import type { TokenService } from './oauth/tokens.ts';
import { NodeKeySet, readKeyPair } from './platform/node/signing-keys.ts';
import type { Platform } from './platform/platform.ts';
import { MOCK_DEFAULTS, resolveOptions, type MockOptions as HostOptions } from './resolve-options.ts';
import type { SessionRegistry } from './sessions/registry.ts';
import type { SessionState } from './sessions/session-state.ts';
import type { ApiModel, OperationSpec } from './spec/model.ts';

/**
 * Options of `createMock` and `startMock`: every host's options (`resolve-options.ts`, docs/options.md), with the
 * Node host's own values typed: a pino `logger` and the loaded `specs`.
 */
export type MockOptions = HostOptions<{ readonly logger?: Logger; readonly specs?: Specs }>;

/**
 * Whether a mock built with `options` seeds its data with faker, which the command's bundle loads on demand
 * (`data/faker.ts`, awaited first): not when it is given data, nor at a seed and size seeded ahead
 * (`data/prebuilt-dataset.ts`).
 */
export function seedsData(options: MockOptions): boolean {
  // A document of a team's own has collections to seed, and actions whose answers are generated.
  if (options.spec !== undefined) return true;
  if (options.dataset !== undefined || options.fixtures !== undefined) return false;
  const seeding = { seed: options.seed ?? MOCK_DEFAULTS.seed, users: options.users ?? MOCK_DEFAULTS.users };
  return !hasPrebuiltDataset(seeding);
}

export type { AddKeyOptions, MockKeys, SigningKeyEntry } from './mock-keys.ts';
export type { ReloadReport } from './resources/reload-status.ts';

/** A mock, as a test suite or a program uses it. */
export interface Mock {
  /** The Express app: hand it to supertest, or to `http.createServer`. */
  readonly app: ExpressApp;
  /** The authorization server's app: `app` itself unless `separateAuthServer`. */
  readonly authApp: ExpressApp;
  /** Answers a WHATWG `Request` in this process, as the HTTP server would (same status, headers and body). */
  fetch(request: Request): Promise<Response>;
  /** The server's signing keys (`/__admin/keys`). */
  readonly signingKeys: MockKeys;
  /**
   * Reads the served document (`spec`) again and serves it from the next request on (docs/own-spec.md "Live
   * reload"): resolves with the operations added, changed and removed and the session records dropped, or with
   * `ok: false` and the error, the previous document still served.
   */
  reload(): Promise<ReloadReport>;
  /**
   * A session's handle (docs/sessions.md), the same as `sessionClient(url, id)`: without `id` the default session
   * (what requests without `X-Mock-Session` use), else the named session `id` (created on first use).
   */
  session(id?: string): SessionApi;
}

/** A mock with the parts the package's own tests and servers reach (not part of the published API). */
export interface MockInternals extends Mock {
  readonly services: Services;
  readonly model: ApiModel;
  /** The default session's state and control plane. */
  readonly state: SessionState;
  readonly control: ControlPlane;
  readonly tokens: TokenService;
  /** The key set on Node (its signing pair's key objects, for tests that forge tokens). */
  readonly keys: NodeKeySet;
  readonly sessions: SessionRegistry;
  readonly logger: Logger;
  /** Ends the open journal streams (`/__admin/requests/stream`), as a server does before it closes. */
  endStreams(): void;
  /** Stops watching the document's file (`watch`), as a server does before it closes. */
  stopWatching(): void;
  /** Serves the document `spec` instead from now on, as `reload()` does (a `--config` file naming another). */
  switchSpec(spec: MockOptions['spec']): Promise<ReloadReport>;
}

/**
 * What only `startMock` and the package's own tests pass: the key set read before listening, the authorization
 * server's URL, a platform, and the host whose rules the options follow.
 */
export interface BuildExtras {
  readonly keys?: NodeKeySet;
  /** The authorization server's URL (`http://localhost:PORT`): the default issuer, and its port. */
  readonly authUrl?: string;
  /** Randomness and hashing: Node's unless a test makes randomness repeatable (two mocks, one sequence). */
  readonly platform?: Platform;
  /** Whose options these are (`createMock` by default; `startMock`, or `cli` for the command's Config). */
  readonly host?: Host;
}

/**
 * Builds a mock: loads the documents, seeds or loads the data, and assembles the request path and its adapters.
 *
 * @example
 * const mock = createMock({ seed: 7, users: 50 });
 * const { accessToken } = await mock.session().token({ user: 'admin@example.com' });
 * await request(mock.app).get('/users').set('Authorization', `Bearer ${accessToken}`);
 */
export function createMock(options: MockOptions = {}): Mock {
  return buildMock(options);
}

/** `createMock` with the internals typed (the package's own tests and `startMock`). */
export function buildMock(options: MockOptions = {}, extras: BuildExtras = {}): MockInternals {
  return runToEnd(buildMockSteps(options, extras));
}

/**
 * `buildMock` in steps (`data/sliced-work.ts`): `startMock` runs it a slice at a time, so a large dataset is seeded and
 * indexed while the listener already answers (`/health` included) instead of blocking the event loop.
 */
export function* buildMockSteps(options: MockOptions = {}, extras: BuildExtras = {}): Steps<MockInternals> {
  const o = resolveOptions(options, extras.host ?? 'createMock');
  const logger = o.logger ?? createLogger(o.logLevel);
  const specs = o.specs ?? specsFor(o.spec);
  const keys = extras.keys ?? new NodeKeySet([readKeyPair(o.signingKey, o.now())]);
  // Without a listener, the authorization server is where the command line's default port puts it.
  const authUrl = new URL(extras.authUrl ?? `http://localhost:${DEFAULTS.port}`);
  const mcp = lazyMcpHost({
    adminDocument: specs.admin.doc,
    now: o.now,
    randomId: () => crypto.randomUUID(),
  });
  const host = {
    ...nodeHost(o, { specs, keys, authUrl, logger, platform: extras.platform }),
    mcp,
    builtInModel: sharedSpecs().api.model,
  };
  const composed = yield* composeMock(o, host);
  const isAuth = (operation: OperationSpec): boolean => operation.tags.includes('Authorization');
  const serve = (
    serves: (operation: OperationSpec) => boolean,
  ): { app: ExpressApp; fetch: Mock['fetch'] } => {
    const handle = composed.handler(serves);
    return { app: expressApp(handle, logger), fetch: fetchAdapter(handle) };
  };
  const main = serve(o.separateAuthServer ? (operation) => !isAuth(operation) : () => true);
  mcp.bind(main.fetch);
  const auth = o.separateAuthServer
    ? serve((operation) => isAuth(operation) || operation.id === 'getHealth').app
    : main.app;
  const reloader = documentReloader(o.spec, composed, logger);
  if (o.watch) reloader.watch();
  const { services } = composed;
  const defaults = services.sessions.default;
  return {
    app: main.app,
    authApp: auth,
    fetch: main.fetch,
    logger,
    keys,
    signingKeys: mockKeys(services),
    // The served document's part as a reload last made it.
    get services() {
      return composed.services;
    },
    get model() {
      return composed.services.api;
    },
    state: defaults.state,
    control: defaults.control,
    tokens: services.tokens,
    sessions: services.sessions,
    endStreams: () => {
      services.streams.endAll();
    },
    reload: () => reloader.reload(),
    switchSpec: (spec) => reloader.switchTo(spec),
    stopWatching: () => {
      reloader.close();
    },
    // The session API over this mock's own admin API, in process: the same handle as sessionClient(url, id).
    session: (id) => inProcessSession({ id, fetch: main.fetch, adminToken: o.adminToken }),
  };
}

/**
 * An app token of the default session minted at once, as `POST /__admin/tokens` mints it (the `token` command, the
 * package's own tests); throws the same MockError refusals.
 */
export function mintDefaultToken(mock: MockInternals, request: AppTokenRequest): MintedToken {
  const { services } = mock;
  const session = services.sessions.default;
  return mintAppTokenNow(
    services.tokens,
    planAppToken(
      services.tokens,
      session.state.store,
      services.api.rolePermissions,
      request,
      services.settings.appTokenClientId,
      Math.floor(session.now() / 1000),
    ),
  );
}

/** The Express app of a new mock (for supertest): `createMock(options).app`. */
export function createApp(options: MockOptions = {}): ExpressApp {
  return createMock(options).app;
}
