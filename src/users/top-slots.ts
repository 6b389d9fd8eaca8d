/**
 * The first few slots of an order without sorting them all: a bounded heap that keeps the best `count` slots it is
 * offered, the way a database answers `ORDER BY … LIMIT n`. The first pages of a list are answered this way while
 * its kept order is still being built after a seed (`sort.ts`, `engine.ts`).
 */

export class TopSlots {
  readonly #count: number;
  readonly #before: (a: number, b: number) => boolean;
  /** A max-heap by the order: the root is the last of the slots kept. */
  readonly #heap: number[] = [];

  /** Keeps the first `count` slots offered, in the order `before` (true when `a` comes before `b`). */
  constructor(count: number, before: (a: number, b: number) => boolean) {
    this.#count = count;
    this.#before = before;
  }

  /** Once `count` slots are kept, the last of them (a slot offered after must come before it to be kept). */
  get last(): number | undefined {
    return this.#heap.length === this.#count ? this.#heap[0] : undefined;
  }

  /** Offers `slot`: kept when fewer than `count` are kept, or when it comes before the last one kept. */
  offer(slot: number): void {
    const heap = this.#heap;
    if (heap.length < this.#count) {
      heap.push(slot);
      this.#up(heap.length - 1);
    } else if (heap.length > 0 && this.#before(slot, heap[0] ?? 0)) {
      heap[0] = slot;
      this.#down(0);
    }
  }

  /** The slots kept, in order. */
  sorted(): Uint32Array {
    return Uint32Array.from(this.#heap).sort((a, b) =>
      this.#before(a, b) ? -1 : this.#before(b, a) ? 1 : 0,
    );
  }

  #up(at: number): void {
    const heap = this.#heap;
    let child = at;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      const c = heap[child] ?? 0;
      const p = heap[parent] ?? 0;
      if (!this.#before(p, c)) return;
      heap[child] = p;
      heap[parent] = c;
      child = parent;
    }
  }

  #down(at: number): void {
    const heap = this.#heap;
    let parent = at;
    for (;;) {
      const left = parent * 2 + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      let last = left;
      if (right < heap.length && this.#before(heap[left] ?? 0, heap[right] ?? 0)) last = right;
      const p = heap[parent] ?? 0;
      const l = heap[last] ?? 0;
      if (!this.#before(p, l)) return;
      heap[parent] = l;
      heap[last] = p;
      parent = last;
    }
  }
}
