import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/data/sliced-work.ts';
import { sortSteps } from '../../src/users/sort-steps.ts';

/** Sorts `keys` (indices into them) with `sortSteps`; returns the indices in order and the number of steps. */
function sorted(keys: readonly number[]): { order: number[]; steps: number } {
  const steps = sortSteps(Uint32Array.from(keys.keys()), (a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
  let count = 0;
  for (;;) {
    const next = steps.next();
    if (next.done === true) return { order: [...next.value], steps: count };
    count++;
  }
}

describe('sortSteps', () => {
  it('sorts as a stable sort does, whatever the input (fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 5_000 }), (keys) => {
        const expected = [...keys.keys()].sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
        expect(sorted(keys).order).toEqual(expected);
      }),
      { seed: 21, numRuns: 60 },
    );
  });

  it('yields between steps on a large input and does all the work', () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 100_003);
    const { order, steps } = sorted(keys);
    expect(steps).toBeGreaterThan(20);
    expect(new Set(order).size).toBe(keys.length);
    let inversions = 0;
    for (let k = 1; k < order.length; k++) {
      if ((keys[order[k - 1] ?? 0] ?? 0) > (keys[order[k] ?? 0] ?? 0)) inversions++;
    }
    expect(inversions).toBe(0);
  });

  it('sorts empty and one-item inputs', () => {
    expect([...runToEnd(sortSteps(new Uint32Array(0), (a, b) => a - b))]).toEqual([]);
    expect([...runToEnd(sortSteps(Uint32Array.of(4), (a, b) => a - b))]).toEqual([4]);
  });
});
