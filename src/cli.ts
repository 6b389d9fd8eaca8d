/**
 * The command line: argv + env → Config → startMock. The only module that reads process.argv/env, writes to the
 * console, or exits. Exit codes (docs/running.md): 0 done; 2 the configuration is wrong (a flag, a value, an
 * `IDENTITY_MOCK_*` variable, the config file, fixtures, the signing key); 1 it could not run.
 */
import { readFileSync } from 'node:fs';
import {
  BUILD_MSW_FLAGS,
  ConfigError,
  DRIFT_FLAGS,
  INSPECT_FLAGS,
  MCP_FLAGS,
  MOCK_URL_VARIABLE,
  parseConfig,
  parseDuration,
  PROXY_FLAGS,
  TOKEN_FLAGS,
  VERIFY_FLAGS,
  type Config,
  type FlagSpec,
  type ParsedCommand,
} from './config.ts';
import { pactSources } from './adapters/pact/pact-files.ts';
import type { Dataset } from './data/dataset.ts';
import { DEFAULT_PASSWORD } from './data/dataset.ts';
import { FixtureError } from './data/fixture-error.ts';
import { loadFixturesSync } from './data/fixtures.ts';
import { KNOWN_ACCOUNTS } from './data/known-accounts.ts';
import { usage } from './help.ts';
import type * as Server from './server.ts';
import type { ListenError, RunningMockInternals } from './server.ts';
import type * as Logs from './adapters/express/log.ts';
import type * as DriftCommands from './adapters/node/drift-commands.ts';
import type { RunningProxy } from './adapters/node/drift-proxy.ts';
import { isLoopbackName } from './protocol/loopback.ts';
import { JSON_MEDIA_TYPE } from './protocol/media-type.ts';

// What each command needs is imported when it runs (`--help`, `--version` and a wrong flag load none of it): a
// command line that starts in a fraction of the time, for people and for the test suites that spawn it.
const server = (): Promise<typeof Server> => import('./server.ts');
const logs = (): Promise<typeof Logs> => import('./adapters/express/log.ts');
const driftCommands = (): Promise<typeof DriftCommands> => import('./adapters/node/drift-commands.ts');

/** Errors of classes whose modules are loaded lazily, recognised by name. */
function isListenError(error: unknown): error is ListenError {
  return error instanceof Error && error.name === 'ListenError';
}

function isSigningKeyError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'SigningKeyError';
}

/** Past this many users, building the store takes long enough to say so on stderr. */
const PROGRESS_ABOVE_USERS = 50_000;

/** What a command needs besides the parsed flags: the files a Config names, read and checked up front. */
interface Prepared {
  readonly dataset?: Dataset;
}

/**
 * Reads the fixtures a Config names, so that a bad file is a configuration error (exit 2) naming its flag, before
 * anything listens. (The signing key is read once, by the mock, before it listens: a bad one is exit 2 too.)
 */
function prepare(config: Config): Prepared {
  if (config.fixtures === undefined) return {};
  try {
    return { dataset: loadFixturesSync(config.fixtures) };
  } catch (error) {
    if (error instanceof FixtureError)
      throw new ConfigError(`--fixtures ${config.fixtures}: ${error.message}`);
    throw error;
  }
}

/**
 * Serves `config`; with `--watch`, the `--config` file it was read from (`configFile`) is read again by `reread`
 * when it changes.
 */
async function serve(config: Config, configFile?: string, reread?: () => Config): Promise<void> {
  const [{ startMockInternals }, { createLogger }] = await Promise.all([server(), logs()]);
  const logger = createLogger(config.logLevel);
  const prepared = prepare(config);
  // A document that does not read, parse, validate or serve is a configuration error (exit 2), as for inspect.
  await (await import('./adapters/node/checked-specs.ts')).checkedSpecs(config.spec);
  if (prepared.dataset === undefined && config.users > PROGRESS_ABOVE_USERS) {
    process.stderr.write(
      `identity-mock: seeding ${config.users.toLocaleString('en')} users and building their indexes …\n`,
    );
  }
  // Handlers first: a signal that arrives while the mock starts, or just after the banner, still stops it cleanly.
  const run: { mock?: RunningMockInternals; stopping: boolean } = { stopping: false };
  const stop = (signal: string): void => {
    if (run.stopping) process.exit(1);
    run.stopping = true;
    logger.info({ signal }, 'shutting down');
    void (run.mock?.close(config.shutdownGrace * 1000) ?? Promise.resolve()).then(() => process.exit(0));
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  const mock = await startMockInternals({ ...config, ...prepared, logger }, 'cli');
  run.mock = mock;
  if (run.stopping) {
    await mock.close();
    return;
  }
  if (config.watch && configFile !== undefined && reread !== undefined) {
    const { watchConfigFile } = await import('./adapters/node/config-watch.ts');
    watchConfigFile(configFile, reread, config, (spec) => mock.switchSpec(spec), logger);
  }
  process.stderr.write(banner(mock, config));
}

/**
 * `identity-mock token`: prints a user app token. With `--url` (or `IDENTITY_MOCK_URL`) the running mock mints it
 * (`POST /__admin/tokens`), so it has that server's data, key and issuer whatever flags it was started with;
 * without, it is built offline and `identity-mock serve` with the same flags accepts it.
 */
async function token(config: Config, extra: ParsedCommand['extra']): Promise<void> {
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
  const claims = claimsFlag(text('claims'));
  const permissions = text('permissions')
    ?.split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const expiresAt = text('expires-at');
  const url = text('url') ?? (process.env[MOCK_URL_VARIABLE] || undefined);
  const session = text('session');
  if (session !== undefined && url === undefined) {
    throw new ConfigError('--session needs --url (or IDENTITY_MOCK_URL): sessions live in a running mock');
  }
  if (url !== undefined) {
    const request = {
      user,
      ...(permissions === undefined ? {} : { permissions }),
      ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
      ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
      ...(claims === undefined ? {} : { claims }),
    };
    process.stdout.write(`${await remoteToken(url, session, config.adminToken, request)}\n`);
    return;
  }
  const issuer = config.issuer ?? `http://localhost:${config.authPort ?? config.port}/`;
  const [{ buildMock, mintDefaultToken, seedsData }, { MockError }, { loadFaker }] = await Promise.all([
    import('./mock.ts'),
    import('./errors.ts'),
    import('./data/faker.ts'),
  ]);
  const options = { ...config, ...prepare(config), issuer };
  // The mock below seeds its data unless it was seeded ahead (the default) or comes from fixtures.
  if (seedsData(options)) await loadFaker();
  const mock = buildMock(options, { host: 'cli' });
  try {
    const minted = mintDefaultToken(mock, {
      user,
      ...(permissions === undefined ? {} : { permissions }),
      ...(expiresIn === undefined ? {} : { expiresIn }),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(claims === undefined ? {} : { claims }),
    });
    process.stdout.write(`${minted.accessToken}\n`);
  } catch (error) {
    // The same refusals as POST /__admin/tokens (unknown user, permissions beyond the role): a wrong flag.
    if (error instanceof MockError) throw new ConfigError(error.message);
    throw error;
  }
}

/** An app token minted by the mock at `url`; its refusals are wrong flags (exit 2), an unreachable mock exit 1. */
async function remoteToken(
  url: string,
  session: string | undefined,
  adminToken: string | undefined,
  body: object,
): Promise<string> {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new ConfigError(
      `--url must be the mock's base URL, e.g. http://localhost:8080 (got ${JSON.stringify(url)})`,
    );
  }
  const target = new URL('__admin/tokens', base.href.endsWith('/') ? base : `${base.href}/`);
  let res: Response;
  try {
    res = await fetch(target, {
      method: 'POST',
      headers: {
        'Content-Type': JSON_MEDIA_TYPE,
        ...(session === undefined ? {} : { 'X-Mock-Session': session }),
        ...(adminToken === undefined ? {} : { Authorization: `Bearer ${adminToken}` }),
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new RunFailure(
      `cannot reach the mock at ${base.href} (${messageOf(error instanceof Error && error.cause !== undefined ? error.cause : error)}); is it running?`,
    );
  }
  const answer = (await res.json().catch(() => ({}))) as {
    access_token?: unknown;
    error?: unknown;
    code?: unknown;
  };
  if (res.ok && typeof answer.access_token === 'string') return answer.access_token;
  const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${res.status}`;
  if (res.status === 404 && answer.code !== 'user_not_found') {
    throw new RunFailure(`${target.href} answered 404: is the admin API on (not --no-admin)? ${reason}`);
  }
  throw new ConfigError(`the mock at ${base.href} refused the token: ${reason}`);
}

function claimsFlag(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `--claims must be a JSON object, e.g. {"iss":"https://other/"} (${messageOf(error)})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`--claims must be a JSON object, e.g. {"iss":"https://other/"} (got ${text})`);
  }
  return parsed as Record<string, unknown>;
}

function banner(mock: RunningMockInternals, config: Config): string {
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
  // performance.now() counts from the start of the process: module loading, seeding and listening included.
  return [
    '',
    `identity-mock listening on ${mock.url}  (ready in ${Math.round(performance.now())} ms)`,
    ...(mock.authUrl === mock.url ? [] : [`  auth      ${mock.authUrl} (authorization server)`]),
    `  data      ${store.size} users (${source}), ${store.workspaces.length} workspaces`,
    `  accounts  ${accounts}; password ${DEFAULT_PASSWORD}`,
    `  token     TOKEN=$(curl -s ${mock.authUrl}/oauth/token -H 'Content-Type: application/json' \\`,
    `              -d '${body}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    `  try       curl -i -H "Authorization: Bearer $TOKEN" '${mock.url}/users?page_size=5'`,
    `  issuer    ${issuerLine(mock, config)}`,
    '  login     public client spa-client (code + PKCE, docs/login.md)',
    `  docs      ${mock.url}/docs (API reference, try it) · ${mock.url}/openapi.json`,
    `  console   ${config.admin ? `${mock.url}/__admin/ui/${config.adminToken === undefined ? '' : ' (asks for the admin token)'}` : 'off (--no-admin)'}`,
    `  admin     ${config.admin ? `${mock.url}/__admin (spec/admin.yaml)${config.adminToken === undefined ? '' : ', token required'}` : 'off'}`,
    `  spec      ${specLine(mock, config)}${config.watch && config.spec !== undefined ? ' (reloaded on change: --watch)' : ''} · docs/running.md · Ctrl-C to stop`,
    ...(openAdmin(config)
      ? [
          '',
          `WARNING: /__admin is open to the network on ${config.host}: anyone who can reach port ${mock.port} can mint admin tokens and reset the data. Add --admin-token T (then send Authorization: Bearer T) or --no-admin, or bind --host 127.0.0.1.`,
        ]
      : []),
    ...(devKeyOnNetwork(config)
      ? [
          '',
          `WARNING: tokens are signed with the committed development key (fixtures/dev-signing-key.pem): anyone can sign tokens this server accepts, --admin-token or not, and the MSW bundle (dist/msw) carries the same key. On a shared server give --signing-key FILE (an RSA key of your own).`,
        ]
      : []),
    '',
    '',
  ].join('\n');
}

/** The served document, and how many of its parts the engine does not interpret (each logged at warn). */
function specLine(mock: RunningMockInternals, config: Config): string {
  const { notes } = mock.services.resources.model;
  const document = config.spec ?? 'spec/openapi.yaml';
  if (notes.length === 0) return document;
  const what = notes.length === 1 ? 'a part' : `${notes.length} parts`;
  return `${document} (${what} not interpreted, logged at warn; identity-mock inspect lists them)`;
}

/**
 * The issuer as the banner states it: pinned by `--issuer`, or the address each client used (docs/tokens.md), the
 * authorization server's URL here and its 127.0.0.1 form.
 */
function issuerLine(mock: RunningMockInternals, config: Config): string {
  const { issuer } = mock.tokens.settings;
  if (config.issuer !== undefined) return `${issuer} for every client (--issuer)`;
  const port = new URL(mock.authUrl).port;
  return `the address a client used: ${mock.authUrl}/, http://127.0.0.1:${port}/, … (--issuer pins one)`;
}

/** The control plane is served on a non-loopback address without a token (docs/control-plane.md). */
function openAdmin(config: Config): boolean {
  return config.admin && config.adminToken === undefined && !isLoopbackName(config.host.toLowerCase());
}

/** The committed development key signs on a non-loopback address (docs/tokens.md "The development key"). */
function devKeyOnNetwork(config: Config): boolean {
  return config.signingKey === undefined && !isLoopbackName(config.host.toLowerCase());
}

/** `identity-mock verify`: starts the mock on a free port and verifies it against a pact; exit 1 on failure. */
async function verify(config: Config, extra: ParsedCommand['extra']): Promise<void> {
  const source = extra.pact;
  if (typeof source !== 'string') throw new ConfigError('verify needs --pact <file|dir|url>');
  let pacts: string[];
  try {
    pacts = pactSources(source);
  } catch (error) {
    throw new ConfigError(`--pact ${source}: ${messageOf(error)}`);
  }
  // Loaded here, not at the top: Pact (an optional peer dependency) and its native core are only for `verify`.
  const { VerificationFailed, verifyPacts } = await import('./contracts/verify.ts').catch(
    (error: unknown) => {
      // A setup problem, not a failed contract: exit 2.
      throw new SetupFailure(
        `verify needs @pact-foundation/pact 16 in the project (npm i -D @pact-foundation/pact@16): ${messageOf(error)}`,
      );
    },
  );
  const [{ startMockInternals }, { createLogger }] = await Promise.all([server(), logs()]);
  const mock = await startMockInternals(
    {
      ...config,
      ...prepare(config),
      port: 0,
      validateResponses: true,
      logger: createLogger('warn'),
    },
    'cli',
  );
  process.stderr.write(`identity-mock: verifying ${mock.url} against ${pacts.join(', ')}\n`);
  try {
    await verifyPacts({ providerBaseUrl: mock.url, pacts });
    process.stdout.write(`\nidentity-mock: every interaction of ${source} passed\n`);
  } catch (error) {
    // Pact reports a refused provider state as "Invalid status code: 400": the mock's own reason is asked again.
    const states = (await refusedStates(mock.url, pacts))
      .map((line) => `\n  provider state refused by the mock: ${line}`)
      .join('');
    if (!(error instanceof VerificationFailed)) {
      if (states === '') throw error;
      throw new RunFailure(`verification of ${source} could not run${states}`);
    }
    throw new RunFailure(
      `verification of ${source} FAILED (the report above says which interactions)${states}`,
    );
  } finally {
    await mock.close();
  }
}

/**
 * `identity-mock proxy`: a transparent proxy in front of the real service that reports drift (docs/drift.md). On
 * SIGINT/SIGTERM it stops, writes the report and the recording it was asked for, summarises, and exits 0.
 */
async function proxy(config: Config, extra: ParsedCommand['extra']): Promise<void> {
  const [{ finishProxy, proxyPlan, startProxy }, { ListenError }] = await Promise.all([
    driftCommands(),
    server(),
  ]);
  const plan = proxyPlan(extra);
  const out = { stdout: process.stdout, stderr: process.stderr };
  const run: { proxy?: RunningProxy; stopping: boolean } = { stopping: false };
  const stop = (): void => {
    if (run.stopping) process.exit(1);
    run.stopping = true;
    const running = run.proxy;
    if (running === undefined) process.exit(0);
    void running.close(config.shutdownGrace * 1000).then(() => {
      finishProxy(running, plan, out);
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    run.proxy = await startProxy(config, plan, out);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    const listening = ['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN'].includes(code);
    if (!listening || !(error instanceof Error)) throw error;
    throw new ListenError('port', config.port, config.host, code, error);
  }
  if (run.stopping) stop();
}

/** `identity-mock mcp`: the MCP server on stdio, driving the mock at `--url` (docs/agents.md). */
async function mcp(config: Config, extra: ParsedCommand['extra']): Promise<void> {
  const { runStdioMcp } = await import('./adapters/mcp/stdio.ts');
  const text = (name: string): string | undefined => {
    const value = extra[name];
    return typeof value === 'string' ? value : undefined;
  };
  const url = text('url') ?? (process.env[MOCK_URL_VARIABLE] || 'http://localhost:8080');
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new ConfigError(
      `--url must be an http(s) URL such as http://localhost:8080 (got ${JSON.stringify(url)})`,
    );
  }
  await runStdioMcp({ url, session: text('session'), adminToken: config.adminToken, version: version() });
}

/**
 * `identity-mock inspect`: what the mock makes of the `--spec` document (spec/openapi.yaml without it), without
 * serving; exit 2 on what a start would refuse.
 */
async function inspect(config: Config, extra: ParsedCommand['extra']): Promise<void> {
  const { inspect: report } = await import('./inspect-command.ts');
  const { dataset } = prepare(config);
  process.stdout.write(await report(config, { json: extra.json === true, dataset }));
}

/** `identity-mock drift`: probes the real service (docs/drift.md); exit 1 when it drifts or cannot be reached. */
async function drift(extra: ParsedCommand['extra']): Promise<void> {
  const { driftPlan, probe } = await driftCommands();
  const result = await probe(driftPlan(extra), { stdout: process.stdout, stderr: process.stderr });
  if (result.aborted !== undefined) throw new RunFailure(`drift probe stopped: ${result.aborted}`);
  if (result.store.size > 0 || (result.store.listing().dropped ?? 0) > 0) {
    throw new RunFailure('the service drifts from spec/openapi.yaml and docs/ (the findings are above)');
  }
}

/**
 * `identity-mock build-msw --spec FILE [--out DIR]`: the document compiled ahead for `createHandlers({ spec })` in
 * a page with a strict Content-Security-Policy (docs/msw.md); a document a start would refuse is exit 2.
 */
async function buildMsw(config: Config, extra: ParsedCommand['extra']): Promise<void> {
  if (config.spec === undefined) {
    throw new ConfigError(
      'build-msw needs --spec FILE: the OpenAPI 3.0 or 3.1 document to compile for createHandlers({ spec })',
    );
  }
  const { writeCompiledSpec } = await import('./adapters/node/build-msw.ts');
  const out = typeof extra.out === 'string' ? extra.out : '.';
  const written = await writeCompiledSpec(config.spec, out);
  process.stdout.write(
    `identity-mock: wrote ${written.file} (${String(written.operations)} operations of ${config.spec}): import it and pass it as createHandlers({ spec }) (docs/msw.md)\n`,
  );
}

/** The command could not do its work (exit 1), for a reason the message gives in full. */
class RunFailure extends Error {
  override readonly name = 'RunFailure';
}

/** What a command needs is missing (a peer dependency): exit 2, as for a bad flag, not 1 as for a failed check. */
class SetupFailure extends Error {
  override readonly name = 'SetupFailure';
}

/** The provider states of the pact files (not URLs) that the mock at `url` refuses, each with its reason. */
async function refusedStates(url: string, pacts: readonly string[]): Promise<string[]> {
  const names = new Set<string>();
  for (const pact of pacts) {
    if (/^https?:/.test(pact)) continue;
    try {
      const doc = JSON.parse(readFileSync(pact, 'utf8')) as {
        interactions?: { providerState?: string; providerStates?: { name?: string }[] }[];
      };
      for (const interaction of doc.interactions ?? []) {
        if (typeof interaction.providerState === 'string') names.add(interaction.providerState);
        for (const state of interaction.providerStates ?? [])
          if (typeof state.name === 'string') names.add(state.name);
      }
    } catch {
      // A file Pact could not read either: its own report says so.
    }
  }
  const refused: string[] = [];
  for (const state of [...names].slice(0, 50)) {
    const res = await fetch(`${url}/__admin/provider-states`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state, params: {}, action: 'setup' }),
    });
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    if (res.status >= 400) refused.push(`${res.status} for "${state}": ${body.error ?? ''}`);
  }
  return refused;
}

function version(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return typeof manifest === 'object' && manifest !== null && 'version' in manifest
    ? String(manifest.version)
    : 'unknown';
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  const commands: Readonly<Record<string, readonly FlagSpec[]>> = {
    serve: [],
    token: TOKEN_FLAGS,
    verify: VERIFY_FLAGS,
    proxy: PROXY_FLAGS,
    drift: DRIFT_FLAGS,
    mcp: MCP_FLAGS,
    inspect: INSPECT_FLAGS,
    'build-msw': BUILD_MSW_FLAGS,
  };
  const named = command !== undefined && command in commands;
  const parse = (): ParsedCommand =>
    parseConfig(named ? rest : argv, process.env, commands[command ?? ''] ?? [], (path) =>
      readFileSync(path, 'utf8'),
    );
  const parsed = parse();
  if (parsed.help) process.stdout.write(`${usage()}\n`);
  else if (parsed.version) process.stdout.write(`${version()}\n`);
  else if (command === 'token') await token(parsed.config, parsed.extra);
  else if (command === 'verify') await verify(parsed.config, parsed.extra);
  else if (command === 'proxy') await proxy(parsed.config, parsed.extra);
  else if (command === 'drift') await drift(parsed.extra);
  else if (command === 'mcp') await mcp(parsed.config, parsed.extra);
  else if (command === 'inspect') await inspect(parsed.config, parsed.extra);
  else if (command === 'build-msw') await buildMsw(parsed.config, parsed.extra);
  else await serve(parsed.config, parsed.configFile, () => parse().config);
}

/** The message a failure to listen deserves: the flag that chose the port or address, the value, what to do. */
function listenMessage(error: ListenError): string {
  const flag = error.listener === 'authPort' ? '--auth-port' : '--port';
  switch (error.code) {
    case 'EADDRINUSE':
      return `${flag} ${error.port}: port ${error.port} on ${error.host} is already in use; pick another (0 = any free port)`;
    case 'EACCES':
      return `${flag} ${error.port}: permission denied on ${error.host} (ports below 1024 need privileges); pick a port from 1024 to 65535, or 0`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `--host ${error.host}: the name cannot be resolved; give an address of this machine (127.0.0.1, 0.0.0.0, ::1) or a name that resolves to one`;
    case 'EADDRNOTAVAIL':
      return `--host ${error.host}: not an address of this machine; give one of its addresses, 127.0.0.1 or 0.0.0.0`;
    default:
      return `${flag} ${error.port} on --host ${error.host}: ${messageOf(error.cause)}`;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A reader that goes away early (`identity-mock --help | head -3`) ends the output, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (isSigningKeyError(error)) {
    // The message names the file, what is wrong with it and what is accepted.
    process.stderr.write(
      `identity-mock: --signing-key: ${error.message}\nrun identity-mock --help for the flags\n`,
    );
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`identity-mock: ${error.message}\nrun identity-mock --help for the flags\n`);
    process.exit(2);
  }
  if (isListenError(error)) {
    process.stderr.write(`identity-mock: ${listenMessage(error)}\n`);
    process.exit(1);
  }
  if (error instanceof SetupFailure) {
    process.stderr.write(`identity-mock: ${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof RunFailure) {
    process.stderr.write(`identity-mock: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `identity-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
