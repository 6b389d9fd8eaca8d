/**
 * `createMock(options)`: one mock of the identity service, built and not listening (STYLE habit 1). The middleware
 * order is the whole of `createMock`'s second half; read it top to bottom.
 */
import express, { type Express, type RequestHandler } from 'express';
import { ControlPlane } from './admin/control-plane.ts';
import { ConfigError, DEFAULTS, type Config } from './config.ts';
import type { FaultInput, FaultRule } from './admin/faults.ts';
import type { JournalEntry, JournalFilter } from './admin/journal.ts';
import { parseRateLimit, type RateLimitConfig } from './admin/rate-limit.ts';
import { requireJsonForChanges } from './admin/guard.ts';
import { adminHandlers, type AdminDeps } from './admin/routes.ts';
import { mintAppToken, type AppTokenRequest, type MintedToken } from './auth/app-tokens.ts';
import { authenticate, authorize, type Principal } from './auth/bearer.ts';
import { discoveryHandlers } from './auth/discovery.ts';
import { readSigningKeys } from './auth/keys.ts';
import { tokenHandler } from './auth/token-route.ts';
import { TokenService } from './auth/tokens.ts';
import type { Dataset } from './data/dataset.ts';
import { loadFixturesSync } from './data/fixtures.ts';
import { seedDataset, seedDatasetSteps } from './data/seed.ts';
import { runInSlices, runToEnd, type Steps } from './data/steps.ts';
import { faultGate, preferences, rateLimitGate, recordInJournal } from './http/control.ts';
import { applyCors } from './http/cors.ts';
import { ApiError } from './http/errors.ts';
import { dispatch } from './http/dispatch.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { getHealth } from './http/health.ts';
import { createLogger, logRequest, type Logger, type LogLevel } from './http/log.ts';
import { MockState } from './mock-state.ts';
import { SessionRegistry } from './sessions/registry.ts';
import { Session } from './sessions/session.ts';
import { SESSION_HEADER, sessionIdProblem } from './sessions/session-id.ts';
import type { ApiModel, OperationSpec } from './spec/model.ts';
import { loadSpecs, type LoadedSpec, type Specs } from './spec/specs.ts';
import { RouteTable } from './spec/route-table.ts';
import { readListUsersSpec } from './users/query.ts';
import { userHandlers } from './http/user-routes.ts';
import { workspaceHandlers } from './http/workspace-routes.ts';
import { authorizeHandlers } from './login/authorize-route.ts';
import { logoutHandlers } from './login/logout-route.ts';
import { userinfoHandler } from './login/userinfo-route.ts';
import { consoleHandlers, docsHandlers } from './console/handlers.ts';
import { browserHome } from './console/home.ts';
import { JournalStreams } from './console/journal-stream.ts';
import { pageData } from './console/page-data.ts';

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
  /** The loaded documents (`loadSpecs()`); pass one to many mocks to build each faster. */
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

/** A named session of a mock, for a test suite that shares the mock with others (docs/sessions.md). */
export interface MockSession {
  readonly id: string;
  /** `{ 'X-Mock-Session': id }`: send it with every request of the suite. */
  readonly headers: Readonly<Record<string, string>>;
  /** Back to the session's start: data, lock-outs, refresh tokens, fault rules, journal, rate limit. */
  reset(): void;
  /** The session's journal, newest first. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Adds a fault rule to the session. */
  fault(rule: FaultInput): FaultRule;
  /** Mints a user app token; the user must exist in the session. */
  token(request: AppTokenRequest): MintedToken;
  /** Drops the session (its next use starts afresh). */
  drop(): void;
}

export interface Mock {
  /** The Express app: hand it to supertest, or to `http.createServer`. */
  readonly app: Express;
  /** The authorization server's app: `app` itself unless `separateAuthServer`. */
  readonly authApp: Express;
  readonly model: ApiModel;
  readonly state: MockState;
  readonly tokens: TokenService;
  readonly logger: Logger;
  /** Mints a user app token, as `POST /__admin/tokens` does. */
  token(request: AppTokenRequest): MintedToken;
  /** The control plane: fault rules, rate limiter, journal. */
  readonly control: ControlPlane;
  /** Back to the state at start: data, lock-outs, refresh tokens, fault rules, journal, rate limit. */
  reset(): void;
  /** Serves freshly seeded data (the start's seed and size by default). */
  seed(options?: { readonly seed?: number; readonly users?: number }): void;
  /** The journal, newest first. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Adds a fault rule. */
  fault(rule: FaultInput): FaultRule;
  /** Ends the open journal streams (`/__admin/requests/stream`), as a server does before it closes. */
  endStreams(): void;
  /** The sessions: the default one (no `X-Mock-Session`) and the named ones. */
  readonly sessions: SessionRegistry;
  /** The named session `id` (created on first use), with its headers and controls. */
  session(id: string): MockSession;
}

/**
 * Builds a mock: loads and checks the spec, seeds or loads the data, and assembles the Express app.
 *
 * @example
 * const mock = createMock({ seed: 7, users: 50 });
 * const { accessToken } = mock.token({ user: 'admin@example.com' });
 * await request(mock.app).get('/users').set('Authorization', `Bearer ${accessToken}`);
 */
export function createMock(options: MockOptions = {}): Mock {
  return runToEnd(createMockSteps(options));
}

/**
 * `createMock` in steps (`data/steps.ts`): `startMock` runs it a slice at a time, so a large dataset is seeded and
 * indexed while the listener already answers (`/health` included) instead of blocking the event loop.
 */
export function* createMockSteps(options: MockOptions = {}): Steps<Mock> {
  const o = { ...MOCK_DEFAULTS, ...options };
  const logger = options.logger ?? createLogger(o.logLevel);

  // 1. The spec, checked before anything else uses it.
  const specs = options.specs ?? loadSpecs();
  const { model } = specs.api;
  const listUsers = readListUsersSpec(model);
  const versionParam = model.deref({ $ref: '#/components/parameters/X-API-Version' });
  const versions = model.deref(versionParam.schema).enum;
  const apiVersions = Array.isArray(versions) ? versions.map(String) : ['v1'];
  const servedVersion = apiVersions[0] ?? 'v1';

  // 2. Data, keys, tokens.
  const dataset =
    o.dataset ??
    (o.fixtures === undefined
      ? yield* seedDatasetSteps({ seed: o.seed, users: o.users })
      : loadFixturesSync(o.fixtures));
  const state = yield* MockState.build(dataset, listUsers, o.queryCache, o.now);
  const rateLimitConfig = typeof o.rateLimit === 'string' ? parseRateLimit(o.rateLimit) : o.rateLimit;
  if (typeof o.rateLimit === 'string' && rateLimitConfig === undefined) {
    throw new ConfigError(
      `rateLimit must look like 100/60s, 5/1s or 1000/1h (got ${JSON.stringify(o.rateLimit)})`,
    );
  }
  const newControl = (): ControlPlane =>
    new ControlPlane({ seed: o.seed, rateLimit: rateLimitConfig, now: o.now });
  const control = newControl();
  // Requests without X-Mock-Session use `state` and `control`; a named session forks both from the start.
  // The journal stream follows the request's session; a session's streams end with it.
  const streams = new JournalStreams(() => current().control.journal);
  const sessions = new SessionRegistry(new Session(undefined, state, control, o.now()), {
    maxSessions: o.maxSessions,
    ttlMs: o.sessionTtl * 1000,
    now: o.now,
    create: (id, now) => new Session(id, state.fork(), newControl(), now),
    onDrop: (session) => {
      streams.endFor(session.control.journal);
    },
  });
  const current = (): Session => sessions.current();
  // Without a listener, the issuer is the one the command line's default port gives.
  const issuer = o.issuer ?? `http://localhost:${DEFAULTS.port}/`;
  const tokens = new TokenService(
    o.signingKey === undefined ? readSigningKeys() : readSigningKeys(o.signingKey),
    {
      issuer,
      audience: o.audience,
      claimsNamespace: o.claimsNamespace,
      ttlSeconds: o.tokenTtl,
    },
    o.now,
  );

  // 3. The middleware, in order.
  const routes = new RouteTable(model.operations);
  const validator = specs.api.validator({
    validateResponses: o.validateResponses,
    lenientQuery: o.lenientQuery,
  });
  const pages = (): ReturnType<typeof pageData> => pageData(current().state.clients, o.audience, o.admin);
  const handlers = {
    getHealth,
    ...docsHandlers({
      doc: specs.api.doc,
      // The authorization server's operations name their own server: this one unless it has a listener of its own.
      authUrl: (base) => (o.separateAuthServer ? issuer.replace(/\/$/, '') : base),
      pageData: pages,
    }),
    ...userHandlers(() => current().state, listUsers),
    ...workspaceHandlers(() => current().state, model, listUsers),
    issueToken: tokenHandler(() => current().state, tokens, model.rolePermissions),
    ...discoveryHandlers(tokens),
    ...authorizeHandlers(() => current().state, tokens),
    ...logoutHandlers(() => current().state, tokens),
    getUserinfo: userinfoHandler(() => current().state),
    postUserinfo: userinfoHandler(() => current().state),
  };
  const mintIn = (session: Session, request: AppTokenRequest): MintedToken =>
    mintAppToken(tokens, session.state.store, model.rolePermissions, request, o.appTokenClientId);
  const mintToken = (request: AppTokenRequest): MintedToken => mintIn(current(), request);
  const admin = o.admin
    ? adminDispatch({
        ...o,
        spec: specs.admin,
        session: current,
        sessions,
        newSession: async (id: string, dataset: Dataset | undefined) => {
          const session = new Session(id, state.fork(), newControl(), o.now());
          // A dataset of its own is built in slices, as POST /seed builds one (data/steps.ts).
          if (dataset !== undefined) await runInSlices(session.state.loadSteps(dataset, true));
          sessions.put(id, session);
          return session;
        },
        mintToken,
        apiVersions,
        console: consoleHandlers({ doc: specs.admin.doc, streams, pageData: pages }),
      })
    : undefined;
  const gates = [rateLimitGate(() => current().control), faultGate(() => current().control, model)];
  const cors = { adminOrigins: o.adminCors === undefined ? [] : [o.adminCors] };
  const isAuthOperation = (operation: OperationSpec): boolean => operation.tags.includes('Authorization');
  const buildApp = (serves: (operation: OperationSpec) => boolean): Express => {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.set('trust proxy', o.trustProxy);
    // One prelude rather than a middleware each: every Express layer costs a few µs per request.
    app.use((req, res, next) => {
      logRequest(logger, req, res);
      res.setHeader('X-API-Version', servedVersion);
      // The session: named by X-Mock-Session (echoed), else the default one; everything after runs inside it.
      const id = req.get(SESSION_HEADER);
      const problem = id === undefined ? undefined : sessionIdProblem(id);
      const session = sessions.use(problem === undefined ? id : undefined);
      if (id !== undefined && problem === undefined) res.setHeader(SESSION_HEADER, id);
      recordInJournal(session.control, session.id, o.now, req, res);
      if (applyCors(req, res, cors)) return;
      if (problem !== undefined) {
        next(
          new ApiError(400, 'invalid_request', `${SESSION_HEADER} ${problem}`, {
            details: [{ location: 'header', name: SESSION_HEADER, message: problem }],
          }),
        );
        return;
      }
      sessions.run(session, next);
    });
    app.use(browserHome(admin === undefined ? '/docs' : '/__admin/ui/'));
    if (admin !== undefined) app.use('/__admin', requireJsonForChanges, admin);
    app.use(
      dispatch({
        routes,
        validator,
        apiVersions,
        mediaTypes: model.requestContentTypes,
        authorize: (req, operation) => {
          const principal = authenticate(req.headers.authorization, tokens, current().state.store);
          authorize(principal, operation.permissions);
          return principal;
        },
        handlers,
        gates,
        preferences: preferences(model),
        excluded: (operation) => !serves(operation),
      }),
    );
    app.use(errorMiddleware(logger));
    return app;
  };
  const app = buildApp(o.separateAuthServer ? (operation) => !isAuthOperation(operation) : () => true);
  const authApp = o.separateAuthServer
    ? buildApp((operation) => isAuthOperation(operation) || operation.id === 'getHealth')
    : app;

  return {
    app,
    authApp,
    model,
    state,
    tokens,
    logger,
    control,
    token: (request) => mintIn(sessions.default, request),
    reset: () => {
      sessions.default.reset();
    },
    seed: (seeding = {}) => {
      state.load(seedDataset({ seed: seeding.seed ?? o.seed, users: seeding.users ?? o.users }));
      state.auth.clear();
      state.login.clear();
    },
    requests: (filter) => control.journal.list(filter).requests,
    fault: (rule) => control.faults.add(rule),
    endStreams: () => {
      streams.endAll();
    },
    sessions,
    session: (id) => {
      const problem = sessionIdProblem(id);
      if (problem !== undefined) throw new Error(`session id ${problem}`);
      const get = (): Session => sessions.use(id);
      return {
        id,
        headers: Object.freeze({ [SESSION_HEADER]: id }),
        reset: () => {
          get().reset();
        },
        requests: (filter) => get().control.journal.list(filter).requests,
        fault: (rule) => get().control.faults.add(rule),
        token: (request) => mintIn(get(), request),
        drop: () => {
          sessions.drop(id);
        },
      };
    },
  };
}

interface AdminOptions {
  readonly spec: LoadedSpec;
  readonly session: () => Session;
  readonly sessions: SessionRegistry;
  readonly newSession: AdminDeps['newSession'];
  readonly mintToken: (request: AppTokenRequest) => MintedToken;
  readonly apiVersions: readonly string[];
  readonly seed: number;
  readonly users: number;
  readonly adminToken?: string | undefined;
  readonly validateResponses: boolean;
  readonly console: AdminDeps['console'];
}

/** The control plane under `/__admin`, validated against spec/admin.yaml like the API is against its own spec. */
function adminDispatch(o: AdminOptions): RequestHandler {
  const { model } = o.spec;
  const principal: Principal = { claims: {}, permissions: new Set(), slot: undefined };
  return dispatch({
    routes: new RouteTable(model.operations),
    validator: o.spec.validator({ validateResponses: o.validateResponses, lenientQuery: false }),
    apiVersions: o.apiVersions,
    mediaTypes: ['application/json'],
    specName: 'spec/admin.yaml',
    authorize: (req) => {
      const given = /^bearer[ \t]+(.+)$/i.exec(req.headers.authorization?.trim() ?? '')?.[1];
      if (o.adminToken !== undefined && given !== o.adminToken) {
        throw new ApiError(
          401,
          'admin_token_required',
          'the admin API needs Authorization: Bearer <the --admin-token>',
          {
            headers: { 'WWW-Authenticate': 'Bearer realm="identity-mock admin"' },
          },
        );
      }
      return principal;
    },
    handlers: adminHandlers({
      session: o.session,
      sessions: o.sessions,
      newSession: o.newSession,
      start: { seed: o.seed, users: o.users },
      // A reset is a fresh view over the session's shared data: nothing to build, nothing to slice.
      reset: () => {
        o.session().reset();
        return Promise.resolve();
      },
      mintToken: o.mintToken,
      console: o.console,
    }),
  });
}

/** The Express app of a new mock (for supertest): `createMock(options).app`. */
export function createApp(options: MockOptions = {}): Express {
  return createMock(options).app;
}
