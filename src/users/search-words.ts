/**
 * Words of a search field (docs/users.md): maximal runs of letters and digits (`\p{L}`, `\p{N}`), as
 * `field.split(/[^\p{L}\p{N}]+/u)` would cut them. Words are the unit of fuzzy matching and of the word-prefix
 * ranking tier. The scan walks UTF-16 code units by hand, because the regex split allocates every word and is
 * several times slower at index-build scale; surrogate pairs are classified as the code point they form, and a
 * lone surrogate is never a letter, exactly as the `u` regex does.
 */

const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Code units below this are classified by table; the rest (rare after `fold`) ask WORD_CHAR. */
const TABLE_SIZE = 0x800;

/** 1 where a code unit below TABLE_SIZE is a letter or digit; read once from WORD_CHAR, so it follows this Node's Unicode. */
const WORD_CHARS: Uint8Array = (() => {
  const table = new Uint8Array(TABLE_SIZE);
  for (let c = 0; c < TABLE_SIZE; c++) table[c] = WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
})();

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * Code units taken by the letter or digit that starts at `i` of `s`: 1, 2 for a surrogate pair, or 0 when the
 * code point there is not a letter or digit (or `i` is out of range). Kept tiny so V8 inlines it into the
 * index-build loops; the rare cases are in `wordCharLengthSlow`.
 *
 * @example
 * wordCharLength('a.b', 1); // 0
 * wordCharLength('𝒜x', 0); // 2: one letter, two units
 */
export function wordCharLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c < TABLE_SIZE ? (WORD_CHARS[c] ?? 0) : wordCharLengthSlow(s, i, c);
}

function wordCharLengthSlow(s: string, i: number, c: number): number {
  if (isLow(c)) return 0;
  if (isHigh(c)) {
    // A high surrogate is a letter or digit only together with its low surrogate.
    return isLow(s.charCodeAt(i + 1)) && WORD_CHAR.test(s.slice(i, i + 2)) ? 2 : 0;
  }
  // NaN (out of range) fails every comparison above and lands here.
  return !Number.isNaN(c) && WORD_CHAR.test(s.charAt(i)) ? 1 : 0;
}

/**
 * Whether the code point that ends just before position `end` of `s` is a letter or digit: a term found at `end`
 * starts a word when it is not.
 *
 * @example
 * endsWithWordChar('ann.lee42', 4); // false: 'lee42' starts a word at 4
 * endsWithWordChar('ann.lee42', 7); // true: '42' does not
 */
export function endsWithWordChar(s: string, end: number): boolean {
  if (end <= 0) return false;
  const c = s.charCodeAt(end - 1);
  if (c < TABLE_SIZE) return WORD_CHARS[c] === 1;
  if (isLow(c) && end >= 2 && isHigh(s.charCodeAt(end - 2))) return WORD_CHAR.test(s.slice(end - 2, end));
  return !isLow(c) && !isHigh(c) && WORD_CHAR.test(s.charAt(end - 1));
}

/**
 * Start of the first word of `s` at or after `from`, or -1 when there is none.
 *
 * @example
 * const start = nextWordStart('@ann.lee', 0); // 1
 * wordEnd('@ann.lee', start); // 4
 */
export function nextWordStart(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (wordCharLength(s, i) > 0) return i;
  }
  return -1;
}

/** End (exclusive) of the word that starts at `start` of `s`. */
export function wordEnd(s: string, start: number): number {
  let i = start;
  for (let k = wordCharLength(s, i); k > 0; k = wordCharLength(s, i)) i += k;
  return i;
}
