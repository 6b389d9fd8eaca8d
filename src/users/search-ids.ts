/**
 * The id half of the search index. Ids are canonical uuids (`search-uuid.ts`): 32 random hex digits each, which
 * in the trigram and word structures cost ~34 distinct trigrams and 5 unique words per user — about half the
 * index — for a field nobody searches by name. Documents whose id has that shape keep it out of those structures
 * (`search-index-build.ts`) and are found here instead, with the same rules:
 *
 * - substrings: only a term made of hex digits and dashes, in a shape that fits a uuid (`uuidAlignments`), can
 *   be part of one. The ids holding the term's rarest bigrams (`IdBigrams`) are verified with `includes`.
 * - fuzzy: the words of a canonical uuid are its five chunks, of 8, 4, 4, 4 and 12 digits. The term's one-edit
 *   neighbours of those lengths (`HexNeighbours`, at most 192) are looked up in one `HexChunkTable` per length.
 *
 * Documents whose id has another shape are left to the general structures, which index their id as before.
 */
import type { SearchDoc } from './search.ts';
import { ScratchList } from './search-csr.ts';
import { IdBigrams } from './search-id-bigrams.ts';
import type { HexChunkTable } from './search-hex-table.ts';
import { HexChunkTableBuilder } from './search-hex-table.ts';
import { HexNeighbours } from './search-hex-neighbours.ts';
import { CHUNK_LENGTHS, CHUNK_STARTS, hexValue, isCanonicalUuid, uuidAlignments } from './search-uuid.ts';

/** Documents per build step: a few ms each. */
const DOCS_PER_STEP = 16_384;

/**
 * Queries over the canonical-uuid ids of the documents. Results are scratch views, valid until the next query.
 *
 * @example
 * const index = yield* buildIdIndex(docs);
 * index.substringDocs('4f89-41d3'); // documents whose id contains it, ascending
 * index.fuzzyDocs('4f8a'); // documents with an id chunk within one edit of it
 */
export class IdIndex {
  readonly #docs: readonly SearchDoc[];
  readonly #canonical: number;
  readonly #bigrams: IdBigrams;
  /** Chunks of 4, 8 and 12 digits, in that order (see `#tableOf`). */
  readonly #tables: readonly [HexChunkTable, HexChunkTable, HexChunkTable];
  readonly #neighbours = new HexNeighbours();
  readonly #candidates = new ScratchList();
  readonly #found = new ScratchList();
  readonly #collect = (digits: number, head: number, rest: number): void => {
    this.#tableOf(digits).collect(head, rest, this.#found);
  };

  constructor(
    docs: readonly SearchDoc[],
    canonical: number,
    bigrams: IdBigrams,
    tables: readonly [HexChunkTable, HexChunkTable, HexChunkTable],
  ) {
    this.#docs = docs;
    this.#canonical = canonical;
    this.#bigrams = bigrams;
    this.#tables = tables;
  }

  /** Bytes held (the ids themselves are the documents', not the index's). */
  get byteLength(): number {
    return this.#tables.reduce((sum, table) => sum + table.byteLength, this.#bigrams.byteLength);
  }

  /** Whether some canonical id could contain `term`; when not, no document matches `term` through its id here. */
  mayContain(term: string): boolean {
    return this.#canonical > 0 && uuidAlignments(term) > 0;
  }

  /** An upper bound on the documents whose canonical uuid id contains `term`, for choosing the leading term. */
  substringBound(term: string): number {
    return this.mayContain(term) ? Math.min(this.#canonical, this.#bigrams.bound(term)) : 0;
  }

  /** Documents whose id is a canonical uuid containing `term`, ascending. */
  substringDocs(term: string): Uint32Array {
    const found = this.#found;
    found.reset();
    if (!this.mayContain(term)) return found.view();
    const candidates = this.#candidates;
    candidates.reset();
    this.#bigrams.candidates(term, candidates);
    for (const doc of candidates.view()) if (this.#docs[doc]?.[0].includes(term) === true) found.push(doc);
    return found.view();
  }

  /**
   * Documents whose id is a canonical uuid with a chunk within one edit of `term`, in no particular order and
   * possibly repeated (a document with two such chunks). The caller applies the 4-unit threshold.
   */
  fuzzyDocs(term: string): Uint32Array {
    this.#found.reset();
    if (this.#canonical > 0) this.#neighbours.forEach(term, this.#collect);
    return this.#found.view();
  }

  #tableOf(digits: number): HexChunkTable {
    return this.#tables[digits === 4 ? 0 : digits === 8 ? 1 : 2];
  }
}

/**
 * Builds the id index of `docs` (their field 0), yielding between steps of a few milliseconds.
 *
 * @example
 * const steps = buildIdIndex(docs);
 * let step = steps.next();
 * while (step.done !== true) step = steps.next();
 * const ids = step.value;
 */
export function* buildIdIndex(docs: readonly SearchDoc[]): Generator<void, IdIndex, void> {
  const builder = new IdIndexBuilder(docs);
  for (let d = 0; d < docs.length; d += DOCS_PER_STEP) {
    builder.count(d, Math.min(docs.length, d + DOCS_PER_STEP));
    yield;
  }
  builder.start();
  yield;
  for (let d = 0; d < docs.length; d += DOCS_PER_STEP) {
    builder.fill(d, Math.min(docs.length, d + DOCS_PER_STEP));
    yield;
  }
  return builder.index();
}

/** Reads the chunks of every canonical id twice (count, then fill): cheaper than keeping them in between. */
class IdIndexBuilder {
  readonly #docs: readonly SearchDoc[];
  /** 1 where a document's id is a canonical uuid. */
  readonly #canonicalIds: Uint8Array;
  #canonical = 0;
  readonly #bigrams: IdBigrams;
  readonly #builders = [
    new HexChunkTableBuilder(false),
    new HexChunkTableBuilder(true),
    new HexChunkTableBuilder(true),
  ] as const;

  constructor(docs: readonly SearchDoc[]) {
    this.#docs = docs;
    this.#canonicalIds = new Uint8Array(docs.length);
    this.#bigrams = new IdBigrams(docs.length);
  }

  count(from: number, to: number): void {
    for (let d = from; d < to; d++) {
      const id = this.#docs[d]?.[0] ?? '';
      if (!isCanonicalUuid(id)) continue;
      this.#canonicalIds[d] = 1;
      this.#canonical++;
      this.#bigrams.add(d, id);
      for (let c = 0; c < CHUNK_STARTS.length; c++) {
        this.#builderOf(c).count(digitsOf(id, CHUNK_STARTS[c] ?? 0, 4));
      }
    }
  }

  start(): void {
    for (const builder of this.#builders) builder.start();
  }

  fill(from: number, to: number): void {
    for (let d = from; d < to; d++) {
      if (this.#canonicalIds[d] !== 1) continue;
      const id = this.#docs[d]?.[0] ?? '';
      for (let c = 0; c < CHUNK_STARTS.length; c++) {
        const start = CHUNK_STARTS[c] ?? 0;
        const rest = digitsOf(id, start + 4, (CHUNK_LENGTHS[c] ?? 4) - 4);
        this.#builderOf(c).fill(digitsOf(id, start, 4), rest, d);
      }
    }
  }

  index(): IdIndex {
    const [fours, eights, twelves] = this.#builders;
    const tables = [fours.table(), eights.table(), twelves.table()] as const;
    return new IdIndex(this.#docs, this.#canonical, this.#bigrams, tables);
  }

  /** The table builder for chunk `c` of a uuid (0–4). */
  #builderOf(c: number): HexChunkTableBuilder {
    const length = CHUNK_LENGTHS[c] ?? 4;
    return this.#builders[length === 4 ? 0 : length === 8 ? 1 : 2];
  }
}

/** The value of the `count` hex digits of `s` from `start` (at most 8), which the caller knows are hex digits. */
function digitsOf(s: string, start: number, count: number): number {
  let value = 0;
  // Multiplication, not shifts: eight digits fill all 32 bits, and shifts would make the value negative.
  for (let i = start; i < start + count; i++) value = value * 16 + hexValue(s.charCodeAt(i));
  return value;
}
