/**
 * The bench's arithmetic and printing, kept pure so it is unit-tested on canned figures (test/unit/bench-report):
 * ratios against the baselines of the same run, the targets of issue 7 as met / not met, and the table.
 */

export interface LoadFigures {
  /** Mean requests per second. */
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface RunKey {
  readonly server: string;
  readonly users: number;
  readonly scenario: string;
  readonly connections: number;
}

export interface RunResult extends RunKey, LoadFigures {}

export interface StartupFigures {
  readonly users: number;
  readonly healthMs: number;
  readonly usersMs: number;
  readonly rssAfterSeedMb: number;
  readonly rssAfterLoadMb: number | undefined;
  readonly seedMs: number;
  readonly storeMs: number;
}

export interface TargetResult {
  readonly target: string;
  readonly value: string;
  readonly met: boolean | undefined;
}

export const QUERY_SCENARIOS = ['filter-sort', 'search', 'date-range'] as const;

/** `a / b`, or undefined when either is missing or b is 0. */
export function ratio(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined || b === undefined || b === 0) return undefined;
  return a / b;
}

export function find(results: readonly RunResult[], key: RunKey): RunResult | undefined {
  return results.find(
    (r) =>
      r.server === key.server &&
      r.users === key.users &&
      r.scenario === key.scenario &&
      r.connections === key.connections,
  );
}

function fmt(value: number | undefined, digits = 2): string {
  return value === undefined ? 'n/a' : value.toFixed(digits);
}

/**
 * The median round of several: each figure is the median of its values across rounds (the upper middle when the
 * count is even), non-2xx and errors are summed, so one failing round still shows.
 */
export function medianFigures(rounds: readonly LoadFigures[]): LoadFigures {
  if (rounds.length === 0) throw new Error('medianFigures needs at least one round');
  const median = (pick: (f: LoadFigures) => number): number => {
    const values = rounds.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return {
    rps: median((f) => f.rps),
    p50: median((f) => f.p50),
    p99: median((f) => f.p99),
    non2xx: rounds.reduce((n, f) => n + f.non2xx, 0),
    errors: rounds.reduce((n, f) => n + f.errors, 0),
  };
}

/** Evaluates the targets of issue 7 on a run's results. `small`/`large` are the user counts (10 000 / 100 000). */
export function evaluateTargets(
  results: readonly RunResult[],
  startups: readonly StartupFigures[],
  sizes: { readonly small: number; readonly large: number | undefined },
  throughputConnections = 32,
): TargetResult[] {
  const rps = (server: string, users: number, scenario: string): number | undefined =>
    find(results, { server, users, scenario, connections: throughputConnections })?.rps;
  const targets: TargetResult[] = [];
  const list = ratio(rps('identity-mock', sizes.small, 'list'), rps('stack', sizes.small, 'list'));
  const listVsBare = ratio(rps('identity-mock', sizes.small, 'list'), rps('bare', sizes.small, 'list'));
  targets.push({
    target: `list ≥ 1.5× stack and ≥ 0.35× bare at ${sizes.small} users`,
    value: `${fmt(list)}× stack, ${fmt(listVsBare)}× bare`,
    met: list === undefined || listVsBare === undefined ? undefined : list >= 1.5 && listVsBare >= 0.35,
  });
  for (const scenario of QUERY_SCENARIOS) {
    const vsStack = ratio(rps('identity-mock', sizes.small, scenario), rps('stack', sizes.small, scenario));
    const vsBare = ratio(rps('identity-mock', sizes.small, scenario), rps('bare', sizes.small, scenario));
    targets.push({
      target: `${scenario} ≥ 4× stack and ≥ 2× bare at ${sizes.small} users`,
      value: `${fmt(vsStack)}× stack, ${fmt(vsBare)}× bare`,
      met: vsStack === undefined || vsBare === undefined ? undefined : vsStack >= 4 && vsBare >= 2,
    });
  }
  const large = sizes.large;
  if (large !== undefined) {
    for (const scenario of QUERY_SCENARIOS) {
      const share = ratio(rps('identity-mock', large, scenario), rps('identity-mock', large, 'list'));
      targets.push({
        target: `${scenario} ≥ 0.5× list at ${large} users`,
        value: `${fmt(share)}× list`,
        met: share === undefined ? undefined : share >= 0.5,
      });
    }
    const kinds = results.filter(
      (r) =>
        r.server === 'identity-mock' &&
        r.users === large &&
        r.scenario.startsWith('search:') &&
        r.connections === 1,
    );
    const worst = kinds.reduce<RunResult | undefined>(
      (w, r) => (w === undefined || r.p99 > w.p99 ? r : w),
      undefined,
    );
    targets.push({
      target: `search p99 ≤ 10 ms at 1 connection at ${large} users, every term kind`,
      value: worst === undefined ? 'n/a' : `worst ${worst.p99} ms (${worst.scenario.slice(7)})`,
      met: worst === undefined ? undefined : kinds.every((k) => k.p99 <= 10),
    });
    const startup = startups.find((s) => s.users === large);
    targets.push({
      target: `start-up to first 200 at ${large} users ≤ 2 s`,
      value: startup === undefined ? 'n/a' : `${fmt(startup.usersMs / 1000)} s`,
      met: startup === undefined ? undefined : startup.usersMs <= 2000,
    });
    const rss =
      startup === undefined ? undefined : Math.max(startup.rssAfterSeedMb, startup.rssAfterLoadMb ?? 0);
    targets.push({
      target: `RSS at ${large} users ≤ 300 MB`,
      value: rss === undefined ? 'n/a' : `${fmt(rss, 0)} MB`,
      met: rss === undefined ? undefined : rss <= 300,
    });
  }
  const token = rps('identity-mock', sizes.small, 'token');
  targets.push({
    target: 'token ≥ 1 000 grants/s',
    value: `${fmt(token, 0)}/s`,
    met: token === undefined ? undefined : token >= 1000,
  });
  return targets;
}

/** A fixed-width text table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The results table: one row per server, users, scenario and connections, with ratios to the baselines. */
export function resultsTable(results: readonly RunResult[]): string {
  const rows = results.map((r) => {
    const base = (server: string): string =>
      r.server === 'identity-mock' ? fmt(ratio(r.rps, find(results, { ...r, server })?.rps)) : '';
    return [
      r.server,
      String(r.users),
      r.scenario,
      String(r.connections),
      r.rps.toFixed(0),
      String(r.p50),
      String(r.p99),
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

export function targetsTable(targets: readonly TargetResult[]): string {
  return table(
    ['target', 'measured', 'status'],
    targets.map((t) => [t.target, t.value, t.met === undefined ? 'not measured' : t.met ? 'met' : 'NOT MET']),
  );
}
