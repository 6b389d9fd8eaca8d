import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/users/collation.ts';
import { SearchDocs, UserSearch, parseTerms } from '../../src/users/search.ts';
import type { SearchDoc } from '../../src/users/search.ts';
import { withinOneEdit } from '../../src/users/search-terms.ts';

// ---------------------------------------------------------------------------------------------------------------
// A plain reference implementation of docs/users.md, written from the rules and nothing else: every other
// implementation is checked against it.

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;
const ENDS_WITH_WORD_CHAR = /[\p{L}\p{N}]$/u;

function referenceWords(field: string): string[] {
  return field.split(WORD_SPLIT).filter((word) => word !== '');
}

/** Optimal string alignment distance, by the textbook dynamic programme over UTF-16 units. */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The id matches as its whole value or a prefix of 8+ units; the other fields by substring or one edit. */
function referenceTermMatches([id, ...text]: SearchDoc, term: string): boolean {
  if (id === term || (term.length >= 8 && id.startsWith(term))) return true;
  if (text.some((field) => field.includes(term))) return true;
  return term.length >= 4 && text.some((field) => referenceWords(field).some((word) => osa(term, word) <= 1));
}

function occurrences(field: string, term: string): number[] {
  const positions: number[] = [];
  for (let p = 0; p + term.length <= field.length; p++) if (field.startsWith(term, p)) positions.push(p);
  return positions;
}

function referenceTermTier(doc: SearchDoc, term: string): number {
  if (doc.some((field) => field === term)) return 0;
  const [id, ...text] = doc;
  if (term.length >= 8 && id.startsWith(term)) return 1;
  const wordPrefix = (field: string, p: number): boolean =>
    p === 0 || !ENDS_WITH_WORD_CHAR.test(field.slice(0, p));
  if (text.some((field) => occurrences(field, term).some((p) => wordPrefix(field, p)))) return 1;
  if (text.some((field) => field.includes(term))) return 2;
  return 3;
}

function referenceTier(doc: SearchDoc, terms: readonly string[]): number {
  if (doc.some((field) => field === terms.join(' '))) return 0;
  return Math.max(0, ...terms.map((term) => referenceTermTier(doc, term)));
}

function referenceMatch(docs: readonly SearchDoc[], alive: Uint8Array, terms: readonly string[]) {
  const indices = docs.flatMap((doc, i) =>
    alive[i] === 1 && terms.every((term) => referenceTermMatches(doc, term)) ? [i] : [],
  );
  return { indices, tiers: indices.map((i) => referenceTier(docs[i] ?? ['', '', '', ''], terms)) };
}

function plain(result: { indices: Uint32Array; tiers: Uint8Array }) {
  return { indices: [...result.indices], tiers: [...result.tiers] };
}

function toDoc(fields: readonly [string, string, string, string]): SearchDoc {
  return [fold(fields[0]), fold(fields[1]), fold(fields[2]), fold(fields[3])];
}

// ---------------------------------------------------------------------------------------------------------------
// Named cases over a small hand-written set.

const USERS: readonly (readonly [string, string, string, string])[] = [
  ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'ann.lee42', 'Ann Lee', 'ann.lee42@example.com'],
  ['6ba7b810-9dad-41d1-80b4-00c04fd430c8', 'jose.garcia', 'José García', 'jose.garcia@example.org'],
  ['7c9e6679-7425-40de-944b-e07fc1f90ae7', 'jsmith', 'John Smith', 'john.smith@example.com'],
  ['a8098c1a-f86e-41da-8000-0030c6e1e8b2', 'annabel', 'Annabel Lee-Jones', 'annabel@mail.test'],
  ['c2a3f4b5-1d2e-4f3a-9b8c-7d6e5f4a3b2c', 'bjorn', 'Björn Østergaard', 'bjorn.ostergaard@example.se'],
  ['d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70', 'gone', 'Deleted Person', 'gone@example.com'],
  ['e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7', 'marta', 'MÁRTA Ann', 'marta@example.net'],
  ['f0e1d2c3-b4a5-4968-8776-655443322110', 'lee', 'Lee', 'lee@example.com'],
  ['ACCT-7F3E-ZQ', 'legacy', 'Legacy Account', 'legacy@example.com'], // not a uuid: the same id rule
];
const DOCS = USERS.map(toDoc);
const ALIVE = Uint8Array.from(USERS, (user) => (user[1] === 'gone' ? 0 : 1));
const IDENTIFIERS = USERS.map((user) => user[1]);

const scanning = new UserSearch(SearchDocs.of(DOCS));
const indexed = new UserSearch(SearchDocs.of(DOCS));
indexed.buildIndex();

/** `search` → the matching identifiers with their tiers (order-free: ranking ties are the caller's). */
const CASES: readonly { name: string; search: string; expected: Readonly<Record<string, number>> }[] = [
  {
    name: 'whole query equals a field (tier 0)',
    search: 'Ann Lee',
    expected: { 'ann.lee42': 0, annabel: 1 },
  },
  {
    name: 'terms in another order are not the whole field',
    search: 'lee ann',
    expected: { 'ann.lee42': 1, annabel: 1 },
  },
  { name: 'exact field, case-insensitive', search: 'ANN.LEE42@EXAMPLE.COM', expected: { 'ann.lee42': 0 } },
  {
    name: 'exact field beats word prefixes elsewhere',
    search: 'lee',
    expected: { lee: 0, 'ann.lee42': 1, annabel: 1 },
  },
  { name: 'accents fold away', search: 'GARCÍA', expected: { 'jose.garcia': 1 } },
  { name: 'accented term matches plain text', search: 'jösé', expected: { 'jose.garcia': 1 } },
  { name: 'accent on the data side', search: 'marta ann', expected: { marta: 0 } },
  { name: 'ø is a letter of its own, not an accented o', search: 'østergaard', expected: { bjorn: 1 } },
  {
    name: 'field prefix and word prefix are tier 1',
    search: 'ann',
    expected: { 'ann.lee42': 1, annabel: 1, marta: 1 },
  },
  { name: 'substring inside a word is tier 2', search: 'nnab', expected: { annabel: 2 } },
  { name: 'substring of 2 characters', search: 'ab', expected: { annabel: 2 } },
  {
    name: 'word prefix after punctuation in an email',
    search: 'example.org',
    expected: { 'jose.garcia': 1 },
  },
  { name: 'term starting with punctuation is mid-word', search: '.garcia', expected: { 'jose.garcia': 2 } },
  { name: 'an id chunk is not searched', search: '4f89-41d3', expected: {} },
  { name: 'an id substring is not searched', search: 'f2504e0', expected: {} },
  { name: 'fuzzy: substitution', search: 'smyth', expected: { jsmith: 3 } },
  { name: 'fuzzy: transposition', search: 'smiht', expected: { jsmith: 3 } },
  { name: 'fuzzy: insertion in the term', search: 'smitth', expected: { jsmith: 3 } },
  { name: 'fuzzy: deletion in the term (4 characters)', search: 'smth', expected: { jsmith: 3 } },
  {
    name: 'fuzzy: 4-character term one insertion from a 3-letter word',
    search: 'leex',
    expected: { 'ann.lee42': 3, annabel: 3, lee: 3 },
  },
  { name: 'fuzzy: two edits do not match', search: 'smyht', expected: {} },
  { name: 'fuzzy: 3-character terms are never fuzzy', search: 'lex', expected: {} },
  { name: 'id prefix of 8 characters (tier 1)', search: '3f2504e0', expected: { 'ann.lee42': 1 } },
  { name: 'id prefix across a dash', search: '3f2504e0-4f8', expected: { 'ann.lee42': 1 } },
  { name: 'id prefix of 7 characters is too short', search: '3f2504e', expected: {} },
  { name: 'no typo inside an id', search: '3f2504e1', expected: {} },
  {
    name: 'whole uuid, any case',
    search: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
    expected: { 'ann.lee42': 0 },
  },
  { name: 'an id prefix with a name term', search: 'lee 3f2504e0', expected: { 'ann.lee42': 1 } },
  { name: 'a short id substring next to a name term', search: 'lee 3f2', expected: {} },
  { name: 'an id that is not a uuid: whole value', search: 'acct-7f3e-zq', expected: { legacy: 0 } },
  { name: 'an id that is not a uuid: no substring', search: '7f3e', expected: {} },
  { name: 'fuzzy: words, not whole fields', search: 'jhon', expected: { jsmith: 3 } },
  { name: 'multi-term AND across fields', search: 'smith example.com', expected: { jsmith: 1 } },
  { name: 'multi-term: the worst term sets the tier', search: 'jhon example.com', expected: { jsmith: 3 } },
  { name: 'multi-term: every term must match', search: 'ann smith', expected: {} },
  { name: 'deleted users are never returned', search: 'gone', expected: {} },
  { name: 'deleted users, by another field', search: 'deleted person', expected: {} },
  {
    name: 'control characters are removed from terms',
    search: 'an\u0000n\u0007a', // 'anna': a prefix of annabel, one edit from the word ann
    expected: { annabel: 1, 'ann.lee42': 3, marta: 3 },
  },
  { name: 'format characters are removed from terms', search: 'bj\u200bö\u00adrn', expected: { bjorn: 0 } },
  { name: 'a tab separates terms', search: 'ann\tlee', expected: { 'ann.lee42': 0, annabel: 1 } },
  {
    name: 'duplicate terms count once',
    search: 'lee LEE Lée',
    expected: { lee: 0, 'ann.lee42': 1, annabel: 1 },
  },
  { name: 'no match', search: 'zzqxv', expected: {} },
];

describe('UserSearch: named cases (docs/users.md)', () => {
  for (const { name, search, expected } of CASES) {
    it(name, () => {
      const terms = parseTerms(search);
      const fromIndex = plain(indexed.match(terms, ALIVE));
      const found: Record<string, number> = {};
      fromIndex.indices.forEach((doc, k) => {
        found[IDENTIFIERS[doc] ?? '?'] = fromIndex.tiers[k] ?? -1;
      });
      expect(found).toEqual(expected);
      expect(plain(scanning.match(terms, ALIVE))).toEqual(fromIndex);
      expect(fromIndex).toEqual(referenceMatch(DOCS, ALIVE, terms));
    });
  }

  it('matches every live user at tier 0 when no term is left', () => {
    const terms = parseTerms('\u200b\u0000');
    expect(terms).toEqual([]);
    const result = plain(indexed.match(terms, ALIVE));
    expect(result.indices).toEqual(DOCS.flatMap((_, i) => (ALIVE[i] === 1 ? [i] : [])));
    expect(new Set(result.tiers)).toEqual(new Set([0]));
  });

  it('returns indices ascending, with matches() and tier() agreeing for each', () => {
    const terms = parseTerms('e');
    const { indices, tiers } = indexed.match(terms, ALIVE);
    expect([...indices]).toEqual([...indices].sort((a, b) => a - b));
    indices.forEach((doc, k) => {
      expect(indexed.matches(doc, terms)).toBe(true);
      expect(indexed.tier(doc, terms)).toBe(tiers[k]);
    });
    expect(indexed.matches(5, terms)).toBe(true); // matches() does not look at `alive`
  });

  it('rejects a document number out of range', () => {
    expect(() => indexed.matches(DOCS.length, ['ann'])).toThrow(RangeError);
  });
});

describe('parseTerms', () => {
  const cases: readonly { name: string; raw: string; terms: string[] }[] = [
    { name: 'trims, folds and splits on whitespace', raw: '  José  GARCÍA ', terms: ['jose', 'garcia'] },
    { name: 'splits on any whitespace run', raw: 'a\t\nb\u00a0c', terms: ['a', 'b', 'c'] },
    { name: 'drops control and format characters', raw: 'a\u0000b c\u200bd \u200e', terms: ['ab', 'cd'] },
    { name: 'dedupes, keeping the first', raw: 'Lee ann LEE lée', terms: ['lee', 'ann'] },
    { name: 'keeps punctuation', raw: 'ann.lee42@example.com', terms: ['ann.lee42@example.com'] },
    { name: 'nothing left', raw: '\u200b', terms: [] },
  ];
  for (const { name, raw, terms } of cases) {
    it(name, () => {
      expect(parseTerms(raw)).toEqual(terms);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Properties: the index, the scan and the reference agree on every query.

/** Characters that collide in interesting ways: accents, ß/ø (not decomposed), digits, astral letters. */
const LETTERS = ['a', 'b', 'n', 'e', 'é', 'E', 'ß', 'ø', '1', 'и', '𝒜', '\u0301'];
const SEPARATORS = ['-', '.', '@', ' ', "'", '_', '😀'];
const unit = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...LETTERS) },
  { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS) },
);
const text = (maxLength: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) }, // any code point, lone surrogates too
  );
/** Hex words that are also plausible name parts, so names, emails and ids share them. */
const HEX_WORDS = ['face', 'dead', 'cafe', 'beef', 'fade', 'bead'];
const HEX = Array.from({ length: 16 }, (_, value) => value.toString(16));
/** Hex digits, mostly from a few, so chunks of different ids come within one edit of each other. */
const hexUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'e', 'f', '0', '1') },
  { weight: 1, arbitrary: fc.constantFrom(...HEX) },
);
const chunk = (length: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: hexUnit, minLength: length, maxLength: length }) },
    { weight: 1, arbitrary: fc.constantFrom(...HEX_WORDS).map((word) => word.repeat(length / 4)) },
  );
/** Canonical uuids (upper case now and then: `fold` lowers it), and real random ones. */
const uuid = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(chunk(8), chunk(4), chunk(4), chunk(4), chunk(12)).map((c) => c.join('-')),
  },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
);
/** Ids: mostly uuids; some one edit away from a uuid (often no longer canonical), some any text. */
const idArbitrary = fc.oneof(
  { weight: 6, arbitrary: uuid },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        uuid,
        fc.nat(),
        fc.constantFrom<Edit>('insert', 'delete', 'substitute', 'swap'),
        fc.constantFrom('g', '-', 'a', 'é'),
      )
      .map(([id, at, how, u]) => applyEdit(id, at, how, u)),
  },
  { weight: 1, arbitrary: text(12) },
);
/** A text field, sometimes made of hex words. */
const field = (maxLength: number, separator: string) =>
  fc.oneof(
    { weight: 5, arbitrary: text(maxLength) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom(...HEX_WORDS, 'ann', 'é'), { maxLength: 3 })
        .map((words) => words.join(separator)),
    },
  );
const docArbitrary = fc.tuple(idArbitrary, field(10, '.'), field(14, ' '), field(16, '@')).map(toDoc);

type Edit = 'insert' | 'delete' | 'substitute' | 'swap';

function applyEdit(s: string, at: number, edit: Edit, u: string): string {
  const p = s.length === 0 ? 0 : at % s.length;
  if (edit === 'insert') return s.slice(0, p) + u + s.slice(p);
  if (edit === 'delete') return s.slice(0, p) + s.slice(p + 1);
  if (edit === 'substitute') return s.slice(0, p) + u + s.slice(p + 1);
  return s.slice(0, p) + s.charAt(p + 1) + s.charAt(p) + s.slice(p + 2);
}

const edit = fc.constantFrom<Edit>('insert', 'delete', 'substitute', 'swap');

/** A substring of one of `texts`. */
function substringOf(texts: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...texts), fc.nat(), fc.nat())
    .map(([s, a, b]) => s.slice(Math.min(a, b) % (s.length + 1), Math.max(a, b) % (s.length + 1)));
}

/**
 * A term made for the id rule: a prefix of an id (shorter and longer than 8 units), a whole id, a prefix with one
 * edit, a substring from inside an id, or a hex word.
 */
function idTermFrom(docs: readonly SearchDoc[]): fc.Arbitrary<string> {
  const ids = docs.map((doc) => doc[0]);
  const prefix = fc
    .tuple(fc.constantFrom(...ids), fc.integer({ min: 5, max: 40 }))
    .map(([id, length]) => id.slice(0, length));
  const prefixTypo = fc
    .tuple(prefix, fc.nat(), edit, fc.constantFrom(...HEX, 'z', '-'))
    .map(([term, at, how, u]) => applyEdit(term, at, how, u));
  return fc.oneof(
    prefix,
    prefix,
    fc.constantFrom(...ids),
    prefixTypo,
    substringOf(ids),
    fc.constantFrom(...HEX_WORDS),
  );
}

/** A term built from the documents: a substring, a word one edit away (fuzzy), an id term, or random text. */
function termFrom(docs: readonly SearchDoc[]): fc.Arbitrary<string> {
  const fields = docs.flatMap((doc) => [...doc]);
  const words = fields.flatMap(referenceWords).filter((word) => word.length >= 3);
  const fuzzy = fc
    .tuple(fc.constantFrom(...words, 'abnne'), fc.nat(), edit, fc.constantFrom(...LETTERS, '-', 'z'))
    .map(([word, at, how, u]) => applyEdit(fold(word), at, how, u));
  const idTerm = idTermFrom(docs);
  return fc.oneof(substringOf(fields), fuzzy, fuzzy, idTerm, idTerm, text(6));
}

type TermArbitrary = (docs: readonly SearchDoc[]) => fc.Arbitrary<string>;

/** Terms mostly drawn from one document, so that multi-term queries match often enough to test ranking. */
function termsFrom(docs: readonly SearchDoc[], termOf: TermArbitrary): fc.Arbitrary<string[]> {
  return fc.nat(docs.length - 1).chain((focus) => {
    const term = fc.oneof(
      { weight: 3, arbitrary: termOf(docs.slice(focus, focus + 1)) },
      { weight: 1, arbitrary: termOf(docs) },
    );
    return fc.oneof(
      fc.array(term, { minLength: 1, maxLength: 3 }),
      fc.array(term, { minLength: 1, maxLength: 3 }).map((raw) => parseTerms(raw.join(' '))),
    );
  });
}

function queryArbitrary(termOf: TermArbitrary) {
  return fc.array(docArbitrary, { minLength: 1, maxLength: 10 }).chain((docs) =>
    fc.record({
      docs: fc.constant(docs),
      alive: fc.array(fc.boolean(), { minLength: docs.length, maxLength: docs.length }),
      terms: termsFrom(docs, termOf),
    }),
  );
}

/** Index, scan and reference must agree on every query `termOf` makes. */
function agreeOn(termOf: TermArbitrary, seed: number, numRuns: number): void {
  fc.assert(
    fc.property(queryArbitrary(termOf), ({ docs, alive, terms }) => {
      const mask = Uint8Array.from(alive, (live) => (live ? 1 : 0));
      const search = new UserSearch(SearchDocs.of(docs));
      const expected = referenceMatch(docs, mask, terms);
      expect(plain(search.match(terms, mask))).toEqual(expected);
      search.buildIndex();
      expect(plain(search.match(terms, mask))).toEqual(expected);
    }),
    { seed, numRuns },
  );
}

describe('UserSearch: properties', () => {
  it('index, scan and reference agree on indices and tiers', () => {
    agreeOn(termFrom, 20_240_611, 1500);
  });

  it('index, scan and reference agree on id terms', () => {
    agreeOn(idTermFrom, 20_240_612, 1000);
  });

  it('withinOneEdit is OSA distance ≤ 1', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\ud835', '\udc9c'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(withinOneEdit(a, b)).toBe(osa(a, b) <= 1);
      }),
      { seed: 7, numRuns: 3000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Building in steps.

/** Deterministic synthetic users, enough for several build steps. */
function syntheticDocs(count: number): SearchDoc[] {
  const first = ['ann', 'josé', 'björn', 'marta', 'lee', 'zoë', 'mark', 'maría'];
  const last = ['smith', 'garcía', 'østergaard', 'lee', 'jones', 'müller', 'nguyen'];
  return Array.from({ length: count }, (_, i) => {
    const f = first[i % first.length] ?? '';
    const l = last[(i * 7) % last.length] ?? '';
    const hex = (i * 2_654_435_761).toString(16).padStart(8, '0').slice(-8);
    const identifier = `${f}.${l}${i % 97}`;
    return toDoc([
      `${hex}-0000-4000-8000-${hex}${hex.slice(0, 4)}`,
      identifier,
      `${f} ${l}`,
      `${identifier}@example.com`,
    ]);
  });
}

describe('UserSearch: building the index', () => {
  const docs = syntheticDocs(20_000);
  const alive = new Uint8Array(docs.length).fill(1).map((_, i) => (i % 10 === 3 ? 0 : 1));
  const queries = ['mar', 'smiht', 'maria garcia', 'zzqxv', 'a', '4000-8000', 'muller42'].map(parseTerms);

  it('is not built by the constructor', () => {
    expect(new UserSearch(SearchDocs.of(docs)).indexed).toBe(false);
  });

  it('buildSteps() yields more than once and ends indexed, with the scan results', () => {
    const search = new UserSearch(SearchDocs.of(docs));
    const scanned = queries.map((terms) => plain(search.match(terms, alive)));
    const steps = search.buildSteps();
    let yields = 0;
    while (steps.next().done !== true) yields++;
    expect(yields).toBeGreaterThan(1);
    expect(search.indexed).toBe(true);
    expect(queries.map((terms) => plain(search.match(terms, alive)))).toEqual(scanned);
  });

  it('buildIndex() finishes a build that buildSteps() started', () => {
    const search = new UserSearch(SearchDocs.of(docs));
    const steps = search.buildSteps();
    steps.next();
    steps.next();
    expect(search.indexed).toBe(false);
    search.buildIndex();
    expect(search.indexed).toBe(true);
    expect(steps.next().done).toBe(true);
    const reference = new UserSearch(SearchDocs.of(docs));
    expect(queries.map((terms) => plain(search.match(terms, alive)))).toEqual(
      queries.map((terms) => plain(reference.match(terms, alive))),
    );
  });

  it('an abandoned buildSteps() generator does not stop the build', () => {
    const search = new UserSearch(SearchDocs.of(docs));
    const abandoned = search.buildSteps();
    abandoned.next();
    abandoned.return();
    expect(search.indexed).toBe(false);
    const steps = [...search.buildSteps()];
    expect(steps.length).toBeGreaterThan(0);
    expect(search.indexed).toBe(true);
  });
});

describe('SearchDocs', () => {
  it('reads each document field by field as the tuples it was made of, and refuses what is not there', () => {
    const docs = SearchDocs.of([
      ['id-a', 'ann.lee', 'ann lee', 'ann@example.com'],
      ['id-b', 'bo.chen', 'bo chen', 'bo@example.org'],
    ]);
    expect(docs.length).toBe(2);
    expect([0, 1, 2, 3].map((f) => docs.field(1, f))).toEqual([
      'id-b',
      'bo.chen',
      'bo chen',
      'bo@example.org',
    ]);
    expect(() => docs.field(2, 0)).toThrow(RangeError);
    expect(() => docs.field(0, 4)).toThrow(RangeError);
    expect(() => new SearchDocs(['id', 'identifier', 'name'])).toThrow(/4 fields each/);
  });
});
