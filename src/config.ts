/**
 * Configuration: the typed `Config`, the table of its options (flag, default, parser, help line), the frozen
 * `DEFAULTS` read from that table, and `parseConfig`, which reads argv, the environment and a `--config` file
 * (pure: it throws ConfigError and never exits). Only `cli.ts` passes it `process.argv` and `process.env`.
 * Adding a flag is one field of `Config` and one entry of `OPTIONS`: the parser, the environment variable, the
 * config file and `--help` all follow from it.
 */
import { parseRateLimit, type RateLimitConfig } from './control/rate-limit.ts';
import { ACCESS_TOKEN_FORMATS, type AccessTokenFormat } from './oauth/tokens.ts';
import { OAUTH_ERROR_STATUSES, type OAuthErrorStatuses } from './oauth/error-statuses.ts';

/** Levels of `--log-level`, quietest first. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  /** Port of the API (0 = any free port). */
  readonly port: number;
  /** Address to bind. */
  readonly host: string;
  /** Faker seed: the same seed gives the same users. */
  readonly seed: number;
  /** Number of faker users, besides the three known accounts. */
  readonly users: number;
  /** A directory of JSON fixtures, or one fixtures file, to serve instead of seeded users. */
  readonly fixtures: string | undefined;
  /** The OpenAPI document to serve instead of spec/openapi.yaml (docs/own-spec.md); undefined = the package's. */
  readonly spec: string | undefined;
  /** Read the document, the fixtures and the config file again when they change (docs/own-spec.md "Reload"). */
  readonly watch: boolean;
  /** Validate response bodies against the spec (an invalid one becomes a 500). */
  readonly validateResponses: boolean;
  /** Accept query parameters the spec does not declare. */
  readonly lenientQuery: boolean;
  /** Honour X-Forwarded-Proto/Host (URLs) and X-Forwarded-For's last entry (the client's address). */
  readonly trustProxy: boolean;
  readonly logLevel: LogLevel;
  /** Full query results kept for reuse; 0 turns the cache off. */
  readonly queryCache: number;
  /** Port of a separate authorization-server listener; undefined = the API's listener. */
  readonly authPort: number | undefined;
  /** `iss` of tokens (the auth server's URL with a trailing slash); undefined = the address each client used. */
  readonly issuer: string | undefined;
  /** `jwt` (Auth0's `typ: JWT`) or `at+jwt` (RFC 9068). */
  readonly accessTokenFormat: AccessTokenFormat;
  /** Default audience of tokens. */
  readonly audience: string;
  /** Namespace of the userID claim. */
  readonly claimsNamespace: string;
  /** Token lifetime in seconds. */
  readonly tokenTtl: number;
  /** PEM file of the RSA signing key; undefined = the committed dev key. */
  readonly signingKey: string | undefined;
  /** Serve the control plane under /__admin. */
  readonly admin: boolean;
  /** Bearer token required on /__admin; undefined = none. */
  readonly adminToken: string | undefined;
  /** Rate limit at start, e.g. `100/60s`; undefined = off. */
  readonly rateLimit: RateLimitConfig | undefined;
  /** An origin allowed to call /__admin cross-origin; undefined = none. */
  readonly adminCors: string | undefined;
  /** Seconds requests in flight may take to finish after SIGTERM/SIGINT (longer than any accepted delay). */
  readonly shutdownGrace: number;
  /**
   * Named sessions (`X-Mock-Session`) kept at once; a new one replaces a light one (holding nothing of its own) at
   * once, else one with state idle for 60 s (else 503).
   */
  readonly maxSessions: number;
  /** Seconds after which an unused named session is dropped. */
  readonly sessionTtl: number;
  /** Bytes the sessions' own state (deletions, tokens, codes, journals …) may hold in all. */
  readonly maxStateMemory: number;
  /**
   * Bytes one named session's own state may hold, and the reserve of the default session that named ones never take;
   * undefined: 1/8 of `maxStateMemory`.
   */
  readonly maxSessionMemory: number | undefined;
  /** Connections open at once, over every listener; beyond, a new one closes the longest-idle one (else is refused). */
  readonly maxConnections: number;
  /** Host names, besides loopback, the `--host` address and the issuer's host, that `/__admin` answers to. */
  readonly allowedHosts: readonly string[];
  /** Statuses of the token endpoint's errors: Auth0's (`invalid_grant` 403) or RFC 6749 §5.2's (400; 401). */
  readonly oauthErrors: OAuthErrorStatuses;
  /** Seconds a retired signing key stays published (and verifying) before it is dropped. */
  readonly keyGrace: number;
}

/** A bad flag, value, variable or configuration file: the command line exits 2 with its message. */
export class ConfigError extends Error {
  override readonly name: string = 'ConfigError';
}

/** A flag as the command line and `--help` know it. */
export interface FlagSpec {
  /** `--<flag>`; also `IDENTITY_MOCK_<FLAG>` and the key in a `--config` file (for options of `Config`). */
  readonly flag: string;
  /** One-letter alias: `-p`. */
  readonly short?: string;
  /** Placeholder of the value in `--help`; absent for a switch (a flag without a value). */
  readonly value?: string;
  readonly help: string;
}

/**
 * Where options are given: the command line (flags, `IDENTITY_MOCK_*` variables and a `--config` file),
 * `createMock`, `startMock`, `createHandlers` (identity-mock/msw) and the drift proxy (`identity-mock proxy`).
 */
export const HOSTS = ['cli', 'createMock', 'startMock', 'createHandlers', 'proxy'] as const;
export type Host = (typeof HOSTS)[number];

/** Hosts an option of `Config` is accepted by unless its entry says otherwise. */
export const CONFIG_HOSTS: readonly Host[] = ['cli', 'createMock', 'startMock', 'createHandlers'];
/** Hosts an option only a program passes (an entry without `flag`) is accepted by unless its entry says otherwise. */
export const PROGRAM_HOSTS: readonly Host[] = ['createMock', 'startMock', 'createHandlers'];

/** Which hosts take an option, and what a host that cannot honour it says instead. */
export interface HostRule {
  /** The hosts that accept it (`CONFIG_HOSTS` or `PROGRAM_HOSTS` when absent). */
  readonly hosts?: readonly Host[];
  /**
   * Hosts that cannot honour it, each with the end of its refusal: what the option is, and what works instead
   * (`createHandlers: port is a listening port; the handlers answer at baseUrl`). `when` refuses only such values.
   */
  readonly refused?: { readonly [H in Host]?: string | Refusal };
}

/** A refusal of some values only: `fixtures` as a path where no file can be read. */
export interface Refusal {
  readonly when: (value: unknown) => boolean;
  readonly text: string;
}

/** An option only a program passes (a function, an object, or what a page has instead of a file). */
export interface ProgramOption extends HostRule {
  readonly flag?: undefined;
  readonly help: string;
}

/** An option of `Config`: its flag, its default and how its text becomes a value. */
export interface Option<T> extends FlagSpec, HostRule {
  readonly default: T;
  /** The default as `--help` shows it, when printing the value would not say it well. */
  readonly shown?: string;
  /** Text (from argv, the environment or the config file) → value; throws a ConfigError naming `name`. */
  readonly parse: (text: string, name: string) => T;
}

function fail(name: string, accepts: string, text: string): never {
  throw new ConfigError(`${name} must be ${accepts} (got ${JSON.stringify(text)})`);
}

const integer =
  (min: number, max: number) =>
  (text: string, name: string): number => {
    const n = /^\s*-?\d+\s*$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) fail(name, `an integer from ${min} to ${max}`, text);
    return n;
  };

const anyText = (text: string): string => text;

/** Whether `value` is a document's YAML or JSON text rather than a file's path (a page may pass either). */
export function looksLikeDocumentText(value: string): boolean {
  return value.includes('\n') || /^\s*[{[]/.test(value) || /^\s*(openapi|swagger)\s*:/.test(value);
}

const switchOf =
  (negated = false) =>
  (text: string, name: string): boolean => {
    let on: boolean;
    if (/^(1|true|yes|on)$/i.test(text.trim())) on = true;
    else if (/^(0|false|no|off)$/i.test(text.trim())) on = false;
    else fail(name, 'true or false', text);
    return negated ? !on : on;
  };

function logLevel(text: string, name: string): LogLevel {
  return LOG_LEVELS.find((level) => level === text) ?? fail(name, `one of ${LOG_LEVELS.join(', ')}`, text);
}

/** `http://host:8080` → `http://host:8080/` (docs/tokens.md: `iss` is the auth URL with a trailing slash). */
function issuer(text: string, name: string): string {
  if (!/^https?:\/\/[^\s/]+/.test(text)) fail(name, 'an http(s) URL', text);
  return text.endsWith('/') ? text : `${text}/`;
}

function accessTokenFormat(text: string, name: string): AccessTokenFormat {
  return (
    ACCESS_TOKEN_FORMATS.find((format) => format === text) ??
    fail(name, ACCESS_TOKEN_FORMATS.join(' or '), text)
  );
}

function oauthErrorStatuses(text: string, name: string): OAuthErrorStatuses {
  return (
    OAUTH_ERROR_STATUSES.find((statuses) => statuses === text) ??
    fail(name, OAUTH_ERROR_STATUSES.join(' or '), text)
  );
}

function duration(text: string, name: string): number {
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds < 0) fail(name, 'a duration such as 0, 90s, 10m or 1h', text);
  return seconds;
}

function positiveDuration(text: string, name: string): number {
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds <= 0) {
    fail(name, 'a positive duration such as 3600, 90s, 15m, 24h or 7d', text);
  }
  return seconds;
}

/** `--admin-cors`: an origin as a browser sends it, scheme://host[:port] without a path. */
function origin(text: string, name: string): string {
  if (!/^https?:\/\/[^\s/?#]+$/.test(text)) {
    fail(name, 'an origin such as http://localhost:3000 (scheme, host, optional port; no path)', text);
  }
  return text;
}

/** `--shutdown-grace`: 0 to 3600 seconds, written as a duration. */
function grace(text: string, name: string): number {
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds < 0 || seconds > 3600) {
    fail(name, 'a duration from 0 to 1h such as 15, 30s or 2m', text);
  }
  return seconds;
}

/** `--session-ttl`: 1 second to 7 days, written as a duration. */
function sessionTtl(text: string, name: string): number {
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds < 1 || seconds > 7 * 86_400) {
    fail(name, 'a duration from 1s to 7d such as 90s, 30m or 2h', text);
  }
  return seconds;
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/**
 * A size in bytes: a number of bytes, or a number with `KB`, `MB` or `GB` (powers of 1024; `KiB`, `MiB`, `GiB` and
 * lower case too).
 *
 * @example parseSize('512MB') // 536870912
 */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:([kmg])i?b)?\s*$/i.exec(text);
  if (match === null) return undefined;
  const bytes = Number(match[1]) * (SIZE_UNITS[(match[2] ?? '').toLowerCase()] ?? 1);
  return Number.isFinite(bytes) ? Math.floor(bytes) : undefined;
}

/** `--max-state-memory`: 1 MB to 1 TB. */
function stateMemory(text: string, name: string): number {
  const bytes = parseSize(text);
  if (bytes === undefined || bytes < 1024 ** 2 || bytes > 1024 ** 4) {
    fail(name, 'a size from 1MB to 1024GB: bytes, or a number with KB, MB or GB (512MB, 2GB)', text);
  }
  return bytes;
}

/** `--allowed-host`: host names or addresses, comma-separated, without scheme or port. */
function hostList(text: string, name: string): readonly string[] {
  const hosts = text
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  for (const host of hosts) {
    if (!/^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])$/.test(host)) {
      fail(
        name,
        'host names or addresses separated by commas, without scheme or port (ci-box,10.0.0.5)',
        text,
      );
    }
  }
  return Object.freeze(hosts);
}

function rateLimit(text: string, name: string): RateLimitConfig | undefined {
  if (text === 'off') return undefined;
  return parseRateLimit(text) ?? fail(name, 'N/W with a unit s, m or h: 100/60s, 5/1s, 1000/1h', text);
}

/** Options only a program passes: entries of `OPTIONS` without a flag. */
export type ProgramKey =
  | 'dataset'
  | 'specs'
  | 'logger'
  | 'separateAuthServer'
  | 'appTokenClientId'
  | 'now'
  | 'baseUrl'
  | 'signingKeyPem'
  | 'onError';

/**
 * Every option, for every host (`HOSTS`): the options of `Config` in the order `--help` lists them, each with its
 * flag, and the options only a program passes. `resolveOptions` (resolve-options.ts) reads it for every host.
 */
export const OPTIONS: { readonly [K in keyof Config]: Option<Config[K]> } & {
  readonly [K in ProgramKey]: ProgramOption;
} = Object.freeze({
  dataset: {
    help: 'a dataset to serve as is (wins over fixtures, seed and users)',
    hosts: ['createMock', 'startMock'],
    refused: {
      createHandlers:
        'takes a dataset object of the Node API; pass fixture records as fixtures, or seed and users',
    },
  },
  specs: {
    help: 'the loaded documents (loadSpecs()); by default the ones read once per process',
    hosts: ['createMock', 'startMock'],
    refused: {
      createHandlers: 'holds documents loaded from files; the handlers carry the documents built in',
    },
  },
  logger: {
    help: 'a pino logger (wins over logLevel)',
    hosts: ['createMock', 'startMock'],
    refused: {
      createHandlers: 'sets the server log; the requests are in mock.session().requests() (the journal)',
    },
  },
  separateAuthServer: {
    help: 'serve the authorization server from authApp only, as when it has a listener of its own',
    hosts: ['createMock', 'startMock'],
    refused: { createHandlers: 'needs listeners; the handlers answer every operation at baseUrl' },
  },
  appTokenClientId: { help: 'client id named in azp of app tokens (default mock-client)' },
  now: { help: 'the clock, in epoch milliseconds (tests inject one)' },
  baseUrl: {
    help: 'the URL the handlers answer at (default http://localhost:8080, the server default)',
    hosts: ['createHandlers'],
    refused: {
      createMock:
        'is where MSW handlers answer; mock.fetch answers a Request at any URL (pin iss with issuer)',
      startMock: 'is where MSW handlers answer; startMock listens at host and port',
    },
  },
  signingKeyPem: {
    help: 'the signing key as PKCS#8 PEM text (default: the dev key)',
    hosts: ['createHandlers'],
    refused: {
      createMock: 'is the key as text, for a page; pass the PEM file as signingKey',
      startMock: 'is the key as text, for a page; pass the PEM file as signingKey',
    },
  },
  onError: {
    help: 'called with every failure the mock did not mean (answered 500); console.error by default',
    hosts: ['createHandlers'],
    refused: {
      createMock: 'is the page hook for internal errors; on Node they are logged by logger (or logLevel)',
      startMock: 'is the page hook for internal errors; on Node they are logged by logger (or logLevel)',
    },
  },
  port: {
    hosts: ['cli', 'startMock', 'proxy'],
    refused: {
      createMock: 'is a listening port, and createMock builds no listener; startMock({ port }) listens',
      createHandlers:
        'is a listening port; the handlers answer at baseUrl (e.g. baseUrl: "http://localhost:9000")',
    },
    flag: 'port',
    short: 'p',
    value: 'N',
    default: 8080,
    parse: integer(0, 65535),
    help: 'port to listen on (0 = any free port; env PORT too)',
  },
  host: {
    hosts: ['cli', 'createMock', 'startMock', 'proxy'],
    refused: { createHandlers: 'is a listening address; the handlers answer at baseUrl' },
    flag: 'host',
    value: 'ADDR',
    default: '127.0.0.1',
    parse: anyText,
    help: 'address to bind; 0.0.0.0 for a shared server',
  },
  seed: {
    flag: 'seed',
    value: 'N',
    default: 42,
    parse: integer(0, 2 ** 32 - 1),
    help: 'faker seed: the same seed gives the same users',
  },
  users: {
    flag: 'users',
    value: 'N',
    default: 200,
    parse: integer(0, 1_000_000),
    help: 'number of faker users, besides the 3 known accounts',
  },
  fixtures: {
    refused: {
      createHandlers: {
        when: (value) => typeof value === 'string',
        text: "names a file or folder, which a browser cannot read; pass the records themselves (fixtures: { users: [...], workspaces: [...], clients: [...] }, e.g. from import fixtures from './users.json')",
      },
    },
    flag: 'fixtures',
    value: 'PATH',
    default: undefined,
    parse: anyText,
    help: 'serve users.json / workspaces.json / clients.json of a directory, or one fixtures file',
  },
  spec: {
    refused: {
      createHandlers: {
        when: (value) => value instanceof URL || (typeof value === 'string' && !looksLikeDocumentText(value)),
        text: "names a file, which a browser cannot read; pass the document itself (spec: the parsed object, or its YAML or JSON text, e.g. from import spec from './openapi.json'), or compile it ahead with identity-mock build-msw --spec FILE",
      },
    },
    flag: 'spec',
    value: 'FILE',
    default: undefined,
    parse: anyText,
    help: 'serve this OpenAPI 3.0/3.1 document instead of spec/openapi.yaml',
  },
  watch: {
    refused: {
      createHandlers:
        'reads files again when they change, which a page has none of; build new handlers instead',
    },
    flag: 'watch',
    default: false,
    parse: switchOf(),
    help: 'read the --spec document, fixtures and config file again when they change',
  },
  validateResponses: {
    refused: {
      createHandlers:
        "compiles response schemas at run time, which a page's Content-Security-Policy forbids; check answers against spec/openapi.yaml in your tests",
    },
    flag: 'validate-responses',
    default: false,
    parse: switchOf(),
    help: 'validate every response body against the spec (500 if not)',
  },
  lenientQuery: {
    flag: 'lenient-query',
    default: false,
    parse: switchOf(),
    help: 'accept query parameters the spec does not declare',
  },
  trustProxy: {
    refused: { createHandlers: 'reads proxy headers of a server; requests reach the handlers directly' },
    flag: 'trust-proxy',
    default: false,
    parse: switchOf(),
    help: 'behind a proxy: honour X-Forwarded-Proto/Host/For',
  },
  logLevel: {
    hosts: ['cli', 'createMock', 'startMock', 'proxy'],
    refused: {
      createHandlers: 'sets the server log; the requests are in mock.session().requests() (the journal)',
    },
    flag: 'log-level',
    value: 'LEVEL',
    default: 'info',
    parse: logLevel,
    help: LOG_LEVELS.join(' | '),
  },
  queryCache: {
    flag: 'query-cache',
    value: 'N',
    default: 256,
    parse: integer(0, 100_000),
    help: 'query results kept for paging; 0 = off',
  },
  authPort: {
    hosts: ['cli', 'startMock'],
    refused: {
      createMock:
        'gives the authorization server a listener, and createMock builds none; pass separateAuthServer: true and use mock.authApp',
      createHandlers:
        'gives the authorization server a listener of its own; the handlers answer every operation at baseUrl',
    },
    flag: 'auth-port',
    value: 'N',
    default: undefined,
    parse: integer(0, 65535),
    help: 'serve the authorization server on its own port',
  },
  issuer: {
    flag: 'issuer',
    value: 'URL',
    default: undefined,
    shown: 'the address each client used + "/"',
    parse: issuer,
    help: 'pin the iss of tokens and discovery (otherwise it follows the host a client used)',
  },
  accessTokenFormat: {
    flag: 'access-token-format',
    value: 'FORMAT',
    default: 'jwt',
    parse: accessTokenFormat,
    help: 'jwt (typ JWT, as Auth0) or at+jwt (RFC 9068: typ at+jwt, a client_id claim)',
  },
  audience: {
    flag: 'audience',
    value: 'URL',
    default: 'https://identity.example.com/admin/v1',
    parse: anyText,
    help: 'default audience of tokens',
  },
  claimsNamespace: {
    flag: 'claims-namespace',
    value: 'URL',
    default: 'https://identity.example.com',
    parse: anyText,
    help: 'namespace of the userID claim',
  },
  tokenTtl: {
    flag: 'token-ttl',
    value: 'DURATION',
    default: 86_400,
    shown: '24h',
    parse: positiveDuration,
    help: 'token lifetime: 3600, 90s, 15m, 24h, 7d',
  },
  signingKey: {
    refused: {
      createHandlers:
        'names a key file, which a browser cannot read; pass the key itself as signingKeyPem (PKCS#8 PEM text, "-----BEGIN PRIVATE KEY-----"), or leave it out for the dev key the server uses by default',
    },
    flag: 'signing-key',
    value: 'FILE',
    default: undefined,
    shown: 'the dev key',
    parse: anyText,
    help: 'RSA private key (PEM) to sign tokens',
  },
  rateLimit: {
    flag: 'rate-limit',
    value: 'N/W',
    default: undefined,
    shown: 'off',
    parse: rateLimit,
    help: 'rate limit: N requests per window W (100/60s, 5/1s, 1000/1h)',
  },
  admin: {
    flag: 'no-admin',
    default: true,
    parse: switchOf(true),
    help: 'do not serve the control plane under /__admin',
  },
  adminToken: {
    hosts: ['cli', 'createMock', 'startMock', 'createHandlers', 'proxy'],
    flag: 'admin-token',
    value: 'T',
    default: undefined,
    parse: anyText,
    help: 'require Authorization: Bearer T on /__admin',
  },
  adminCors: {
    refused: {
      createHandlers:
        'opens /__admin to other origins of a server; the page calls the handlers on its own origin',
    },
    flag: 'admin-cors',
    value: 'ORIGIN',
    default: undefined,
    shown: 'none',
    parse: origin,
    help: 'let this origin (http://localhost:3000) call /__admin from a browser',
  },
  shutdownGrace: {
    hosts: ['cli'],
    refused: {
      createMock: "is the command's wait on SIGTERM; createMock builds no listener",
      startMock: "is the command's wait on SIGTERM; pass the wait to mock.close(graceMs)",
      createHandlers: "is a server's shutdown wait; there is no server to stop",
    },
    flag: 'shutdown-grace',
    value: 'DURATION',
    default: 15,
    shown: '15s',
    parse: grace,
    help: 'time requests in flight get to finish on SIGTERM/SIGINT: 15, 30s, 1m',
  },
  maxSessions: {
    flag: 'max-sessions',
    value: 'N',
    default: 1_000,
    parse: integer(1, 10_000),
    help: 'named sessions (X-Mock-Session) kept; a new one replaces one holding nothing, else one idle 60s, else 503',
  },
  sessionTtl: {
    flag: 'session-ttl',
    value: 'DURATION',
    default: 1_800,
    shown: '30m',
    parse: sessionTtl,
    help: 'an unused named session is dropped after: 90s, 30m, 2h',
  },
  maxStateMemory: {
    flag: 'max-state-memory',
    value: 'SIZE',
    default: 1024 ** 3,
    shown: '1GB',
    parse: stateMemory,
    help: "memory the sessions' own state may hold in all: 512MB, 2GB; beyond, 503",
  },
  maxSessionMemory: {
    flag: 'max-session-memory',
    value: 'SIZE',
    default: undefined,
    shown: '1/8 of --max-state-memory',
    parse: stateMemory,
    help: 'memory one named session may hold (and kept for requests without X-Mock-Session); beyond, 503',
  },
  maxConnections: {
    hosts: ['cli', 'startMock'],
    refused: {
      createMock:
        "bounds a server's sockets, and createMock builds no listener; startMock({ maxConnections }) has them",
      createHandlers: "bounds a server's sockets; the handlers have none",
    },
    flag: 'max-connections',
    value: 'N',
    default: 1_000,
    parse: integer(1, 1_000_000),
    help: 'connections open at once; beyond, a new one closes the longest-idle one',
  },
  allowedHosts: {
    refused: { createHandlers: 'names hosts a server answers to; the handlers answer at baseUrl' },
    flag: 'allowed-host',
    value: 'HOSTS',
    default: [],
    shown: 'none',
    parse: hostList,
    help: '/__admin also answers these Host names (comma-separated), besides loopback',
  },
  oauthErrors: {
    flag: 'oauth-errors',
    value: 'STATUSES',
    default: 'auth0',
    parse: oauthErrorStatuses,
    help: 'token-endpoint error statuses: auth0 (invalid_grant 403) or rfc6749 (400; 401 invalid_client)',
  },
  keyGrace: {
    flag: 'key-grace',
    value: 'DURATION',
    default: 600,
    shown: '10m',
    parse: duration,
    help: 'how long a retired signing key stays published for verifiers that cached the JWKS',
  },
});

/** The options of `Config` (the entries with a flag), by key. */
export const CONFIG_OPTIONS: readonly (readonly [keyof Config, Option<unknown>])[] = Object.entries(
  OPTIONS,
).flatMap(([key, option]: [string, Option<unknown> | ProgramOption]) =>
  option.flag === undefined ? [] : [[key as keyof Config, option] as const],
);

/** The defaults of every option of `Config`, frozen. */
export const DEFAULTS: Readonly<Config> = Object.freeze(
  Object.fromEntries(CONFIG_OPTIONS.map(([key, option]) => [key, option.default])) as unknown as Config,
);

/** Flags of every command that are not options of `Config`. */
export const COMMON_FLAGS: readonly FlagSpec[] = Object.freeze([
  {
    flag: 'config',
    value: 'FILE',
    help: 'read flags from a JSON file ({"port": 9000, "rate-limit": "5/1s"})',
  },
  { flag: 'help', short: 'h', help: 'print this help' },
  { flag: 'version', short: 'v', help: 'print the version' },
]);

/** Flags of `identity-mock token`, besides the options above. */
export const TOKEN_FLAGS: readonly FlagSpec[] = Object.freeze([
  { flag: 'user', value: 'USER', help: 'the user: email, id or identifier (required)' },
  { flag: 'permissions', value: 'a,b', help: "comma-separated permissions [all of the user's role]" },
  {
    flag: 'expires-in',
    value: 'DURATION',
    help: 'lifetime: 3600, 90s, 15m, 1h, 7d; negative = expired [24h]',
  },
  { flag: 'expires-at', value: 'DATE-TIME', help: 'expiry as RFC 3339 (may be in the past)' },
  { flag: 'claims', value: 'JSON', help: 'claims to add or override, as a JSON object' },
  {
    flag: 'url',
    value: 'URL',
    help: 'ask the mock running at URL for it (its data, key and issuer) [IDENTITY_MOCK_URL]',
  },
  { flag: 'session', value: 'ID', help: 'with --url: in that session (X-Mock-Session)' },
]);

/**
 * `IDENTITY_MOCK_URL`: where a running mock is, for its clients (`token`, the test-runner helpers of
 * docs/sessions.md); `serve` accepts it and ignores it, so one environment serves both.
 */
export const MOCK_URL_VARIABLE = 'IDENTITY_MOCK_URL';

/** Flags of `identity-mock verify`, besides the options above. */
export const VERIFY_FLAGS: readonly FlagSpec[] = Object.freeze([
  { flag: 'pact', value: 'PACT', help: 'a pact file, a directory of pact files, or a pact URL (required)' },
]);

/** Flags of `identity-mock proxy` (docs/drift.md), besides the options above (--port, --host, --admin-token). */
export const PROXY_FLAGS: readonly FlagSpec[] = Object.freeze([
  {
    flag: 'upstream',
    value: 'URL',
    help: 'the real service to stand in front of, e.g. https://staging.example.com (required)',
  },
  { flag: 'report', value: 'FILE', help: 'write the findings there as JSON when the proxy stops' },
  {
    flag: 'upstream-timeout',
    value: 'TIME',
    help: 'answer 504 when the service sends nothing for this long [30s]',
  },
  {
    flag: 'insecure',
    help: 'accept an upstream TLS certificate that does not verify (a test service you trust)',
  },
  { flag: 'record', value: 'FILE', help: 'write the users seen in list answers there, as a --fixtures file' },
  { flag: 'keep-pii', help: 'with --record or --har: keep real names, emails and identifiers' },
  {
    flag: 'har',
    value: 'FILE',
    help: "write the service's traffic there as HAR 1.2 (redacted) when the proxy stops",
  },
]);

/** Flags of `identity-mock mcp` (docs/agents.md), besides the options above (--admin-token). */
export const MCP_FLAGS: readonly FlagSpec[] = Object.freeze([
  { flag: 'url', value: 'URL', help: 'the mock to drive [IDENTITY_MOCK_URL, else http://localhost:8080]' },
  { flag: 'session', value: 'ID', help: 'act in that session (X-Mock-Session)' },
]);

/** Flags of `identity-mock inspect` (docs/own-spec.md), besides `--spec` and the data options above. */
export const INSPECT_FLAGS: readonly FlagSpec[] = Object.freeze([
  {
    flag: 'json',
    help: "print GET /__admin/resources' answer with the seeded counts, and the notes, as JSON",
  },
]);

/** Flags of `identity-mock build-msw` (docs/msw.md), besides --spec. */
export const BUILD_MSW_FLAGS: readonly FlagSpec[] = Object.freeze([
  { flag: 'out', value: 'DIR', help: 'write identity-mock-spec.js (and its .d.ts) into DIR [.]' },
]);

/** Flags of `identity-mock drift` (docs/drift.md), besides the options above. */
export const DRIFT_FLAGS: readonly FlagSpec[] = Object.freeze([
  { flag: 'upstream', value: 'URL', help: 'the real service to probe (required)' },
  { flag: 'token', value: 'T', help: 'an access token for it, with read:users (required)' },
  { flag: 'limited-token', value: 'T', help: 'a token lacking a permission, for the 403 cases' },
  { flag: 'auth-url', value: 'URL', help: "the authorization server: probe its token endpoint's errors" },
  { flag: 'allow-writes', help: 'also probe DELETE, on the user --identifier names (it is deleted)' },
  { flag: 'identifier', value: 'X', help: 'the user that --allow-writes deletes' },
  { flag: 'report', value: 'FILE', help: 'write the findings there as JSON' },
  { flag: 'upstream-timeout', value: 'TIME', help: 'give up on a request after this long [30s]' },
  { flag: 'insecure', help: 'accept a TLS certificate that does not verify' },
]);

const OPTION_FLAGS: readonly (FlagSpec & { readonly key: keyof Config })[] = CONFIG_OPTIONS.map(
  ([key, option]) => ({ ...option, key }),
);

/** `IDENTITY_MOCK_<FLAG>`: `log-level` → `IDENTITY_MOCK_LOG_LEVEL`. */
export function envName(flag: string): string {
  return `IDENTITY_MOCK_${flag.toUpperCase().replace(/-/g, '_')}`;
}

export interface ParsedCommand {
  readonly config: Config;
  /** The `--config` file read (or `IDENTITY_MOCK_CONFIG`), if any. */
  readonly configFile: string | undefined;
  readonly help: boolean;
  readonly version: boolean;
  /** Values of the command's own flags (the `extraFlags` given to parseConfig); switches are `true`. */
  readonly extra: Readonly<Record<string, string | boolean | undefined>>;
}

/**
 * Parses `argv` (without node and the script), `env` and the `--config` file into a Config over DEFAULTS. Flags
 * win over `IDENTITY_MOCK_*` variables, which win over `PORT`, which wins over the file.
 *
 * @example parseConfig(['--port', '0', '--users', '1000'], {}).config.users // 1000
 */
export function parseConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  extraFlags: readonly FlagSpec[] = [],
  readFile: (path: string) => string = () => {
    throw new ConfigError('--config is not available here');
  },
): ParsedCommand {
  const given = readArgv(argv, [...OPTION_FLAGS, ...COMMON_FLAGS, ...extraFlags]);
  checkEnvironment(env);
  // An empty variable counts as unset, so it falls through to the next source.
  const fromEnv = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  const configPath = given.get('config') ?? fromEnv(envName('config'));
  const file = configPath === undefined ? new Map<string, string>() : readConfigFile(configPath, readFile);
  const config: Record<string, unknown> = {};
  for (const option of OPTION_FLAGS) {
    const spec: Option<unknown> = OPTIONS[option.key];
    const variable =
      fromEnv(envName(option.flag)) === undefined && option.key === 'port' ? 'PORT' : envName(option.flag);
    const sources: readonly [string | undefined, string][] = [
      [given.get(option.flag), `--${option.flag}`],
      [fromEnv(variable), variable],
      [file.get(option.flag), `"${option.flag}" in --config ${configPath ?? ''}`],
    ];
    const source = sources.find(([text]) => text !== undefined);
    config[option.key] = source?.[0] === undefined ? spec.default : spec.parse(source[0], source[1]);
  }
  return {
    config: Object.freeze(config as unknown as Config),
    configFile: configPath,
    help: given.has('help'),
    version: given.has('version'),
    extra: Object.fromEntries(
      extraFlags.map(({ flag, value }) => [flag, value === undefined ? given.has(flag) : given.get(flag)]),
    ),
  };
}

/** The flags given on the command line, by long name; a switch maps to `'true'`. */
function readArgv(argv: readonly string[], flags: readonly FlagSpec[]): Map<string, string> {
  const byName = new Map(flags.map((flag) => [flag.flag, flag]));
  const byShort = new Map(flags.flatMap((flag) => (flag.short === undefined ? [] : [[flag.short, flag]])));
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] ?? '';
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(token);
    const short = /^-([A-Za-z])$/.exec(token);
    if (long === null && short === null) {
      // `npm start --port 18520` gives npm the flag and the command its value alone.
      const npm = /^\d+$/.test(token)
        ? `; if you ran npm start --port ${token}, npm took --port for itself: run npm start -- --port ${token} (flags after --) or PORT=${token} npm start`
        : '';
      throw new ConfigError(`unexpected argument ${JSON.stringify(token)}: flags start with --${npm}`);
    }
    const name = long?.[1] ?? short?.[1] ?? '';
    const spec = long === null ? byShort.get(name) : byName.get(name);
    if (spec === undefined) throw new ConfigError(unknownFlag(token.split('=')[0] ?? token, flags));
    if (spec.value === undefined) {
      if (long?.[2] !== undefined) {
        throw new ConfigError(`--${spec.flag} is a switch and takes no value (got ${JSON.stringify(token)})`);
      }
      given.set(spec.flag, 'true');
      continue;
    }
    let value = long?.[2];
    if (value === undefined) {
      // The next argument is the value, even when it starts with a dash (`--expires-in -1h`, `--port -1`),
      // unless it is itself a flag.
      const next = argv[i + 1];
      if (next === undefined || /^--[a-z]/.test(next) || /^-[A-Za-z]$/.test(next)) {
        throw new ConfigError(`--${spec.flag} needs a value (${spec.value})`);
      }
      value = next;
      i++;
    }
    given.set(spec.flag, value);
  }
  return given;
}

function unknownFlag(token: string, flags: readonly FlagSpec[]): string {
  const names = flags.map((flag) => `--${flag.flag}`);
  const nearest = closest(token.startsWith('--') ? token : `-${token}`, names);
  return `unknown flag ${token}${nearest === undefined ? '' : `; did you mean ${nearest}?`}`;
}

/** Variables named `IDENTITY_MOCK_*` must name an option (a typo would otherwise be ignored without a word). */
function checkEnvironment(env: Readonly<Record<string, string | undefined>>): void {
  const known = [...OPTION_FLAGS.map((option) => envName(option.flag)), envName('config'), MOCK_URL_VARIABLE];
  for (const name of Object.keys(env)) {
    if (!name.startsWith('IDENTITY_MOCK_') || known.includes(name)) continue;
    const nearest = closest(name, known);
    throw new ConfigError(
      `unknown variable ${name}${nearest === undefined ? '' : `; did you mean ${nearest}?`}\n` +
        'each flag of --help is also a variable IDENTITY_MOCK_<FLAG>, e.g. IDENTITY_MOCK_USERS=1000',
    );
  }
}

/** The candidate nearest to `word` in edit distance, if it is near enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Seconds in a duration: a number of seconds or a number with a unit s, m, h, d (`90s`, `15m`, `1h`, `7d`);
 * negative values are allowed (an already expired token).
 *
 * @example parseDuration('1h') // 3600
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(-?\d+)([smhd]?)$/.exec(text.trim());
  if (match === null) return undefined;
  return Number(match[1]) * (UNITS[match[2] ?? ''] ?? 1);
}

/** The flags of a `--config` JSON file: an object of flag name → string, number or boolean, as text. */
function readConfigFile(path: string, readFile: (path: string) => string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFile(path));
  } catch (error) {
    throw new ConfigError(`--config ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(
      `--config ${path} must hold a JSON object of flags, e.g. {"port": 9000, "users": 1000}`,
    );
  }
  const names = OPTION_FLAGS.map((option) => option.flag);
  const flags = new Map<string, string>();
  for (const [name, value] of Object.entries(parsed)) {
    if (!names.includes(name)) {
      const nearest = closest(name, names);
      throw new ConfigError(
        `--config ${path}: unknown flag "${name}"${nearest === undefined ? '' : `; did you mean "${nearest}"?`}` +
          `\nflags: ${names.join(', ')}`,
      );
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ConfigError(`--config ${path}: "${name}" must be a string, number or boolean`);
    }
    flags.set(name, String(value));
  }
  return flags;
}
