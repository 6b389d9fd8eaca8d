/**
 * Slots in the order of their instants, ties broken by a comparator: the kept orders of `created_at` and
 * `updated_at` (`sort.ts`), which a list needs before it can answer at all. A comparison sort of 100 000 users
 * makes about two million calls to a comparator; instants are integers (epoch milliseconds), so they are sorted
 * here by their digits instead (a stable LSD radix sort, 11 bits a pass, only as many passes as the range of the
 * instants needs), and only the runs of equal instants, which are rare, are then sorted by the comparator. Done
 * in steps (`data/sliced-work.ts`), like every sort of a store.
 */
import type { Steps } from '../data/sliced-work.ts';
import { sortSteps } from './sort-steps.ts';

const DIGIT_BITS = 11;
const BUCKETS = 1 << DIGIT_BITS;
const LOW_BITS = 32;
const TWO_TO_32 = 2 ** LOW_BITS;
/** Items counted or moved between yields. */
const UNITS_PER_STEP = 65_536;
/** Runs of ties up to this length are sorted at once; longer ones in steps. */
const SMALL_RUN = 2_048;

/**
 * `slots` ordered by `time[slot]` ascending, slots of equal times by `tieBreak`, yielding between steps; returns
 * the sorted array (`slots` itself or a buffer of the same length: callers use the returned one). Times that are
 * not all integers within 2^53 of each other are sorted by comparison instead, with the same result.
 *
 * @example const sorted = runToEnd(timeSortSteps(Uint32Array.of(0, 1, 2), Float64Array.of(30, 10, 20), (a, b) => a - b)); // 1, 2, 0
 */
export function* timeSortSteps(
  slots: Uint32Array<ArrayBuffer>,
  time: Float64Array,
  tieBreak: (a: number, b: number) => number,
): Steps<Uint32Array<ArrayBuffer>> {
  const n = slots.length;
  // The loops are plain functions run over a step's share each: V8 optimizes those, not a generator's loops.
  const bounds: Bounds = { min: Infinity, max: -Infinity, size: 0, integers: true };
  for (let from = 0; from < n; from += UNITS_PER_STEP) {
    scan(slots, time, from, Math.min(n, from + UNITS_PER_STEP), bounds);
    yield;
  }
  const { min, max, size } = bounds;
  if (n < 2 || !bounds.integers || !Number.isSafeInteger(max - min)) {
    return yield* sortSteps(slots, (a, b) => (time[a] ?? 0) - (time[b] ?? 0) || tieBreak(a, b));
  }

  // Each instant as its offset from the earliest, split into two 32-bit halves (by slot).
  const low = new Uint32Array(size);
  const high = new Uint32Array(size);
  for (let from = 0; from < n; from += UNITS_PER_STEP) {
    split(slots, time, min, from, Math.min(n, from + UNITS_PER_STEP), low, high);
    yield;
  }

  let from = slots;
  let to = new Uint32Array(n);
  const counts = new Uint32Array(BUCKETS);
  let bits = 0;
  for (let rest = max - min; rest >= 1; rest = Math.floor(rest / 2)) bits++;
  for (let shift = 0; shift < bits; shift += DIGIT_BITS) {
    const half = shift < LOW_BITS ? low : high;
    const within = shift < LOW_BITS ? shift : shift - LOW_BITS;
    // A pass that would straddle the halves takes only the low half's remaining bits; the next starts at 32.
    const width = shift < LOW_BITS ? Math.min(DIGIT_BITS, LOW_BITS - shift) : DIGIT_BITS;
    const digits: Digits = { half, within, mask: (1 << width) - 1 };
    counts.fill(0);
    for (let k = 0; k < n; k += UNITS_PER_STEP) {
      countDigits(from, k, Math.min(n, k + UNITS_PER_STEP), digits, counts);
      yield;
    }
    let total = 0;
    for (let d = 0; d <= digits.mask; d++) {
      const count = counts[d] ?? 0;
      counts[d] = total;
      total += count;
    }
    for (let k = 0; k < n; k += UNITS_PER_STEP) {
      scatter(from, k, Math.min(n, k + UNITS_PER_STEP), digits, counts, to);
      yield;
    }
    [from, to] = [to, from];
    if (width < DIGIT_BITS) shift = LOW_BITS - DIGIT_BITS;
  }

  // Runs of equal instants, in slot order so far, put in `tieBreak`'s order.
  for (let start = 0; start < n;) {
    const to = Math.min(n, start + UNITS_PER_STEP);
    const next = sortTies(from, time, start, to, tieBreak);
    if (next >= to) start = next;
    else {
      const end = runEnd(from, time, next);
      const run = from.subarray(next, end);
      run.set(yield* sortSteps(run.slice(), tieBreak));
      start = end;
    }
    yield;
  }
  return from;
}

interface Bounds {
  min: number;
  max: number;
  /** One past the largest slot. */
  size: number;
  integers: boolean;
}

/** Widens `bounds` to the times and slots of `slots[from, to)`. */
function scan(slots: Uint32Array, time: Float64Array, from: number, to: number, bounds: Bounds): void {
  let { min, max, size, integers } = bounds;
  for (let k = from; k < to; k++) {
    const slot = slots[k] ?? 0;
    const t = time[slot] ?? 0;
    if (!Number.isInteger(t)) integers = false;
    if (t < min) min = t;
    if (t > max) max = t;
    if (slot >= size) size = slot + 1;
  }
  Object.assign(bounds, { min, max, size, integers });
}

/** Writes each slot's offset from `min` as two 32-bit halves, for `slots[from, to)`. */
function split(
  slots: Uint32Array,
  time: Float64Array,
  min: number,
  from: number,
  to: number,
  low: Uint32Array,
  high: Uint32Array,
): void {
  for (let k = from; k < to; k++) {
    const slot = slots[k] ?? 0;
    const offset = (time[slot] ?? 0) - min;
    const upper = Math.floor(offset / TWO_TO_32);
    high[slot] = upper;
    low[slot] = offset - upper * TWO_TO_32;
  }
}

/** The digit a pass sorts by: `(half[slot] >>> within) & mask`. */
interface Digits {
  readonly half: Uint32Array;
  readonly within: number;
  readonly mask: number;
}

function countDigits(
  order: Uint32Array,
  from: number,
  to: number,
  digits: Digits,
  counts: Uint32Array,
): void {
  const { half, within, mask } = digits;
  for (let k = from; k < to; k++) {
    const digit = ((half[order[k] ?? 0] ?? 0) >>> within) & mask;
    counts[digit] = (counts[digit] ?? 0) + 1;
  }
}

/** Moves `order[from, to)` to where its digits go in `out` (`counts`: each digit's next place). */
function scatter(
  order: Uint32Array,
  from: number,
  to: number,
  digits: Digits,
  counts: Uint32Array,
  out: Uint32Array,
): void {
  const { half, within, mask } = digits;
  for (let k = from; k < to; k++) {
    const slot = order[k] ?? 0;
    const digit = ((half[slot] ?? 0) >>> within) & mask;
    const at = counts[digit] ?? 0;
    out[at] = slot;
    counts[digit] = at + 1;
  }
}

/**
 * Sorts by `tieBreak` each run of equal times that starts in `order[from, to)`; returns where the next run starts
 * (`to` or past it), or, before `to`, the start of a run longer than SMALL_RUN, which it leaves for sorting in steps.
 */
function sortTies(
  order: Uint32Array,
  time: Float64Array,
  from: number,
  to: number,
  tieBreak: (a: number, b: number) => number,
): number {
  let start = from;
  while (start < to) {
    const end = runEnd(order, time, start);
    if (end - start > SMALL_RUN) return start;
    if (end - start > 1) {
      const run = order.subarray(start, end);
      run.set(Array.from(run).sort(tieBreak));
    }
    start = end;
  }
  return start;
}

/** The end of the run of equal times that starts at `start`. */
function runEnd(order: Uint32Array, time: Float64Array, start: number): number {
  const t = time[order[start] ?? 0];
  let end = start + 1;
  while (end < order.length && time[order[end] ?? 0] === t) end++;
  return end;
}
