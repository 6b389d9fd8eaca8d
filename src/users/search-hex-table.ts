/**
 * Documents by one kind of hex chunk of their uuid id (chunks of 4, 8 or 12 digits), where the fuzzy id search
 * looks up a term's one-edit neighbours (`search-ids.ts`). A CSR over the chunk's first four digits (65 536
 * buckets); each entry holds the remaining digits (up to eight, so a uint32) and the document. At 100 000 users a
 * bucket holds a few entries, so a lookup reads a cache line or two; and the table is filled by a counting sort in
 * document order, so no sorting pass is needed and each bucket lists its documents ascending.
 */
import type { ScratchList } from './search-csr.ts';
import { bump, offsetsOf } from './search-csr.ts';

/** Buckets: every value of four hex digits. */
const BUCKETS = 0x10000;

/**
 * A built table.
 *
 * @example
 * table.collect(0xface, 0, found); // 4-digit chunks: pushes the documents holding a chunk 'face'
 */
export class HexChunkTable {
  readonly #offsets: Uint32Array;
  /** Digits after the first four, per entry; empty for 4-digit chunks, which have none. */
  readonly #rests: Uint32Array;
  readonly #docs: Uint32Array;

  constructor(offsets: Uint32Array, rests: Uint32Array, docs: Uint32Array) {
    this.#offsets = offsets;
    this.#rests = rests;
    this.#docs = docs;
  }

  /** Bytes held by the table. */
  get byteLength(): number {
    return this.#offsets.byteLength + this.#rests.byteLength + this.#docs.byteLength;
  }

  /** Pushes onto `out` the documents holding the chunk whose first four digits are `head`, the rest `rest`. */
  collect(head: number, rest: number, out: ScratchList): void {
    const end = this.#offsets[head + 1] ?? 0;
    const rests = this.#rests;
    const docs = this.#docs;
    if (rests.length === 0) {
      for (let k = this.#offsets[head] ?? 0; k < end; k++) out.push(docs[k] ?? 0);
      return;
    }
    for (let k = this.#offsets[head] ?? 0; k < end; k++) if (rests[k] === rest) out.push(docs[k] ?? 0);
  }
}

/**
 * Builds a `HexChunkTable` in two passes over the chunks, in document order: `count` each chunk's head, `start`,
 * then `fill` every chunk again.
 *
 * @example
 * const builder = new HexChunkTableBuilder(true);
 * builder.count(0xface);
 * builder.start();
 * builder.fill(0xface, 0xcafe, 0); // document 0 holds 'facecafe'
 * builder.table();
 */
export class HexChunkTableBuilder {
  readonly #hasRest: boolean;
  /** Entries per bucket, then fill cursors. */
  readonly #cursor = new Uint32Array(BUCKETS);
  #offsets: Uint32Array = new Uint32Array(0);
  #rests: Uint32Array = new Uint32Array(0);
  #docs: Uint32Array = new Uint32Array(0);

  /** `hasRest`: whether the chunks are longer than four digits. */
  constructor(hasRest: boolean) {
    this.#hasRest = hasRest;
  }

  count(head: number): void {
    bump(this.#cursor, head);
  }

  /** After every chunk was counted. */
  start(): void {
    this.#offsets = offsetsOf(this.#cursor);
    const entries = this.#offsets[BUCKETS] ?? 0;
    this.#docs = new Uint32Array(entries);
    this.#rests = new Uint32Array(this.#hasRest ? entries : 0);
    this.#cursor.set(this.#offsets.subarray(0, BUCKETS));
  }

  fill(head: number, rest: number, doc: number): void {
    const at = bump(this.#cursor, head);
    this.#docs[at] = doc;
    if (this.#hasRest) this.#rests[at] = rest;
  }

  table(): HexChunkTable {
    return new HexChunkTable(this.#offsets, this.#rests, this.#docs);
  }
}
