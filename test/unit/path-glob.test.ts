/**
 * Path patterns (src/admin/path-glob.ts): `*` is any run of characters, the rest matches itself, and a match
 * takes time linear in the path whatever the pattern (no backtracking).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../src/control/path-glob.ts';

describe('compileGlob', () => {
  it.each([
    { name: 'exact path', pattern: '/users', path: '/users', matches: true },
    { name: 'exact path, longer request', pattern: '/users', path: '/users/1', matches: false },
    { name: 'trailing star', pattern: '/users*', path: '/users/ann', matches: true },
    { name: 'trailing star, empty run', pattern: '/users*', path: '/users', matches: true },
    { name: 'leading star', pattern: '*/members', path: '/workspaces/ws-01/members', matches: true },
    {
      name: 'middle star',
      pattern: '/workspaces/*/members',
      path: '/workspaces/ws-01/members',
      matches: true,
    },
    {
      name: 'middle star, wrong end',
      pattern: '/workspaces/*/members',
      path: '/workspaces/ws-01',
      matches: false,
    },
    { name: 'pieces must not overlap', pattern: '/ab*ba', path: '/aba', matches: false },
    { name: 'repeated piece', pattern: '*a*a*a*!', path: `/${'a'.repeat(3)}!`, matches: true },
    { name: 'repeated piece, too few', pattern: '*a*a*a*!', path: '/aa!', matches: false },
    { name: 'regex characters are literal', pattern: '/u.ers(1)+', path: '/u.ers(1)+', matches: true },
    { name: 'regex characters do not act', pattern: '/u.ers', path: '/users', matches: false },
    { name: 'only stars', pattern: '**', path: '', matches: true },
  ])('$name', ({ pattern, path, matches }) => {
    expect(compileGlob(pattern).test(path)).toBe(matches);
  });

  it('agrees with a reference matcher on random patterns and paths (fixed seed)', () => {
    const alphabet = fc.constantFrom('a', 'b', '/', '*');
    const reference = (pattern: string, path: string): boolean => {
      // Dynamic programming over (pattern index, path index): the definition, not fast.
      const m = pattern.length;
      const n = path.length;
      let row: boolean[] = Array.from({ length: n + 1 }, (_, j) => j === 0);
      for (let i = 1; i <= m; i++) {
        const next = Array.from({ length: n + 1 }, () => false);
        const p = pattern[i - 1];
        next[0] = p === '*' && row[0] === true;
        for (let j = 1; j <= n; j++) {
          next[j] =
            p === '*' ? next[j - 1] === true || row[j] === true : row[j - 1] === true && p === path[j - 1];
        }
        row = next;
      }
      return row[n] === true;
    };
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, maxLength: 8 }),
        fc.string({ unit: fc.constantFrom('a', 'b', '/'), maxLength: 12 }),
        (pattern, path) => compileGlob(pattern).test(path) === reference(pattern, path),
      ),
      { seed: 13, numRuns: 3000 },
    );
  });

  it('answers a backtracking-hostile pattern on a long path at once', () => {
    const glob = compileGlob(`/${'*a'.repeat(200)}*!`);
    const path = `/${'a'.repeat(100_000)}`;
    const started = performance.now();
    expect(glob.test(path)).toBe(false);
    // A generous bound that only a hang breaks (a backtracking matcher takes longer than the universe).
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
