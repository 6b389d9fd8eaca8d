import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLLATOR, collationKey, compareText, fold } from '../../src/users/collation.ts';

describe('fold', () => {
  it.each([
    { name: 'ASCII lower-cased', text: 'Ann LEE', expected: 'ann lee' },
    { name: 'precomposed accents removed', text: 'Émile Zoë Ça', expected: 'emile zoe ca' },
    { name: 'decomposed accents removed', text: 'E\u0301mile Zoe\u0308', expected: 'emile zoe' },
    { name: 'several marks on one letter', text: 'a\u0301\u0308\u0327', expected: 'a' },
    { name: 'upper-case accented letters', text: 'ÅNGSTRÖM', expected: 'angstrom' },
    {
      name: 'letters without a decomposition keep their form',
      text: 'Łukasz Ødegaard Straße',
      expected: 'łukasz ødegaard straße',
    },
    { name: 'Cyrillic lower-cased', text: 'ИВАН Петров', expected: 'иван петров' },
    { name: 'Cyrillic й loses its breve', text: 'Йога', expected: 'иога' },
    { name: 'run of ASCII spaces collapsed', text: 'ann    lee', expected: 'ann lee' },
    { name: 'tab and newline collapsed', text: 'ann\t\n lee', expected: 'ann lee' },
    { name: 'a single tab becomes a space', text: 'ann\tlee', expected: 'ann lee' },
    { name: 'no-break space becomes a space', text: 'ann\u00a0lee', expected: 'ann lee' },
    { name: 'runs at both ends collapsed, not trimmed', text: '  ann  ', expected: ' ann ' },
    { name: 'whitespace runs with accents', text: 'Zoë   \t Ölund', expected: 'zoe olund' },
    { name: 'punctuation kept', text: 'Ann.Lee+1@Example.COM', expected: 'ann.lee+1@example.com' },
    { name: 'empty', text: '', expected: '' },
  ])('$name', ({ text, expected }) => {
    expect(fold(text)).toBe(expected);
  });
});

describe('collationKey', () => {
  it.each([
    { name: 'ASCII', text: 'Ann Lee' },
    { name: 'accented Latin (NFD to ASCII + marks)', text: 'Émile Zoë' },
    { name: 'combining marks only', text: '\u0301\u0308' },
    { name: 'empty', text: '' },
  ])('has a key: $name', ({ text }) => {
    expect(collationKey(text)).toBeTypeOf('string');
  });

  it.each([
    { name: 'ß', text: 'Straße' },
    { name: 'ø', text: 'Ødegaard' },
    { name: 'Ł', text: 'Łukasz' },
    { name: 'Cyrillic', text: 'Иван' },
    { name: 'a tab (not ignorable to ICU)', text: 'a\tb' },
  ])('has no key (falls back to the collator): $name', ({ text }) => {
    expect(collationKey(text)).toBeUndefined();
  });

  it.each([
    { name: 'case', a: 'ann lee', b: 'ANN LEE' },
    { name: 'precomposed accent', a: 'emile', b: 'Émile' },
    { name: 'decomposed accent', a: 'zoe', b: 'zoe\u0308' },
    { name: 'cedilla and case', a: 'CA', b: 'ça' },
  ])('equal keys for strings equal at base strength: $name', ({ a, b }) => {
    expect(collationKey(a)).toBe(collationKey(b));
    expect(COLLATOR.compare(a, b)).toBe(0);
  });
});

describe('compareText', () => {
  const compare = (a: string, b: string): number =>
    Math.sign(compareText(a, collationKey(a), b, collationKey(b)));

  it.each([
    { name: 'letters alphabetically', a: 'apple', b: 'Banana', expected: -1 },
    { name: 'case ignored', a: 'Ann', b: 'ann', expected: 0 },
    { name: 'accent ignored', a: 'Émile', b: 'emile', expected: 0 },
    { name: 'accented before a later letter', a: 'Émile', b: 'frank', expected: -1 },
    { name: 'a prefix first', a: 'ann', b: 'anna', expected: -1 },
    { name: 'space before letters', a: 'ann lee', b: 'anna', expected: -1 },
    { name: 'punctuation before digits', a: 'a-1', b: 'a1', expected: -1 },
    { name: 'digits before letters', a: 'a9', b: 'aa', expected: -1 },
    { name: 'dot before at sign', a: 'emile.z@example.org', b: 'emile@example.org', expected: -1 },
    { name: 'underscore before letters', a: 'saas_user', b: 'saasuser', expected: -1 },
    { name: 'ß equals ss (no key on one side)', a: 'Straße', b: 'strasse', expected: 0 },
    { name: 'Ł equals L at base', a: 'Łukasz', b: 'lukasz', expected: 0 },
    { name: 'Ø equals O at base', a: 'Ødegaard', b: 'odegaard', expected: 0 },
    { name: 'Cyrillic after Latin', a: 'Иван', b: 'zoe', expected: 1 },
    { name: 'Cyrillic alphabetically', a: 'Иван', b: 'Петров', expected: -1 },
  ])('$name', ({ a, b, expected }) => {
    expect(compare(a, b)).toBe(expected);
    expect(compare(b, a)).toBe(-expected || 0);
  });

  // Printable ASCII, accented letters, combining marks and letters outside the key's range.
  const ALPHABET: readonly string[] = [
    ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
    ...'é É è à â ä Ä å Å ç Ç ñ Ñ ö Ö ô ü Ü'.split(' '),
    '\u0300',
    '\u0301',
    '\u0302',
    '\u0308',
    '\u030a',
    '\u0327',
    ...'ß ø Ø Ł ł И и в Д д Ж ж Й й'.split(' '),
  ];
  const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }).map((chars) => chars.join(''));
  // Independent pairs mostly differ at the first character; pairs sharing a prefix exercise the rest.
  const pair = fc.oneof(
    fc.tuple(text, text),
    fc.tuple(text, text, text).map(([prefix, x, y]): [string, string] => [prefix + x, prefix + y]),
    text.map((t): [string, string] => [t, t.toUpperCase()]),
    text.map((t): [string, string] => [t, t.normalize('NFD')]),
  );

  it('orders as COLLATOR does (property, 5 000 pairs)', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(compare(a, b)).toBe(Math.sign(COLLATOR.compare(a, b)));
      }),
      { seed: 7638, numRuns: 5000 },
    );
  });
});
