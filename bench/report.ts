/**
 * The bench's printed tables: throughput with ratios to the baselines of the same run, start-up, first queries
 * after a seed, memory, the goals of every build, and a build against another (`--compare`). Pure: unit-tested
 * in test/unit/bench-report.test.ts.
 */
import {
  find,
  findStartup,
  ratio,
  usersLabel,
  type BenchRun,
  type FirstQueryFigures,
  type RunResult,
} from './figures.ts';
import type { Goal } from './goals.ts';

function fmt(value: number | undefined, digits = 2): string {
  return value === undefined ? 'n/a' : value.toFixed(digits);
}

/** A millisecond figure: one decimal under 10 ms, none above. */
function ms(value: number | undefined): string {
  return value === undefined ? 'n/a' : value.toFixed(value < 10 ? 1 : 0);
}

/** A fixed-width text table: the first column left-aligned, the others right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Whether `server` is an identity-mock build or a variant of one (`identity-mock@dir (no cache)`). */
export function isMock(server: string): boolean {
  return server.startsWith('identity-mock');
}

/** One row per server, users, scenario and connections; identity-mock rows carry their ratios to the baselines. */
export function resultsTable(results: readonly RunResult[]): string {
  const rows = results.map((r) => {
    const base = (server: string): string =>
      isMock(r.server) ? fmt(ratio(r.rps, find(results, { ...r, server })?.rps)) : '';
    return [
      r.server,
      String(r.users),
      r.scenario,
      String(r.connections),
      r.rps.toFixed(0),
      // No answer within the window: wrk reports latencies of 0, which would read as fast.
      r.rps === 0 ? '-' : ms(r.p50),
      r.rps === 0 ? '-' : ms(r.p99),
      String(r.non2xx + r.errors),
      base('stack'),
      base('bare'),
    ];
  });
  return table(
    ['server', 'users', 'scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', '÷ stack', '÷ bare'],
    rows,
  );
}

/** Start-up to the first 200, medians of the rounds, with each target's ratio to `stack` at `small` users. */
export function startupTable(run: BenchRun): string {
  const stack = findStartup(run.startups, 'stack', run.sizes.small)?.usersMs;
  return table(
    ['server', 'data', '/health ms', 'GET /users ms', `÷ stack@${run.sizes.small}`, 'rounds'],
    run.startups.map((s) => [
      s.server,
      usersLabel(s.users),
      ms(s.healthMs),
      ms(s.usersMs),
      s.server === 'stack' ? '' : fmt(ratio(s.usersMs, stack)),
      String(s.rounds),
    ]),
  );
}

export function inProcessTable(run: BenchRun): string {
  return table(
    [
      'server',
      'second startMock() ready ms',
      'its first GET /users 200 ms',
      'first startMock() ms',
      'rounds',
    ],
    run.inProcess.map((f) => [f.server, ms(f.readyMs), ms(f.usersMs), ms(f.firstReadyMs), String(f.rounds)]),
  );
}

/** The seed, then each kind's first and second query: time to the answer and the longest /health wait. */
export function firstQueriesTable(run: BenchRun): string {
  const rows = run.seeds.flatMap((seed) => [
    [
      seed.server,
      String(seed.users),
      'POST /__admin/seed',
      ms(seed.seed.ms),
      ms(seed.seed.holdMs),
      '',
      '',
      '',
    ],
    ...run.firstQueries
      .filter((f) => f.server === seed.server && f.users === seed.users)
      .map((f: FirstQueryFigures) => [
        f.server,
        String(f.users),
        f.kind,
        ms(f.first.ms),
        ms(f.first.holdMs),
        ms(f.second.ms),
        ms(f.second.holdMs),
        fmt(ratio(f.first.holdMs, f.second.holdMs), 1),
      ]),
    [
      seed.server,
      String(seed.users),
      `(whole section; RSS after ${fmt(seed.rssAfterMb, 0)} MB)`,
      '',
      ms(seed.sectionHoldMs),
      '',
      '',
      '',
    ],
  ]);
  return table(
    ['server', 'users', 'query', '1st ms', '1st hold ms', '2nd ms', '2nd hold ms', 'hold 1st ÷ 2nd'],
    rows,
  );
}

export function memoryTable(run: BenchRun): string {
  return table(
    ['server', 'users', 'RSS after start MB', 'RSS after load MB'],
    run.memory.map((m) => [m.server, String(m.users), fmt(m.afterStartMb, 0), fmt(m.afterLoadMb, 0)]),
  );
}

/** The goals of every build side by side: what each measured, and met / NOT MET / not measured. */
export function goalsTable(byServer: readonly { server: string; goals: readonly Goal[] }[]): string {
  const first = byServer[0]?.goals ?? [];
  const status = (g: Goal | undefined): string =>
    g?.met === undefined ? 'not measured' : g.met ? 'met' : 'NOT MET';
  return table(
    ['goal', ...byServer.flatMap((b) => [b.server, 'status'])],
    first.map((goal, i) => [
      goal.goal,
      ...byServer.flatMap((b) => [b.goals[i]?.value ?? 'n/a', status(b.goals[i])]),
    ]),
  );
}

/** The variant part of a server's name past its build (`' (no cache)'`), or undefined if not of that build. */
function variantOf(server: string, build: string): string | undefined {
  if (server === build) return '';
  return server.startsWith(`${build} `) ? server.slice(build.length) : undefined;
}

/**
 * `build` against `compared`, figure by figure: throughput (req/s and p99, higher ÷ is better for req/s),
 * then start-up, in-process start, first queries after a seed and RSS (lower ÷ is better).
 */
export function compareTables(run: BenchRun, build: string, compared: string): string {
  const throughput = run.results.flatMap((r) => {
    const variant = variantOf(r.server, build);
    if (variant === undefined) return [];
    const other = find(run.results, { ...r, server: `${compared}${variant}` });
    if (other === undefined) return [];
    return [
      [
        `${r.scenario}${variant}`,
        String(r.users),
        String(r.connections),
        r.rps.toFixed(0),
        other.rps.toFixed(0),
        fmt(ratio(r.rps, other.rps)),
        ms(r.p99),
        ms(other.p99),
        fmt(ratio(r.p99, other.p99)),
      ],
    ];
  });
  const times: string[][] = [];
  const row = (figure: string, a: number | undefined, b: number | undefined): void => {
    if (a !== undefined || b !== undefined) times.push([figure, ms(a), ms(b), fmt(ratio(a, b))]);
  };
  for (const s of run.startups.filter((x) => x.server === build)) {
    const other = findStartup(run.startups, compared, s.users);
    row(`start-up ${usersLabel(s.users)}: GET /users`, s.usersMs, other?.usersMs);
    row(`start-up ${usersLabel(s.users)}: /health`, s.healthMs, other?.healthMs);
  }
  const inProcess = (server: string) => run.inProcess.find((f) => f.server === server);
  row('second startMock() to ready', inProcess(build)?.readyMs, inProcess(compared)?.readyMs);
  for (const s of run.seeds.filter((x) => x.server === build)) {
    const other = run.seeds.find((x) => x.server === compared && x.users === s.users);
    row(`seed ${s.users}: time`, s.seed.ms, other?.seed.ms);
    row(`seed ${s.users}: longest hold in the section`, s.sectionHoldMs, other?.sectionHoldMs);
  }
  for (const f of run.firstQueries.filter((x) => x.server === build)) {
    const other = run.firstQueries.find(
      (x) => x.server === compared && x.users === f.users && x.kind === f.kind,
    );
    row(`first ${f.kind} at ${f.users}: time`, f.first.ms, other?.first.ms);
    row(`first ${f.kind} at ${f.users}: hold`, f.first.holdMs, other?.first.holdMs);
  }
  for (const m of run.memory.filter((x) => x.server === build)) {
    const other = run.memory.find((x) => x.server === compared && x.users === m.users);
    row(`RSS MB at ${m.users} after the load`, m.afterLoadMb, other?.afterLoadMb);
  }
  return [
    table(['scenario', 'users', 'conns', 'req/s', 'compared', '÷', 'p99 ms', 'compared', '÷'], throughput),
    '',
    table(['figure (lower is better)', build, compared, '÷'], times),
  ].join('\n');
}
