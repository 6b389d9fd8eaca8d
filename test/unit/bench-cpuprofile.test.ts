/** The summary of a `.cpuprofile`: self and total time per function and per area, over a window. */
import { describe, expect, it } from 'vitest';
import { areaOf, formatSummary, shortFile, summarise, type CpuProfile } from '../../bench/cpuprofile.ts';

const ROOT = '/work/app';
const frame = (functionName: string, url = '', lineNumber = -1) => ({ functionName, url, lineNumber });

/**
 * (root) → main (dist/app.js:1) → handle (node_modules/express/lib/router.js:10) → validate (node_modules/ajv/x.js)
 *                              → sendPage (dist/http/page.js:5)
 *        → (garbage collector), (idle)
 */
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6, 7] },
    { id: 2, callFrame: frame('main', `file://${ROOT}/dist/app.js`, 0), children: [3, 5] },
    {
      id: 3,
      callFrame: frame('handle', `file://${ROOT}/node_modules/express/lib/router.js`, 9),
      children: [4],
    },
    { id: 4, callFrame: frame('validate', `file://${ROOT}/node_modules/ajv/dist/x.js`, 2) },
    { id: 5, callFrame: frame('sendPage', `file://${ROOT}/dist/http/page.js`, 4) },
    { id: 6, callFrame: frame('(garbage collector)') },
    { id: 7, callFrame: frame('(idle)') },
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  // Each sample lasts until the next one: 1 ms apart; the last until endTime.
  samples: [4, 4, 3, 5, 5, 5, 6, 7, 7, 2],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('summarise', () => {
  const summary = summarise(PROFILE, ROOT);
  const ms = (entries: readonly { name: string; ms: number }[], name: string) =>
    entries.find((e) => e.name === name)?.ms;

  it('counts each sample as the time until the next, the last until the end, idle apart', () => {
    expect(summary.samples).toBe(10);
    expect(summary.windowMs).toBe(10);
    expect(summary.idleMs).toBe(2);
  });

  it('gives self time to the function on top of the stack, with percentages of the busy time', () => {
    expect(summary.self.map((e) => [e.name, e.ms])).toEqual([
      ['sendPage', 3],
      ['validate', 2],
      ['(garbage collector)', 1],
      ['handle', 1],
      ['main', 1],
    ]);
    expect(summary.self[0]).toMatchObject({ where: 'dist/http/page.js:5', percent: 37.5 });
  });

  it('gives total time to every function on the stack, once per sample', () => {
    expect(ms(summary.total, 'main')).toBe(7);
    expect(ms(summary.total, 'handle')).toBe(3);
    expect(summary.total.some((e) => e.name === '(root)')).toBe(false);
  });

  it('sums self and total time by area: a package, a folder of the checkout, a V8 entry', () => {
    expect(summary.areas.map((e) => [e.name, e.ms])).toEqual([
      ['dist/http', 3],
      ['node_modules/ajv', 2],
      ['(garbage collector)', 1],
      ['dist', 1],
      ['node_modules/express', 1],
    ]);
    expect(ms(summary.areaTotals, 'node_modules/express')).toBe(3);
    expect(ms(summary.areaTotals, 'dist')).toBe(7);
  });

  it('keeps a window, in microseconds since the profile started', () => {
    const window = summarise(PROFILE, ROOT, { fromUs: 3000, toUs: 5000 });
    expect(window.self.map((e) => [e.name, e.ms])).toEqual([['sendPage', 3]]);
  });

  it('counts a recursive function once per sample in its total', () => {
    const recursive: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('walk', 'file:///x/a.js', 0), children: [3] },
        { id: 3, callFrame: frame('walk', 'file:///x/a.js', 0) },
      ],
      startTime: 0,
      endTime: 2000,
      samples: [3, 3],
      timeDeltas: [0, 1000],
    };
    expect(summarise(recursive, '/x').total).toEqual([
      { name: 'walk', where: 'a.js:1', ms: 2, percent: 100 },
    ]);
  });

  it('formats the top entries under their headings', () => {
    const text = formatSummary(summary, 2, 1, 1);
    expect(text).toContain('10 ms sampled (10 samples), 2 ms idle; percentages of the 8 ms busy');
    expect(text).toMatch(
      /top 2 by self time\n.*\n\s+3\.0\s+37\.5%\s+sendPage\s+dist\/http\/page\.js:5\n\s+2\.0\s+25\.0%\s+validate/,
    );
    expect(text).toMatch(/top 1 by total time.*\n.*\n\s+7\.0\s+87\.5%\s+main\s+dist\/app\.js:1\n\n/);
  });
});

describe('file names and areas', () => {
  it.each([
    { url: `file://${ROOT}/dist/users/store.js`, file: 'dist/users/store.js', area: 'dist/users' },
    { url: `file://${ROOT}/dist/app.js`, file: 'dist/app.js', area: 'dist' },
    {
      url: `file://${ROOT}/node_modules/express/lib/a.js`,
      file: 'express/lib/a.js',
      area: 'node_modules/express',
    },
    {
      url: `file://${ROOT}/node_modules/x/node_modules/@scope/pkg/index.js`,
      file: '@scope/pkg/index.js',
      area: 'node_modules/@scope/pkg',
    },
    { url: 'node:internal/http', file: 'node:internal/http', area: 'node:internal' },
  ])('$url', ({ url, file, area }) => {
    expect(shortFile(url, ROOT)).toBe(file);
    expect(areaOf({ functionName: 'f', url, lineNumber: 0 }, ROOT)).toBe(area);
  });

  it('names V8 entries and builtins', () => {
    expect(areaOf(frame('(program)'), ROOT)).toBe('(program)');
    expect(areaOf(frame('writev'), ROOT)).toBe('(native)');
  });
});
