/** The bench's printed tables on canned figures (no timing: `npm run bench` is not part of npm test). */
import { describe, expect, it } from 'vitest';
import { EXTRA_FIGURES, extrasTable, type ExtraFigure } from '../../bench/extra-figures.ts';
import type { BenchRun, RunResult } from '../../bench/figures.ts';
import {
  compareTables,
  firstQueriesTable,
  goalsTable,
  inProcessTable,
  isMock,
  memoryTable,
  resultsTable,
  startupTable,
  table,
} from '../../bench/report.ts';

const SMALL = 10_000;
const run = (server: string, scenario: string, connections: number, rps: number, p99 = 2): RunResult => ({
  server,
  users: SMALL,
  scenario,
  connections,
  rps,
  p50: 0.5,
  p99,
  non2xx: 0,
  errors: 0,
});
const held = (ms: number, holdMs: number) => ({ ms, holdMs });

const RUN: BenchRun = {
  quick: true,
  sizes: { small: SMALL, large: undefined },
  builds: ['identity-mock', 'identity-mock@before'],
  throughputConnections: 50,
  results: [
    run('identity-mock', 'list', 50, 6000, 12),
    run('identity-mock@before', 'list', 50, 4000, 24),
    run('stack', 'list', 50, 3000),
    run('bare', 'list', 50, 9000),
    run('identity-mock (no cache)', 'search', 1, 500, 4),
    run('identity-mock@before (no cache)', 'search', 1, 250, 8),
  ],
  startups: [
    { server: 'identity-mock', users: undefined, healthMs: 240, usersMs: 250, rounds: 3 },
    { server: 'identity-mock@before', users: undefined, healthMs: 900, usersMs: 1000, rounds: 3 },
    { server: 'stack', users: SMALL, healthMs: 450, usersMs: 500, rounds: 3 },
  ],
  inProcess: [
    { server: 'identity-mock', readyMs: 20, usersMs: 25, firstReadyMs: 700, rounds: 3 },
    { server: 'identity-mock@before', readyMs: 80, usersMs: 90, firstReadyMs: 900, rounds: 3 },
  ],
  firstQueries: [
    {
      server: 'identity-mock',
      users: 100_000,
      kind: 'search',
      query: 'search=carey',
      first: held(30, 20),
      second: held(4, 2),
    },
    {
      server: 'identity-mock@before',
      users: 100_000,
      kind: 'search',
      query: 'search=carey',
      first: held(300, 280),
      second: held(4, 2),
    },
  ],
  seeds: [
    { server: 'identity-mock', users: 100_000, seed: held(900, 40), sectionHoldMs: 45, rssAfterMb: 230 },
    {
      server: 'identity-mock@before',
      users: 100_000,
      seed: held(1800, 40),
      sectionHoldMs: 280,
      rssAfterMb: 260,
    },
  ],
  memory: [
    { server: 'identity-mock', users: SMALL, afterStartMb: 110, afterLoadMb: 150 },
    { server: 'identity-mock@before', users: SMALL, afterStartMb: 120, afterLoadMb: 200 },
  ],
};

const lineOf = (text: string, pattern: RegExp): string => text.split('\n').find((l) => pattern.test(l)) ?? '';

describe('table', () => {
  it('aligns columns: text left, figures right, no trailing blanks', () => {
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
});

describe('resultsTable', () => {
  const text = resultsTable(RUN.results);

  it('prints identity-mock rows, variants and other builds included, with their ratios to both baselines', () => {
    expect(lineOf(text, /^identity-mock\s+10000\s+list\s+50/)).toMatch(
      /6000\s+0\.5\s+12\s+0\s+2\.00\s+0\.67$/,
    );
    expect(lineOf(text, /^identity-mock@before\s+10000\s+list/)).toMatch(/1\.33\s+0\.44$/);
  });

  it('prints the baselines without ratios', () => {
    expect(lineOf(text, /^stack\s+10000\s+list/)).toMatch(/3000\s+0\.5\s+2\.0\s+0$/);
  });

  it('prints no latency for a server that answered nothing within the window (wrk reports 0 ms)', () => {
    const none = resultsTable([{ ...run('bare', 'search', 1, 0), p50: 0, p99: 0 }]);
    expect(lineOf(none, /^bare/)).toMatch(/search\s+1\s+0\s+-\s+-\s+0$/);
  });

  it('prints n/a where the baseline was not run for that scenario', () => {
    expect(lineOf(text, /^identity-mock \(no cache\)/)).toMatch(/n\/a\s+n\/a$/);
  });

  it('knows a build of identity-mock by its name', () => {
    expect(RUN.builds.every(isMock)).toBe(true);
    expect(isMock('stack')).toBe(false);
  });
});

describe('startupTable and inProcessTable', () => {
  it('gives every target its ratio to the stack at the small size, and none to the stack itself', () => {
    const text = startupTable(RUN);
    expect(lineOf(text, /^identity-mock\s+default data/)).toMatch(/240\s+250\s+0\.50\s+3$/);
    expect(lineOf(text, /^stack\s+10000 users/)).toMatch(/450\s+500\s+3$/);
    expect(text.split('\n')[0]).toContain('÷ stack@10000');
  });

  it('prints the second start beside the first', () => {
    expect(lineOf(inProcessTable(RUN), /^identity-mock\s/)).toMatch(/20\s+25\s+700\s+3$/);
  });
});

describe('firstQueriesTable', () => {
  const text = firstQueriesTable(RUN);

  it('prints the seed, each query first and second with their holds, and the whole section', () => {
    const rows = text.split('\n').filter((l) => l.startsWith('identity-mock '));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/POST \/__admin\/seed\s+900\s+40$/);
    expect(rows[1]).toMatch(/search\s+30\s+20\s+4\.0\s+2\.0\s+10\.0$/);
    expect(rows[2]).toMatch(/whole section; RSS after 230 MB\)\s+45$/);
  });
});

describe('memoryTable', () => {
  it('prints RSS after start and after load', () => {
    expect(lineOf(memoryTable(RUN), /^identity-mock\s/)).toMatch(/10000\s+110\s+150$/);
  });
});

describe('goalsTable', () => {
  it('puts the builds side by side with met / NOT MET / not measured', () => {
    const text = goalsTable([
      { server: 'identity-mock', goals: [{ goal: 'g', value: '2×', met: true }] },
      { server: 'identity-mock@before', goals: [{ goal: 'g', value: '1×', met: false }] },
      { server: 'identity-mock@other', goals: [{ goal: 'g', value: 'n/a', met: undefined }] },
    ]);
    expect(text.split('\n')[0]).toMatch(/^goal\s+identity-mock\s+status\s+identity-mock@before\s+status/);
    expect(lineOf(text, /^g\s/)).toMatch(/2×\s+met\s+1×\s+NOT MET\s+n\/a\s+not measured$/);
  });
});

describe('compareTables', () => {
  const [throughput = '', times = ''] = compareTables(RUN, 'identity-mock', 'identity-mock@before').split(
    '\n\n',
  );

  it('compares every scenario the two builds both ran, variants with variants', () => {
    expect(lineOf(throughput, /^list\s/)).toMatch(/10000\s+50\s+6000\s+4000\s+1\.50\s+12\s+24\s+0\.50$/);
    expect(lineOf(throughput, /^search \(no cache\)/)).toMatch(/500\s+250\s+2\.00\s+4\.0\s+8\.0\s+0\.50$/);
    expect(throughput).not.toMatch(/^(stack|bare)/m);
  });

  it('compares start-up, the in-process start, the first queries and RSS', () => {
    expect(lineOf(times, /^start-up default data: GET \/users/)).toMatch(/250\s+1000\s+0\.25$/);
    expect(lineOf(times, /^second startMock\(\)/)).toMatch(/20\s+80\s+0\.25$/);
    expect(lineOf(times, /^first search at 100000: hold/)).toMatch(/20\s+280\s+0\.07$/);
    expect(lineOf(times, /^seed 100000: longest hold/)).toMatch(/45\s+280\s+0\.16$/);
    expect(lineOf(times, /^RSS MB at 10000/)).toMatch(/150\s+200\s+0\.75$/);
  });
});

describe('extrasTable', () => {
  it('lists every figure still to come with what it needs', () => {
    const text = extrasTable(EXTRA_FIGURES, new Map());
    for (const figure of EXTRA_FIGURES) expect(text).toContain(`not measured yet: needs ${figure.needs}`);
  });

  it('prints what a measured figure returned, per server, with its goal', () => {
    const figure: ExtraFigure = { id: 'x', title: 'bundle', baseline: 'absolute', needs: 'a bundle' };
    const text = extrasTable(
      [figure],
      new Map([['x', [{ server: 'identity-mock', figure: 'gzipped', value: '120 KB', met: true }]]]),
    );
    expect(lineOf(text, /^bundle: gzipped/)).toMatch(/identity-mock\s+120 KB\s+met$/);
  });
});
