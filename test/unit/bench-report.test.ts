/** The bench's arithmetic and printing on canned figures (no timing: `npm run bench` is not part of npm test). */
import { describe, expect, it } from 'vitest';
import {
  evaluateTargets,
  find,
  medianFigures,
  ratio,
  resultsTable,
  table,
  targetsTable,
  type RunResult,
  type StartupFigures,
} from '../../bench/report.ts';

const run = (
  server: string,
  users: number,
  scenario: string,
  connections: number,
  rps: number,
  p99 = 2,
): RunResult => ({
  server,
  users,
  scenario,
  connections,
  rps,
  p50: 1,
  p99,
  non2xx: 0,
  errors: 0,
});

const SMALL = 10_000;
const LARGE = 100_000;
const results: RunResult[] = [
  run('identity-mock', SMALL, 'list', 32, 6000),
  run('stack', SMALL, 'list', 32, 3000),
  run('bare', SMALL, 'list', 32, 9000),
  ...['filter-sort', 'search', 'date-range'].flatMap((scenario) => [
    run('identity-mock', SMALL, scenario, 32, 5000),
    run('stack', SMALL, scenario, 32, 1000),
    run('bare', SMALL, scenario, 32, 2000),
  ]),
  run('identity-mock', SMALL, 'token', 32, 1200),
  run('identity-mock', LARGE, 'list', 32, 5000),
  run('identity-mock', LARGE, 'filter-sort', 32, 3000),
  run('identity-mock', LARGE, 'search', 32, 2400),
  run('identity-mock', LARGE, 'date-range', 32, 2600),
  run('identity-mock', LARGE, 'search:exact-email', 1, 1500, 3),
  run('identity-mock', LARGE, 'search:typo', 1, 1400, 12),
];
const startups: StartupFigures[] = [
  {
    users: LARGE,
    healthMs: 1200,
    usersMs: 1500,
    rssAfterSeedMb: 240,
    rssAfterLoadMb: 310,
    seedMs: 400,
    storeMs: 300,
  },
];

describe('ratio', () => {
  it.each([
    { name: 'a plain ratio', a: 6000, b: 3000, expected: 2 },
    { name: 'a missing numerator', a: undefined, b: 3000, expected: undefined },
    { name: 'a missing denominator', a: 6000, b: undefined, expected: undefined },
    { name: 'a zero denominator', a: 6000, b: 0, expected: undefined },
  ])('$name', ({ a, b, expected }) => {
    expect(ratio(a, b)).toBe(expected);
  });
});

describe('medianFigures', () => {
  const f = (rps: number, p99: number, non2xx = 0) => ({ rps, p50: 1, p99, non2xx, errors: 0 });

  it("takes each figure's median across an odd number of rounds", () => {
    expect(medianFigures([f(3000, 9), f(1000, 4), f(2000, 30)])).toEqual(f(2000, 9));
  });

  it('takes the upper middle of an even number of rounds', () => {
    expect(medianFigures([f(1000, 2), f(4000, 8)]).rps).toBe(4000);
  });

  it('sums non-2xx answers so a failing round is not hidden by the median', () => {
    expect(medianFigures([f(1000, 2, 3), f(1000, 2), f(1000, 2, 1)]).non2xx).toBe(4);
  });

  it('is the round itself when there is one', () => {
    expect(medianFigures([f(1234, 5)])).toEqual(f(1234, 5));
  });

  it('refuses no rounds rather than inventing figures', () => {
    expect(() => medianFigures([])).toThrow(/at least one round/);
  });
});

describe('evaluateTargets', () => {
  const targets = evaluateTargets(results, startups, { small: SMALL, large: LARGE });
  const byName = (start: string) => targets.find((t) => t.target.startsWith(start));

  it.each([
    {
      name: 'list: 6000 / 3000 = 2.00× stack ≥ 1.5, 6000 / 9000 = 0.67× bare ≥ 0.35',
      start: 'list ≥ 1.5× stack',
      value: '2.00× stack, 0.67× bare',
      met: true,
    },
    {
      name: 'query scenarios: 5× stack, 2.5× bare',
      start: 'filter-sort ≥ 4× stack',
      value: '5.00× stack, 2.50× bare',
      met: true,
    },
    {
      name: 'filter-sort at 100k: 3000 / 5000 = 0.6× list',
      start: 'filter-sort ≥ 0.5× list',
      value: '0.60× list',
      met: true,
    },
    {
      name: 'search at 100k: 0.48× list is not enough',
      start: 'search ≥ 0.5× list',
      value: '0.48× list',
      met: false,
    },
    {
      name: 'search latency: the worst kind decides',
      start: 'search p99',
      value: 'worst 12 ms (typo)',
      met: false,
    },
    { name: 'start-up 1.5 s ≤ 2 s', start: 'start-up', value: '1.50 s', met: true },
    { name: 'RSS: the larger of after seeding and after load', start: 'RSS', value: '310 MB', met: false },
    { name: 'token 1200/s ≥ 1000', start: 'token', value: '1200/s', met: true },
  ])('$name', ({ start, value, met }) => {
    expect(byName(start)).toMatchObject({ value, met });
  });

  it('list: 2× stack is not enough when it is under 0.35× bare', () => {
    const fastBare = results.map((r) =>
      r.server === 'bare' && r.scenario === 'list' ? { ...r, rps: 20_000 } : r,
    );
    const list = evaluateTargets(fastBare, startups, { small: SMALL, large: LARGE }).find((t) =>
      t.target.startsWith('list'),
    );
    expect(list).toMatchObject({ value: '2.00× stack, 0.30× bare', met: false });
  });

  it('says "not measured" rather than guessing when a baseline is missing', () => {
    const withoutStack = results.filter((r) => r.server !== 'stack');
    const targets2 = evaluateTargets(withoutStack, startups, { small: SMALL, large: undefined });
    expect(targets2.find((t) => t.target.startsWith('list'))).toMatchObject({
      met: undefined,
      value: 'n/a× stack, 0.67× bare',
    });
    expect(targets2.some((t) => t.target.includes('100000'))).toBe(false);
    expect(targetsTable(targets2)).toContain('not measured');
  });
});

describe('tables', () => {
  it('aligns columns: text left, figures right', () => {
    expect(
      table(
        ['name', 'n'],
        [
          ['a', '1'],
          ['bbb', '22'],
        ],
      ).split('\n'),
    ).toEqual(['name   n', '----  --', 'a      1', 'bbb   22']);
  });

  it('prints identity-mock rows with their ratios to both baselines, and none for the baselines', () => {
    const lines = resultsTable(results).split('\n');
    const mockList = lines.find((l) => /^identity-mock\s+10000\s+list\s+32/.test(l)) ?? '';
    expect(mockList).toMatch(/6000.*2\.00\s+0\.67$/);
    const stackList = lines.find((l) => /^stack\s+10000\s+list/.test(l)) ?? '';
    expect(stackList.trimEnd()).toMatch(/3000\s+1\s+2\s+0$/);
  });

  it('finds a run by all four keys', () => {
    expect(find(results, { server: 'bare', users: SMALL, scenario: 'search', connections: 32 })?.rps).toBe(
      2000,
    );
    expect(
      find(results, { server: 'bare', users: SMALL, scenario: 'search', connections: 1 }),
    ).toBeUndefined();
  });
});
