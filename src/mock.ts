/**
 * `createMock(options)`: one mock of the identity service on Node, built and not listening. It is put together in
 * small steps: the options resolved, the services (`node-services.ts`), the one request path over the two operation
 * tables (`pipeline/handle.ts`), its adapters (Express for HTTP, `fetch` in-process), and the facade a test uses.
 */
import { expressApp, type ExpressApp } from './adapters/express/app.ts';
import { createLogger, type Logger, type LogLevel } from './adapters/express/log.ts';
import { fetchAdapter } from './adapters/fetch/fetch.ts';
import type { KeyState } from './oauth/key-lifecycle.ts';
import { lazyMcpHost } from './adapters/mcp/lazy-host.ts';
import { ConfigError, DEFAULTS, type Config } from './config.ts';
import type { Services } from './context.ts';
import type { ClaimRule, ClaimRuleInput } from './control/claim-rules.ts';
import { mockClock, type MockClock } from './control/clock.ts';
import type { ControlPlane } from './control/control-plane.ts';
import type { FaultInput, FaultRule } from './control/faults.ts';
import type { JournalEntry, JournalFilter } from './control/journal.ts';
import { parseRateLimit, type RateLimitConfig } from './control/rate-limit.ts';
import type { Dataset } from './data/dataset.ts';
import { loadFixturesSync } from './data/fixtures.ts';
import { hasPrebuiltDataset } from './data/prebuilt-dataset.ts';
import { seedDataset } from './data/seed.ts';
import { runToEnd, type Steps } from './data/sliced-work.ts';
import { nodeServicesSteps } from './node-services.ts';
import { mintAppTokenNow, planAppToken, type AppTokenRequest, type MintedToken } from './oauth/app-tokens.ts';
import type { TokenService } from './oauth/tokens.ts';
import { inProcessSession } from './client/in-process-session.ts';
import type { SessionApi } from './client/session-api.ts';
import type { KeyInfo } from './platform/platform.ts';
import { ADMIN_OPERATIONS } from './operations/admin/table.ts';
import { API_OPERATIONS } from './operations/api/table.ts';
import { createPipeline, type RequestHandler } from './pipeline/handle.ts';
import { apiVersionsOf } from './pipeline/header-checks.ts';
import { NodeKeySet, readKeyPair } from './platform/node/signing-keys.ts';
import type { Platform } from './platform/platform.ts';
import type { SessionRegistry } from './sessions/registry.ts';
import type { SessionState } from './sessions/session-state.ts';
import type { Session } from './sessions/session.ts';
import type { ApiModel, OperationSpec } from './spec/model.ts';
import { sharedSpecs, type Specs } from './adapters/express/specs.ts';

/**
 * Options of `createMock` and `startMock`: any option of the command line's `Config` (same names, same defaults,
 * docs/running.md), plus what only a program can pass.
 */
export interface MockOptions extends Partial<Omit<Config, 'rateLimit'>> {
  /** Rate limit at start: `100/60s`-style text or a parsed config; unset = off. */
  readonly rateLimit?: string | RateLimitConfig | undefined;
  /** A dataset to serve as is (wins over `fixtures`, `seed` and `users`). */
  readonly dataset?: Dataset;
  /**
   * Serve the authorization server (operations tagged `Authorization`) from `authApp` only, as when it has a
   * listener of its own (`--auth-port`). By default one app serves everything.
   */
  readonly separateAuthServer?: boolean;
  /** Client id named in `azp` of app tokens. */
  readonly appTokenClientId?: string;
  /** A pino logger (wins over `logLevel`). */
  readonly logger?: Logger;
  /** The clock, in epoch milliseconds (tests inject one). */
  readonly now?: () => number;
  /** The loaded documents (`loadSpecs()`); by default the ones read once per process (`sharedSpecs()`). */
  readonly specs?: Specs;
}

/**
 * The programmatic API's defaults: the command line's `DEFAULTS`, except that a mock built in a program logs
 * nothing and `startMock` takes any free port (so test files run in parallel).
 */
export const MOCK_DEFAULTS = Object.freeze({
  ...DEFAULTS,
  port: 0,
  logLevel: 'silent' satisfies LogLevel,
  separateAuthServer: false,
  appTokenClientId: 'mock-client',
  now: (): number => Date.now(),
});

/**
 * Whether a mock built with `options` seeds its data with faker, which the command's bundle loads on demand
 * (`data/faker.ts`, awaited first): not when it is given data, nor at a seed and size seeded ahead
 * (`data/prebuilt-dataset.ts`).
 */
export function seedsData(options: MockOptions): boolean {
  if (options.dataset !== undefined || options.fixtures !== undefined) return false;
  const seeding = { seed: options.seed ?? MOCK_DEFAULTS.seed, users: options.users ?? MOCK_DEFAULTS.users };
  return !hasPrebuiltDataset(seeding);
}

/**
 * A named session of a mock, for a test suite that shares the mock with others (docs/sessions.md): the same
 * interface as `sessionClient(url, id)`, over the mock's own `fetch`.
 */
export type MockSession = SessionApi;

/** A signing key as `GET /__admin/keys` lists it. */
export interface SigningKeyEntry {
  readonly kid: string;
  /** RFC 3339. */
  readonly created: string;
  readonly signing: boolean;
  /** `published` (not signing yet), `active` (signing) or `retired` (published until its grace ends). */
  readonly state: KeyState;
}

/** The server's signing keys (`/__admin/keys`), shared by every session. */
export interface MockKeys {
  list(): SigningKeyEntry[];
  /** Makes a new RSA 2048 key, or the RSA private key `pem`, the signing key; resolves to it. */
  add(pem?: string): Promise<SigningKeyEntry>;
  /** Retires key `kid`; throws for an unknown key or the last one. */
  retire(kid: string): void;
}

/** A mock, as a test suite or a program uses it. */
export interface Mock {
  /** The Express app: hand it to supertest, or to `http.createServer`. */
  readonly app: ExpressApp;
  /** The authorization server's app: `app` itself unless `separateAuthServer`. */
  readonly authApp: ExpressApp;
  /** Answers a WHATWG `Request` in this process, as the HTTP server would (same status, headers and body). */
  fetch(request: Request): Promise<Response>;
  /** Mints a user app token, as `POST /__admin/tokens` does. */
  token(request: AppTokenRequest): MintedToken;
  /** Back to the state at start: data, lock-outs, refresh tokens, fault rules, journal, rate limit. */
  reset(): void;
  /** Serves freshly seeded data (the start's seed and size by default). */
  seed(options?: { readonly seed?: number; readonly users?: number }): void;
  /** The journal, newest first. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Adds a fault rule. */
  fault(rule: FaultInput): FaultRule;
  /** Adds a claim rule. */
  claims(rule: ClaimRuleInput): ClaimRule;
  /** The default session's test clock. */
  readonly clock: MockClock;
  /** The server's signing keys (`/__admin/keys`). */
  readonly signingKeys: MockKeys;
  /** The named session `id` (created on first use), with its headers and controls. */
  session(id: string): MockSession;
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
}

/**
 * What only `startMock` and the package's own tests pass: the key set read before listening, the authorization
 * server's URL, a platform.
 */
export interface BuildExtras {
  readonly keys?: NodeKeySet;
  /** The authorization server's URL (`http://localhost:PORT`): the default issuer, and its port. */
  readonly authUrl?: string;
  /** Randomness and hashing: Node's unless a test makes randomness repeatable (two mocks, one sequence). */
  readonly platform?: Platform;
}

/**
 * Builds a mock: loads the documents, seeds or loads the data, and assembles the request path and its adapters.
 *
 * @example
 * const mock = createMock({ seed: 7, users: 50 });
 * const { accessToken } = mock.token({ user: 'admin@example.com' });
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
  const o = { ...MOCK_DEFAULTS, ...options };
  const logger = options.logger ?? createLogger(o.logLevel);
  const specs = options.specs ?? sharedSpecs();
  const rateLimit = rateLimitOf(o.rateLimit);
  const keys = extras.keys ?? new NodeKeySet([readKeyPair(o.signingKey, o.now())]);
  // Without a listener, the authorization server is where the command line's default port puts it.
  const authUrl = new URL(extras.authUrl ?? `http://localhost:${DEFAULTS.port}`);
  const services = yield* nodeServicesSteps({
    ...o,
    specs,
    keys,
    platform: extras.platform,
    dataset: o.dataset ?? (o.fixtures === undefined ? undefined : loadFixturesSync(o.fixtures)),
    rateLimit,
    sessionTtlMs: o.sessionTtl * 1000,
    issuer: o.issuer ?? `${authUrl.origin}/`,
    issuerPinned: o.issuer !== undefined,
    issuerPort: Number(authUrl.port || (authUrl.protocol === 'https:' ? 443 : 80)),
  });
  const mcp = lazyMcpHost({
    adminDocument: specs.admin.doc,
    now: o.now,
    randomId: () => crypto.randomUUID(),
  });
  const handler = requestPath({ ...services, mcp }, specs, o, logger);
  const isAuth = (operation: OperationSpec): boolean => operation.tags.includes('Authorization');
  const serve = (
    serves: (operation: OperationSpec) => boolean,
  ): { app: ExpressApp; fetch: Mock['fetch'] } => {
    const handle = handler(serves);
    return { app: expressApp(handle, logger), fetch: fetchAdapter(handle) };
  };
  const main = serve(o.separateAuthServer ? (operation) => !isAuth(operation) : () => true);
  mcp.bind(main.fetch);
  const auth = o.separateAuthServer
    ? serve((operation) => isAuth(operation) || operation.id === 'getHealth').app
    : main.app;
  return facade(services, {
    app: main.app,
    authApp: auth,
    fetch: main.fetch,
    logger,
    keys,
    adminToken: o.adminToken,
  });
}

/** The rate limit of the options: text is parsed (a bad one is a configuration error). */
function rateLimitOf(value: string | RateLimitConfig | undefined): RateLimitConfig | undefined {
  if (typeof value !== 'string') return value;
  const config = parseRateLimit(value);
  if (config === undefined) {
    throw new ConfigError(`rateLimit must look like 100/60s, 5/1s or 1000/1h (got ${JSON.stringify(value)})`);
  }
  return config;
}

/** The one request path over both operation tables, with the validators and response checks the options ask for. */
function requestPath(
  services: Services,
  specs: Specs,
  o: Pick<
    Config,
    | 'lenientQuery'
    | 'validateResponses'
    | 'admin'
    | 'trustProxy'
    | 'adminCors'
    | 'adminToken'
    | 'host'
    | 'issuer'
    | 'allowedHosts'
  >,
  logger: Logger,
): (serves: (operation: OperationSpec) => boolean) => RequestHandler {
  return createPipeline(services, {
    api: {
      model: specs.api.model,
      handlers: API_OPERATIONS,
      validator: specs.api.validator(),
      responses: o.validateResponses ? specs.api.responses() : undefined,
      name: 'spec/openapi.yaml',
    },
    admin: o.admin
      ? {
          model: specs.admin.model,
          handlers: ADMIN_OPERATIONS,
          validator: specs.admin.validator(),
          responses: o.validateResponses ? specs.admin.responses() : undefined,
          name: 'spec/admin.yaml',
        }
      : undefined,
    trustProxy: o.trustProxy,
    lenientQuery: o.lenientQuery,
    adminOrigins: o.adminCors === undefined ? [] : [o.adminCors],
    adminHosts: adminHostsOf(o),
    adminToken: o.adminToken,
    apiVersions: apiVersionsOf(specs.api.model),
    onError: (error, request) => {
      logger.error({ err: error, method: request.method }, 'internal error');
    },
  });
}

/**
 * Host names `/__admin` answers to besides loopback ones (docs/control-plane.md): the `--host` address (unless a
 * wildcard), the issuer's host and every `--allowed-host`.
 */
function adminHostsOf(o: Pick<Config, 'host' | 'issuer' | 'allowedHosts'>): string[] {
  const hosts = [...o.allowedHosts];
  if (o.host !== '0.0.0.0' && o.host !== '::' && o.host !== '')
    hosts.push(o.host.replace(/^\[(.*)\]$/, '$1'));
  if (o.issuer !== undefined) {
    try {
      hosts.push(new URL(o.issuer).hostname.replace(/^\[(.*)\]$/, '$1'));
    } catch {
      // An issuer that is not a URL names no host.
    }
  }
  return hosts;
}

/** What a test suite holds: the apps, `fetch`, and the default session's and named sessions' controls. */
function facade(
  services: Services,
  parts: {
    readonly app: ExpressApp;
    readonly authApp: ExpressApp;
    readonly fetch: Mock['fetch'];
    readonly logger: Logger;
    readonly keys: NodeKeySet;
    readonly adminToken: string | undefined;
  },
): MockInternals {
  const { sessions, tokens } = services;
  const mintIn = (session: Session, request: AppTokenRequest): MintedToken =>
    mintAppTokenNow(
      tokens,
      planAppToken(
        tokens,
        session.state.store,
        services.api.rolePermissions,
        request,
        services.settings.appTokenClientId,
        Math.floor(session.now() / 1000),
      ),
    );
  const defaults = sessions.default;
  return {
    ...parts,
    signingKeys: mockKeys(services),
    services,
    model: services.api,
    state: defaults.state,
    control: defaults.control,
    tokens,
    sessions,
    token: (request) => mintIn(defaults, request),
    reset: () => {
      defaults.reset();
    },
    seed: (seeding = {}) => {
      const { start } = services.settings;
      defaults.state.load(
        seedDataset({ seed: seeding.seed ?? start.seed, users: seeding.users ?? start.users }),
      );
    },
    requests: (filter) => defaults.control.journal.list(filter).requests,
    fault: (rule) => defaults.control.faults.add(rule),
    claims: (rule) => defaults.control.claims.add(rule),
    clock: mockClock(() => defaults.clock),
    endStreams: () => {
      services.streams.endAll();
    },
    // The session API over this mock's own admin API, in process: the same handle as sessionClient(url, id).
    session: (id) => inProcessSession({ id, fetch: parts.fetch, adminToken: parts.adminToken }),
  };
}

/** The key set's controls: what `/__admin/keys` does, in process. */
function mockKeys(services: Services): MockKeys {
  const { tokens } = services;
  const entry = (key: KeyInfo, state: KeyState): SigningKeyEntry => ({
    kid: key.kid,
    created: new Date(key.created).toISOString(),
    signing: state === 'active',
    state,
  });
  return {
    list: () => tokens.keys.standings().map(({ key, state }) => entry(key, state)),
    add: async (pem) => entry(await tokens.keys.add(pem, services.clock()), 'active'),
    retire: (kid) => {
      const outcome = tokens.keys.retire(kid);
      if (outcome === 'unknown') throw new Error(`no signing key ${JSON.stringify(kid)}`);
      if (outcome === 'last') throw new Error(`key ${JSON.stringify(kid)} is the only signing key`);
      tokens.forgetVerified();
    },
  };
}

/** The Express app of a new mock (for supertest): `createMock(options).app`. */
export function createApp(options: MockOptions = {}): ExpressApp {
  return createMock(options).app;
}
