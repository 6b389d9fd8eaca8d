/**
 * Identifiers derived from names (`Zoë Adams` → `zoe.adams`): ASCII-folded, lower-case, unique, and matching the
 * spec's Identifier pattern `^[a-z0-9][a-z0-9._-]{2,63}$`.
 */

const MARKS = /\p{M}/gu;
const NOT_ALNUM = /[^a-z0-9]+/;
const NON_ASCII = /[\u0080-\uffff]/;
/** Letters NFD does not decompose into an ASCII base letter plus marks. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
};
const TRANSLITERABLE = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'g');
const MIN_LENGTH = 3;
/** 64 characters at most, less room for a collision suffix (`ann.lee12345`). */
const MAX_BASE_LENGTH = 58;

/**
 * The words of `text`, ASCII-folded (NFD, marks removed, a few letters transliterated), lower-cased, stripped of
 * everything but `a-z0-9`, and joined with dots; `''` when nothing is left.
 *
 * @example
 * asciiWords("Zoë  O'Brien-Łęcka"); // 'zoe.obrien.lecka'
 */
export function asciiWords(text: string): string {
  let folded = text.toLowerCase();
  if (NON_ASCII.test(folded)) {
    folded = folded
      .normalize('NFD')
      .replace(MARKS, '')
      .replace(TRANSLITERABLE, (ch) => TRANSLITERATIONS[ch] ?? '');
  }
  return folded
    .split(/\s+/)
    .map((word) => word.split(NOT_ALNUM).join(''))
    .filter((word) => word !== '')
    .join('.');
}

/**
 * The identifier a name asks for before collisions: its ASCII words, cut to leave room for a suffix and padded
 * to the pattern's 3 characters.
 *
 * @example
 * identifierBase('Zoë Adams'); // 'zoe.adams'
 * identifierBase('Ed'); // 'edx'
 */
export function identifierBase(name: string): string {
  return fitIdentifierBase(asciiWords(name));
}

/** `words` (as from asciiWords) cut to the base length limit and padded with `x` to at least 3 characters. */
export function fitIdentifierBase(words: string): string {
  let base = words.length > MAX_BASE_LENGTH ? words.slice(0, MAX_BASE_LENGTH).replace(/\.+$/, '') : words;
  while (base.length < MIN_LENGTH) base += 'x';
  return base;
}

/**
 * Hands out unique identifiers: the base for the first user that asks, then `base2`, `base3`, …
 *
 * @example
 * const identifiers = new IdentifierAllocator(['admin', 'user', 'client']);
 * identifiers.allocate(identifierBase('Ann Lee')); // 'ann.lee'
 * identifiers.allocate(identifierBase('Ann Lée')); // 'ann.lee2'
 */
export class IdentifierAllocator {
  readonly #taken: Set<string>;
  readonly #nextSuffix = new Map<string, number>();

  constructor(reserved: Iterable<string>) {
    this.#taken = new Set(reserved);
  }

  /** A free identifier for `base` (from identifierBase or fitIdentifierBase), now taken. */
  allocate(base: string): string {
    if (!this.#taken.has(base)) {
      this.#taken.add(base);
      return base;
    }
    let suffix = this.#nextSuffix.get(base) ?? 2;
    while (this.#taken.has(`${base}${suffix}`)) suffix++;
    const identifier = `${base}${suffix}`;
    this.#nextSuffix.set(base, suffix + 1);
    this.#taken.add(identifier);
    return identifier;
  }
}
