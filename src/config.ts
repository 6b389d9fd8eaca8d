/**
 * Configuration: the typed `Config`, its frozen defaults, and `parseConfig`, which reads argv and the environment
 * (pure: it throws ConfigError and never exits). Only `cli.ts` passes it `process.argv` and `process.env`.
 */
import { parseArgs } from 'node:util';
import { parseRateLimit, type RateLimitConfig } from './admin/rate-limit.ts';
import { LOG_LEVELS, type LogLevel } from './http/log.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly seed: number;
  readonly users: number;
  /** Directory of JSON fixtures to serve instead of seeded users. */
  readonly fixtures: string | undefined;
  readonly validateResponses: boolean;
  readonly lenientQuery: boolean;
  readonly trustProxy: boolean;
  readonly logLevel: LogLevel;
  /** Full query results kept for reuse; 0 turns the cache off. */
  readonly queryCache: number;
  /** Port of a separate authorization-server listener; undefined = the API's listener. */
  readonly authPort: number | undefined;
  /** `iss` of tokens (the auth server's URL with a trailing slash); undefined = derived from the listener. */
  readonly issuer: string | undefined;
  readonly audience: string;
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
}

export const DEFAULTS: Readonly<Config> = Object.freeze({
  port: 8080,
  host: '127.0.0.1',
  seed: 42,
  users: 200,
  fixtures: undefined,
  validateResponses: false,
  lenientQuery: false,
  trustProxy: false,
  logLevel: 'info',
  queryCache: 256,
  authPort: undefined,
  issuer: undefined,
  audience: 'https://identity.example.com/admin/v1',
  claimsNamespace: 'https://identity.example.com',
  tokenTtl: 86_400,
  signingKey: undefined,
  admin: true,
  adminToken: undefined,
  rateLimit: undefined,
  adminCors: undefined,
  shutdownGrace: 15,
});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly help: string;
  readonly value?: string;
}

/** Every flag of `identity-mock serve`, with its help line. Each is also read from `IDENTITY_MOCK_<FLAG>`. */
export const SERVE_FLAGS: Readonly<Record<string, FlagSpec>> = Object.freeze({
  port: {
    type: 'string',
    value: 'N',
    help: `port to listen on (0 = any free port; env PORT) [${DEFAULTS.port}]`,
  },
  host: {
    type: 'string',
    value: 'ADDR',
    help: `address to bind; 0.0.0.0 for a shared server [${DEFAULTS.host}]`,
  },
  seed: {
    type: 'string',
    value: 'N',
    help: `faker seed: the same seed gives the same users [${DEFAULTS.seed}]`,
  },
  users: {
    type: 'string',
    value: 'N',
    help: `number of faker users, besides the 3 known accounts [${DEFAULTS.users}]`,
  },
  fixtures: {
    type: 'string',
    value: 'DIR',
    help: 'serve users.json / workspaces.json / clients.json from DIR',
  },
  'validate-responses': {
    type: 'boolean',
    help: 'validate every response body against the spec (500 if not)',
  },
  'lenient-query': { type: 'boolean', help: 'accept query parameters the spec does not declare' },
  'trust-proxy': { type: 'boolean', help: 'honour X-Forwarded-Proto/Host in Link URLs' },
  'log-level': { type: 'string', value: 'LEVEL', help: `${LOG_LEVELS.join(' | ')} [${DEFAULTS.logLevel}]` },
  'query-cache': {
    type: 'string',
    value: 'N',
    help: `query results kept for paging; 0 = off [${DEFAULTS.queryCache}]`,
  },
  'auth-port': { type: 'string', value: 'N', help: 'serve the authorization server on its own port' },
  issuer: { type: 'string', value: 'URL', help: 'iss of tokens [the authorization server URL + "/"]' },
  audience: { type: 'string', value: 'URL', help: `default audience of tokens [${DEFAULTS.audience}]` },
  'claims-namespace': {
    type: 'string',
    value: 'URL',
    help: `namespace of the userID claim [${DEFAULTS.claimsNamespace}]`,
  },
  'token-ttl': { type: 'string', value: 'DURATION', help: 'token lifetime: 3600, 90s, 15m, 24h, 7d [24h]' },
  'signing-key': {
    type: 'string',
    value: 'FILE',
    help: 'RSA private key (PEM) to sign tokens [the dev key]',
  },
  'rate-limit': {
    type: 'string',
    value: 'N/W',
    help: 'rate limit: N requests per window W (100/60s, 5/1s, 1000/1h) [off]',
  },
  'no-admin': { type: 'boolean', help: 'do not serve the control plane under /__admin' },
  'admin-token': { type: 'string', value: 'T', help: 'require Authorization: Bearer T on /__admin' },
  'admin-cors': {
    type: 'string',
    value: 'ORIGIN',
    help: 'let this origin (http://localhost:3000) call /__admin from a browser [none]',
  },
  'shutdown-grace': {
    type: 'string',
    value: 'DURATION',
    help: `time requests in flight get to finish on SIGTERM/SIGINT: 15, 30s, 1m [${DEFAULTS.shutdownGrace}s]`,
  },
  config: {
    type: 'string',
    value: 'FILE',
    help: 'read flags from a JSON file ({"port": 9000, "rate-limit": "5/1s"})',
  },
  help: { type: 'boolean', help: 'print this help' },
});

/** Flags of `identity-mock token`, besides the data and key flags of serve. */
export const TOKEN_FLAGS: Readonly<Record<string, FlagSpec>> = Object.freeze({
  user: { type: 'string', value: 'USER', help: 'the user: email, id or identifier (required)' },
  permissions: { type: 'string', value: 'a,b', help: "comma-separated permissions [all of the user's role]" },
  'expires-in': {
    type: 'string',
    value: 'DURATION',
    help: 'lifetime: 3600, 90s, 15m, 1h, 7d; negative = expired [24h]',
  },
  'expires-at': { type: 'string', value: 'DATE-TIME', help: 'expiry as RFC 3339 (may be in the past)' },
  claims: { type: 'string', value: 'JSON', help: 'claims to add or override, as a JSON object' },
});

/** Flags of `identity-mock verify`, besides the data flags of serve. */
export const VERIFY_FLAGS: Readonly<Record<string, FlagSpec>> = Object.freeze({
  pact: {
    type: 'string',
    value: 'PACT',
    help: 'a pact file, a directory of pact files, or a pact URL (required)',
  },
});

export interface ParsedCommand {
  readonly config: Config;
  readonly help: boolean;
  /** Values of flags outside SERVE_FLAGS (the `extra` table given to parseConfig). */
  readonly extra: Readonly<Record<string, string | boolean | undefined>>;
}

/**
 * Parses `argv` (without node and the script) and `env` into a Config over DEFAULTS. Flags win over
 * `IDENTITY_MOCK_*` variables, which win over `PORT`.
 *
 * @example parseConfig(['--port', '0', '--users', '1000'], {}).config.users // 1000
 */
export function parseConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  extraFlags: Readonly<Record<string, FlagSpec>> = {},
  readFile: (path: string) => string = () => {
    throw new ConfigError('--config is not available here');
  },
): ParsedCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries({ ...SERVE_FLAGS, ...extraFlags }).map(([name, flag]) => [name, { type: flag.type }]),
      ),
      allowPositionals: false,
      strict: true,
    });
    values = parsed.values;
  } catch (error) {
    throw new ConfigError(
      `${error instanceof Error ? error.message : String(error)}\nrun with --help for the flags`,
    );
  }
  const configPath = typeof values.config === 'string' ? values.config : env.IDENTITY_MOCK_CONFIG;
  const file = configPath === undefined || configPath === '' ? {} : readConfigFile(configPath, readFile);
  const read = (flag: string): string | boolean | undefined => {
    const given = values[flag];
    if (given !== undefined) return given;
    // An empty variable counts as unset, so it falls through to the next source.
    const nonEmpty = (value: string | undefined): string | undefined => (value === '' ? undefined : value);
    const fromEnv =
      nonEmpty(env[`IDENTITY_MOCK_${flag.toUpperCase().replace(/-/g, '_')}`]) ??
      (flag === 'port' ? nonEmpty(env.PORT) : undefined);
    if (fromEnv !== undefined)
      return SERVE_FLAGS[flag]?.type === 'boolean' ? parseBoolean(flag, fromEnv) : fromEnv;
    const fromFile = file[flag];
    return typeof fromFile === 'number' ? String(fromFile) : fromFile;
  };
  const int = (flag: string, fallback: number, min: number, max: number): number => {
    const raw = read(flag);
    if (raw === undefined) return fallback;
    const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new ConfigError(
        `--${flag} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`,
      );
    }
    return n;
  };
  const bool = (flag: string, fallback: boolean): boolean => {
    const raw = read(flag);
    return raw === undefined ? fallback : raw === true || raw === 'true';
  };
  const str = (flag: string): string | undefined => {
    const raw = read(flag);
    return typeof raw === 'string' ? raw : undefined;
  };
  const logLevel = str('log-level') ?? DEFAULTS.logLevel;
  const level = LOG_LEVELS.find((l) => l === logLevel);
  if (level === undefined)
    throw new ConfigError(
      `--log-level must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(logLevel)})`,
    );
  return {
    help: values.help === true,
    extra: Object.fromEntries(Object.keys(extraFlags).map((name) => [name, values[name]])),
    config: Object.freeze({
      port: int('port', DEFAULTS.port, 0, 65535),
      host: str('host') ?? DEFAULTS.host,
      seed: int('seed', DEFAULTS.seed, 0, 2 ** 32 - 1),
      users: int('users', DEFAULTS.users, 0, 1_000_000),
      fixtures: str('fixtures') ?? DEFAULTS.fixtures,
      validateResponses: bool('validate-responses', DEFAULTS.validateResponses),
      lenientQuery: bool('lenient-query', DEFAULTS.lenientQuery),
      trustProxy: bool('trust-proxy', DEFAULTS.trustProxy),
      logLevel: level,
      queryCache: int('query-cache', DEFAULTS.queryCache, 0, 100_000),
      authPort: read('auth-port') === undefined ? undefined : int('auth-port', 0, 0, 65535),
      issuer: normalizeIssuer(str('issuer')),
      audience: str('audience') ?? DEFAULTS.audience,
      claimsNamespace: str('claims-namespace') ?? DEFAULTS.claimsNamespace,
      tokenTtl: duration('token-ttl', str('token-ttl')) ?? DEFAULTS.tokenTtl,
      signingKey: str('signing-key'),
      admin: !bool('no-admin', false),
      adminToken: str('admin-token'),
      rateLimit: rateLimitFlag(str('rate-limit')),
      adminCors: originFlag(str('admin-cors')),
      shutdownGrace: graceFlag(str('shutdown-grace')) ?? DEFAULTS.shutdownGrace,
    }),
  };
}

/** `http://host:8080` → `http://host:8080/` (docs/tokens.md: `iss` is auth_url with a trailing slash). */
function normalizeIssuer(issuer: string | undefined): string | undefined {
  if (issuer === undefined) return undefined;
  if (!/^https?:\/\/[^\s/]+/.test(issuer)) {
    throw new ConfigError(`--issuer must be an http(s) URL (got ${JSON.stringify(issuer)})`);
  }
  return issuer.endsWith('/') ? issuer : `${issuer}/`;
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

function duration(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds <= 0) {
    throw new ConfigError(
      `--${flag} must be a positive duration such as 3600, 90s, 15m, 24h or 7d (got ${JSON.stringify(text)})`,
    );
  }
  return seconds;
}

/** The flags of a `--config` JSON file: an object of flag name → string, number or boolean. */
function readConfigFile(
  path: string,
  readFile: (path: string) => string,
): Record<string, string | number | boolean> {
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
  const flags: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!(name in SERVE_FLAGS) || name === 'config' || name === 'help') {
      throw new ConfigError(
        `--config ${path}: unknown flag "${name}"; flags: ${Object.keys(SERVE_FLAGS).join(', ')}`,
      );
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ConfigError(`--config ${path}: "${name}" must be a string, number or boolean`);
    }
    flags[name] = value;
  }
  return flags;
}

function rateLimitFlag(text: string | undefined): RateLimitConfig | undefined {
  if (text === undefined || text === 'off') return undefined;
  const config = parseRateLimit(text);
  if (config === undefined) {
    throw new ConfigError(
      `--rate-limit must be N/W with a unit s, m or h: 100/60s, 5/1s, 1000/1h (got ${JSON.stringify(text)})`,
    );
  }
  return config;
}

/** `--admin-cors`: an origin as a browser sends it, scheme://host[:port] without a path. */
function originFlag(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!/^https?:\/\/[^\s/?#]+$/.test(text)) {
    throw new ConfigError(
      `--admin-cors must be an origin such as http://localhost:3000 (scheme, host, optional port; no path) (got ${JSON.stringify(text)})`,
    );
  }
  return text;
}

/** `--shutdown-grace`: 0 to 3600 seconds, written as a duration. */
function graceFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds < 0 || seconds > 3600) {
    throw new ConfigError(
      `--shutdown-grace must be a duration from 0 to 1h such as 15, 30s or 2m (got ${JSON.stringify(text)})`,
    );
  }
  return seconds;
}

function parseBoolean(flag: string, raw: string): boolean {
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(
    `IDENTITY_MOCK_${flag.toUpperCase().replace(/-/g, '_')} must be true or false (got ${JSON.stringify(raw)})`,
  );
}

function flagLines(flags: Readonly<Record<string, FlagSpec>>): string[] {
  return Object.entries(flags).map(([name, flag]) => {
    const left = `  --${name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
    return `${left.padEnd(30)}${flag.help}`;
  });
}

/** The help text of the command line. */
export function usage(): string {
  return [
    'Usage:',
    '  identity-mock [serve] [flags]           serve the mock (the default command)',
    '  identity-mock token --user USER [flags] print a user app token (docs/tokens.md)',
    '  identity-mock verify --pact PACT [flags] verify the mock against a consumer pact (file, dir or URL)',
    '',
    'Flags of serve (each also IDENTITY_MOCK_<FLAG>, e.g. IDENTITY_MOCK_USERS=1000):',
    ...flagLines(SERVE_FLAGS),
    '',
    'Flags of token (plus the data and token flags above: --seed, --users, --fixtures, --port, --issuer, ...):',
    ...flagLines(TOKEN_FLAGS),
    '',
    'Flags of verify (plus the data flags above: --seed, --users, --fixtures):',
    ...flagLines(VERIFY_FLAGS),
  ].join('\n');
}
