/** The bench's medians and lookups on canned figures (no timing: `npm run bench` is not part of npm test). */
import { describe, expect, it } from 'vitest';
import {
  find,
  findStartup,
  median,
  medianFigures,
  medianStartup,
  ratio,
  usersLabel,
  type RunResult,
} from '../../bench/figures.ts';

const f = (rps: number, p99: number, non2xx = 0) => ({ rps, p50: 1, p99, non2xx, errors: 0 });

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

describe('median', () => {
  it.each([
    { name: 'the middle of an odd count', values: [30, 10, 20], expected: 20 },
    { name: 'the upper middle of an even count', values: [4, 1, 3, 2], expected: 3 },
    { name: 'the one value', values: [7], expected: 7 },
    { name: 'nothing for no values', values: [], expected: undefined },
  ])('$name', ({ values, expected }) => {
    expect(median(values)).toBe(expected);
  });

  it('leaves its input in its order', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('medianFigures', () => {
  it("takes each figure's median across rounds, independently", () => {
    expect(medianFigures([f(3000, 9), f(1000, 4), f(2000, 30)])).toEqual(f(2000, 9));
  });

  it('sums non-2xx answers so a failing round is not hidden by the median', () => {
    expect(medianFigures([f(1000, 2, 3), f(1000, 2), f(1000, 2, 1)]).non2xx).toBe(4);
  });

  it('refuses no rounds rather than inventing figures', () => {
    expect(() => medianFigures([])).toThrow(/at least one round/);
  });
});

describe('medianStartup', () => {
  it('keeps the target and takes the median of each time over the starts', () => {
    const samples = [
      { healthMs: 900, usersMs: 950 },
      { healthMs: 700, usersMs: 1200 },
      { healthMs: 800, usersMs: 820 },
    ];
    expect(medianStartup({ server: 'stack', users: 10_000 }, samples)).toEqual({
      server: 'stack',
      users: 10_000,
      healthMs: 800,
      usersMs: 950,
      rounds: 3,
    });
  });

  it('refuses no starts', () => {
    expect(() => medianStartup({ server: 'stack', users: 1 }, [])).toThrow(/at least one start/);
  });
});

describe('lookups', () => {
  const results: RunResult[] = [
    { server: 'bare', users: 10_000, scenario: 'search', connections: 50, ...f(2000, 3) },
    { server: 'bare', users: 10_000, scenario: 'search', connections: 1, ...f(300, 1) },
  ];

  it('finds a run by all four keys', () => {
    expect(find(results, { server: 'bare', users: 10_000, scenario: 'search', connections: 1 })?.rps).toBe(
      300,
    );
    expect(
      find(results, { server: 'bare', users: 100_000, scenario: 'search', connections: 1 }),
    ).toBeUndefined();
  });

  it('finds a start-up by server and size, the default data as its own size', () => {
    const startups = [
      { server: 'identity-mock', users: undefined, healthMs: 1, usersMs: 2, rounds: 1 },
      { server: 'identity-mock', users: 10_000, healthMs: 3, usersMs: 4, rounds: 1 },
    ];
    expect(findStartup(startups, 'identity-mock', undefined)?.usersMs).toBe(2);
    expect(findStartup(startups, 'identity-mock', 10_000)?.usersMs).toBe(4);
    expect(findStartup(startups, 'stack', 10_000)).toBeUndefined();
  });

  it('labels sizes', () => {
    expect(usersLabel(undefined)).toBe('default data');
    expect(usersLabel(10_000)).toBe('10000 users');
  });
});
