/**
 * Case- and accent-insensitive text handling shared by sorting and search (DECISIONS §3).
 *
 * - `fold` gives the form search matches against: Unicode NFD, combining marks removed, lower-cased, whitespace
 *   runs collapsed to one space.
 * - `collationKey` gives a key whose plain `<` order equals `Intl.Collator('en', { sensitivity: 'base' })` order,
 *   so the kept sort orders are built without calling ICU for every comparison (ICU is ~10× slower). The key
 *   maps each character of the folded string to its ICU primary weight, read from ICU itself below; strings
 *   that fold to something outside printable ASCII get no key and are compared with the collator.
 */

const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The folded form of `text`: NFD, combining marks removed, lower-case, whitespace runs collapsed. */
export function fold(text: string): string {
  const lower = PRINTABLE_ASCII.test(text)
    ? text.toLowerCase()
    : text.normalize('NFD').replace(MARKS, '').toLowerCase();
  return lower.includes('  ') || /\s/.test(lower.replace(/ /g, '')) ? lower.replace(SPACES, ' ') : lower;
}

/** The collator that defines string order: primary strength, so case and accents do not count. */
export const COLLATOR = new Intl.Collator('en', { sensitivity: 'base', usage: 'sort' });

const NOT_KEYABLE = 0xffff;

/**
 * ICU primary weight of each printable ASCII character, as a char code from 0x21, for code points below U+0370;
 * 0 marks a character ICU ignores at primary strength (controls, combining diacritics U+0300–U+036F), and
 * NOT_KEYABLE everything else. Computed once from COLLATOR, so it follows whatever ICU this Node ships.
 */
const WEIGHTS: Uint16Array = (() => {
  const weights = new Uint16Array(0x370).fill(NOT_KEYABLE);
  const chars: string[] = [];
  for (let c = 0x20; c <= 0x7e; c++) chars.push(String.fromCharCode(c));
  chars.sort((a, b) => COLLATOR.compare(a, b) || a.charCodeAt(0) - b.charCodeAt(0));
  let weight = 0x21;
  let previous: string | undefined;
  for (const ch of chars) {
    if (previous !== undefined && COLLATOR.compare(previous, ch) !== 0) weight++;
    weights[ch.charCodeAt(0)] = weight;
    previous = ch;
  }
  for (let c = 0; c < 0x370; c++) {
    if ((c < 0x20 || c === 0x7f || c >= 0x300) && COLLATOR.compare(`a${String.fromCharCode(c)}`, 'a') === 0)
      weights[c] = 0;
  }
  return weights;
})();

/**
 * A key whose code-unit order is COLLATOR's order, or `undefined` when `text` has a character that is neither
 * printable ASCII nor ignored by ICU after NFD (then `compareText` falls back to COLLATOR).
 */
export function collationKey(text: string): string | undefined {
  const decomposed = PRINTABLE_ASCII.test(text) ? text : text.normalize('NFD');
  let key = '';
  for (let i = 0; i < decomposed.length; i++) {
    const weight = WEIGHTS[decomposed.charCodeAt(i)] ?? NOT_KEYABLE;
    if (weight === NOT_KEYABLE) return undefined;
    if (weight !== 0) key += String.fromCharCode(weight);
  }
  return key;
}

/** Compares two strings in collation order, using their keys when both have one. */
export function compareText(
  a: string,
  keyA: string | undefined,
  b: string,
  keyB: string | undefined,
): number {
  if (keyA !== undefined && keyB !== undefined) return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
  return COLLATOR.compare(a, b);
}
