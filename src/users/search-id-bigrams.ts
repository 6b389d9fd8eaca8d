/**
 * A substring filter over canonical uuid ids (`search-ids.ts`): for each bigram of the id alphabet (16 hex digits
 * and the dash: 17² codes), a bitset of the documents whose id holds it. A term can only occur in ids that hold
 * every one of its bigrams, so AND-ing the bitsets of its rarest few gives a short list of candidates to verify.
 *
 * Why bitsets: a random hex bigram occurs in about one id in ten, so posting lists would cost ~33 entries per id
 * (13 MB at 100 000 users), while 290 bitsets cost 290 bits per id (3.6 MB), and AND-ing four of them is about
 * 12 000 word operations. Scanning every id with `indexOf` instead took 2–4 ms per term.
 */
import type { ScratchList } from './search-csr.ts';
import { hexValue } from './search-uuid.ts';

const DASH_SYMBOL = 16;
const SYMBOLS = 17;
const BIGRAMS = SYMBOLS * SYMBOLS;
/** Bitsets AND-ed per query (`candidates` reads exactly four): past a few, candidates are near the matches. */
const MAX_BITSETS = 4;

/** Symbol (0–16) of a unit of a term that fits a uuid (hex digits and dashes only). */
function symbolOf(unit: number): number {
  const value = hexValue(unit);
  return value < 0 ? DASH_SYMBOL : value;
}

/**
 * The bitsets, filled by `add` once per document with a canonical uuid id.
 *
 * @example
 * const bigrams = new IdBigrams(docs.length);
 * bigrams.add(0, '3f2504e0-4f89-41d3-9a0c-0305e82c3301');
 * bigrams.candidates('4f89', found); // pushes 0
 */
export class IdBigrams {
  /** 32-bit words per bitset. */
  readonly #stride: number;
  /** Bitset of bigram b at `[b * stride, (b + 1) * stride)`; the last one (index BIGRAMS) marks every added id. */
  readonly #bits: Uint32Array;
  /** Documents per bigram, to pick the rarest. */
  readonly #counts = new Uint32Array(BIGRAMS);
  /** Query scratch: the bigram codes of a term. */
  readonly #codes = new Uint16Array(MAX_BITSETS);

  constructor(docs: number) {
    this.#stride = Math.ceil(docs / 32);
    this.#bits = new Uint32Array((BIGRAMS + 1) * this.#stride);
  }

  /** Bytes held. */
  get byteLength(): number {
    return this.#bits.byteLength + this.#counts.byteLength;
  }

  /** Files document `doc` under the bigrams of `id`, a canonical uuid; each document once. */
  add(doc: number, id: string): void {
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    const bits = this.#bits;
    const stride = this.#stride;
    bits[BIGRAMS * stride + word] = (bits[BIGRAMS * stride + word] ?? 0) | bit;
    let previous = symbolOf(id.charCodeAt(0));
    for (let i = 1; i < id.length; i++) {
      const symbol = symbolOf(id.charCodeAt(i));
      const code = previous * SYMBOLS + symbol;
      const at = code * stride + word;
      const before = bits[at] ?? 0;
      if ((before & bit) === 0) {
        bits[at] = before | bit;
        this.#counts[code] = (this.#counts[code] ?? 0) + 1;
      }
      previous = symbol;
    }
  }

  /**
   * An upper bound on the added ids containing `term` (hex digits and dashes only): the count of its rarest
   * bigram; `Infinity` for a term of one unit, which has none.
   */
  bound(term: string): number {
    return this.#pickRarest(term) === 0 ? Infinity : (this.#counts[this.#codes[0] ?? 0] ?? 0);
  }

  /** Pushes onto `out`, ascending, the added documents whose id holds the rarest few bigrams of `term`. */
  candidates(term: string, out: ScratchList): void {
    const picked = this.#pickRarest(term);
    const bits = this.#bits;
    const stride = this.#stride;
    // Slots past `picked` read the bitset of every added id, which leaves the AND unchanged.
    const slot = (k: number): number => (k < picked ? (this.#codes[k] ?? 0) : BIGRAMS) * stride;
    const a = slot(0);
    const b = slot(1);
    const c = slot(2);
    const d = slot(3);
    for (let w = 0; w < stride; w++) {
      let x = (bits[a + w] ?? 0) & (bits[b + w] ?? 0) & (bits[c + w] ?? 0) & (bits[d + w] ?? 0);
      while (x !== 0) {
        const low = x & -x;
        out.push(w * 32 + 31 - Math.clz32(low));
        x ^= low;
      }
    }
  }

  /** Fills `#codes` with the term's rarest distinct bigrams, rarest first; returns how many there are. */
  #pickRarest(term: string): number {
    const codes = this.#codes;
    const counts = this.#counts;
    let picked = 0;
    let previous = symbolOf(term.charCodeAt(0));
    for (let i = 1; i < term.length; i++) {
      const symbol = symbolOf(term.charCodeAt(i));
      const code = previous * SYMBOLS + symbol;
      previous = symbol;
      const count = counts[code] ?? 0;
      let known = false;
      for (let k = 0; k < picked; k++) known ||= codes[k] === code;
      if (known || (picked === MAX_BITSETS && count >= (counts[codes[picked - 1] ?? 0] ?? 0))) continue;
      // Insertion into the short sorted list; when it is full, the least rare one drops out.
      let at = Math.min(picked, MAX_BITSETS - 1);
      while (at > 0 && count < (counts[codes[at - 1] ?? 0] ?? 0)) {
        codes[at] = codes[at - 1] ?? 0;
        at--;
      }
      codes[at] = code;
      picked = Math.min(picked + 1, MAX_BITSETS);
    }
    return picked;
  }
}
