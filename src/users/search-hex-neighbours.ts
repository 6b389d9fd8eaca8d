/**
 * The hex strings of a uuid chunk's length (4, 8 or 12 digits) within one edit of a search term — optimal string
 * alignment distance ≤ 1, as `withinOneEdit` decides it. Rather than comparing the term with every chunk of every
 * id, the fuzzy id search (`search-ids.ts`) enumerates these neighbours and looks each one up. They are few:
 *
 * - same length as the chunk: the term itself, one digit replaced by another (15 per position), two adjacent
 *   digits swapped;
 * - one unit longer: the term with one unit deleted;
 * - one unit shorter: the term with one digit (16 choices) inserted at any position.
 *
 * One edit can remove at most one unit that is not a hex digit, so a term with two of them has no neighbour, and
 * a term with one has only the neighbours that replace or delete that unit. At most 192 neighbours per term.
 */
import { hexValue } from './search-uuid.ts';

/** Receives a neighbour of `digits` digits: its first four as `head`, the others (if any) as `rest`. */
export type NeighbourVisitor = (digits: number, head: number, rest: number) => void;

/** Lengths of the chunks of a uuid, distinct. */
const LENGTHS = [4, 8, 12] as const;
const LONGEST = 12;

/**
 * Enumerates hex neighbours; the instance holds the scratch buffers, so enumerating allocates nothing.
 *
 * @example
 * const neighbours = new HexNeighbours();
 * neighbours.forEach('fade', (digits, head) => console.log(digits, head.toString(16))); // 4 'fade', 4 '0ade', …
 */
export class HexNeighbours {
  /** The term's units as hex values, -1 for a unit that is not a hex digit. */
  readonly #term = new Int8Array(LONGEST + 1);
  /** The neighbour being built. */
  readonly #word = new Uint8Array(LONGEST);

  /**
   * Calls `visit` for each hex string of 4, 8 or 12 digits within one edit of `term` (a few may come twice, when
   * two edits give the same string).
   */
  forEach(term: string, visit: NeighbourVisitor): void {
    const length = term.length;
    if (length < LENGTHS[0] - 1 || length > LONGEST + 1) return;
    let other = -1; // the position of the one unit that is not a hex digit, if any
    for (let i = 0; i < length; i++) {
      const value = hexValue(term.charCodeAt(i));
      if (value < 0) {
        if (other >= 0) return;
        other = i;
      }
      this.#term[i] = value;
    }
    for (const digits of LENGTHS) {
      if (length === digits) this.#sameLength(digits, other, visit);
      else if (length === digits + 1) this.#deletions(digits, other, visit);
      else if (length === digits - 1 && other < 0) this.#insertions(digits, visit);
    }
  }

  #sameLength(digits: number, other: number, visit: NeighbourVisitor): void {
    const word = this.#word;
    for (let i = 0; i < digits; i++) word[i] = this.#term[i] ?? 0;
    if (other >= 0) {
      // Only replacing the odd unit can give hex digits; a swap would just move it.
      for (let value = 0; value < 16; value++) {
        word[other] = value;
        this.#emit(digits, visit);
      }
      return;
    }
    this.#emit(digits, visit);
    for (let i = 0; i < digits; i++) {
      const original = word[i] ?? 0;
      for (let value = 0; value < 16; value++) {
        if (value === original) continue;
        word[i] = value;
        this.#emit(digits, visit);
      }
      word[i] = original;
    }
    for (let i = 0; i + 1 < digits; i++) {
      const a = word[i] ?? 0;
      const b = word[i + 1] ?? 0;
      if (a === b) continue;
      word[i] = b;
      word[i + 1] = a;
      this.#emit(digits, visit);
      word[i] = a;
      word[i + 1] = b;
    }
  }

  /** `digits + 1` term units: delete one (only the odd one, if there is one). */
  #deletions(digits: number, other: number, visit: NeighbourVisitor): void {
    const term = this.#term;
    for (let skip = 0; skip <= digits; skip++) {
      if (other >= 0 ? skip !== other : skip > 0 && term[skip] === term[skip - 1]) continue; // same as skip - 1
      for (let i = 0, k = 0; i <= digits; i++) if (i !== skip) this.#word[k++] = term[i] ?? 0;
      this.#emit(digits, visit);
    }
  }

  /** `digits - 1` term units, all hex: insert a digit anywhere. */
  #insertions(digits: number, visit: NeighbourVisitor): void {
    const term = this.#term;
    const word = this.#word;
    for (let at = 0; at < digits; at++) {
      for (let i = 0; i < at; i++) word[i] = term[i] ?? 0;
      for (let i = at; i < digits - 1; i++) word[i + 1] = term[i] ?? 0;
      for (let value = 0; value < 16; value++) {
        if (at > 0 && term[at - 1] === value) continue; // the same string as inserting it one place earlier
        word[at] = value;
        this.#emit(digits, visit);
      }
    }
  }

  #emit(digits: number, visit: NeighbourVisitor): void {
    const word = this.#word;
    const head = ((word[0] ?? 0) << 12) | ((word[1] ?? 0) << 8) | ((word[2] ?? 0) << 4) | (word[3] ?? 0);
    let rest = 0;
    // Multiplication, not shifts: eight digits fill all 32 bits, and shifts would make the value negative.
    for (let i = 4; i < digits; i++) rest = rest * 16 + (word[i] ?? 0);
    visit(digits, head, rest);
  }
}
