/**
 * `npm run bench` (issue 7): identity-mock against two baselines measured in the same run — `bare` (node:http +
 * naive array code) and `stack` (Express 5 + express-openapi-validator on a small spec + jsonwebtoken + an array
 * slice, the naive code for queries) — driven by wrk (autocannon when wrk is missing), at
 * 10 000 and 100 000 users, each scenario at 1 connection (latency) and 32 (throughput); start-up, memory and
 * seeding time; the targets of the issue printed as met / not met. `--quick`: 10 000 users, short windows.
 * Figures go to stdout and bench/results/latest.json. Nothing here is asserted in `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { TokenService } from '../src/oauth/tokens.ts';
import { NODE_PLATFORM } from '../src/platform/node/node-platform.ts';
import { NodeKeySet, readKeyPair } from '../src/platform/node/signing-keys.ts';
import { seedDataset } from '../src/data/seed.ts';
import { loadSpecs } from '../src/spec/specs.ts';
import { readListUsersSpec } from '../src/users/query.ts';
import { UserStore } from '../src/users/store.ts';
import { checkScenario, load, warmUp, type Driver } from './load.ts';
import {
  freePort,
  HAS_TASKSET,
  pinDriver,
  pinServer,
  rssMb,
  spawnServer,
  waitFor200,
  type ServerProcess,
} from './processes.ts';
import {
  evaluateTargets,
  medianFigures,
  resultsTable,
  targetsTable,
  type LoadFigures,
  type RunResult,
  type StartupFigures,
} from './report.ts';
import { buildScenarios, PASSWORD_GRANT, searchKindScenarios, type Scenario } from './scenarios.ts';
import { findWrk } from './wrk.ts';

const { values } = parseArgs({ options: { quick: { type: 'boolean' }, seed: { type: 'string' } } });
const QUICK = values.quick === true;
const SEED = Number(values.seed ?? '42');
const SMALL = 10_000;
const LARGE = QUICK ? undefined : 100_000;
const SECONDS = QUICK ? 2 : 3; // whole seconds: wrk takes no fractions
const WARMUP = 1;
const ROUNDS = QUICK ? 1 : 3;
const STARTS = QUICK ? 1 : 3;
const CONNECTIONS = [1, 32] as const;
const AUDIENCE = 'https://identity.example.com/admin/v1';
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

type ServerName = 'identity-mock' | 'identity-mock (no cache)' | 'stack' | 'bare';

/** Starts identity-mock and times it: first 200 on /health, then on GET /users with a password-grant token. */
async function startMock(
  server: ServerName,
  users: number,
): Promise<{ process: ServerProcess; token: string; startup: StartupFigures }> {
  const port = await freePort();
  const common = ['--port', String(port), '--users', String(users), '--seed', String(SEED)];
  const cache = server === 'identity-mock' ? [] : ['--query-cache', '0'];
  const proc = spawnServer(['dist/bin/identity-mock.js', ...common, '--log-level', 'warn', ...cache], port);
  const healthMs = await waitFor200(`${proc.url}/health`, proc.startedAt);
  // The first GET /users needs a token: the password grant, as a client would get one.
  const tokenRes = await fetch(`${proc.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: PASSWORD_GRANT,
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const usersMs = await waitFor200(`${proc.url}/users`, proc.startedAt, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rss = rssMb(proc.child.pid) ?? 0;
  return {
    process: proc,
    token,
    startup: {
      users,
      healthMs,
      usersMs,
      rssAfterSeedMb: rss,
      rssAfterLoadMb: undefined,
      seedMs: 0,
      storeMs: 0,
    },
  };
}

async function start(
  server: ServerName,
  users: number,
  starts = 1,
): Promise<{ process: ServerProcess; token: string | undefined; startup?: StartupFigures }> {
  if (server === 'identity-mock' || server === 'identity-mock (no cache)') {
    // Start-up is timed `starts` times (the last start is the one loaded) and the median kept: one start on a
    // shared machine can be off by half a second.
    const figures: StartupFigures[] = [];
    for (;;) {
      const started = await startMock(server, users);
      figures.push(started.startup);
      if (figures.length >= starts) {
        const median = (pick: (f: StartupFigures) => number): number =>
          figures.map(pick).sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? 0;
        return {
          ...started,
          startup: {
            ...started.startup,
            healthMs: median((f) => f.healthMs),
            usersMs: median((f) => f.usersMs),
            rssAfterSeedMb: median((f) => f.rssAfterSeedMb),
          },
        };
      }
      await started.process.stop();
    }
  }
  const port = await freePort();
  const common = ['--port', String(port), '--users', String(users), '--seed', String(SEED)];
  const issuer = 'http://bench/';
  const script = server === 'stack' ? 'bench/stack-server.ts' : 'bench/bare-server.ts';
  const extra = server === 'stack' ? ['--issuer', issuer, '--audience', AUDIENCE] : [];
  const proc = spawnServer(['--import', 'tsx', script, ...common, ...extra], port);
  await waitFor200(`${proc.url}/health`, proc.startedAt);
  const tokens = new TokenService(
    new NodeKeySet([readKeyPair()]),
    { issuer, audience: AUDIENCE, claimsNamespace: 'https://identity.example.com', ttlSeconds: 86_400 },
    NODE_PLATFORM,
  );
  const token = tokens.signNow(
    {
      sub: `auth0|${ADMIN_ID}`,
      permissions: ['read:users', 'read:user_metadata'],
      'https://identity.example.com/userID': ADMIN_ID,
    },
    Math.floor(Date.now() / 1000),
  ).token;
  return { process: proc, token };
}

interface Running {
  readonly name: ServerName;
  readonly process: ServerProcess;
  readonly token: string | undefined;
  readonly startup?: StartupFigures;
}

/**
 * Starts `names` one after the other (the first alone on the machine, for its start-up figures), then measures
 * every scenario on all of them interleaved: round after round, each server in turn, so drift in a shared
 * machine's speed falls on all servers alike; each figure is the median of the rounds.
 */
async function measure(
  driver: Driver,
  names: readonly ServerName[],
  users: number,
  scenarios: readonly Scenario[],
  connections: readonly number[],
  results: RunResult[],
  starts = 1,
): Promise<StartupFigures | undefined> {
  const running: Running[] = [];
  try {
    for (const name of names) {
      const started = await start(name, users, starts);
      pinServer(started.process);
      running.push({ name, ...started });
    }
    for (const scenario of scenarios) {
      const servers = running.filter((r) => scenario.name !== 'token' || r.name.startsWith('identity-mock'));
      for (const server of servers) {
        await checkScenario(server.process.url, scenario, server.token);
        // identity-mock serializes users and builds orders on first use; the baselines compute nothing ahead.
        await warmUp(
          driver,
          server.process.url,
          scenario,
          server.token,
          WARMUP,
          server.name.startsWith('identity-mock'),
        );
      }
      for (const c of connections) {
        const rounds = new Map<ServerName, LoadFigures[]>(servers.map((s) => [s.name, []]));
        for (let round = 0; round < ROUNDS; round++) {
          for (const server of servers) {
            const figures = await load(driver, server.process.url, scenario, server.token, c, {
              seconds: SECONDS,
            });
            rounds.get(server.name)?.push(figures);
          }
        }
        for (const server of servers) {
          const figures = medianFigures(rounds.get(server.name) ?? []);
          results.push({ server: server.name, users, scenario: scenario.name, connections: c, ...figures });
          log(
            `  ${server.name.padEnd(24)} ${String(users).padStart(6)}  ${scenario.name.padEnd(22)} ${String(c).padStart(2)} conn  ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  non-2xx ${figures.non2xx + figures.errors}`,
          );
        }
      }
    }
    const mock = running.find((r) => r.startup !== undefined);
    return mock?.startup === undefined
      ? undefined
      : { ...mock.startup, rssAfterLoadMb: rssMb(mock.process.child.pid) };
  } finally {
    for (const server of running) await server.process.stop();
  }
}

function seedFigures(users: number): { seedMs: number; storeMs: number } {
  const specs = loadSpecs();
  const t0 = performance.now();
  const dataset = seedDataset({ seed: SEED, users });
  const t1 = performance.now();
  new UserStore(dataset, { sortKinds: readListUsersSpec(specs.api.model).sortKinds });
  return { seedMs: t1 - t0, storeMs: performance.now() - t1 };
}

/**
 * The sessions' figures (bench/sessions.ts), in a process of its own so its RSS is its own: memory of 100
 * untouched sessions, creation of one, and a session with 100 deletions against the default, scenario by scenario.
 */
function sessionFigures(): unknown {
  const args = [
    'tsx',
    'bench/sessions.ts',
    '--seed',
    String(SEED),
    ...(QUICK ? ['--quick'] : ['--users', String(LARGE)]),
  ];
  const output = execFileSync('npx', args, { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
  const lines = output.trimEnd().split('\n');
  log(`\n${lines.slice(0, -1).join('\n')}`);
  return JSON.parse(lines[lines.length - 1] ?? '{}') as unknown;
}

async function main(): Promise<void> {
  pinDriver();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const machine = `${cpus().length} cores (${cpu}), Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
  log(`identity-mock bench${QUICK ? ' (--quick)' : ''}: ${machine}`);
  log(
    HAS_TASKSET
      ? 'servers pinned to core 0, the load driver to core 1 (taskset)'
      : 'taskset not found: servers and driver share the cores',
  );
  const wrk = findWrk(log);
  const driver: Driver = wrk === undefined ? { kind: 'autocannon' } : { kind: 'wrk', path: wrk };
  log(
    wrk === undefined
      ? 'load driver: autocannon (wrk not found and not installable here); autocannon tops out near 10 000 req/s on one core, which compresses ratios near the top'
      : `load driver: wrk (${wrk}), one thread; autocannon only sends the warm-up's first request to every path`,
  );
  log(
    `each scenario: ${WARMUP} s of warm-up per server (identity-mock: every path once first), then ${ROUNDS} round(s) of ${SECONDS} s per server and connection count, servers interleaved, median kept; servers log at warn\n`,
  );
  const results: RunResult[] = [];
  const startups: StartupFigures[] = [];
  for (const users of [SMALL, ...(LARGE === undefined ? [] : [LARGE])]) {
    const dataset = seedDataset({ seed: SEED, users });
    const scenarios = buildScenarios(dataset.users);
    const servers: ServerName[] = users === SMALL ? ['identity-mock', 'stack', 'bare'] : ['identity-mock'];
    const startup = await measure(driver, servers, users, scenarios, CONNECTIONS, results, STARTS);
    if (startup !== undefined) startups.push({ ...startup, ...seedFigures(users) });
    if (users === LARGE) {
      // Without the result cache, every request runs the engine: the honest figure for the search index.
      const noCache = [
        ...scenarios.filter((s) => ['filter-sort', 'search', 'date-range'].includes(s.name)),
        ...searchKindScenarios(dataset.users),
      ];
      await measure(driver, ['identity-mock (no cache)'], users, noCache, [1], results);
      await measure(driver, ['identity-mock'], users, searchKindScenarios(dataset.users), [1], results);
    }
  }
  const targets = evaluateTargets(results, startups, { small: SMALL, large: LARGE });
  log(`\n${resultsTable(results)}\n`);
  log(
    `start-up and memory (start-up: median of ${STARTS} start(s), the server unpinned)\n${startups
      .map(
        (s) =>
          `  ${s.users} users: first 200 on /health ${s.healthMs.toFixed(0)} ms, on GET /users ${s.usersMs.toFixed(0)} ms; RSS ${s.rssAfterSeedMb.toFixed(0)} MB after seeding, ${s.rssAfterLoadMb?.toFixed(0) ?? 'n/a'} MB after the load; seeding alone ${s.seedMs.toFixed(0)} ms, store and indexes ${s.storeMs.toFixed(0)} ms`,
      )
      .join('\n')}\n`,
  );
  log(targetsTable(targets));
  const sessions = sessionFigures();
  const file = new URL(`./results/latest.json`, import.meta.url);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, taskset: HAS_TASKSET, driver: driver.kind, quick: QUICK, seconds: SECONDS, results, startups, targets, sessions }, null, 2)}\n`,
  );
  log(`\nwrote bench/results/latest.json`);
}

await main();
