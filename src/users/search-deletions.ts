/**
 * Building the fuzzy half of the search index: the symmetric-delete structure that files every distinct word
 * under the hash of itself and of each of its one-unit deletions (`DeletionHasher`), as a CSR of hash buckets
 * → word ids. At 100 000 users that is over three million (bucket, word) pairs; filing them straight into their
 * buckets is two random memory writes per pair and took ~300 ms, so the pairs are counting-sorted instead: first
 * by the bucket's high bits into at most 2 048 groups, then each group by the low bits, where it fits in cache.
 */
import { bump, mappedArray, offsetsOf } from './search-csr.ts';
import { DeletionHasher } from './search-osa.ts';

/** At most 2^7 groups in the first sorting pass: few enough write streams for the scatter to stay cheap. */
const GROUP_BITS = 7;
/** Work per build step: a few ms each at 100 000 users. */
const WORDS_PER_STEP = 65_536;
const GROUPS_PER_STEP = 16;

/** The built structure: word ids of bucket b are `words[offsets[b], offsets[b + 1])`; buckets = `mask + 1`. */
export interface DeletionBuckets {
  readonly mask: number;
  readonly offsets: Uint32Array;
  readonly words: Uint32Array;
}

/**
 * Builds the deletion buckets of the words `text.slice(starts[w], starts[w + 1] - 1)`, yielding between steps.
 *
 * @example
 * const steps = buildDeletionBuckets('ann\0lee\0', Uint32Array.of(0, 4, 8));
 * let step = steps.next();
 * while (step.done !== true) step = steps.next();
 * const { mask, offsets, words } = step.value;
 */
export function* buildDeletionBuckets(
  text: string,
  starts: Uint32Array,
): Generator<void, DeletionBuckets, void> {
  const builder = new DeletionBucketsBuilder(text, starts);
  const words = starts.length - 1;
  for (let w = 0; w < words; w += WORDS_PER_STEP) {
    builder.countWords(w, Math.min(words, w + WORDS_PER_STEP));
    yield;
  }
  builder.startGrouping();
  yield;
  for (let w = 0; w < words; w += WORDS_PER_STEP) {
    builder.groupWords(w, Math.min(words, w + WORDS_PER_STEP));
    yield;
  }
  builder.startSorting();
  yield;
  for (let g = 0; g < builder.groups; g += GROUPS_PER_STEP) {
    builder.sortGroups(g, Math.min(builder.groups, g + GROUPS_PER_STEP));
    yield;
  }
  return builder.result();
}

/**
 * Sorts the deletion keys of the words `text.slice(starts[w], starts[w + 1] - 1)` into buckets, in steps driven by
 * the caller: `countWords` over all words, `startGrouping`, `groupWords` over all words again (hashing twice is
 * cheaper than storing three million pairs in between), `startSorting`, then `sortGroups` over all `groups`.
 */
class DeletionBucketsBuilder {
  readonly #text: string;
  readonly #starts: Uint32Array;
  readonly #hasher = new DeletionHasher();
  readonly #mask: number;
  readonly #lowBits: number;
  /** Pair counts per group, then scatter cursors. */
  readonly #groupCursor: Uint32Array;
  #groupOffsets: Uint32Array = new Uint32Array(0);
  /** Pairs (bucket, word) grouped by the bucket's high bits. */
  #groupedBuckets: Uint32Array = new Uint32Array(0);
  #groupedWords: Uint32Array = new Uint32Array(0);
  readonly #offsets: Uint32Array;
  #words: Uint32Array = new Uint32Array(0);
  #pairs = 0;

  constructor(text: string, starts: Uint32Array) {
    this.#text = text;
    this.#starts = starts;
    const bound = text.length; // at most one key per unit, plus each word itself (for which its U+0000 counts)
    // About four pairs per bucket: verifying a few extra candidates per key costs less than a bigger offsets array.
    let bits = 1;
    while (2 ** (bits + 2) < bound) bits++;
    this.#mask = 2 ** bits - 1;
    this.#lowBits = Math.max(0, bits - GROUP_BITS);
    this.#groupCursor = new Uint32Array((this.#mask + 1) >>> this.#lowBits);
    this.#offsets = new Uint32Array(this.#mask + 2);
  }

  /** Number of groups for `sortGroups`. */
  get groups(): number {
    return this.#groupCursor.length;
  }

  /** Counts the pairs of words [from, to) per group. */
  countWords(from: number, to: number): void {
    const hasher = this.#hasher;
    const counts = this.#groupCursor;
    const shift = this.#lowBits;
    for (let w = from; w < to; w++) {
      const count = hasher.hash(this.#text, this.#starts[w] ?? 0, (this.#starts[w + 1] ?? 0) - 1);
      const keys = hasher.keys;
      for (let k = 0; k < count; k++) bump(counts, ((keys[k] ?? 0) & this.#mask) >>> shift);
      this.#pairs += count;
    }
  }

  /** After `countWords` saw every word: group offsets, cursors, and the grouped arrays. */
  startGrouping(): void {
    this.#groupOffsets = offsetsOf(this.#groupCursor);
    this.#groupCursor.set(this.#groupOffsets.subarray(0, this.#groupCursor.length));
    this.#groupedBuckets = mappedArray(this.#pairs);
    this.#groupedWords = mappedArray(this.#pairs);
  }

  /** Files the pairs of words [from, to) into their group. */
  groupWords(from: number, to: number): void {
    const hasher = this.#hasher;
    const cursor = this.#groupCursor;
    const shift = this.#lowBits;
    const buckets = this.#groupedBuckets;
    const words = this.#groupedWords;
    for (let w = from; w < to; w++) {
      const count = hasher.hash(this.#text, this.#starts[w] ?? 0, (this.#starts[w + 1] ?? 0) - 1);
      const keys = hasher.keys;
      for (let k = 0; k < count; k++) {
        const bucket = (keys[k] ?? 0) & this.#mask;
        const at = bump(cursor, bucket >>> shift);
        buckets[at] = bucket;
        words[at] = w;
      }
    }
  }

  startSorting(): void {
    this.#words = mappedArray(this.#pairs);
  }

  /** Sorts the pairs of groups [from, to) by bucket into the final arrays. */
  sortGroups(from: number, to: number): void {
    const low = (1 << this.#lowBits) - 1;
    const counts = new Uint32Array(1 << this.#lowBits);
    const offsets = this.#offsets;
    const out = this.#words;
    for (let g = from; g < to; g++) {
      const start = this.#groupOffsets[g] ?? 0;
      const end = this.#groupOffsets[g + 1] ?? 0;
      counts.fill(0);
      for (let j = start; j < end; j++) bump(counts, (this.#groupedBuckets[j] ?? 0) & low);
      const base = g << this.#lowBits;
      let sum = start;
      for (let l = 0; l < counts.length; l++) {
        offsets[base + l] = sum;
        sum += counts[l] ?? 0;
        counts[l] = offsets[base + l] ?? 0; // now the fill cursor
      }
      for (let j = start; j < end; j++) {
        out[bump(counts, (this.#groupedBuckets[j] ?? 0) & low)] = this.#groupedWords[j] ?? 0;
      }
    }
  }

  /** The finished buckets (after every step). */
  result(): DeletionBuckets {
    this.#offsets[this.#mask + 1] = this.#pairs;
    return { mask: this.#mask, offsets: this.#offsets, words: this.#words };
  }
}
