import { describe, expect, it } from 'vitest';
import {
  COMMON_FLAGS,
  ConfigError,
  DEFAULTS,
  CONFIG_OPTIONS,
  parseConfig,
  parseDuration,
  parseSize,
  TOKEN_FLAGS,
  type Config,
  type FlagSpec,
} from '../../src/config.ts';
import { usage } from '../../src/help.ts';

function configError(argv: readonly string[], env: Record<string, string> = {}): ConfigError {
  try {
    parseConfig(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(argv)} ${JSON.stringify(env)}`);
}

describe('parseConfig: defaults', () => {
  it('no flags, no environment: DEFAULTS, no help', () => {
    const parsed = parseConfig([], {});
    expect(parsed.config).toEqual(DEFAULTS);
    expect(parsed.help).toBe(false);
  });

  it('DEFAULTS are the documented ones (docs/running.md, docs/tokens.md) and frozen', () => {
    expect(DEFAULTS).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      seed: 42,
      users: 200,
      audience: 'https://identity.example.com/admin/v1',
      tokenTtl: 86_400,
    });
    expect(Object.isFrozen(DEFAULTS)).toBe(true);
  });

  it('the parsed config is frozen', () => {
    expect(Object.isFrozen(parseConfig(['--port', '1'], {}).config)).toBe(true);
  });

  it('unrelated environment variables are ignored', () => {
    expect(
      parseConfig([], { USERS: '5', SEED: '1', HOST: 'example.com', IDENTITY_MOCK: 'x' }).config,
    ).toEqual(DEFAULTS);
  });
});

describe('parseConfig: each flag', () => {
  it.each<{ name: string; argv: string[]; expected: Partial<Config> }>([
    { name: '--port', argv: ['--port', '9000'], expected: { port: 9000 } },
    { name: '--port 0 (any free port)', argv: ['--port', '0'], expected: { port: 0 } },
    { name: '--port=65535', argv: ['--port=65535'], expected: { port: 65535 } },
    { name: '--host', argv: ['--host', '0.0.0.0'], expected: { host: '0.0.0.0' } },
    { name: '--seed', argv: ['--seed', '7'], expected: { seed: 7 } },
    { name: '--seed at its maximum', argv: ['--seed', '4294967295'], expected: { seed: 4294967295 } },
    { name: '--users 0', argv: ['--users', '0'], expected: { users: 0 } },
    { name: '--users at its maximum', argv: ['--users', '1000000'], expected: { users: 1_000_000 } },
    { name: '--fixtures', argv: ['--fixtures', 'fixtures/small'], expected: { fixtures: 'fixtures/small' } },
    { name: '--validate-responses', argv: ['--validate-responses'], expected: { validateResponses: true } },
    { name: '--lenient-query', argv: ['--lenient-query'], expected: { lenientQuery: true } },
    { name: '--trust-proxy', argv: ['--trust-proxy'], expected: { trustProxy: true } },
    { name: '--log-level debug', argv: ['--log-level', 'debug'], expected: { logLevel: 'debug' } },
    { name: '--log-level silent', argv: ['--log-level', 'silent'], expected: { logLevel: 'silent' } },
    { name: '--query-cache 0 (off)', argv: ['--query-cache', '0'], expected: { queryCache: 0 } },
    { name: '--query-cache', argv: ['--query-cache', '1000'], expected: { queryCache: 1000 } },
    { name: '--auth-port', argv: ['--auth-port', '9001'], expected: { authPort: 9001 } },
    {
      name: '--issuer gets a trailing slash',
      argv: ['--issuer', 'http://auth.local:9001'],
      expected: { issuer: 'http://auth.local:9001/' },
    },
    {
      name: '--issuer with its slash kept',
      argv: ['--issuer', 'https://auth.example.com/'],
      expected: { issuer: 'https://auth.example.com/' },
    },
    {
      name: '--audience',
      argv: ['--audience', 'https://api.example.com'],
      expected: { audience: 'https://api.example.com' },
    },
    {
      name: '--claims-namespace',
      argv: ['--claims-namespace', 'https://ns.example.com'],
      expected: { claimsNamespace: 'https://ns.example.com' },
    },
    { name: '--token-ttl in seconds', argv: ['--token-ttl', '3600'], expected: { tokenTtl: 3600 } },
    { name: '--token-ttl 90s', argv: ['--token-ttl', '90s'], expected: { tokenTtl: 90 } },
    { name: '--token-ttl 15m', argv: ['--token-ttl', '15m'], expected: { tokenTtl: 900 } },
    { name: '--token-ttl 24h', argv: ['--token-ttl', '24h'], expected: { tokenTtl: 86_400 } },
    { name: '--token-ttl 7d', argv: ['--token-ttl', '7d'], expected: { tokenTtl: 604_800 } },
    { name: '--signing-key', argv: ['--signing-key', 'key.pem'], expected: { signingKey: 'key.pem' } },
    {
      name: 'several flags together',
      argv: ['--port', '0', '--users', '1000', '--seed', '1', '--trust-proxy'],
      expected: { port: 0, users: 1000, seed: 1, trustProxy: true },
    },
    { name: '--max-sessions', argv: ['--max-sessions', '8'], expected: { maxSessions: 8 } },
    {
      name: '--max-session-memory',
      argv: ['--max-session-memory', '64MB'],
      expected: { maxSessionMemory: 64 * 1024 ** 2 },
    },
    { name: '--session-ttl as a duration', argv: ['--session-ttl', '2h'], expected: { sessionTtl: 7200 } },
    {
      name: '--max-state-memory in MB',
      argv: ['--max-state-memory', '512MB'],
      expected: { maxStateMemory: 512 * 1024 ** 2 },
    },
    {
      name: '--max-state-memory in bytes',
      argv: ['--max-state-memory', '2097152'],
      expected: { maxStateMemory: 2 ** 21 },
    },
    { name: '--max-connections', argv: ['--max-connections', '50'], expected: { maxConnections: 50 } },
    {
      name: '--allowed-host, a list',
      argv: ['--allowed-host', 'CI-Box, 10.0.0.5,[fd00::1]'],
      expected: { allowedHosts: ['ci-box', '10.0.0.5', '[fd00::1]'] },
    },
  ])('$name', ({ argv, expected }) => {
    const { config } = parseConfig(argv, {});
    expect(config).toEqual({ ...DEFAULTS, ...expected });
  });

  it.each([['--help'], ['-h']])('%s', (flag) => {
    expect(parseConfig([flag], {}).help).toBe(true);
  });

  it.each([['--version'], ['-v']])('%s', (flag) => {
    expect(parseConfig([flag], {}).version).toBe(true);
  });

  it('-p is --port', () => {
    expect(parseConfig(['-p', '9000'], {}).config.port).toBe(9000);
  });

  it('a value that starts with a dash is still the value (`--expires-in -1h`)', () => {
    const parsed = parseConfig(['--expires-in', '-1h', '--user', 'admin'], {}, TOKEN_FLAGS);
    expect(parsed.extra).toMatchObject({ 'expires-in': '-1h', user: 'admin' });
  });

  it('extra flags (the token command) are parsed into extra, not into the config', () => {
    const parsed = parseConfig(
      ['--user', 'admin@example.com', '--expires-in', '1h', '--seed', '3'],
      {},
      TOKEN_FLAGS,
    );
    expect(parsed.extra).toMatchObject({ user: 'admin@example.com', 'expires-in': '1h' });
    expect(parsed.config).toEqual({ ...DEFAULTS, seed: 3 });
  });
});

describe('parseConfig: environment', () => {
  it.each<{ name: string; argv?: string[]; env: Record<string, string>; expected: Partial<Config> }>([
    { name: 'PORT', env: { PORT: '9000' }, expected: { port: 9000 } },
    {
      name: 'IDENTITY_MOCK_PORT wins over PORT',
      env: { PORT: '9000', IDENTITY_MOCK_PORT: '9001' },
      expected: { port: 9001 },
    },
    {
      name: 'the flag wins over both',
      argv: ['--port', '9002'],
      env: { PORT: '9000', IDENTITY_MOCK_PORT: '9001' },
      expected: { port: 9002 },
    },
    {
      name: 'an empty IDENTITY_MOCK_PORT counts as unset: PORT applies',
      env: { PORT: '9000', IDENTITY_MOCK_PORT: '' },
      expected: { port: 9000 },
    },
    { name: 'an empty PORT counts as unset', env: { PORT: '' }, expected: { port: 8080 } },
    { name: 'IDENTITY_MOCK_HOST', env: { IDENTITY_MOCK_HOST: '0.0.0.0' }, expected: { host: '0.0.0.0' } },
    { name: 'IDENTITY_MOCK_SEED', env: { IDENTITY_MOCK_SEED: '7' }, expected: { seed: 7 } },
    { name: 'IDENTITY_MOCK_USERS', env: { IDENTITY_MOCK_USERS: '1000' }, expected: { users: 1000 } },
    {
      name: 'an empty IDENTITY_MOCK_USERS counts as unset',
      env: { IDENTITY_MOCK_USERS: '' },
      expected: { users: 200 },
    },
    { name: 'IDENTITY_MOCK_FIXTURES', env: { IDENTITY_MOCK_FIXTURES: 'dir' }, expected: { fixtures: 'dir' } },
    {
      name: 'IDENTITY_MOCK_LOG_LEVEL',
      env: { IDENTITY_MOCK_LOG_LEVEL: 'warn' },
      expected: { logLevel: 'warn' },
    },
    {
      name: 'IDENTITY_MOCK_QUERY_CACHE',
      env: { IDENTITY_MOCK_QUERY_CACHE: '0' },
      expected: { queryCache: 0 },
    },
    {
      name: 'IDENTITY_MOCK_AUTH_PORT',
      env: { IDENTITY_MOCK_AUTH_PORT: '9100' },
      expected: { authPort: 9100 },
    },
    {
      name: 'IDENTITY_MOCK_ISSUER',
      env: { IDENTITY_MOCK_ISSUER: 'http://a:1' },
      expected: { issuer: 'http://a:1/' },
    },
    {
      name: 'IDENTITY_MOCK_AUDIENCE',
      env: { IDENTITY_MOCK_AUDIENCE: 'urn:x' },
      expected: { audience: 'urn:x' },
    },
    {
      name: 'IDENTITY_MOCK_CLAIMS_NAMESPACE',
      env: { IDENTITY_MOCK_CLAIMS_NAMESPACE: 'https://ns' },
      expected: { claimsNamespace: 'https://ns' },
    },
    { name: 'IDENTITY_MOCK_TOKEN_TTL', env: { IDENTITY_MOCK_TOKEN_TTL: '15m' }, expected: { tokenTtl: 900 } },
    {
      name: 'IDENTITY_MOCK_SIGNING_KEY',
      env: { IDENTITY_MOCK_SIGNING_KEY: 'k.pem' },
      expected: { signingKey: 'k.pem' },
    },
    {
      name: 'a flag wins over its variable',
      argv: ['--users', '5'],
      env: { IDENTITY_MOCK_USERS: '1000' },
      expected: { users: 5 },
    },
  ])('$name', ({ argv, env, expected }) => {
    expect(parseConfig(argv ?? [], env).config).toEqual({ ...DEFAULTS, ...expected });
  });

  it.each([
    { value: 'true', expected: true },
    { value: 'false', expected: false },
    { value: '1', expected: true },
    { value: '0', expected: false },
    { value: 'yes', expected: true },
    { value: 'no', expected: false },
    { value: 'on', expected: true },
    { value: 'off', expected: false },
    { value: 'TRUE', expected: true },
    { value: 'No', expected: false },
  ])('booleans from the environment: $value → $expected', ({ value, expected }) => {
    const env = {
      IDENTITY_MOCK_TRUST_PROXY: value,
      IDENTITY_MOCK_LENIENT_QUERY: value,
      IDENTITY_MOCK_VALIDATE_RESPONSES: value,
    };
    expect(parseConfig([], env).config).toMatchObject({
      trustProxy: expected,
      lenientQuery: expected,
      validateResponses: expected,
    });
  });

  it('a boolean flag wins over a false variable', () => {
    expect(parseConfig(['--trust-proxy'], { IDENTITY_MOCK_TRUST_PROXY: 'false' }).config.trustProxy).toBe(
      true,
    );
  });
});

describe('parseConfig: errors name the flag and what it accepts', () => {
  it.each([
    {
      name: 'port above 65535',
      argv: ['--port', '65536'],
      message: '--port must be an integer from 0 to 65535 (got "65536")',
    },
    {
      name: 'negative port',
      argv: ['--port=-1'],
      message: '--port must be an integer from 0 to 65535 (got "-1")',
    },
    {
      name: 'port not a number',
      argv: ['--port', 'http'],
      message: '--port must be an integer from 0 to 65535 (got "http")',
    },
    {
      name: 'fractional port',
      argv: ['--port', '80.5'],
      message: '--port must be an integer from 0 to 65535 (got "80.5")',
    },
    { name: 'empty port', argv: ['--port='], message: '--port must be an integer from 0 to 65535 (got "")' },
    {
      name: 'bad PORT variable',
      env: { PORT: 'abc' },
      message: 'PORT must be an integer from 0 to 65535 (got "abc")',
    },
    {
      name: 'seed above 2^32 - 1',
      argv: ['--seed', '4294967296'],
      message: '--seed must be an integer from 0 to 4294967295 (got "4294967296")',
    },
    {
      name: 'negative port as the next argument: the range rule, not a parser message',
      argv: ['--port', '-1'],
      message: '--port must be an integer from 0 to 65535 (got "-1")',
    },
    {
      name: 'negative users',
      argv: ['--users', '-5'],
      message: '--users must be an integer from 0 to 1000000 (got "-5")',
    },
    {
      name: 'negative seed',
      argv: ['--seed=-1'],
      message: '--seed must be an integer from 0 to 4294967295 (got "-1")',
    },
    {
      name: 'users above a million',
      argv: ['--users', '1000001'],
      message: '--users must be an integer from 0 to 1000000 (got "1000001")',
    },
    {
      name: 'users in exponent form',
      argv: ['--users', '1e3'],
      message: '--users must be an integer from 0 to 1000000 (got "1e3")',
    },
    {
      name: 'bad IDENTITY_MOCK_USERS',
      env: { IDENTITY_MOCK_USERS: 'many' },
      message: 'IDENTITY_MOCK_USERS must be an integer from 0 to 1000000 (got "many")',
    },
    {
      name: 'query cache too large',
      argv: ['--query-cache', '100001'],
      message: '--query-cache must be an integer from 0 to 100000 (got "100001")',
    },
    {
      name: 'auth port above 65535',
      argv: ['--auth-port', '70000'],
      message: '--auth-port must be an integer from 0 to 65535 (got "70000")',
    },
    {
      name: 'unknown log level',
      argv: ['--log-level', 'verbose'],
      message: '--log-level must be one of silent, error, warn, info, debug (got "verbose")',
    },
    {
      name: 'unknown log level from the environment',
      env: { IDENTITY_MOCK_LOG_LEVEL: 'trace' },
      message: 'IDENTITY_MOCK_LOG_LEVEL must be one of silent, error, warn, info, debug (got "trace")',
    },
    {
      name: 'issuer not http(s)',
      argv: ['--issuer', 'ftp://x'],
      message: '--issuer must be an http(s) URL (got "ftp://x")',
    },
    {
      name: 'token ttl of zero',
      argv: ['--token-ttl', '0'],
      message: '--token-ttl must be a positive duration such as 3600, 90s, 15m, 24h or 7d (got "0")',
    },
    {
      name: 'negative token ttl',
      argv: ['--token-ttl=-5m'],
      message: '--token-ttl must be a positive duration such as 3600, 90s, 15m, 24h or 7d (got "-5m")',
    },
    {
      name: 'token ttl in weeks',
      argv: ['--token-ttl', '1w'],
      message: '--token-ttl must be a positive duration such as 3600, 90s, 15m, 24h or 7d (got "1w")',
    },
    {
      name: 'no sessions at all',
      argv: ['--max-sessions', '0'],
      message: '--max-sessions must be an integer from 1 to 10000 (got "0")',
    },
    {
      name: 'a session TTL of nothing',
      argv: ['--session-ttl', '0s'],
      message: '--session-ttl must be a duration from 1s to 7d such as 90s, 30m or 2h (got "0s")',
    },
    {
      name: 'boolean variable not a boolean',
      env: { IDENTITY_MOCK_TRUST_PROXY: 'maybe' },
      message: 'IDENTITY_MOCK_TRUST_PROXY must be true or false (got "maybe")',
    },
  ])('$name', ({ argv, env, message }) => {
    expect(configError(argv ?? [], env).message).toBe(message);
  });

  it.each([
    { name: 'unknown flag', argv: ['--bogus'], says: 'unknown flag --bogus' },
    { name: 'a misspelt flag', argv: ['--prot', '80'], says: 'unknown flag --prot; did you mean --port?' },
    { name: 'a misspelt switch', argv: ['--trust-prxy'], says: 'did you mean --trust-proxy?' },
    { name: 'an unknown short flag', argv: ['-x'], says: 'unknown flag -x' },
    { name: 'a positional argument', argv: ['extra'], says: 'unexpected argument "extra"' },
    { name: 'a flag without its value', argv: ['--port'], says: '--port needs a value (N)' },
    { name: 'a flag followed by a flag', argv: ['--port', '--seed', '1'], says: '--port needs a value (N)' },
    {
      name: 'a value given to a switch',
      argv: ['--trust-proxy=yes'],
      says: '--trust-proxy is a switch and takes no value',
    },
    { name: 'a token flag on serve', argv: ['--user', 'x'], says: 'unknown flag --user' },
    {
      name: 'an unknown IDENTITY_MOCK_ variable',
      argv: [],
      env: { IDENTITY_MOCK_USRES: '5' },
      says: 'unknown variable IDENTITY_MOCK_USRES; did you mean IDENTITY_MOCK_USERS?',
    },
  ])('$name: names it', ({ argv, env, says }) => {
    expect(configError(argv, env).message).toContain(says);
  });
});

describe('parseSize', () => {
  it.each([
    { text: '1024', bytes: 1024 },
    { text: '64KB', bytes: 64 * 1024 },
    { text: '1.5 GB', bytes: 1.5 * 1024 ** 3 },
    { text: '512mb', bytes: 512 * 1024 ** 2 },
    { text: '2GiB', bytes: 2 * 1024 ** 3 },
    { text: '1 TB', bytes: undefined },
    { text: '-1MB', bytes: undefined },
    { text: 'MB', bytes: undefined },
  ])('$text → $bytes (powers of 1024)', ({ text, bytes }) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it('the default state memory is 1 GiB; a size out of 1MB..1024GB names the flag and what it accepts', () => {
    expect(DEFAULTS.maxStateMemory).toBe(1024 ** 3);
    expect(DEFAULTS.maxConnections).toBe(1_000);
    expect(configError(['--max-state-memory', '100KB']).message).toBe(
      '--max-state-memory must be a size from 1MB to 1024GB: bytes, or a number with KB, MB or GB (512MB, 2GB) (got "100KB")',
    );
    expect(configError(['--max-connections', '0']).message).toContain('--max-connections must be an integer');
    expect(configError(['--allowed-host', 'http://x:1']).message).toContain(
      '--allowed-host must be host names',
    );
  });
});

describe('parseDuration', () => {
  it.each([
    { text: '3600', expected: 3600 },
    { text: '90s', expected: 90 },
    { text: '15m', expected: 900 },
    { text: '1h', expected: 3600 },
    { text: '7d', expected: 604_800 },
    { text: '-1h', expected: -3600 },
    { text: ' 5m ', expected: 300 },
    { text: '1w', expected: undefined },
    { text: '1.5h', expected: undefined },
    { text: 'h', expected: undefined },
    { text: '', expected: undefined },
  ])('$text → $expected', ({ text, expected }) => {
    expect(parseDuration(text)).toBe(expected);
  });
});

describe('usage', () => {
  const help = usage();
  const KNOWN_SERVE_FLAGS = [
    'port',
    'host',
    'seed',
    'users',
    'fixtures',
    'spec',
    'watch',
    'validate-responses',
    'lenient-query',
    'trust-proxy',
    'log-level',
    'query-cache',
    'auth-port',
    'issuer',
    'access-token-format',
    'audience',
    'claims-namespace',
    'token-ttl',
    'signing-key',
    'rate-limit',
    'no-admin',
    'admin-token',
    'admin-cors',
    'shutdown-grace',
    'max-sessions',
    'session-ttl',
    'max-state-memory',
    'max-session-memory',
    'max-connections',
    'allowed-host',
    'oauth-errors',
    'key-grace',
    'config',
    'help',
  ];

  const flags: readonly FlagSpec[] = [...CONFIG_OPTIONS.map(([, o]) => o), ...COMMON_FLAGS, ...TOKEN_FLAGS];
  it.each(flags.map((spec) => ({ flag: spec.flag, spec })))(
    'lists --$flag with its value and help',
    ({ flag, spec }) => {
      const line = help.split('\n').find((l) => new RegExp(`^ +(-[a-z], )? *--${flag}( |$)`).test(l));
      expect(line, `--${flag} in the help`).toBeDefined();
      if (spec.value !== undefined) expect(line).toContain(`--${flag} ${spec.value}`);
      expect(line).toContain(spec.help);
    },
  );

  it('every flag parseConfig accepts is a documented one', () => {
    const serveFlags = [...CONFIG_OPTIONS.map(([, o]) => o), ...COMMON_FLAGS].map((spec) => spec.flag);
    expect(serveFlags.sort()).toEqual([...KNOWN_SERVE_FLAGS, 'version'].sort());
    for (const flag of KNOWN_SERVE_FLAGS) expect(help).toContain(`--${flag}`);
  });

  it('names the environment variables', () => {
    expect(help).toContain('IDENTITY_MOCK_<FLAG>');
  });
});

describe('parseConfig: control plane flags and --config', () => {
  const files: Record<string, string> = {
    '/etc/mock.json': JSON.stringify({ port: 9100, users: 7, 'rate-limit': '5/1s', 'no-admin': true }),
    '/etc/bad.json': '{ nope',
    '/etc/array.json': '[1]',
    '/etc/unknown.json': JSON.stringify({ colour: 'blue' }),
    '/etc/object.json': JSON.stringify({ port: { n: 1 } }),
    '/etc/neg.json': JSON.stringify({ port: -3 }),
  };
  const readFile = (path: string): string => {
    const text = files[path];
    if (text === undefined) throw new Error(`ENOENT: no such file ${path}`);
    return text;
  };

  it('defaults: admin on, no admin token, no rate limit', () => {
    const { config } = parseConfig([], {});
    expect(config.admin).toBe(true);
    expect(config.adminToken).toBeUndefined();
    expect(config.rateLimit).toBeUndefined();
  });

  it.each([
    { name: 'per second', text: '5/1s', limit: 5, windowMs: 1_000 },
    { name: 'per minute', text: '100/60s', limit: 100, windowMs: 60_000 },
    { name: 'per hour', text: '1000/1h', limit: 1000, windowMs: 3_600_000 },
    { name: 'minutes', text: '10/2m', limit: 10, windowMs: 120_000 },
  ])('--rate-limit $text ($name)', ({ text, limit, windowMs }) => {
    expect(parseConfig(['--rate-limit', text], {}).config.rateLimit).toMatchObject({ limit, windowMs });
  });

  it.each(['5', '5/1', '0/1s', '5/0s', 'x/1s', '5/1d'])(
    '--rate-limit %s is a ConfigError naming the flag',
    (text) => {
      const error = configError(['--rate-limit', text]);
      expect(error.message).toContain('--rate-limit');
      expect(error.message).toContain('100/60s');
    },
  );

  it('--no-admin and --admin-token', () => {
    expect(parseConfig(['--no-admin'], {}).config.admin).toBe(false);
    expect(parseConfig(['--admin-token', 's3cret'], {}).config.adminToken).toBe('s3cret');
    expect(parseConfig([], { IDENTITY_MOCK_NO_ADMIN: 'true' }).config.admin).toBe(false);
  });

  it('--config reads flags from a JSON file; flags and env win over it', () => {
    const fromFile = parseConfig(['--config', '/etc/mock.json'], {}, [], readFile).config;
    expect(fromFile).toMatchObject({
      port: 9100,
      users: 7,
      admin: false,
      rateLimit: { limit: 5, windowMs: 1_000 },
    });
    const overridden = parseConfig(
      ['--config', '/etc/mock.json', '--users', '9'],
      { IDENTITY_MOCK_PORT: '9200' },
      [],
      readFile,
    ).config;
    expect(overridden).toMatchObject({ port: 9200, users: 9 });
    expect(parseConfig([], { IDENTITY_MOCK_CONFIG: '/etc/mock.json' }, [], readFile).config.port).toBe(9100);
  });

  it.each([
    { name: 'missing file', path: '/etc/none.json', says: 'ENOENT' },
    { name: 'invalid JSON', path: '/etc/bad.json', says: '/etc/bad.json' },
    { name: 'not an object', path: '/etc/array.json', says: 'JSON object of flags' },
    { name: 'unknown flag', path: '/etc/unknown.json', says: 'unknown flag "colour"' },
    {
      name: 'value of the wrong type',
      path: '/etc/object.json',
      says: '"port" must be a string, number or boolean',
    },
    {
      name: 'value out of range (named with the file)',
      path: '/etc/neg.json',
      says: '"port" in --config /etc/neg.json must be an integer from 0 to 65535 (got "-3")',
    },
  ])('--config with a $name is a ConfigError', ({ path, says }) => {
    expect(() => parseConfig(['--config', path], {}, [], readFile)).toThrow(ConfigError);
    expect(() => parseConfig(['--config', path], {}, [], readFile)).toThrow(says);
  });
});

describe('parseConfig: --oauth-errors and --key-grace', () => {
  it("default to Auth0's statuses and ten minutes", () => {
    const { config } = parseConfig([], {});
    expect(config.oauthErrors).toBe('auth0');
    expect(config.keyGrace).toBe(600);
  });

  it('take rfc6749 and a duration (0 drops a retired key at once)', () => {
    const { config } = parseConfig(['--oauth-errors', 'rfc6749', '--key-grace', '0'], {});
    expect(config.oauthErrors).toBe('rfc6749');
    expect(config.keyGrace).toBe(0);
    expect(parseConfig(['--key-grace', '90s'], {}).config.keyGrace).toBe(90);
  });

  it('refuse anything else, naming the flag and what it accepts', () => {
    expect(() => parseConfig(['--oauth-errors', 'rfc'], {})).toThrow(/auth0 or rfc6749 \(got "rfc"\)/);
    expect(() => parseConfig(['--key-grace', '-1s'], {})).toThrow(/a duration such as 0, 90s/);
  });
});
