/**
 * The distinct words met while building the search index, each with a dense id. An open-addressing table over
 * typed arrays rather than a `Map<string, number>`: it looks words up in place (no `slice` per occurrence), keeps
 * no string objects for the garbage collector, and usually touches one cache line per lookup: most words are
 * packed exactly into the slot's key, which also holds the last document that listed the word. The Map version
 * was about four times slower at 100 000 users (1.3 million word occurrences).
 */

/**
 * Slot layout: the key (two int32), the entry, and the last tag that visited the word. The entry is id + 1 for a
 * packed key, -(id + 1) for a hashed one, and 0 for a free slot.
 */
const SLOT = 4;

/** Base-37 digit of each ASCII unit that may appear in a packed word: 0–9 → 1–10, a–z → 11–36; 0 = not packable. */
const BASE37: Uint8Array = (() => {
  const digits = new Uint8Array(128);
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  for (let k = 0; k < alphabet.length; k++) digits[alphabet.charCodeAt(k)] = k + 1;
  return digits;
})();

/**
 * Interns words given as ranges of strings, ids 0, 1, 2… in order of first appearance, and tells apart the first
 * visit of a word by each document (tag).
 *
 * @example
 * const table = new WordTable();
 * table.visit('ann lee', 0, 3, 1); // 0: word 0 ('ann'), first seen by tag 1
 * table.visit('ann lee', 0, 3, 1); // -1: tag 1 has listed it already
 * table.visit('ann lee', 4, 7, 1); // 1: 'lee'
 * table.text(); // 'ann\0lee\0', and table.starts() is [0, 4, 8]
 */
export class WordTable {
  /** Units of every word, each followed by a 0 unit (never part of a word, so it also ends comparisons). */
  #units: Uint16Array;
  #unitCount = 0;
  /** Start of word w in `#units`; one entry per word. */
  #starts: Uint32Array;
  #slots: Int32Array;
  #mask: number;
  #count = 0;

  /** `capacity`: how many distinct words to expect; the table grows past it if needed. */
  constructor(capacity = 1024) {
    let slots = 1024;
    while (slots * 3 < capacity * 4) slots *= 2;
    // Mapped now (see `mappedArray`): lookups land anywhere in the table, and their first touch of each page
    // would otherwise slow the first build steps down.
    this.#slots = new Int32Array(slots * SLOT).fill(0);
    this.#mask = slots - 1;
    this.#starts = new Uint32Array(slots / 2);
    this.#units = new Uint16Array(slots * 4);
  }

  /** How many distinct words there are. */
  get size(): number {
    return this.#count;
  }

  /**
   * Looks up `s.slice(start, end)` (a word: letters and digits only), adding it if new. Returns its id when
   * this is the first visit by `tag` (a positive number, such as document index + 1), and -1 when `tag` was
   * also the last visitor.
   */
  visit(s: string, start: number, end: number, tag: number): number {
    const length = end - start;
    // Words of up to 12 units from [a-z0-9] (most of them) are packed exactly into two base-37 numbers, so a
    // lookup compares the slot alone; the others are hashed and compared unit by unit.
    let k0 = 0;
    let k1 = 0;
    let packed = length <= 12;
    for (let i = start; packed && i < end; i++) {
      const unit = s.charCodeAt(i);
      const code = unit < 128 ? (BASE37[unit] ?? 0) : 0;
      if (code === 0) packed = false;
      else if (i - start < 6) k0 = k0 * 37 + code;
      else k1 = k1 * 37 + code;
    }
    if (!packed) {
      k0 = 0;
      for (let i = start; i < end; i++) k0 = Math.imul(k0 ^ s.charCodeAt(i), 0x01000193);
      k1 = length;
    }
    k0 |= 0;
    k1 |= 0;
    const slots = this.#slots;
    for (let slot = slotOf(k0, k1, this.#mask); ; slot = (slot + 1) & this.#mask) {
      const at = slot * SLOT;
      const entry = slots[at + 2] ?? 0;
      if (entry === 0) {
        const id = this.#add(s, start, end, at, k0, k1, packed, tag);
        if (this.#count * 4 > this.#mask * 3) this.#grow();
        return id;
      }
      if (slots[at] !== k0 || slots[at + 1] !== k1 || entry > 0 !== packed) continue;
      if (!packed && !this.#sameUnits(-entry - 1, s, start, end)) continue;
      if (slots[at + 3] === tag) return -1;
      slots[at + 3] = tag;
      return Math.abs(entry) - 1;
    }
  }

  /** Start of each word in `text()`, plus the end of the text (one more entry than there are words). */
  starts(): Uint32Array {
    const starts = new Uint32Array(this.#count + 1);
    starts.set(this.#starts.subarray(0, this.#count));
    starts[this.#count] = this.#unitCount;
    return starts;
  }

  /** Every word followed by U+0000, in id order: word w is `text().slice(starts[w], starts[w + 1] - 1)`. */
  text(): string {
    return new TextDecoder('utf-16le').decode(this.#units.subarray(0, this.#unitCount));
  }

  #sameUnits(id: number, s: string, start: number, end: number): boolean {
    const units = this.#units;
    const from = this.#starts[id] ?? 0;
    let k = 0;
    while (start + k < end && units[from + k] === s.charCodeAt(start + k)) k++;
    return start + k === end && units[from + k] === 0;
  }

  #add(
    s: string,
    start: number,
    end: number,
    at: number,
    k0: number,
    k1: number,
    packed: boolean,
    tag: number,
  ): number {
    const id = this.#count++;
    const from = this.#unitCount;
    const needed = from + end - start + 1;
    if (needed > this.#units.length) {
      const bigger = new Uint16Array(Math.max(needed, this.#units.length * 2));
      bigger.set(this.#units);
      this.#units = bigger;
    }
    for (let k = start; k < end; k++) this.#units[from + k - start] = s.charCodeAt(k);
    this.#units[needed - 1] = 0;
    this.#unitCount = needed;
    if (id >= this.#starts.length) {
      const bigger = new Uint32Array(this.#starts.length * 2);
      bigger.set(this.#starts);
      this.#starts = bigger;
    }
    this.#starts[id] = from;
    this.#slots[at] = k0;
    this.#slots[at + 1] = k1;
    this.#slots[at + 2] = packed ? id + 1 : -(id + 1);
    this.#slots[at + 3] = tag;
    return id;
  }

  #grow(): void {
    const old = this.#slots;
    this.#mask = this.#mask * 2 + 1;
    const slots = new Int32Array((this.#mask + 1) * SLOT);
    for (let k = 0; k < old.length; k += SLOT) {
      if (old[k + 2] === 0) continue;
      let slot = slotOf(old[k] ?? 0, old[k + 1] ?? 0, this.#mask);
      while (slots[slot * SLOT + 2] !== 0) slot = (slot + 1) & this.#mask;
      slots.set(old.subarray(k, k + SLOT), slot * SLOT);
    }
    this.#slots = slots;
  }
}

/** The home slot of a key: MurmurHash3's fmix32 over both halves, since neither is well mixed on its own. */
function slotOf(k0: number, k1: number, mask: number): number {
  let x = k0 ^ Math.imul(k1, 0x9e3779b1);
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) & mask;
}
