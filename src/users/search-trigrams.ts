/**
 * Trigram codes for the substring index of search (`search-index.ts`). Each folded code unit maps to a 48-code
 * alphabet — a–z, 0–9, space, `.`, `@`, `-`, `_`, `'`, and one shared "other" code for the rest — so a trigram is
 * an integer below 48³ and the index is a flat array over those integers. "Other" makes distinct trigrams
 * collide, which is why substring candidates are always verified, except for exact 3-unit terms.
 */

const ALPHABET = 48;
const OTHER = ALPHABET - 1;

/** Number of distinct trigram codes. */
export const TRIGRAMS = ALPHABET ** 3;

/** Alphabet code of each ASCII unit; uppercase is "other" too, since folded text has none. */
const ASCII_CODES: Uint8Array = (() => {
  const codes = new Uint8Array(128).fill(OTHER);
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789 .@-_'";
  for (let k = 0; k < letters.length; k++) codes[letters.charCodeAt(k)] = k;
  return codes;
})();

/**
 * Alphabet code (0–47) of one UTF-16 unit.
 *
 * @example
 * trigramOf(codeOf(0x61), codeOf(0x6e), codeOf(0x6e)); // the code of 'ann'
 */
export function codeOf(unit: number): number {
  return unit < 128 ? (ASCII_CODES[unit] ?? OTHER) : OTHER;
}

/** The trigram code of three alphabet codes. */
export function trigramOf(a: number, b: number, c: number): number {
  return (a * ALPHABET + b) * ALPHABET + c;
}

/**
 * Writes the trigram code of each position of `s` into `out` (which must hold `s.length` entries) and returns
 * how many there are (`s.length - 2`, or 0).
 *
 * @example
 * trigramsOf('ann', out); // 1: out[0] is the code of 'ann'
 */
export function trigramsOf(s: string, out: Uint32Array): number {
  if (s.length < 3) return 0;
  let a = codeOf(s.charCodeAt(0));
  let b = codeOf(s.charCodeAt(1));
  for (let i = 2; i < s.length; i++) {
    const c = codeOf(s.charCodeAt(i));
    out[i - 2] = trigramOf(a, b, c);
    a = b;
    b = c;
  }
  return s.length - 2;
}

/**
 * Whether a document's set of trigrams decides exactly if it contains `term`: true for 3-unit terms without an
 * "other" unit, whose single trigram code stands for exactly that string.
 *
 * @example
 * isExactTrigram('lee'); // true
 * isExactTrigram('løe'); // false: 'ø' is "other", shared with every non-ASCII unit
 */
export function isExactTrigram(term: string): boolean {
  if (term.length !== 3) return false;
  for (let i = 0; i < 3; i++) if (codeOf(term.charCodeAt(i)) === OTHER) return false;
  return true;
}
