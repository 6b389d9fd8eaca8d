/**
 * Small building blocks for the search index's CSR (compressed sparse row) structures: a list of ids per slot,
 * stored as one `offsets` array (slot s owns `postings[offsets[s], offsets[s + 1])`) and one `postings` array —
 * plus what their step-by-step build needs to keep every step short.
 */

/** Adds one to `counts[slot]` and returns the value before: a counter, or a CSR fill cursor. */
export function bump(counts: Uint32Array, slot: number): number {
  const before = counts[slot] ?? 0;
  counts[slot] = before + 1;
  return before;
}

/**
 * Per-slot counts → CSR offsets (one entry longer).
 *
 * @example
 * offsetsOf(Uint32Array.of(2, 0, 1)); // Uint32Array [0, 2, 2, 3]
 */
export function offsetsOf(counts: Uint32Array): Uint32Array {
  const offsets = new Uint32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) offsets[i + 1] = (offsets[i] ?? 0) + (counts[i] ?? 0);
  return offsets;
}

/**
 * A zeroed Uint32Array whose memory is already mapped. The operating system hands out big allocations lazily and
 * maps each page on its first write; postings are filled in random order, so that first write would land in
 * whichever build step comes next and make it tens of milliseconds long. Paying for it here, in a step of its
 * own, keeps the other steps short.
 *
 * @example
 * const postings = mappedArray(1 << 20); // then `yield` before filling it
 */
export function mappedArray(length: number): Uint32Array {
  return new Uint32Array(length).fill(0);
}

/**
 * The first position ≥ `from` of ascending `list` whose value is ≥ `value`: an exponential, then binary search,
 * so walking a short list through a long one costs O(short · log long).
 *
 * @example
 * gallop(Uint32Array.of(1, 4, 9, 16), 5, 0); // 2
 */
export function gallop(list: Uint32Array, value: number, from: number): number {
  let lo = from;
  let step = 1;
  let hi = from;
  while (hi < list.length && (list[hi] ?? 0) < value) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

/**
 * A growable list of uint32 in fixed chunks: growing never copies, so no push is ever slow.
 *
 * @example
 * const list = new U32List();
 * list.push(7);
 * list.at(0); // 7
 */
export class U32List {
  readonly #chunks: Uint32Array[] = [];
  #last = new Uint32Array(0);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    const offset = this.#length & (CHUNK - 1);
    if (offset === 0) {
      this.#last = new Uint32Array(CHUNK);
      this.#chunks.push(this.#last);
    }
    this.#last[offset] = value;
    this.#length++;
  }

  /** The value at `index` (0 outside the list). */
  at(index: number): number {
    return this.#chunks[index >>> CHUNK_BITS]?.[index & (CHUNK - 1)] ?? 0;
  }
}

/**
 * A reusable list of uint32 for query results: `reset` empties it without freeing, the buffer doubles when full,
 * and `view` is valid until the next `reset` or `push`, so a query allocates nothing once the buffer is warm.
 *
 * @example
 * const found = new ScratchList();
 * found.reset();
 * found.push(3);
 * found.view(); // Uint32Array [3]
 */
export class ScratchList {
  #values = new Uint32Array(64);
  #length = 0;

  reset(): void {
    this.#length = 0;
  }

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const bigger = new Uint32Array(this.#length * 2);
      bigger.set(this.#values);
      this.#values = bigger;
    }
    this.#values[this.#length++] = value;
  }

  view(): Uint32Array {
    return this.#values.subarray(0, this.#length);
  }
}
