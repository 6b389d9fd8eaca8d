/**
 * What a bench run measures, as plain data (written to bench/results as JSON), and the medians that turn rounds
 * into figures. Pure: unit-tested in test/unit/bench-figures.test.ts.
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
  /** `identity-mock`, `identity-mock@<dir>`, a variant such as `identity-mock (no cache)`, `stack` or `bare`. */
  readonly server: string;
  readonly users: number;
  readonly scenario: string;
  readonly connections: number;
}

export interface RunResult extends RunKey, LoadFigures {}

/** Milliseconds from spawn to the first 200 on `/health` and on `GET /users` with a token, one start. */
export interface StartupSample {
  readonly healthMs: number;
  readonly usersMs: number;
}

/** A start-up target: a server at a data size (`users` undefined: its default data). */
export interface StartupTarget {
  readonly server: string;
  readonly users: number | undefined;
}

export interface StartupFigures extends StartupTarget, StartupSample {
  /** How many starts the medians are taken over. */
  readonly rounds: number;
}

/** A second `startMock()` in a process that has already run one: to its promise resolved, and to a first 200. */
export interface InProcessFigures {
  readonly server: string;
  readonly readyMs: number;
  readonly usersMs: number;
  /** The first `startMock()` of the process (module loading included), for reference. */
  readonly firstReadyMs: number;
  readonly rounds: number;
}

/** One timed request, and the longest a concurrent `/health` poller waited for an answer meanwhile. */
export interface HeldFigures {
  readonly ms: number;
  readonly holdMs: number;
}

export interface FirstQueryFigures {
  readonly server: string;
  /** Users seeded by `POST /__admin/seed` before the queries. */
  readonly users: number;
  readonly kind: string;
  readonly query: string;
  readonly first: HeldFigures;
  readonly second: HeldFigures;
}

/** The seed itself (`POST /__admin/seed` until it answered) and the longest hold over the whole section. */
export interface SeedFigures {
  readonly server: string;
  readonly users: number;
  readonly seed: HeldFigures;
  /** The longest `/health` wait from the seed's start to the last query's answer, between windows included. */
  readonly sectionHoldMs: number;
  readonly rssAfterMb: number | undefined;
}

export interface MemoryFigures {
  readonly server: string;
  readonly users: number;
  /** Resident set size once the first 200 on `GET /users` came. */
  readonly afterStartMb: number | undefined;
  /** Resident set size after every load scenario at this size. */
  readonly afterLoadMb: number | undefined;
}

/** Everything one run measured. */
/** One kind of list query of an inferred collection against /users, in one process (bench/resources.ts). */
export interface ResourceKindFigures {
  readonly kind: string;
  readonly resourcesPerSecond: number;
  readonly usersPerSecond: number;
  /** Resources ÷ users, same run, same kind of query. */
  readonly ratio: number;
  /** The longest call of the timed windows (both bases prepared), CPU ms. */
  readonly worstMs: number;
  /** The first call of the kind over a base that was not prepared, CPU ms. */
  readonly firstMs: number;
}

/** The resource engine's list figures (bench/resources.ts), for this checkout's build. */
export interface ResourceListFigures {
  readonly records: number;
  readonly users: number;
  readonly kinds: readonly ResourceKindFigures[];
}

export interface BenchRun {
  readonly quick: boolean;
  /** The user counts of the load scenarios: `small` always, `large` in a full run. */
  readonly sizes: { readonly small: number; readonly large: number | undefined };
  /** The identity-mock builds: this checkout first, then each `--compare` directory. */
  readonly builds: readonly string[];
  readonly throughputConnections: number;
  readonly results: readonly RunResult[];
  readonly startups: readonly StartupFigures[];
  readonly inProcess: readonly InProcessFigures[];
  readonly firstQueries: readonly FirstQueryFigures[];
  readonly seeds: readonly SeedFigures[];
  readonly memory: readonly MemoryFigures[];
  /** `--only resources`: the inferred collection's lists against /users (this checkout's build only). */
  readonly resources?: ResourceListFigures;
}

/** The median of some values: the upper middle when their count is even; undefined when there are none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * The median round of several: each figure is the median of its values across rounds, non-2xx and errors are
 * summed, so one failing round still shows.
 */
export function medianFigures(rounds: readonly LoadFigures[]): LoadFigures {
  if (rounds.length === 0) throw new Error('medianFigures needs at least one round');
  const of = (pick: (f: LoadFigures) => number): number => median(rounds.map(pick)) ?? 0;
  return {
    rps: of((f) => f.rps),
    p50: of((f) => f.p50),
    p99: of((f) => f.p99),
    non2xx: rounds.reduce((n, f) => n + f.non2xx, 0),
    errors: rounds.reduce((n, f) => n + f.errors, 0),
  };
}

/** The start-up figures of a target from its rounds: each time the median of its starts. */
export function medianStartup(target: StartupTarget, samples: readonly StartupSample[]): StartupFigures {
  if (samples.length === 0) throw new Error('medianStartup needs at least one start');
  return {
    ...target,
    healthMs: median(samples.map((s) => s.healthMs)) ?? 0,
    usersMs: median(samples.map((s) => s.usersMs)) ?? 0,
    rounds: samples.length,
  };
}

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

export function findStartup(
  startups: readonly StartupFigures[],
  server: string,
  users: number | undefined,
): StartupFigures | undefined {
  return startups.find((s) => s.server === server && s.users === users);
}

/** A start-up target's label: `default data` or the user count. */
export function usersLabel(users: number | undefined): string {
  return users === undefined ? 'default data' : `${users} users`;
}
