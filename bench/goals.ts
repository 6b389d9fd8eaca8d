/**
 * The bench's goals, each a ratio against a baseline measured in the same run (or, where the goal is absolute, a
 * figure that does not depend on the machine's load much), evaluated for one identity-mock build as met / not met /
 * not measured. Pure: unit-tested in test/unit/bench-goals.test.ts.
 */
import { find, findStartup, median, ratio, type BenchRun } from './figures.ts';

export interface Goal {
  readonly goal: string;
  readonly value: string;
  /** undefined: not measured in this run (a baseline or a size missing, or `--quick`). */
  readonly met: boolean | undefined;
}

export const QUERY_SCENARIOS = ['filter-sort', 'search', 'date-range'] as const;
/** The large size: load and RSS in a full run, start-up in every run. */
export const LARGE_USERS = 100_000;
export const LIMITS = {
  listVsStack: 1.5,
  listVsBare: 0.35,
  /** Not a goal yet: the line on the way to the bare server's limit. */
  listVsBareLine: 0.5,
  queryVsStack: 4,
  queryVsBare: 2,
  queryVsListLarge: 0.5,
  searchP99Ms: 10,
  tokenPerSecond: 1000,
  startupDefaultVsStack: 0.5,
  startupSmallVsStack: 0.8,
  startupLargeMs: 1500,
  /** Start-up with the example's own document (`--spec`), over the default start. */
  startupSpecVsDefault: 1.1,
  inProcessReadyMs: 50,
  holdMs: 50,
  rssMb: 300,
  resourcesVsUsers: 0.8,
} as const;

function fmt(value: number | undefined, digits = 2): string {
  return value === undefined ? 'n/a' : value.toFixed(digits);
}

function atMost(value: number | undefined, limit: number): boolean | undefined {
  return value === undefined ? undefined : value <= limit;
}

function atLeast(value: number | undefined, limit: number): boolean | undefined {
  return value === undefined ? undefined : value >= limit;
}

/** Every goal for `server` (an identity-mock build's name) on a run's figures. */
export function evaluateGoals(run: BenchRun, server: string): Goal[] {
  const { small, large } = run.sizes;
  const c = run.throughputConnections;
  const rps = (who: string, users: number | undefined, scenario: string): number | undefined =>
    users === undefined
      ? undefined
      : find(run.results, { server: who, users, scenario, connections: c })?.rps;
  const vs = (scenario: string, baseline: string): number | undefined =>
    ratio(rps(server, small, scenario), rps(baseline, small, scenario));
  const goals: Goal[] = [];

  const list = rps(server, small, 'list');
  const listStack = vs('list', 'stack');
  const listBare = vs('list', 'bare');
  const listRates = `${fmt(list, 0)} / ${fmt(rps('stack', small, 'list'), 0)} / ${fmt(rps('bare', small, 'list'), 0)} req/s`;
  goals.push(
    {
      goal: `list ≥ ${LIMITS.listVsStack}× stack at ${small} users, ${c} connections`,
      value: `${fmt(listStack)}× (${listRates}: mock / stack / bare)`,
      met: atLeast(listStack, LIMITS.listVsStack),
    },
    {
      goal: `list ≥ ${LIMITS.listVsBare}× bare`,
      value: `${fmt(listBare)}×`,
      met: atLeast(listBare, LIMITS.listVsBare),
    },
    {
      goal: `(the line on the way) list ≥ ${LIMITS.listVsBareLine}× bare`,
      value: `${fmt(listBare)}×`,
      met: atLeast(listBare, LIMITS.listVsBareLine),
    },
  );
  for (const scenario of QUERY_SCENARIOS) {
    const s = vs(scenario, 'stack');
    const b = vs(scenario, 'bare');
    goals.push({
      goal: `${scenario} ≥ ${LIMITS.queryVsStack}× stack and ≥ ${LIMITS.queryVsBare}× bare at ${small} users`,
      value: `${fmt(s)}× stack, ${fmt(b)}× bare`,
      met:
        s === undefined || b === undefined ? undefined : s >= LIMITS.queryVsStack && b >= LIMITS.queryVsBare,
    });
  }
  const largeLabel = large ?? LARGE_USERS;
  for (const scenario of QUERY_SCENARIOS) {
    const share = ratio(rps(server, large, scenario), rps(server, large, 'list'));
    goals.push({
      goal: `${scenario} ≥ ${LIMITS.queryVsListLarge}× list at ${largeLabel} users`,
      value: `${fmt(share)}× list`,
      met: atLeast(share, LIMITS.queryVsListLarge),
    });
  }
  const kinds = run.results.filter(
    (r) =>
      r.server === server && r.users === large && r.scenario.startsWith('search:') && r.connections === 1,
  );
  const worstKind = kinds.reduce<(typeof kinds)[number] | undefined>(
    (w, r) => (w === undefined || r.p99 > w.p99 ? r : w),
    undefined,
  );
  goals.push({
    goal: `search p99 ≤ ${LIMITS.searchP99Ms} ms at 1 connection at ${largeLabel} users, every term kind`,
    value:
      worstKind === undefined
        ? 'n/a'
        : `worst ${fmt(worstKind.p99, worstKind.p99 < 10 ? 1 : 0)} ms (${worstKind.scenario.slice(7)})`,
    met: worstKind === undefined ? undefined : kinds.every((k) => k.p99 <= LIMITS.searchP99Ms),
  });
  const token = rps(server, small, 'token');
  goals.push({
    goal: `token ≥ ${LIMITS.tokenPerSecond} grants/s`,
    value: `${fmt(token, 0)}/s`,
    met: atLeast(token, LIMITS.tokenPerSecond),
  });

  // Start-up: spawn → first 200 on GET /users with a token, medians of interleaved rounds.
  const stackSmall = findStartup(run.startups, 'stack', small)?.usersMs;
  const startup = (users: number | undefined): number | undefined =>
    findStartup(run.startups, server, users)?.usersMs;
  const defaultVs = ratio(startup(undefined), stackSmall);
  const smallVs = ratio(startup(small), stackSmall);
  const largeMs = startup(LARGE_USERS);
  const specMs = findStartup(run.startups, `${server} (--spec)`, undefined)?.usersMs;
  const specVs = ratio(specMs, startup(undefined));
  goals.push(
    {
      goal: `start-up, default data ≤ ${LIMITS.startupDefaultVsStack}× stack at ${small} users`,
      value: `${fmt(defaultVs)}× (${fmt(startup(undefined), 0)} / ${fmt(stackSmall, 0)} ms)`,
      met: atMost(defaultVs, LIMITS.startupDefaultVsStack),
    },
    {
      goal: `start-up, ${small} users ≤ ${LIMITS.startupSmallVsStack}× stack at ${small} users`,
      value: `${fmt(smallVs)}× (${fmt(startup(small), 0)} / ${fmt(stackSmall, 0)} ms)`,
      met: atMost(smallVs, LIMITS.startupSmallVsStack),
    },
    {
      goal: `start-up, --spec of the example document ≤ ${LIMITS.startupSpecVsDefault}× the default start`,
      value: `${fmt(specVs)}× (${fmt(specMs, 0)} / ${fmt(startup(undefined), 0)} ms)`,
      met: atMost(specVs, LIMITS.startupSpecVsDefault),
    },
    {
      goal: `start-up, ${LARGE_USERS} users ≤ ${LIMITS.startupLargeMs / 1000} s to the first 200`,
      value: `${fmt(largeMs === undefined ? undefined : largeMs / 1000)} s`,
      met: atMost(largeMs, LIMITS.startupLargeMs),
    },
  );
  const inProcess = run.inProcess.find((f) => f.server === server);
  goals.push({
    goal: `a second startMock() in one process ≤ ${LIMITS.inProcessReadyMs} ms to ready, default data`,
    value: `${fmt(inProcess?.readyMs, 1)} ms`,
    met: atMost(inProcess?.readyMs, LIMITS.inProcessReadyMs),
  });

  // First queries after a seed: the largest seed measured (1 000 000 users in a full run).
  const seeded = run.firstQueries.filter((f) => f.server === server);
  const biggest = Math.max(0, ...seeded.map((f) => f.users));
  const firsts = seeded.filter((f) => f.users === biggest);
  const worst = firsts.reduce<(typeof firsts)[number] | undefined>(
    (w, f) => (w === undefined || f.first.holdMs > w.first.holdMs ? f : w),
    undefined,
  );
  const secondHold = median(firsts.map((f) => f.second.holdMs));
  goals.push({
    goal: `first query of each kind after a ${biggest === 0 ? 'large' : biggest} user seed holds /health ≤ ${LIMITS.holdMs} ms`,
    value:
      worst === undefined
        ? 'n/a'
        : `worst ${fmt(worst.first.holdMs, 0)} ms (${worst.kind}); second runs: median ${fmt(secondHold, 0)} ms`,
    met: worst === undefined ? undefined : firsts.every((f) => f.first.holdMs <= LIMITS.holdMs),
  });

  const memory = run.memory.find((m) => m.server === server && m.users === LARGE_USERS);
  const rss =
    memory === undefined || memory.afterLoadMb === undefined
      ? undefined
      : Math.max(memory.afterLoadMb, memory.afterStartMb ?? 0);
  goals.push({
    goal: `RSS at ${LARGE_USERS} users after the load ≤ ${LIMITS.rssMb} MB`,
    value: rss === undefined ? 'n/a' : `${fmt(rss, 0)} MB`,
    met: atMost(rss, LIMITS.rssMb),
  });
  goals.push(...resourceGoals(run.builds[0] === server ? run.resources : undefined));
  return goals;
}

/** The inferred collection's lists against /users (bench/resources.ts): every kind, and the longest call. */
function resourceGoals(figures: BenchRun['resources']): Goal[] {
  const kinds = figures?.kinds ?? [];
  const slowest = kinds.reduce<(typeof kinds)[number] | undefined>(
    (w, k) => (w === undefined || k.ratio < w.ratio ? k : w),
    undefined,
  );
  const held = (k: (typeof kinds)[number]): number => Math.max(k.worstMs, k.firstMs);
  const longest = kinds.reduce<(typeof kinds)[number] | undefined>(
    (w, k) => (w === undefined || held(k) > held(w) ? k : w),
    undefined,
  );
  const records = figures?.records ?? 10_000;
  return [
    {
      goal: `an inferred collection of ${records} lists ≥ ${LIMITS.resourcesVsUsers}× /users at ${figures?.users ?? records} users, every kind`,
      value: slowest === undefined ? 'n/a' : `worst ${fmt(slowest.ratio)}× (${slowest.kind})`,
      met: slowest === undefined ? undefined : kinds.every((k) => k.ratio >= LIMITS.resourcesVsUsers),
    },
    {
      goal: `no list call of the inferred collection holds the loop > ${LIMITS.holdMs} ms (first calls unprepared included)`,
      value:
        longest === undefined
          ? 'n/a'
          : `worst ${fmt(held(longest), 1)} ms CPU (${longest.kind}${longest.firstMs >= longest.worstMs ? ', first call' : ''})`,
      met: longest === undefined ? undefined : kinds.every((k) => held(k) <= LIMITS.holdMs),
    },
  ];
}
