/**
 * `npm run bench`: identity-mock against two baselines started in the same run — `bare` (node:http, the users in
 * an array, naive code: this machine's limit) and `stack` (the lean Express 5 + express-openapi-validator +
 * jsonwebtoken service, `stack-server.ts`) — so that every goal is a ratio that means something on a shared
 * machine. Sections: load (10 000 users; 100 000 in a full run), start-up in interleaved rounds (and a second
 * `startMock()` in one process), the first queries after a large seed with the event loop watched, memory, the
 * sessions' figures, the MCP server's cost per tool call (`mcp.ts`), and the figures still to come
 * (`extra-figures.ts`).
 *
 *   npm run bench [-- --quick] [--compare DIR ...]
 *                 [--only load,startup,first-queries,sessions,writes,resources,extras,mcp]
 *                 [--scenarios list,token] [--rounds N] [--seconds S] [--warm-up S]
 *
 * `--quick`: 10 000 users only, short windows, 3 start-up rounds, first queries after 100 000 users only.
 * `--scenarios`: the load scenarios to run (default: all of them); `--rounds`, `--seconds`, `--warm-up`: the load's
 * interleaved rounds, the seconds of each window and of each warm-up (defaults below; docs/performance.md's list figures use
 * `--only load --scenarios list --rounds 5 --seconds 8 --warm-up 5`).
 * `--compare DIR`: another built checkout of identity-mock, measured as `identity-mock@<name>` in the same rounds,
 * with a table of new ÷ compared for every figure. Writes bench/results/latest.json (a full run) or
 * bench/results/quick.tmp.json. Nothing here is asserted in `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { seedDataset } from '../src/data/seed.ts';
import { EXTRA_FIGURES, extrasTable, measureExtras } from './extra-figures.ts';
import type {
  BenchRun,
  FirstQueryFigures,
  InProcessFigures,
  MemoryFigures,
  RunResult,
  SeedFigures,
  StartupFigures,
} from './figures.ts';
import { firstQueries } from './first-queries.ts';
import { mswBundleSection } from './msw-bundle.ts';
import { evaluateGoals, LARGE_USERS } from './goals.ts';
import type { Driver } from './load.ts';
import { HAS_TASKSET, pinDriver, pinServer, waitFor200 } from './processes.ts';
import {
  compareTables,
  firstQueriesTable,
  goalsTable,
  inProcessTable,
  memoryTable,
  resultsTable,
  startupTable,
} from './report.ts';
import { buildScenarios, SCENARIOS, searchKindScenarios } from './scenarios.ts';
import {
  BARE,
  buildOf,
  mintToken,
  mockSpec,
  NO_CACHE,
  NO_CODE_CACHE,
  OWN_SPEC,
  prepareBaselines,
  spawnSpec,
  STACK,
  type Baselines,
  type Build,
  type ServerSpec,
} from './servers.ts';
import { startupRounds, type StartupJob } from './startup.ts';
import { measureLoad, type LoadSettings } from './throughput.ts';
import { findWrk } from './wrk.ts';

const SECTIONS = [
  'load',
  'startup',
  'first-queries',
  'sessions',
  'writes',
  'resources',
  'extras',
  'mcp',
] as const;
/** Sections that run in a process of their own, in process: alone they need no build, baselines or driver. */
const IN_PROCESS_SECTIONS: ReadonlySet<string> = new Set(['sessions', 'writes', 'resources', 'mcp']);
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    seed: { type: 'string' },
    compare: { type: 'string', multiple: true },
    only: { type: 'string' },
    scenarios: { type: 'string' },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    'warm-up': { type: 'string' },
  },
});
const QUICK = values.quick === true;
const SEED = Number(values.seed ?? '42');
const ONLY = new Set(values.only?.split(',') ?? SECTIONS);
for (const section of ONLY) {
  if (!(SECTIONS as readonly string[]).includes(section))
    throw new Error(`--only ${section}: the sections are ${SECTIONS.join(', ')}`);
}
const SMALL = 10_000;
const LARGE = QUICK ? undefined : LARGE_USERS;
const CONNECTIONS = [1, 50] as const;
const THROUGHPUT_CONNECTIONS = 50;
// Whole seconds: wrk takes no fractions.
const SECONDS = Math.round(Number(values.seconds ?? (QUICK ? '2' : '3')));
const WARMUP = Math.round(Number(values['warm-up'] ?? '1'));
const ROUNDS = Math.round(Number(values.rounds ?? (QUICK ? '1' : '3')));
const SCENARIO_NAMES = values.scenarios?.split(',');
for (const name of SCENARIO_NAMES ?? []) {
  if (!(SCENARIOS as readonly string[]).includes(name))
    throw new Error(`--scenarios ${name}: the scenarios are ${SCENARIOS.join(', ')}`);
}
/** The scenarios `--scenarios` names (all when it is not given). */
const chosen = <T extends { readonly name: string }>(scenarios: readonly T[]): T[] =>
  scenarios.filter((s) => SCENARIO_NAMES === undefined || SCENARIO_NAMES.includes(s.name));
const STARTUP_ROUNDS = QUICK ? 3 : 7;
const SEEDS = QUICK ? [100_000] : [100_000, 1_000_000];

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/**
 * The sessions' figures (bench/sessions.ts), in a process of its own so its RSS is its own: memory of 100
 * untouched sessions, creation of one, and a session with 100 deletions against the default, scenario by scenario.
 */
function sessionFigures(
  script = 'bench/sessions.ts',
  size = QUICK ? ['--quick'] : ['--users', String(LARGE_USERS)],
): unknown {
  const output = execFileSync('npx', ['tsx', script, '--seed', String(SEED), ...size], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  const lines = output.trimEnd().split('\n');
  log(`\n${lines.slice(0, -1).join('\n')}`);
  return JSON.parse(lines[lines.length - 1] ?? '{}') as unknown;
}

async function loadSection(builds: readonly Build[], settings: LoadSettings) {
  const results: RunResult[] = [];
  const memory: MemoryFigures[] = [];
  const add = (part: { results: RunResult[]; memory: MemoryFigures[] }): void => {
    results.push(...part.results);
    memory.push(...part.memory);
  };
  const mocks = builds.map((b) => mockSpec(b));
  for (const users of [SMALL, ...(LARGE === undefined ? [] : [LARGE])]) {
    const records = seedDataset({ seed: SEED, users }).users;
    const scenarios = chosen(buildScenarios(records));
    const servers: ServerSpec[] = users === SMALL ? [...mocks, STACK, BARE] : mocks;
    log(`\nload at ${String(users)} users: ${servers.map((s) => s.name).join(', ')}`);
    add(await measureLoad(servers, users, scenarios, settings));
    if (users === LARGE) {
      // Without the result cache every request runs the engine: the honest figure for filters and search.
      const kinds =
        SCENARIO_NAMES === undefined || SCENARIO_NAMES.includes('search') ? searchKindScenarios(records) : [];
      const engine = [
        ...scenarios.filter((s) => ['filter-sort', 'search', 'date-range'].includes(s.name)),
        ...kinds,
      ];
      const noCache = builds.map((b) => mockSpec(b, NO_CACHE));
      const one = { ...settings, connections: [1] };
      if (engine.length > 0) results.push(...(await measureLoad(noCache, users, engine, one)).results);
      if (kinds.length > 0) results.push(...(await measureLoad(mocks, users, kinds, one)).results);
    }
  }
  return { results, memory };
}

async function firstQueriesSection(
  builds: readonly Build[],
  tokens: ReadonlyMap<string, string>,
  baselines: Baselines,
) {
  const queries: FirstQueryFigures[] = [];
  const seeds: SeedFigures[] = [];
  for (const users of SEEDS) {
    for (const build of builds) {
      const token = tokens.get(build.name) ?? '';
      // A build that bounds its state memory (default 1 GiB) gets room for the largest seed.
      const bounded = readFileSync(join(build.dir, 'dist/config.js'), 'utf8').includes('max-state-memory');
      const spec: ServerSpec = bounded
        ? { kind: 'mock', name: build.name, build, flags: ['--max-state-memory', '16GB'] }
        : mockSpec(build);
      const server = await spawnSpec(spec, undefined, SEED, baselines);
      try {
        await waitFor200(`${server.url}/users`, server.startedAt, {
          headers: { authorization: `Bearer ${token}` },
        });
        pinServer(server);
        log(`  ${build.name}: POST /__admin/seed {"users": ${String(users)}}, then the first queries`);
        const figures = await firstQueries(server, build.name, token, users, SEED);
        seeds.push(figures.seed);
        queries.push(...figures.queries);
      } finally {
        await server.stop();
      }
    }
  }
  return { queries, seeds };
}

/** The inferred collection's lists against /users (bench/resources.ts), in a process of its own. */
function resourceFigures(): BenchRun['resources'] {
  return sessionFigures('bench/resources.ts', QUICK ? ['--quick'] : []) as BenchRun['resources'];
}

/** The MCP figures (bench/mcp.ts), in a process of its own: a tool call over stdio, over HTTP, and the plain call. */
function mcpFigures(): unknown {
  const output = execFileSync(
    'npx',
    ['tsx', 'bench/mcp.ts', ...(QUICK ? ['--calls', '50', '--rounds', '1'] : [])],
    {
      encoding: 'utf8',
    },
  );
  const lines = output.trimEnd().split('\n');
  log(`\n${lines.slice(0, -1).join('\n')}`);
  return JSON.parse(lines[lines.length - 1] ?? '{}') as unknown;
}

async function main(): Promise<void> {
  if ([...ONLY].every((section) => IN_PROCESS_SECTIONS.has(section))) {
    // Alone, the sections that run in processes of their own need no build, baselines, load driver or tokens.
    const sessions = ONLY.has('sessions') ? sessionFigures() : undefined;
    const writes = ONLY.has('writes') ? sessionFigures('bench/writes.ts') : undefined;
    const resources = ONLY.has('resources') ? resourceFigures() : undefined;
    const mcp = ONLY.has('mcp') ? mcpFigures() : undefined;
    if (resources !== undefined) {
      const run: BenchRun = {
        quick: QUICK,
        sizes: { small: SMALL, large: LARGE },
        builds: ['identity-mock'],
        throughputConnections: THROUGHPUT_CONNECTIONS,
        results: [],
        startups: [],
        inProcess: [],
        firstQueries: [],
        seeds: [],
        memory: [],
        resources,
      };
      const goals = evaluateGoals(run, 'identity-mock').filter((g) => g.met !== undefined);
      log(`\ngoals\n${goalsTable([{ server: 'identity-mock', goals }])}`);
    }
    writeFileSync(
      new URL('./results/quick.tmp.json', import.meta.url),
      `${JSON.stringify({ date: new Date().toISOString(), sessions, writes, resources, mcp }, null, 2)}\n`,
    );
    log('\nwrote bench/results/quick.tmp.json');
    return;
  }
  pinDriver();
  const machine = `${String(cpus().length)} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
  log(`identity-mock bench${QUICK ? ' (--quick)' : ''}: ${machine}`);
  log(
    HAS_TASKSET
      ? 'load: servers pinned to core 0, the load driver to core 1 (taskset); start-up: every core'
      : 'taskset not found: servers and driver share the cores',
  );
  const builds = [buildOf('.', true), ...(values.compare ?? []).map((dir) => buildOf(dir, false))];
  for (const build of builds.slice(1)) log(`compared build: ${build.name} (${build.dir})`);
  const baselines = await prepareBaselines(process.cwd());
  const tokens = new Map(builds.map((b) => [b.name, mintToken(b)]));
  const primaryToken = tokens.get(builds[0]?.name ?? '') ?? '';
  const wrk = findWrk(log);
  const driver: Driver = wrk === undefined ? { kind: 'autocannon' } : { kind: 'wrk', path: wrk };
  log(
    wrk === undefined
      ? 'load driver: autocannon (wrk not found and not installable here); autocannon tops out near 10 000 req/s on one core, which compresses ratios near the top'
      : `load driver: wrk (${wrk}), one thread`,
  );

  let results: RunResult[] = [];
  let memory: MemoryFigures[] = [];
  if (ONLY.has('load')) {
    log(
      `load: ${String(WARMUP)} s of warm-up per server and scenario (identity-mock: every path once first), then ${String(ROUNDS)} round(s) of ${String(SECONDS)} s per server at ${CONNECTIONS.join(' and ')} connections, servers interleaved, median kept; servers log at warn`,
    );
    const settings: LoadSettings = {
      driver,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmUpSeconds: WARMUP,
      seed: SEED,
      baselines,
      tokenOf: (spec) => (spec.kind === 'mock' ? (tokens.get(spec.build.name) ?? '') : primaryToken),
      log,
    };
    ({ results, memory } = await loadSection(builds, settings));
  }

  let startups: StartupFigures[] = [];
  let inProcess: InProcessFigures[] = [];
  if (ONLY.has('startup')) {
    log(`\nstart-up: ${String(STARTUP_ROUNDS)} interleaved rounds, spawn → first 200, medians`);
    const jobs: StartupJob[] = [
      ...builds.flatMap((build) =>
        [undefined, SMALL, LARGE_USERS].map((users) => ({
          target: { server: build.name, users },
          spec: mockSpec(build),
          token: tokens.get(build.name) ?? '',
        })),
      ),
      // A first start, without the command's code cache (this build only, default data).
      ...builds.slice(0, 1).map((build) => {
        const spec = mockSpec(build, NO_CODE_CACHE);
        return { target: { server: spec.name, users: undefined }, spec, token: primaryToken };
      }),
      // The example's own document (--spec), default data: its start beside the default one.
      ...builds.slice(0, 1).map((build) => {
        const spec = mockSpec(build, OWN_SPEC);
        return { target: { server: spec.name, users: undefined }, spec, token: tokens.get(build.name) ?? '' };
      }),
      { target: { server: 'stack', users: SMALL }, spec: STACK, token: primaryToken },
      // The floor: a bare node:http server holding the same users (no validation, no auth).
      { target: { server: 'bare', users: SMALL }, spec: BARE, token: primaryToken },
    ];
    ({ startups, inProcess } = await startupRounds(jobs, builds, STARTUP_ROUNDS, SEED, baselines, log));
  }

  let queries: FirstQueryFigures[] = [];
  let seeds: SeedFigures[] = [];
  if (ONLY.has('first-queries')) {
    log(`\nfirst queries after a seed of ${SEEDS.join(' and ')} users, /health polled every ~5 ms`);
    ({ queries, seeds } = await firstQueriesSection(builds, tokens, baselines));
  }

  // The resource engine's lists against /users (bench/resources.ts), in a process of its own: a goal of this build.
  const resources = ONLY.has('resources') ? resourceFigures() : undefined;

  const run: BenchRun = {
    quick: QUICK,
    sizes: { small: SMALL, large: LARGE },
    builds: builds.map((b) => b.name),
    throughputConnections: THROUGHPUT_CONNECTIONS,
    results,
    startups,
    inProcess,
    firstQueries: queries,
    seeds,
    memory,
    ...(resources === undefined ? {} : { resources }),
  };
  if (results.length > 0) log(`\nload (p50/p99 in ms)\n${resultsTable(results)}`);
  if (startups.length > 0) {
    log(`\nstart-up, spawn → first 200 (median of ${String(STARTUP_ROUNDS)} rounds)\n${startupTable(run)}`);
    log(`\nin process, default data\n${inProcessTable(run)}`);
  }
  if (seeds.length > 0) {
    log(
      `\nfirst queries after POST /__admin/seed (hold: the longest /health wait during the request)\n${firstQueriesTable(run)}`,
    );
  }
  if (memory.length > 0) log(`\nmemory\n${memoryTable(run)}`);
  const goals = builds.map((b) => ({ server: b.name, goals: evaluateGoals(run, b.name) }));
  log(
    `\ngoals (ratios against the baselines of this run; load at ${String(THROUGHPUT_CONNECTIONS)} connections)`,
  );
  log(goalsTable(goals));
  for (const compared of builds.slice(1)) {
    log(`\n${builds[0]?.name ?? ''} ÷ ${compared.name}`);
    log(compareTables(run, builds[0]?.name ?? '', compared.name));
  }

  let extras: unknown = undefined;
  if (ONLY.has('extras')) {
    const measured = await measureExtras(EXTRA_FIGURES, {
      quick: QUICK,
      seed: SEED,
      builds,
      baselines,
      driver,
      log,
    });
    log(`\nfigures still to come\n${extrasTable(EXTRA_FIGURES, measured)}`);
    extras = Object.fromEntries(measured);
  }
  log(mswBundleSection());
  const sessions = ONLY.has('sessions') ? sessionFigures() : undefined;
  const mcp = ONLY.has('mcp') ? mcpFigures() : undefined;
  // The users store's writes (bench/writes.ts): a create, an update and a delete, and the first queries after 1 000.
  const writes = ONLY.has('writes') ? sessionFigures('bench/writes.ts') : undefined;
  const file = QUICK || ONLY.size < SECTIONS.length ? 'quick.tmp.json' : 'latest.json';
  writeFileSync(
    new URL(`./results/${file}`, import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), machine, taskset: HAS_TASKSET, driver: driver.kind, seconds: SECONDS, ...run, goals, extras, sessions, writes, mcp }, null, 2)}\n`,
  );
  log(`\nwrote bench/results/${file}`);
}

await main();
