/**
 * The command line: argv + env → Config → startMock. The only module that reads process.argv/env, writes to the
 * console, or exits (STYLE habit 3). Bad flags exit 2 with a message naming the flag.
 */
import { readFileSync } from 'node:fs';
import type { StartOptions } from './server.ts';
import { createMock } from './app.ts';
import {
  ConfigError,
  parseConfig,
  parseDuration,
  TOKEN_FLAGS,
  usage,
  VERIFY_FLAGS,
  type Config,
} from './config.ts';
import { pactSources } from './contracts/pact-files.ts';
import { SigningKeyError } from './auth/keys.ts';
import { DEFAULT_PASSWORD } from './data/dataset.ts';
import { KNOWN_ACCOUNTS } from './data/known-accounts.ts';
import { ApiError } from './http/errors.ts';
import { createLogger } from './http/log.ts';
import { startMock, type RunningMock } from './server.ts';

/** Mock options shared by every command that builds a mock from a Config. */
function mockOptions(config: Config): StartOptions {
  return {
    port: config.port,
    host: config.host,
    seed: config.seed,
    users: config.users,
    ...(config.fixtures === undefined ? {} : { fixtures: config.fixtures }),
    ...(config.authPort === undefined ? {} : { authPort: config.authPort }),
    ...(config.issuer === undefined ? {} : { issuer: config.issuer }),
    ...(config.signingKey === undefined ? {} : { signingKey: config.signingKey }),
    audience: config.audience,
    claimsNamespace: config.claimsNamespace,
    tokenTtl: config.tokenTtl,
    validateResponses: config.validateResponses,
    lenientQuery: config.lenientQuery,
    trustProxy: config.trustProxy,
    queryCache: config.queryCache,
    admin: config.admin,
    ...(config.adminToken === undefined ? {} : { adminToken: config.adminToken }),
    ...(config.adminCors === undefined ? {} : { adminCors: config.adminCors }),
    ...(config.rateLimit === undefined ? {} : { rateLimit: config.rateLimit }),
  };
}

async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  const mock = await startMock({ ...mockOptions(config), logger });
  process.stderr.write(banner(mock, config, performance.now() - started));
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void mock.close(config.shutdownGrace * 1000).then(() => process.exit(0));
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
}

/** `identity-mock token`: prints a user app token that `identity-mock serve` with the same flags accepts. */
function token(config: Config, extra: Readonly<Record<string, string | boolean | undefined>>): void {
  const text = (name: string): string | undefined => {
    const value = extra[name];
    return typeof value === 'string' ? value : undefined;
  };
  const user = text('user');
  if (user === undefined) throw new ConfigError('token needs --user <email|id|identifier>');
  const expiresInText = text('expires-in');
  const expiresIn = expiresInText === undefined ? undefined : parseDuration(expiresInText);
  if (expiresInText !== undefined && expiresIn === undefined) {
    throw new ConfigError(
      `--expires-in must be a duration such as 3600, 90s, 15m, 1h or -1h (got ${JSON.stringify(expiresInText)})`,
    );
  }
  const claimsText = text('claims');
  let claims: Record<string, unknown> | undefined;
  if (claimsText !== undefined) {
    const parsed: unknown = JSON.parse(claimsText);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError('--claims must be a JSON object, e.g. {"iss":"https://other/"}');
    }
    claims = parsed as Record<string, unknown>;
  }
  const permissions = text('permissions')
    ?.split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const options = mockOptions(config);
  const issuer = config.issuer ?? `http://localhost:${config.authPort ?? config.port}/`;
  const mock = createMock({ ...options, issuer });
  const expiresAt = text('expires-at');
  const minted = mock.token({
    user,
    ...(permissions === undefined ? {} : { permissions }),
    ...(expiresIn === undefined ? {} : { expiresIn }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(claims === undefined ? {} : { claims }),
  });
  process.stdout.write(`${minted.accessToken}\n`);
}

function banner(mock: RunningMock, config: Config, ms: number): string {
  const { store } = mock.state;
  const source = config.fixtures === undefined ? `seed ${config.seed}` : `fixtures ${config.fixtures}`;
  const accounts = KNOWN_ACCOUNTS.users.map((user) => `${user.email} (${user.user_type})`).join(', ');
  const body = JSON.stringify({
    grant_type: 'password',
    client_id: 'mock-client',
    client_secret: 'mock-secret',
    username: 'admin@example.com',
    password: DEFAULT_PASSWORD,
  });
  return [
    '',
    `identity-mock listening on ${mock.url}  (ready in ${Math.round(ms)} ms)`,
    ...(mock.authUrl === mock.url ? [] : [`  auth      ${mock.authUrl} (authorization server)`]),
    `  data      ${store.size} users (${source}), ${store.workspaces.length} workspaces`,
    `  accounts  ${accounts}; password ${DEFAULT_PASSWORD}`,
    `  token     TOKEN=$(curl -s ${mock.authUrl}/oauth/token -H 'Content-Type: application/json' \\`,
    `              -d '${body}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    `  try       curl -i -H "Authorization: Bearer $TOKEN" '${mock.url}/users?page_size=5'`,
    `  docs      ${mock.url}/docs (API reference, try it) · ${mock.url}/openapi.json`,
    `  console   ${config.admin ? `${mock.url}/__admin/ui/${config.adminToken === undefined ? '' : ' (asks for the admin token)'}` : 'off (--no-admin)'}`,
    `  admin     ${config.admin ? `${mock.url}/__admin (spec/admin.yaml)${config.adminToken === undefined ? '' : ', token required'}` : 'off'}`,
    '  spec      spec/openapi.yaml · Ctrl-C to stop',
    ...(openAdmin(config)
      ? [
          '',
          `WARNING: /__admin is open to the network on ${config.host}: anyone who can reach port ${mock.port} can mint admin tokens and reset the data. Add --admin-token T (then send Authorization: Bearer T) or --no-admin, or bind --host 127.0.0.1.`,
        ]
      : []),
    '',
    '',
  ].join('\n');
}

/** The control plane is served on a non-loopback address without a token (docs/control-plane.md). */
function openAdmin(config: Config): boolean {
  return config.admin && config.adminToken === undefined && !isLoopback(config.host);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function readConfig(path: string): string {
  return readFileSync(path, 'utf8');
}

/** `identity-mock verify`: starts the mock on a free port and verifies it against a pact; exit 1 on failure. */
async function verify(
  config: Config,
  extra: Readonly<Record<string, string | boolean | undefined>>,
): Promise<void> {
  const source = extra.pact;
  if (typeof source !== 'string') throw new ConfigError('verify needs --pact <file|dir|url>');
  let pacts: string[];
  try {
    pacts = pactSources(source);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const mock = await startMock({
    ...mockOptions(config),
    port: 0,
    validateResponses: true,
    logger: createLogger('warn'),
  });
  process.stderr.write(`identity-mock: verifying ${mock.url} against ${pacts.join(', ')}\n`);
  try {
    // Loaded here, not at the top: Pact's native core costs ~300 ms and ~40 MB that `serve` does not need.
    const { verifyPacts } = await import('./contracts/verify.ts');
    await verifyPacts({ providerBaseUrl: mock.url, pacts });
    process.stdout.write(`\nidentity-mock: every interaction of ${source} passed\n`);
  } catch (error) {
    process.stderr.write(
      `\nidentity-mock: verification of ${source} FAILED (the report above says which interactions)\n`,
    );
    if (!(error instanceof Error) || !error.message.includes('"errors"')) throw error;
    process.exitCode = 1;
  } finally {
    await mock.close();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'verify') {
    const { config, help, extra } = parseConfig(rest, process.env, VERIFY_FLAGS, readConfig);
    if (help) process.stdout.write(`${usage()}\n`);
    else await verify(config, extra);
    return;
  }
  if (command === 'token') {
    const { config, help, extra } = parseConfig(rest, process.env, TOKEN_FLAGS, readConfig);
    if (help) process.stdout.write(`${usage()}\n`);
    else token(config, extra);
    return;
  }
  const { config, help } = parseConfig(command === 'serve' ? rest : argv, process.env, {}, readConfig);
  if (help) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  await serve(config);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SyntaxError) {
    process.stderr.write(
      `identity-mock: ${error.message}\nrun identity-mock --help for the commands and flags\n`,
    );
    process.exit(2);
  }
  if (error instanceof ApiError || error instanceof SigningKeyError) {
    process.stderr.write(`identity-mock: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`identity-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
