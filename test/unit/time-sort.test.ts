import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/data/sliced-work.ts';
import { timeSortSteps } from '../../src/users/time-sort.ts';

/** The order a comparison sort gives: by time, then by the tie-breaking key. */
function reference(slots: readonly number[], time: Float64Array, tie: readonly number[]): number[] {
  return [...slots].sort((a, b) => (time[a] ?? 0) - (time[b] ?? 0) || (tie[a] ?? 0) - (tie[b] ?? 0));
}

/** `timeSortSteps` over `slots`, run to the end; the order and the number of steps it yielded. */
function sorted(slots: readonly number[], time: Float64Array, tie: readonly number[]) {
  const steps = timeSortSteps(Uint32Array.from(slots), time, (a, b) => (tie[a] ?? 0) - (tie[b] ?? 0));
  let count = 0;
  for (;;) {
    const next = steps.next();
    if (next.done === true) return { order: [...next.value], steps: count };
    count++;
  }
}

/** Times drawn from a few instants (many ties), from a range, or anywhere a Date can be. */
const times = fc.oneof(
  fc.array(fc.constantFrom(0, 1, -1, 1_700_000_000_000, 1_700_000_000_001), { minLength: 1, maxLength: 300 }),
  fc.array(fc.integer({ min: 1_672_531_200_000, max: 1_767_225_600_000 }), {
    minLength: 1,
    maxLength: 3_000,
  }),
  fc.array(fc.integer({ min: -8.64e15, max: 8.64e15 }), { minLength: 1, maxLength: 300 }),
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }),
);

describe('timeSortSteps', () => {
  it('orders as a comparison sort by time then tie-break does, for any times and any live slots', () => {
    fc.assert(
      fc.property(
        times,
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.func(fc.boolean()),
        (values, tieSeed, keep) => {
          const time = Float64Array.from(values);
          // Tie-break keys unrelated to slot order (as ids are), all distinct.
          const tie = values.map((_, slot) => (slot * 2_654_435_761 + tieSeed) % 4_294_967_291);
          const slots = [...values.keys()].filter((slot) => keep(slot));
          expect(sorted(slots, time, tie).order).toEqual(reference(slots, time, tie));
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });

  it('yields between steps over 300 000 slots, with ties spread and one long run of them', () => {
    const n = 300_000;
    const time = Float64Array.from({ length: n }, (_, i) =>
      i % 10 === 0 ? 1_700_000_000_000 : 1_600_000_000_000 + ((i * 7919) % 100_003) * 1_000_003,
    );
    const tie = Array.from({ length: n }, (_, i) => (i * 48_271) % 2_147_483_647);
    const slots = [...time.keys()];
    const { order, steps } = sorted(slots, time, tie);
    expect(steps).toBeGreaterThan(20);
    expect(order).toEqual(reference(slots, time, tie));
  });

  it('sorts no slots, one slot, and slots of one instant (by the tie-break alone)', () => {
    const time = Float64Array.of(5, 5, 5);
    const tie = [3, 1, 2];
    expect(sorted([], time, tie).order).toEqual([]);
    expect(sorted([2], time, tie).order).toEqual([2]);
    expect(
      runToEnd(timeSortSteps(Uint32Array.of(0, 1, 2), time, (a, b) => (tie[a] ?? 0) - (tie[b] ?? 0))),
    ).toEqual(Uint32Array.of(1, 2, 0));
  });
});
