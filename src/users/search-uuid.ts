/**
 * The shape of a user id as the search index sees it. Ids are uuids (the User schema says `format: uuid`), and a
 * folded uuid is 36 units `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` of lower-case hex digits: nothing a name or an
 * email search needs, yet indexing them like the other fields cost about half of the index. Ids of this canonical
 * shape get a compact path of their own (`search-ids.ts`); any other id is indexed like the other fields.
 */

/** Units in a canonical uuid. */
export const UUID_LENGTH = 36;

/** Where each hex chunk of a canonical uuid starts; its lengths are `CHUNK_LENGTHS` in the same order. */
export const CHUNK_STARTS = [0, 9, 14, 19, 24] as const;
export const CHUNK_LENGTHS = [8, 4, 4, 4, 12] as const;

/** Where the dashes of a canonical uuid are (between the chunks). */
const DASHES: Uint8Array = (() => {
  const dashes = new Uint8Array(UUID_LENGTH);
  for (const start of CHUNK_STARTS) if (start > 0) dashes[start - 1] = 1;
  return dashes;
})();

const DASH = 0x2d;

/** Value of each ASCII unit that is a lower-case hex digit, -1 for the others. */
const HEX_VALUES: Int8Array = (() => {
  const values = new Int8Array(128).fill(-1);
  const digits = '0123456789abcdef';
  for (let v = 0; v < digits.length; v++) values[digits.charCodeAt(v)] = v;
  return values;
})();

/**
 * The value (0–15) of a UTF-16 unit that is a lower-case hex digit, or -1. Upper case is -1 too: ids and terms
 * are both folded.
 *
 * @example
 * hexValue(0x66); // 15 ('f')
 * hexValue(0x46); // -1 ('F')
 */
export function hexValue(unit: number): number {
  return unit < 128 ? (HEX_VALUES[unit] ?? -1) : -1;
}

/**
 * Whether `id` is a canonical uuid after folding: 36 units, dashes at 8, 13, 18 and 23, lower-case hex digits
 * elsewhere. Any version or variant counts; only the shape matters to the index.
 *
 * @example
 * isCanonicalUuid('3f2504e0-4f89-41d3-9a0c-0305e82c3301'); // true
 * isCanonicalUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301'); // false: not folded
 */
export function isCanonicalUuid(id: string): boolean {
  if (id.length !== UUID_LENGTH) return false;
  for (let i = 0; i < UUID_LENGTH; i++) {
    const unit = id.charCodeAt(i);
    if (DASHES[i] === 1 ? unit !== DASH : hexValue(unit) < 0) return false;
  }
  return true;
}

/**
 * At how many positions of a canonical uuid `term` could occur: those where each of its dashes meets a dash of
 * the uuid and each other unit a hex digit. 0 means no canonical uuid contains `term` (a unit other than a hex
 * digit or a dash, a run of more than 12 digits, two dashes in a row…), which spares the id scan.
 *
 * @example
 * uuidAlignments('face'); // 17: 5 + 1 + 1 + 1 + 9 places inside the chunks
 * uuidAlignments('4f89-41d3'); // 4: across any of the four dashes
 * uuidAlignments('3f2504e0'); // 6: the whole first chunk, or five places in the last
 * uuidAlignments('smith'); // 0
 */
export function uuidAlignments(term: string): number {
  const length = term.length;
  if (length === 0 || length > UUID_LENGTH) return 0;
  for (let i = 0; i < length; i++) {
    const unit = term.charCodeAt(i);
    if (unit !== DASH && hexValue(unit) < 0) return 0;
  }
  let alignments = 0;
  for (let at = 0; at + length <= UUID_LENGTH; at++) {
    let fits = true;
    for (let i = 0; fits && i < length; i++) fits = (term.charCodeAt(i) === DASH) === (DASHES[at + i] === 1);
    if (fits) alignments++;
  }
  return alignments;
}
