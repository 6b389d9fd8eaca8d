/**
 * A comparison sort done in steps (`data/sliced-work.ts`): runs of a few thousand items sorted at once, then
 * merged pairwise, yielding every few thousand comparisons, so sorting a million users never holds the event loop
 * for more than a few milliseconds at a time. Stable: of two items that compare equal, the earlier stays first.
 */
import type { Steps } from '../data/sliced-work.ts';

/** Items per run sorted in one piece (well under a millisecond of comparisons). */
const RUN = 2_048;
/** Comparisons (or items moved) between yields. */
const UNITS_PER_STEP = 8_192;

/**
 * Sorts `items` by `compare`, yielding between steps; returns the sorted array (`items` itself or a buffer of the
 * same length: callers use the returned one).
 *
 * @example const sorted = runToEnd(sortSteps(Uint32Array.of(3, 1, 2), (a, b) => a - b)); // 1, 2, 3
 */
export function* sortSteps(
  items: Uint32Array<ArrayBuffer>,
  compare: (a: number, b: number) => number,
): Steps<Uint32Array<ArrayBuffer>> {
  const n = items.length;
  let units = 0;
  for (let start = 0; start < n; start += RUN) {
    const run = items.subarray(start, Math.min(n, start + RUN));
    run.set(Array.from(run).sort(compare));
    units += run.length * 11;
    if (units >= UNITS_PER_STEP) {
      units = 0;
      yield;
    }
  }
  let from = items;
  let to = new Uint32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        const a = from[i] ?? 0;
        const b = from[j] ?? 0;
        if (compare(b, a) < 0) {
          to[k++] = b;
          j++;
        } else {
          to[k++] = a;
          i++;
        }
        if (++units >= UNITS_PER_STEP) {
          units = 0;
          yield;
        }
      }
      if (i < mid) to.set(from.subarray(i, mid), k);
      else if (j < hi) to.set(from.subarray(j, hi), k);
    }
    [from, to] = [to, from];
  }
  return from;
}
