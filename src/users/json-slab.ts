/**
 * The serialised JSON of each user of a base, encoded once and kept in shared chunks of bytes. One `Uint8Array`
 * per user cost more than its JSON: a typed array and an array buffer on the heap and a separately allocated
 * backing store outside it, about 250 bytes per user beside ~330 bytes of JSON, so listing every page of 100 000
 * users took the process from 225 to 351 MB of RSS. Here a user's bytes are a range of a 256 KB chunk, found by
 * three numbers per slot, and a read is a view of that range.
 *
 * The slabs of a base share a budget of bytes (`ByteBudget`): once it is spent, a user not kept yet is serialised
 * for the page that asks and not kept (the page encodes it straight into its own bytes), so a large store's JSON
 * costs a bounded amount of memory and its users past the budget cost a `JSON.stringify` per page instead.
 */

const UTF8 = new TextEncoder();
/** Bytes per chunk: a page of users is a few kilobytes, and a chunk's unused tail is at most one user's JSON. */
const CHUNK_BYTES = 256 * 1024;
/** UTF-8 bytes a UTF-16 code unit can take at most. */
const MAX_BYTES_PER_UNIT = 3;

/** Bytes that slabs sharing it may still take for chunks. */
export class ByteBudget {
  #left: number;

  constructor(bytes: number) {
    this.#left = bytes;
  }

  /** Takes `bytes` when that many are left; false (and nothing taken) otherwise. */
  take(bytes: number): boolean {
    if (bytes > this.#left) return false;
    this.#left -= bytes;
    return true;
  }
}

export class JsonSlab {
  /** Shared chunks, and the chunks of single users too long for one (in the order made). */
  readonly #chunks: Uint8Array[] = [];
  /** The shared chunk being filled, and the bytes used of it. */
  #current: Uint8Array | undefined;
  #currentIndex = -1;
  #used = 0;
  /** Per slot: the chunk its bytes are in, where they start, and how many (0: not encoded yet). */
  readonly #chunkOf: Uint32Array;
  readonly #start: Uint32Array;
  readonly #length: Uint32Array;

  readonly #budget: ByteBudget;

  constructor(slots: number, budget: ByteBudget = new ByteBudget(Number.POSITIVE_INFINITY)) {
    this.#budget = budget;
    this.#chunkOf = new Uint32Array(slots);
    this.#start = new Uint32Array(slots);
    this.#length = new Uint32Array(slots);
  }

  /** The bytes kept for `slot`, or undefined before `put`. */
  get(slot: number): Uint8Array | undefined {
    const length = this.#length[slot] ?? 0;
    if (length === 0) return undefined;
    const start = this.#start[slot] ?? 0;
    return this.#chunks[this.#chunkOf[slot] ?? 0]?.subarray(start, start + length);
  }

  /**
   * Encodes `json` (not empty) as UTF-8 and keeps it for `slot` (once), returning its bytes; past the budget, keeps
   * nothing and returns `json` itself, for the caller to encode where it writes it.
   */
  put(slot: number, json: string): Uint8Array | string {
    if (json === '') throw new RangeError('a user serialises to a non-empty JSON text');
    if (!(slot >= 0 && slot < this.#length.length))
      throw new RangeError(`slot ${String(slot)} is outside the slab`);
    if (this.#length[slot] !== 0) throw new Error(`slot ${String(slot)} is kept already`);
    const most = json.length * MAX_BYTES_PER_UNIT;
    if (most > CHUNK_BYTES) {
      // Longer than a chunk could be: a chunk of its own, of its exact size.
      const bytes = UTF8.encode(json);
      if (!this.#budget.take(bytes.length)) return json;
      this.#chunks.push(bytes);
      this.#record(slot, this.#chunks.length - 1, 0, bytes.length);
      return bytes;
    }
    if (this.#current === undefined || CHUNK_BYTES - this.#used < most) {
      if (!this.#budget.take(CHUNK_BYTES)) return json;
      this.#current = new Uint8Array(CHUNK_BYTES);
      this.#chunks.push(this.#current);
      this.#currentIndex = this.#chunks.length - 1;
      this.#used = 0;
    }
    const start = this.#used;
    const { written } = UTF8.encodeInto(json, this.#current.subarray(start));
    this.#used += written;
    this.#record(slot, this.#currentIndex, start, written);
    return this.#current.subarray(start, start + written);
  }

  #record(slot: number, chunk: number, start: number, length: number): void {
    this.#chunkOf[slot] = chunk;
    this.#start[slot] = start;
    this.#length[slot] = length;
  }
}
