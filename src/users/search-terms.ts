/**
 * The text side of `GET /users?search=` (docs/users.md "Search"): search values into terms, fields into words, and
 * "within one edit". Everything here works on folded text (`fold`: case and accents removed).
 *
 * - A word of a field is a maximal run of letters and digits (`\p{L}`, `\p{N}`), as
 *   `field.split(/[^\p{L}\p{N}]+/u)` would cut them: `ann.lee42@example.com` has the words ann, lee42, example,
 *   com. The scan walks UTF-16 units by hand (a table for the common units) because the index reads every word of
 *   every user; a surrogate pair is classified as the code point it forms, a lone surrogate is never a letter.
 * - "Within one edit" is an optimal-string-alignment distance ≤ 1 over UTF-16 units: one insertion, deletion,
 *   substitution, or swap of two adjacent units. Deciding it needs no dynamic programme, only a linear comparison.
 */
import { fold } from './collation.ts';

/** Terms of this many units or more also match fuzzily (within one edit of a word). */
export const FUZZY_MIN_LENGTH = 4;
/** An `id` matches a term equal to it, or starting with it when the term has this many units or more. */
export const ID_PREFIX_MIN_LENGTH = 8;

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/gu;
const WHITESPACE = /\s+/;

/**
 * The terms of a `search` value: trimmed, folded, control and format characters (`\p{Cc}`, `\p{Cf}`) removed,
 * split on whitespace, empties dropped, duplicates dropped keeping the first. The 1–100 length check happens
 * before, at validation.
 *
 * @example
 * parseTerms('  José  ann\u200b ANN '); // ['jose', 'ann']
 */
export function parseTerms(raw: string): string[] {
  const cleaned = fold(raw.trim()).replace(CONTROL_OR_FORMAT, '');
  const terms = new Set<string>();
  for (const term of cleaned.split(WHITESPACE)) if (term !== '') terms.add(term);
  return [...terms];
}

/**
 * Whether `id` (folded) matches `term` under the id rule: the whole value, or a prefix of 8+ units. A uuid's
 * inside is never searched: the `id` filter is the way to find a user by a known id.
 *
 * @example
 * idMatches('3f2504e0-4f89-41d3-9a0c-0305e82c3301', '3f2504e0'); // true
 * idMatches('3f2504e0-4f89-41d3-9a0c-0305e82c3301', '4f89'); // false
 */
export function idMatches(id: string, term: string): boolean {
  return id === term || (term.length >= ID_PREFIX_MIN_LENGTH && id.startsWith(term));
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Units below this are classified by table; the rest (rare after `fold`) ask WORD_CHAR. */
const TABLE_SIZE = 0x800;
/** 1 where a unit below TABLE_SIZE is a letter or digit; read from WORD_CHAR, so it follows this Node's Unicode. */
const WORD_CHARS: Uint8Array = (() => {
  const table = new Uint8Array(TABLE_SIZE);
  for (let c = 0; c < TABLE_SIZE; c++) table[c] = WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
})();

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * Units taken by the letter or digit that starts at `i` of `s`: 1, 2 for a surrogate pair, or 0 when the code
 * point there is not a letter or digit (or `i` is out of range).
 *
 * @example
 * wordCharLength('a.b', 1); // 0
 * wordCharLength('𝒜x', 0); // 2
 */
export function wordCharLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < TABLE_SIZE) return WORD_CHARS[c] ?? 0;
  if (isLow(c)) return 0;
  if (isHigh(c)) return isLow(s.charCodeAt(i + 1)) && WORD_CHAR.test(s.slice(i, i + 2)) ? 2 : 0;
  return !Number.isNaN(c) && WORD_CHAR.test(s.charAt(i)) ? 1 : 0;
}

/**
 * Whether the code point ending just before `end` of `s` is a letter or digit: a term found at `end` starts a
 * word when it is not.
 *
 * @example
 * endsWithWordChar('ann.lee42', 4); // false: 'lee42' starts a word at 4
 */
export function endsWithWordChar(s: string, end: number): boolean {
  if (end <= 0) return false;
  const c = s.charCodeAt(end - 1);
  if (c < TABLE_SIZE) return WORD_CHARS[c] === 1;
  if (isLow(c) && end >= 2 && isHigh(s.charCodeAt(end - 2))) return WORD_CHAR.test(s.slice(end - 2, end));
  return !isLow(c) && !isHigh(c) && WORD_CHAR.test(s.charAt(end - 1));
}

/**
 * Calls `visit(start, end)` for each word of `field`, in order.
 *
 * @example
 * forEachWord('@ann.lee', (start, end) => words.push('@ann.lee'.slice(start, end))); // ann, lee
 */
export function forEachWord(field: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < field.length;) {
    const size = wordCharLength(field, i);
    if (size === 0) {
      if (start >= 0) visit(start, i);
      start = -1;
      i++;
    } else {
      if (start < 0) start = i;
      i += size;
    }
  }
  if (start >= 0) visit(start, field.length);
}

/**
 * Whether `a` and `b.slice(bStart, bEnd)` are at OSA distance ≤ 1, without slicing `b`.
 *
 * @example
 * withinOneEdit('smiht', 'smith'); // true: one transposition
 * withinOneEdit('smyht', 'smith'); // false: two edits
 */
export function withinOneEdit(a: string, b: string, bStart = 0, bEnd = b.length): boolean {
  const la = a.length;
  const lb = bEnd - bStart;
  if (la === lb) {
    let first = 0;
    while (first < la && a.charCodeAt(first) === b.charCodeAt(bStart + first)) first++;
    if (first >= la - 1) return true; // equal, or only the last unit differs
    let last = la - 1;
    while (a.charCodeAt(last) === b.charCodeAt(bStart + last)) last--;
    // Every difference lies in [first, last]: one substitution, or two swapped neighbours.
    return (
      last === first ||
      (last === first + 1 &&
        a.charCodeAt(first) === b.charCodeAt(bStart + last) &&
        a.charCodeAt(last) === b.charCodeAt(bStart + first))
    );
  }
  if (la === lb + 1) return isOneDeletion(a, 0, la, b, bStart);
  if (lb === la + 1) return isOneDeletion(b, bStart, bEnd, a, 0);
  return false;
}

/** Whether deleting one unit of `long[ls, le)` gives the `le - ls - 1` units of `short` from `ss`. */
function isOneDeletion(long: string, ls: number, le: number, short: string, ss: number): boolean {
  const n = le - ls - 1;
  let i = 0;
  while (i < n && long.charCodeAt(ls + i) === short.charCodeAt(ss + i)) i++;
  while (i < n && long.charCodeAt(ls + i + 1) === short.charCodeAt(ss + i)) i++;
  return i === n;
}

/**
 * Whether some word of `field` is within one edit of `term` (the caller applies the 4-unit threshold).
 *
 * @example
 * someWordWithinOneEdit('jhon', 'john.smith@example.com'); // true: the word 'john'
 */
export function someWordWithinOneEdit(term: string, field: string): boolean {
  let start = -1;
  for (let i = 0; i <= field.length;) {
    const size = i < field.length ? wordCharLength(field, i) : 0;
    if (size > 0) {
      if (start < 0) start = i;
      i += size;
      continue;
    }
    if (start >= 0 && Math.abs(i - start - term.length) <= 1 && withinOneEdit(term, field, start, i))
      return true;
    start = -1;
    i++;
  }
  return false;
}

const MULTIPLIER = 0x01000193; // odd, so multiplication mod 2^32 keeps every bit of the state

/** MurmurHash3's fmix32: polynomial hashes of similar words differ in few low bits. */
function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Hashes of a string's deletion neighbourhood, for the symmetric-delete index of fuzzy words: the string itself
 * and each distinct string obtained by deleting one unit. Two strings are within one edit only if these sets
 * intersect (a substitution or swap shares a deletion; an insertion or deletion meets the string itself), so the
 * index files each word under its keys and verifies a term's candidates with `withinOneEdit`. The hash is
 * polynomial, so all deletions of an L-unit string cost O(L) together, and hashing allocates nothing.
 *
 * @example
 * const hasher = new DeletionHasher();
 * const count = hasher.hash('smith', 0, 5); // 6 keys in hasher.keys[0..6): 'smith', 'mith', 'sith', …
 */
export class DeletionHasher {
  /**
   * The keys of the last `hash` call; `keys[0]` is the whole string's. Typed without a type argument, so that the
   * published declarations read `Uint32Array` and compile on TypeScript versions before typed arrays were generic.
   */
  keys: Uint32Array = new Uint32Array(64);
  #prefix = new Uint32Array(65);

  /** Hashes `s.slice(start, end)` and its one-unit deletions into `keys`; returns how many keys there are. */
  hash(s: string, start: number, end: number): number {
    const length = end - start;
    if (this.keys.length < length + 1) {
      this.keys = new Uint32Array(length * 2 + 1);
      this.#prefix = new Uint32Array(length * 2 + 2);
    }
    const keys = this.keys;
    const prefix = this.#prefix;
    // prefix[i] = H(s[start, start + i)), H(x) = Σ x[k]·M^(|x|-1-k) mod 2^32.
    let h = 0;
    for (let i = 0; i < length; i++) {
      prefix[i] = h;
      h = (Math.imul(h, MULTIPLIER) + s.charCodeAt(start + i)) | 0;
    }
    keys[0] = mix(h);
    let count = 1;
    // Deletions right to left: H(x without x[i]) = H(x[0, i))·M^(L-1-i) + H(x[i+1, L)).
    let power = 1;
    let suffix = 0;
    for (let i = length - 1; i >= 0; i--) {
      const unit = s.charCodeAt(start + i);
      // Deleting either unit of a run like "ll" gives the same string: keep only the first of the run.
      if (i === 0 || s.charCodeAt(start + i - 1) !== unit) {
        keys[count++] = mix((Math.imul(prefix[i] ?? 0, power) + suffix) | 0);
      }
      suffix = (suffix + Math.imul(unit, power)) | 0;
      power = Math.imul(power, MULTIPLIER);
    }
    return count;
  }
}
