/**
 * `createHandlers(options)`: the mock as MSW request handlers (docs/msw.md). Every request to the base URL goes
 * through the one request path (`pipeline/handle.ts`) by the in-process adapter (`adapters/fetch/`), over services
 * built on WebCrypto, so the answers are the HTTP server's: same status, headers and body, errors included.
 * Building is synchronous; what needs WebCrypto (the key) or faker (another seed) finishes in `mock.ready`, which
 * the handlers await before they answer.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { inProcessSession } from '../../client/in-process-session.ts';
import type { SessionApi } from '../../client/session-api.ts';
import type { ClaimRule, ClaimRuleInput } from '../../control/claim-rules.ts';
import { mockClock, type ClockState } from '../../control/clock.ts';
import type { FaultInput, FaultRule } from '../../control/faults.ts';
import type { JournalEntry, JournalFilter } from '../../control/journal.ts';
import { parseRateLimit, type RateLimitConfig } from '../../control/rate-limit.ts';
import type { Dataset } from '../../data/dataset.ts';
import {
  mintAppToken,
  planAppToken,
  type AppTokenRequest,
  type MintedToken,
} from '../../oauth/app-tokens.ts';
import type { AccessTokenFormat } from '../../oauth/tokens.ts';
import { ADMIN_OPERATIONS } from '../../operations/admin/table.ts';
import { API_OPERATIONS } from '../../operations/api/table.ts';
import { createPipeline } from '../../pipeline/handle.ts';
import { apiVersionsOf } from '../../pipeline/header-checks.ts';
import type { Platform } from '../../platform/platform.ts';
import { WebKeySet } from '../../platform/web/web-key-set.ts';
import { WEB_PLATFORM } from '../../platform/web/web-platform.ts';
import { buildApiModel } from '../../spec/model.ts';
import type { Services } from '../../context.ts';
import { fetchAdapter } from '../fetch/fetch.ts';
import { compiledValidator } from './compiled-validator.ts';
import { refusedOption, OptionError } from './options.ts';
import type { MswParts } from './parts.ts';
import { mswServices } from './services.ts';
import { withUnserved } from './unserved.ts';

/** Options of `createHandlers`: the command line's options that make sense without a server (docs/msw.md). */
export interface HandlerOptions {
  /** The URL the handlers answer at (default `http://localhost:8080`, the server's default). */
  readonly baseUrl?: string;
  /** Faker seed (default 42): the same seed gives the same users as the server. */
  readonly seed?: number;
  /** Number of faker users besides the three known accounts (default 200). */
  readonly users?: number;
  /** Fixture records to serve instead of seeded users: what a fixtures file holds (`{ users, workspaces, clients }`). */
  readonly fixtures?: unknown;
  /** The signing key as PKCS#8 PEM text (default: the committed dev key, the server's default). */
  readonly signingKeyPem?: string;
  readonly issuer?: string;
  readonly audience?: string;
  readonly claimsNamespace?: string;
  readonly tokenTtl?: number;
  readonly accessTokenFormat?: AccessTokenFormat;
  readonly lenientQuery?: boolean;
  /** Serve the control plane (`/__admin`); default true. */
  readonly admin?: boolean;
  readonly adminToken?: string;
  /** `100/60s`-style text or a parsed config; unset = off. */
  readonly rateLimit?: string | RateLimitConfig;
  readonly maxSessions?: number;
  /** Seconds. */
  readonly sessionTtl?: number;
  readonly queryCache?: number;
  readonly maxStateMemory?: number;
  readonly appTokenClientId?: string;
  /** The clock, in epoch milliseconds. */
  readonly now?: () => number;
  /** Called with every failure the mock did not mean (answered as a 500); `console.error` by default. */
  readonly onError?: (error: unknown) => void;
}

/** The programmatic handle of the mock the handlers serve: its default session, and named sessions. */
export interface MswMock {
  /** Resolves once the mock is built (the handlers wait for it on their own). */
  readonly ready: Promise<void>;
  /** The URL the handlers answer at. */
  readonly baseUrl: string;
  /** Answers a WHATWG `Request` as the handlers do, without MSW. */
  fetch(request: Request): Promise<Response>;
  /** Mints a user app token, as `POST /__admin/tokens` does. */
  token(request: AppTokenRequest): Promise<MintedToken>;
  /** Back to the state at start: data, lock-outs, refresh tokens, fault rules, claim rules, journal, clock. */
  reset(): Promise<void>;
  /** Serves freshly seeded data (the start's seed and size by default). */
  seed(options?: { readonly seed?: number; readonly users?: number }): Promise<void>;
  /** The journal, newest first. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  fault(rule: FaultInput): Promise<FaultRule>;
  claims(rule: ClaimRuleInput): Promise<ClaimRule>;
  /** The default session's test clock. */
  readonly clock: {
    get(): Promise<ClockState>;
    set(now: string | Date): Promise<ClockState>;
    advance(by: string | number): Promise<ClockState>;
    resume(): Promise<ClockState>;
    real(): Promise<ClockState>;
  };
  /** The named session `id`: the same handle as `sessionClient(url, id)`, over these handlers. */
  session(id: string): SessionApi;
}

export interface MswHandlers {
  readonly handlers: HttpHandler[];
  readonly mock: MswMock;
}

const ACCEPTED = new Set([
  'baseUrl',
  'seed',
  'users',
  'fixtures',
  'signingKeyPem',
  'issuer',
  'audience',
  'claimsNamespace',
  'tokenTtl',
  'accessTokenFormat',
  'lenientQuery',
  'admin',
  'adminToken',
  'rateLimit',
  'maxSessions',
  'sessionTtl',
  'queryCache',
  'maxStateMemory',
  'appTokenClientId',
  'now',
  'onError',
]);

/**
 * `createHandlers` over `parts`; `platform` is WebCrypto's unless a test makes randomness repeatable (two mocks, one
 * sequence).
 */
export function createHandlersFrom(
  parts: MswParts,
  options: HandlerOptions = {},
  platform: Platform = WEB_PLATFORM,
): MswHandlers {
  for (const name of Object.keys(options)) {
    const refused = refusedOption(name, (options as Record<string, unknown>)[name]);
    if (refused !== undefined) throw new OptionError(refused);
    if (!ACCEPTED.has(name)) {
      throw new OptionError(
        `createHandlers: unknown option ${JSON.stringify(name)}; accepted: ${[...ACCEPTED].join(', ')}`,
      );
    }
  }
  const d = parts.defaults;
  const base = new URL(options.baseUrl ?? `http://localhost:${d.port}`);
  const baseUrl = base.href.replace(/\/+$/, '');
  const now = options.now ?? ((): number => Date.now());
  const seed = options.seed ?? d.seed;
  const users = options.users ?? d.users;
  const rateLimit = rateLimitOf(options.rateLimit);
  const admin = options.admin ?? true;
  const lenientQuery = options.lenientQuery ?? false;
  const models = { api: buildApiModel(parts.documents.api), admin: buildApiModel(parts.documents.admin) };
  const settings = {
    seed,
    users,
    queryCache: options.queryCache ?? d.queryCache,
    rateLimit,
    maxSessions: options.maxSessions ?? d.maxSessions,
    sessionTtlMs: (options.sessionTtl ?? d.sessionTtl) * 1000,
    maxStateMemory: options.maxStateMemory ?? d.maxStateMemory,
    issuer: options.issuer ?? `${base.origin}/`,
    issuerPinned: options.issuer !== undefined,
    issuerPort: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
    accessTokenFormat: options.accessTokenFormat ?? d.accessTokenFormat,
    audience: options.audience ?? d.audience,
    claimsNamespace: options.claimsNamespace ?? d.claimsNamespace,
    tokenTtl: options.tokenTtl ?? d.tokenTtl,
    appTokenClientId: options.appTokenClientId ?? 'mock-client',
    admin,
    now,
  };
  const onError =
    options.onError ??
    ((error: unknown): void => {
      // eslint-disable-next-line no-console -- a page has no logger: the console is where a developer looks
      console.error('identity-mock: internal error', error);
    });

  const built = (async () => {
    const keys = await WebKeySet.fromPem(options.signingKeyPem ?? parts.signingKeyPem, now());
    const services = mswServices(
      settings,
      platform,
      parts,
      models,
      parts.documents,
      keys,
      await datasetOf(),
      parts.knownAccounts,
    );
    const handle = createPipeline(services, {
      api: {
        model: models.api,
        handlers: withUnserved('api', API_OPERATIONS),
        validator: compiledValidator('api', models.api, parts.schemas),
        responses: undefined,
        name: 'spec/openapi.yaml',
      },
      admin: admin
        ? {
            model: models.admin,
            handlers: withUnserved('admin', ADMIN_OPERATIONS),
            validator: compiledValidator('admin', models.admin, parts.schemas),
            responses: undefined,
            name: 'spec/admin.yaml',
          }
        : undefined,
      trustProxy: false,
      lenientQuery,
      adminOrigins: [],
      adminHosts: [base.hostname.replace(/^\[(.*)\]$/, '$1')],
      adminToken: options.adminToken,
      apiVersions: apiVersionsOf(models.api),
      onError: (error) => {
        onError(error);
      },
    })(() => true);
    return { services, fetch: fetchAdapter(handle) };
  })();

  async function datasetOf(): Promise<Dataset> {
    if (options.fixtures !== undefined) return parts.fromRecords(options.fixtures, 'the fixtures option');
    if (seed === d.seed && users === d.users) return parts.defaultDataset();
    return parts.seed(seed, users);
  }

  const fetchIn = async (request: Request): Promise<Response> => (await built).fetch(request);
  const on = async <T>(use: (services: Services) => T | Promise<T>): Promise<T> =>
    use((await built).services);

  const handler = http.all(`${baseUrl}/*`, async ({ request }) => {
    try {
      return await fetchIn(request);
    } catch (error) {
      // A fault rule with status 0 drops the connection: the page sees a network error, as from a server.
      if (error instanceof TypeError) return HttpResponse.error();
      throw error;
    }
  });

  const mock: MswMock = {
    ready: built.then(() => undefined),
    baseUrl,
    fetch: fetchIn,
    token: (request) =>
      on((services) => {
        const session = services.sessions.default;
        return mintAppToken(
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
      }),
    reset: () =>
      on((services) => {
        services.sessions.default.reset();
      }),
    seed: (seeding = {}) =>
      on(async (services) => {
        const dataset =
          (seeding.seed ?? seed) === d.seed && (seeding.users ?? users) === d.users
            ? parts.defaultDataset()
            : await parts.seed(seeding.seed ?? seed, seeding.users ?? users);
        services.sessions.default.state.load(dataset);
      }),
    requests: (filter) => on((services) => services.sessions.default.control.journal.list(filter).requests),
    fault: (rule) => on((services) => services.sessions.default.control.faults.add(rule)),
    claims: (rule) => on((services) => services.sessions.default.control.claims.add(rule)),
    clock: {
      get: () => on((s) => mockClock(() => s.sessions.default.clock).get()),
      set: (at) => on((s) => mockClock(() => s.sessions.default.clock).set(at)),
      advance: (by) => on((s) => mockClock(() => s.sessions.default.clock).advance(by)),
      resume: () => on((s) => mockClock(() => s.sessions.default.clock).resume()),
      real: () => on((s) => mockClock(() => s.sessions.default.clock).real()),
    },
    session: (id) =>
      inProcessSession({
        id,
        fetch: fetchIn,
        url: baseUrl,
        ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
      }),
  };
  return { handlers: [handler], mock };
}

function rateLimitOf(value: string | RateLimitConfig | undefined): RateLimitConfig | undefined {
  if (typeof value !== 'string') return value;
  const config = parseRateLimit(value);
  if (config === undefined) {
    throw new OptionError(
      `createHandlers: rateLimit must look like 100/60s, 5/1s or 1000/1h (got ${JSON.stringify(value)})`,
    );
  }
  return config;
}
