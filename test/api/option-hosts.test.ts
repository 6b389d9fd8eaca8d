// The one option table (OPTIONS in src/config.ts) against every host: each option is accepted by every host the
// table says takes it, and refused by name, with what works instead, by every host that cannot honour it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/express/log.ts';
import { HOSTS, OPTIONS, type Host } from '../../src/config.ts';
import { seedDataset } from '../../src/data/seed.ts';
import { createMock, OptionError, startMock } from '../../src/index.ts';
import { createHandlers } from '../../src/msw/index.ts';
import { DEV_SIGNING_KEY_PATH } from '../../src/platform/node/signing-keys.ts';
import type { MockOptions } from '../../src/mock.ts';
import { acceptedBy, hostsOf, refusalOf } from '../../src/resolve-options.ts';
import { SPECS } from '../support/harness.ts';

/** A value each option can take, on any host that takes it. A new option of the table needs one here. */
const SAMPLES: Readonly<Record<string, unknown>> = {
  dataset: seedDataset({ seed: 1, users: 1 }),
  specs: SPECS,
  logger: createLogger('silent'),
  separateAuthServer: true,
  appTokenClientId: 'sample-client',
  now: () => Date.parse('2030-01-01T00:00:00Z'),
  baseUrl: 'http://localhost:9000',
  signingKeyPem: readFileSync(DEV_SIGNING_KEY_PATH, 'utf8'),
  onError: () => undefined,
  oauthErrors: 'rfc6749',
  keyGrace: 60,
  maxSessionMemory: 64 * 1024 ** 2,
  port: 0,
  host: '127.0.0.1',
  seed: 7,
  users: 3,
  fixtures: { users: [] },
  spec: 'examples/own-spec/openapi.yaml',
  watch: true,
  validateResponses: true,
  lenientQuery: true,
  trustProxy: true,
  logLevel: 'silent',
  queryCache: 10,
  authPort: 0,
  issuer: 'http://localhost:9999/',
  accessTokenFormat: 'at+jwt',
  audience: 'https://api.example.com/',
  claimsNamespace: 'https://claims.example.com',
  tokenTtl: 60,
  signingKey: fileURLToPath(DEV_SIGNING_KEY_PATH),
  rateLimit: '5/1s',
  admin: false,
  adminToken: 'sample-admin-token',
  adminCors: 'http://localhost:3000',
  shutdownGrace: 1,
  maxSessions: 5,
  sessionTtl: 60,
  maxStateMemory: 2 ** 21,
  maxConnections: 10,
  allowedHosts: ['ci-box'],
};

const NAMES = Object.keys(OPTIONS);
const PROGRAM_HOSTS = ['createMock', 'startMock', 'createHandlers'] as const;

/** Builds a mock with `options` on `host`, to the point where it answers; throws what the host throws. */
async function build(host: (typeof PROGRAM_HOSTS)[number], options: MockOptions): Promise<void> {
  if (host === 'createMock') {
    const mock = createMock(options);
    expect((await mock.fetch(new Request('http://localhost:8080/health'))).status).toBe(200);
  } else if (host === 'startMock') {
    const mock = await startMock(options);
    expect((await fetch(`${mock.url}/health`)).status).toBe(200);
    await mock.close(0);
  } else {
    const { mock } = createHandlers(options);
    await mock.ready;
    expect((await mock.fetch(new Request(`${mock.baseUrl}/health`))).status).toBe(200);
  }
}

describe('the option table', () => {
  it('has a sample value for every option (add one to SAMPLES with a new option)', () => {
    expect(NAMES.filter((name) => !(name in SAMPLES))).toEqual([]);
  });

  it('gives every option of the command line a flag and the cli host, and none to an option only a program passes', () => {
    for (const [name, entry] of Object.entries(OPTIONS)) {
      expect(hostsOf(entry).includes('cli'), name).toBe(entry.flag !== undefined);
    }
  });

  it.each(PROGRAM_HOSTS)('%s: every option is accepted or refused with what works instead', (host) => {
    for (const name of NAMES) {
      const refusal = refusalOf(name, SAMPLES[name], host);
      if (refusal !== undefined) expect(refusal, name).not.toMatch(/is not an option here/);
    }
  });

  it('the drift proxy takes its listener, log and admin options from the table', () => {
    expect(acceptedBy('proxy')).toEqual(['port', 'host', 'logLevel', 'adminToken']);
  });
});

describe.each(PROGRAM_HOSTS)('%s', (host) => {
  const accepted = NAMES.filter((name) => refusalOf(name, SAMPLES[name], host) === undefined);
  const refused = NAMES.filter((name) => !accepted.includes(name));

  it.each(accepted)('accepts %s', async (name) => {
    await build(host, { [name]: SAMPLES[name] });
  });

  it.each(refused)('refuses %s by name, saying what works instead', async (name) => {
    const error = await build(host, { [name]: SAMPLES[name] }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toMatch(new RegExp(`^${host}: ${name} .*;`));
  });

  it('refuses an unknown option by name, with the nearest one', async () => {
    const error = await build(host, { sead: 7 } as MockOptions).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toContain(`${host}: unknown option "sead"; did you mean "seed"?`);
  });
});

it('knows every host', () => {
  expect([...HOSTS]).toEqual(['cli', 'createMock', 'startMock', 'createHandlers', 'proxy'] satisfies Host[]);
});
