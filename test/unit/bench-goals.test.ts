/** The bench's goals on a canned run: each a ratio against the run's own baselines, met / not met / not measured. */
import { describe, expect, it } from 'vitest';
import type { BenchRun, RunResult } from '../../bench/figures.ts';
import { evaluateGoals, LIMITS } from '../../bench/goals.ts';

const SMALL = 10_000;
const LARGE = 100_000;
const run = (server: string, users: number, scenario: string, connections: number, rps: number, p99 = 2) =>
  ({ server, users, scenario, connections, rps, p50: 1, p99, non2xx: 0, errors: 0 }) satisfies RunResult;
const held = (ms: number, holdMs: number) => ({ ms, holdMs });

const RUN: BenchRun = {
  quick: false,
  sizes: { small: SMALL, large: LARGE },
  builds: ['identity-mock', 'identity-mock@before'],
  throughputConnections: 50,
  results: [
    run('identity-mock', SMALL, 'list', 50, 6000),
    run('identity-mock@before', SMALL, 'list', 50, 4000),
    run('stack', SMALL, 'list', 50, 3000),
    run('bare', SMALL, 'list', 50, 15_000),
    run('identity-mock', SMALL, 'list', 1, 99_999), // another connection count: never read by the goals
    ...['filter-sort', 'search', 'date-range'].flatMap((scenario) => [
      run('identity-mock', SMALL, scenario, 50, 5000),
      run('stack', SMALL, scenario, 50, 1000),
      run('bare', SMALL, scenario, 50, 2000),
    ]),
    run('identity-mock', SMALL, 'token', 50, 1200),
    run('identity-mock', LARGE, 'list', 50, 5000),
    run('identity-mock', LARGE, 'filter-sort', 50, 3000),
    run('identity-mock', LARGE, 'search', 50, 2400),
    run('identity-mock', LARGE, 'date-range', 50, 2600),
    run('identity-mock', LARGE, 'search:exact-email', 1, 1500, 3),
    run('identity-mock', LARGE, 'search:typo', 1, 1400, 12),
  ],
  startups: [
    { server: 'identity-mock', users: undefined, healthMs: 200, usersMs: 250, rounds: 7 },
    { server: 'identity-mock', users: SMALL, healthMs: 380, usersMs: 420, rounds: 7 },
    { server: 'identity-mock', users: LARGE, healthMs: 1400, usersMs: 1600, rounds: 7 },
    { server: 'stack', users: SMALL, healthMs: 450, usersMs: 500, rounds: 7 },
    { server: 'identity-mock@before', users: undefined, healthMs: 900, usersMs: 930, rounds: 7 },
  ],
  inProcess: [{ server: 'identity-mock', readyMs: 40, usersMs: 45, firstReadyMs: 700, rounds: 7 }],
  firstQueries: [
    {
      server: 'identity-mock',
      users: LARGE,
      kind: 'sort by name',
      query: 'sort_by=name',
      first: held(300, 290),
      second: held(3, 2),
    },
    {
      server: 'identity-mock',
      users: 1_000_000,
      kind: 'sort by name',
      query: 'sort_by=name',
      first: held(40, 20),
      second: held(3, 2),
    },
    {
      server: 'identity-mock',
      users: 1_000_000,
      kind: 'search',
      query: 'search=carey',
      first: held(70, 45),
      second: held(5, 4),
    },
  ],
  seeds: [],
  memory: [
    { server: 'identity-mock', users: SMALL, afterStartMb: 100, afterLoadMb: 400 },
    { server: 'identity-mock', users: LARGE, afterStartMb: 240, afterLoadMb: 310 },
  ],
  resources: {
    records: SMALL,
    users: SMALL,
    kinds: [
      { kind: 'plain page', resourcesPerSecond: 90, usersPerSecond: 60, ratio: 1.5, worstMs: 2, firstMs: 20 },
      { kind: 'search', resourcesPerSecond: 45, usersPerSecond: 50, ratio: 0.9, worstMs: 3, firstMs: 60 },
    ],
  },
};

const goals = evaluateGoals(RUN, 'identity-mock');
const goal = (start: string) => goals.find((g) => g.goal.startsWith(start));

describe('evaluateGoals', () => {
  it.each([
    {
      name: 'list: 6000 / 3000 = 2.00× stack at 50 connections',
      start: 'list ≥ 1.5× stack',
      value: /^2\.00× \(6000 \/ 3000 \/ 15000 req\/s/,
      met: true,
    },
    {
      name: 'list: 6000 / 15000 = 0.40× bare ≥ 0.35',
      start: 'list ≥ 0.35× bare',
      value: /^0\.40×$/,
      met: true,
    },
    {
      name: 'the 0.5× bare line is shown, not met at 0.40×',
      start: '(the line on the way) list ≥ 0.5× bare',
      value: /^0\.40×$/,
      met: false,
    },
    {
      name: 'query scenarios: 5× stack, 2.5× bare',
      start: 'filter-sort ≥ 4× stack',
      value: /^5\.00× stack, 2\.50× bare$/,
      met: true,
    },
    {
      name: 'filter-sort at 100k: 3000 / 5000 = 0.6× list',
      start: 'filter-sort ≥ 0.5× list',
      value: /^0\.60× list$/,
      met: true,
    },
    {
      name: 'search at 100k: 0.48× list is not enough',
      start: 'search ≥ 0.5× list',
      value: /^0\.48× list$/,
      met: false,
    },
    {
      name: 'search latency: the worst kind decides',
      start: 'search p99',
      value: /^worst 12 ms \(typo\)$/,
      met: false,
    },
    { name: 'token 1200/s ≥ 1000', start: 'token', value: /^1200\/s$/, met: true },
    {
      name: 'start-up at the default data: 250 / 500 = 0.50× stack ≤ 0.5',
      start: 'start-up, default data',
      value: /^0\.50× \(250 \/ 500 ms\)$/,
      met: true,
    },
    {
      name: 'start-up at 10 000 users: 420 / 500 = 0.84× stack > 0.8',
      start: 'start-up, 10000 users',
      value: /^0\.84×/,
      met: false,
    },
    {
      name: 'start-up at 100 000 users: 1.6 s > 1.5 s',
      start: 'start-up, 100000 users',
      value: /^1\.60 s$/,
      met: false,
    },
    {
      name: 'a second startMock(): 40 ms ≤ 50',
      start: 'a second startMock()',
      value: /^40\.0 ms$/,
      met: true,
    },
    {
      name: 'first queries: the largest seed is judged, the worst kind decides',
      start: 'first query of each kind after a 1000000 user seed',
      value: /^worst 45 ms \(search\); second runs: median 4 ms$/,
      met: true,
    },
    {
      name: 'inferred collection lists: the slowest kind against /users decides',
      start: 'an inferred collection of 10000 lists ≥ 0.8× /users',
      value: /^worst 0\.90× \(search\)$/,
      met: true,
    },
    {
      name: 'inferred collection lists: a first call over an unprepared base counts as a hold',
      start: 'no list call of the inferred collection',
      value: /^worst 60\.0 ms CPU \(search, first call\)$/,
      met: false,
    },
    {
      name: 'RSS at 100 000 users: the larger of after start and after load',
      start: 'RSS at 100000',
      value: /^310 MB$/,
      met: false,
    },
  ])('$name', ({ start, value, met }) => {
    const found = goal(start);
    expect(found?.value).toMatch(value);
    expect(found?.met).toBe(met);
  });

  it('judges a hold over the limit as not met', () => {
    const slow = {
      ...RUN,
      firstQueries: RUN.firstQueries.map((q) =>
        q.kind === 'search' ? { ...q, first: held(3000, 2900) } : q,
      ),
    };
    expect(evaluateGoals(slow, 'identity-mock').find((g) => g.goal.startsWith('first query'))).toMatchObject({
      value: `worst 2900 ms (search); second runs: median 4 ms`,
      met: false,
    });
  });

  it('evaluates another build on its own figures, and says "not measured" where it has none', () => {
    const before = evaluateGoals(RUN, 'identity-mock@before');
    expect(before.find((g) => g.goal.startsWith('list ≥ 1.5× stack'))).toMatchObject({ met: false });
    expect(before.find((g) => g.goal.startsWith('start-up, default data'))?.value).toMatch(/^1\.86×/);
    expect(before.find((g) => g.goal.startsWith('token'))?.met).toBeUndefined();
    expect(before.find((g) => g.goal.startsWith('a second startMock()'))?.met).toBeUndefined();
    expect(before.find((g) => g.goal.startsWith('an inferred collection'))?.met).toBeUndefined();
  });

  it('says "not measured" rather than guessing when a baseline or a size is missing (a quick run)', () => {
    const quick: BenchRun = {
      ...RUN,
      quick: true,
      sizes: { small: SMALL, large: undefined },
      results: RUN.results.filter((r) => r.server !== 'stack' && r.users === SMALL),
      memory: RUN.memory.filter((m) => m.users === SMALL),
    };
    const found = evaluateGoals(quick, 'identity-mock');
    expect(found.find((g) => g.goal.startsWith('list ≥ 1.5× stack'))).toMatchObject({ met: undefined });
    expect(found.find((g) => g.goal.startsWith('list ≥ 0.35× bare'))).toMatchObject({ met: true });
    expect(found.find((g) => g.goal.startsWith('filter-sort ≥ 0.5× list'))?.met).toBeUndefined();
    expect(found.find((g) => g.goal.startsWith('RSS'))?.met).toBeUndefined();
  });

  it('holds every goal to the limits it names', () => {
    expect(goal('list ≥')?.goal).toContain(`${LIMITS.listVsStack}× stack`);
    expect(goal('start-up, 100000')?.goal).toContain(`${LIMITS.startupLargeMs / 1000} s`);
    expect(goal('a second startMock()')?.goal).toContain(`${LIMITS.inProcessReadyMs} ms`);
  });
});
