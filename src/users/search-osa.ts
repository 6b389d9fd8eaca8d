/**
 * The fuzzy half of search (docs/users.md): "within one edit" is an optimal-string-alignment (restricted
 * Damerau–Levenshtein) distance of at most 1 — one insertion, deletion, substitution, or transposition of two
 * adjacent characters, counted in UTF-16 code units. Deciding `distance ≤ 1` needs no dynamic programme: it is a
 * single linear comparison, which keeps both the scan and the index's candidate check cheap.
 */
import { nextWordStart, wordEnd } from './search-words.ts';

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
  // long[ls + i] is the deleted unit; the rest must line up shifted by one.
  while (i < n && long.charCodeAt(ls + i + 1) === short.charCodeAt(ss + i)) i++;
  return i === n;
}

/**
 * Whether some word of `field` is within one edit of `term` (the caller applies the 4-character threshold).
 *
 * @example
 * someWordWithinOneEdit('jhon', 'john.smith@example.com'); // true: the word 'john'
 */
export function someWordWithinOneEdit(term: string, field: string): boolean {
  const min = term.length - 1;
  const max = term.length + 1;
  for (let start = nextWordStart(field, 0); start >= 0;) {
    const end = wordEnd(field, start);
    const length = end - start;
    if (length >= min && length <= max && withinOneEdit(term, field, start, end)) return true;
    start = nextWordStart(field, end);
  }
  return false;
}

const MULTIPLIER = 0x01000193; // odd, so multiplication mod 2^32 keeps every bit of the state

/** A 32-bit finaliser (MurmurHash3 fmix32): polynomial hashes of similar words differ in few low bits. */
function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Hashes of a string's deletion neighbourhood for the symmetric-delete index: the string itself and each
 * distinct string obtained by deleting one code unit. Two strings are within one edit only if these sets
 * intersect (a substitution or transposition shares a deletion; an insertion or deletion meets the string
 * itself), so the index looks up every key of the term and verifies the candidates with `withinOneEdit`.
 *
 * The hash is polynomial, so all L deletions of an L-unit string cost O(L) together; the buffers live in the
 * instance and grow on demand, so hashing allocates nothing.
 *
 * @example
 * const hasher = new DeletionHasher();
 * const count = hasher.hash('smith', 0, 5); // 6 keys in hasher.keys[0..6): 'smith', 'mith', 'sith', …
 */
export class DeletionHasher {
  /** The keys of the last `hash` call; `keys[0]` is the whole string's. */
  keys = new Uint32Array(64);
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
    // Walk deletions right to left: H(x without x[i]) = H(x[0, i))·M^(L-1-i) + H(x[i+1, L)).
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
