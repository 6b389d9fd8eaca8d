/**
 * Case- and accent-insensitive text handling shared by sorting and search (docs/users.md).
 *
 * - `fold` gives the form search matches against: Unicode NFD, combining marks removed, lower-cased, whitespace
 *   runs collapsed to one space.
 * - `collationKey` gives a key whose plain `<` order equals `Intl.Collator('en', { sensitivity: 'base' })` order,
 *   so the kept sort orders are built without calling ICU for every comparison (ICU comparisons dominate a sort otherwise). The key
 *   maps each character of the folded string to its ICU primary weight, read from ICU itself below; strings
 *   that fold to something outside printable ASCII get no key and are compared with the collator.
 */

const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The folded form of `text`: NFD, combining marks removed, lower-case, whitespace runs collapsed. */
export function fold(text: string): string {
  if (PRINTABLE_ASCII.test(text)) {
    // The only whitespace of printable ASCII is the space itself.
    const lower = text.toLowerCase();
    return lower.includes('  ') ? lower.replace(SPACES, ' ') : lower;
  }
  const lower = text.normalize('NFD').replace(MARKS, '').toLowerCase();
  return lower.includes('  ') || /\s/.test(lower.replace(/ /g, '')) ? lower.replace(SPACES, ' ') : lower;
}

/** The collator that defines string order: primary strength, so case and accents do not count. */
export const COLLATOR = new Intl.Collator('en', { sensitivity: 'base', usage: 'sort' });

const ASCII_SYMBOL = /[^0-9a-z]/;
const ASCII_SYMBOLS = /[^0-9a-z]/g;

/**
 * The key characters of printable ASCII, chosen so that keys are mostly the lower-cased text itself: digits and
 * letters key to themselves (lower case), and every other printable character — ICU sorts all of them before
 * digits and letters — to a code point below `0`, in ICU's order (characters ICU finds equal share one).
 * Computed once from COLLATOR, so it follows whatever ICU this Node ships; the module fails to load if that ICU
 * ever broke the premise.
 */
const SYMBOL_KEYS: Readonly<Record<string, string>> = (() => {
  const symbols: string[] = [];
  for (let c = 0x20; c <= 0x7e; c++) {
    const ch = String.fromCharCode(c);
    if (!/[0-9A-Za-z]/.test(ch)) symbols.push(ch);
  }
  symbols.sort((a, b) => COLLATOR.compare(a, b) || a.charCodeAt(0) - b.charCodeAt(0));
  const keys: Record<string, string> = {};
  let code = 0x01;
  symbols.forEach((ch, i) => {
    const previous = symbols[i - 1];
    if (previous !== undefined && COLLATOR.compare(previous, ch) !== 0) code++;
    keys[ch] = String.fromCharCode(code);
  });
  const last = symbols.at(-1) ?? ' ';
  if (code >= 0x30 || COLLATOR.compare(last, '0') >= 0 || COLLATOR.compare('9', 'a') >= 0) {
    throw new Error(
      'this ICU does not sort ASCII symbols before digits before letters; collation keys need another scheme',
    );
  }
  return keys;
})();

/** Characters ICU ignores at primary strength below U+0370 (controls, combining diacritics), for NFD text. */
const IGNORABLE: Uint8Array = (() => {
  const ignorable = new Uint8Array(0x370);
  for (let c = 0; c < 0x370; c++) {
    if ((c < 0x20 || c === 0x7f || c >= 0x300) && COLLATOR.compare(`a${String.fromCharCode(c)}`, 'a') === 0) {
      ignorable[c] = 1;
    }
  }
  return ignorable;
})();

/**
 * A key whose code-unit order is COLLATOR's order, or `undefined` when `text` has a character that is neither
 * printable ASCII nor ignored by ICU after NFD (then `compareText` falls back to COLLATOR).
 */
export function collationKey(text: string): string | undefined {
  let ascii = text;
  if (!PRINTABLE_ASCII.test(text)) {
    ascii = '';
    for (const ch of text.normalize('NFD')) {
      const c = ch.charCodeAt(0);
      if (c >= 0x20 && c <= 0x7e) ascii += ch;
      else if (c >= IGNORABLE.length || IGNORABLE[c] !== 1 || ch.length > 1) return undefined;
    }
  }
  const lower = ascii.toLowerCase();
  return ASCII_SYMBOL.test(lower) ? lower.replace(ASCII_SYMBOLS, (ch) => SYMBOL_KEYS[ch] ?? ch) : lower;
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
