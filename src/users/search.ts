/**
 * `GET /users?search=` (docs/users.md): parsing the search into terms, deciding which users match, and ranking
 * them. The index that makes matching fast lives in `search-index.ts`; every rule lives here.
 *
 * Rules, on folded text (`fold`: case and accents removed):
 * - A document is one user's folded `[id, identifier, name, email]`. A word of a field is a maximal run of
 *   letters and digits (`\p{L}`, `\p{N}`): `ann.lee42@example.com` has the words ann, lee42, example, com.
 * - A term matches a document when some field contains it as a substring, or, for terms of 4+ units (JS string
 *   length), when some word is within one edit of it: optimal-string-alignment distance ≤ 1 (one insertion,
 *   deletion, substitution, or swap of two adjacent characters). A document matches when every term does; no
 *   terms match every document.
 * - Tier of a term for a document: 0 when some field equals it; 1 when some field starts with it, or it occurs
 *   right after a code point that is not a letter or digit (the prefix of a word); 2 when some field contains
 *   it elsewhere; 3 when it matched only fuzzily.
 * - Tier of a matching document: 0 when `terms.join(' ')` equals some field (the whole query is a field),
 *   otherwise the largest tier of its terms (0 without terms).
 * - Ranked order, used when the request has no `sort_by`: tier ascending, ties broken by the caller's order
 *   (`created_at`, then `id`). `match` returns documents in index order with their tiers; `rankedOrder` sorts.
 */
import { fold } from './collation.ts';
import { gallop } from './search-csr.ts';
import { FIELD_LENGTH_CAP } from './search-index-build.ts';
import { SearchIndex } from './search-index.ts';
import { someWordWithinOneEdit } from './search-osa.ts';
import { endsWithWordChar } from './search-words.ts';

/** One user's folded fields, in this order; each already passed through `fold()`. Document i is user i. */
export type SearchDoc = readonly [id: string, identifier: string, name: string, email: string];

/** The live documents matching a query, with their ranking tiers. */
export interface SearchResult {
  /** Matching live documents, ascending. */
  readonly indices: Uint32Array;
  /** `tiers[k]` is the tier of `indices[k]`: 0 exact, 1 prefix, 2 substring, 3 fuzzy. */
  readonly tiers: Uint8Array;
}

/** Terms of this many units or more are fuzzy as well as substrings (docs/users.md). */
export const FUZZY_MIN_LENGTH = 4;
/** Shorter terms have no trigram, so even with the index they are checked by scanning every live document. */
const INDEXED_MIN_LENGTH = 3;

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
 * The ranked order of a search result (docs/users.md, when the request has no `sort_by`): tier ascending, then
 * `compareTies` — the caller's `created_at`, then `id` order, typically a lookup in a precomputed position array.
 *
 * @example
 * const order = rankedOrder(search.match(terms, alive), byCreatedAtThenId); // (a, b) => number over documents
 */
export function rankedOrder(
  result: SearchResult,
  compareTies: (a: number, b: number) => number,
): Uint32Array {
  const byTier: number[][] = [[], [], [], []];
  result.indices.forEach((doc, k) => byTier[result.tiers[k] ?? 3]?.push(doc));
  return Uint32Array.from(byTier.flatMap((docs) => docs.sort(compareTies)));
}

/** Identifier, name and email before the id: a prefix is most often found there, which spares reading the id. */
const PREFIX_ORDER = [1, 2, 3, 0] as const;

/** Tier of `term` for `doc` as the rules above define it, or 3 when no field contains it. */
function termTier(doc: SearchDoc, term: string, lengths: Uint16Array | undefined, at: number): number {
  if (exactIn(doc, term, lengths, at)) return 0;
  let tier = 3;
  for (const f of PREFIX_ORDER) {
    const field = doc[f];
    for (let p = field.indexOf(term); p >= 0; p = field.indexOf(term, p + 1)) {
      if (!endsWithWordChar(field, p)) return 1; // p = 0 included: a field prefix
      tier = 2;
    }
  }
  return tier;
}

/**
 * Whether some field equals `text`. With the index's field lengths (`lengths[at + f]`), only a field of the right
 * length is read: when ranking thousands of matches, not touching four strings per document is most of the cost.
 */
function exactIn(doc: SearchDoc, text: string, lengths: Uint16Array | undefined, at: number): boolean {
  if (lengths === undefined) return doc[0] === text || doc[1] === text || doc[2] === text || doc[3] === text;
  const length = Math.min(text.length, FIELD_LENGTH_CAP);
  return (
    (lengths[at] === length && doc[0] === text) ||
    (lengths[at + 1] === length && doc[1] === text) ||
    (lengths[at + 2] === length && doc[2] === text) ||
    (lengths[at + 3] === length && doc[3] === text)
  );
}

function includedIn(doc: SearchDoc, term: string): boolean {
  return doc[0].includes(term) || doc[1].includes(term) || doc[2].includes(term) || doc[3].includes(term);
}

function termMatches(doc: SearchDoc, term: string): boolean {
  return (
    includedIn(doc, term) ||
    (term.length >= FUZZY_MIN_LENGTH &&
      (someWordWithinOneEdit(term, doc[0]) ||
        someWordWithinOneEdit(term, doc[1]) ||
        someWordWithinOneEdit(term, doc[2]) ||
        someWordWithinOneEdit(term, doc[3])))
  );
}

/**
 * Search over a fixed list of user documents. Construction is cheap; the index is built on demand
 * (`buildIndex`) or in steps (`buildSteps`), and until it is complete `match` scans, with the same results.
 * Deleted users stay in the list and are excluded by the `alive` mask given to `match`; the documents themselves
 * must not change (a new or edited user means a new `UserSearch`).
 *
 * @example
 * const docs = users.map((u): SearchDoc => [fold(u.id), fold(u.identifier), fold(u.name), fold(u.email)]);
 * const search = new UserSearch(docs);
 * search.buildIndex();
 * const { indices, tiers } = search.match(parseTerms('ann lee'), alive);
 */
export class UserSearch {
  readonly #docs: readonly SearchDoc[];
  #index: SearchIndex | undefined;
  #building: Generator<void, SearchIndex, void> | undefined;
  // Query scratch, allocated on the first indexed query: result list and generation-stamped document marks.
  #results = new Uint32Array(0);
  #marks = new Uint32Array(0);
  #generation = 0;

  constructor(docs: readonly SearchDoc[]) {
    this.#docs = docs;
  }

  /** True once the index is complete. */
  get indexed(): boolean {
    return this.#index !== undefined;
  }

  /** Bytes held by the index (0 before it is built). */
  get indexBytes(): number {
    return this.#index?.byteLength ?? 0;
  }

  /** Builds the index now, or finishes a build that `buildSteps` started. A no-op once built. */
  buildIndex(): void {
    const steps = this.buildSteps();
    while (steps.next().done !== true) {
      // each step is a chunk of work: run them back to back
    }
  }

  /**
   * Builds the index in chunks of a few milliseconds, yielding between them, so a server can interleave the build
   * with requests (e.g. `setImmediate` per step). Once the generator finishes, `indexed` is true. Several callers
   * share one build; abandoning the generator leaves the build where it was for the next caller.
   *
   * @example
   * const steps = search.buildSteps();
   * const tick = () => { if (!steps.next().done) setImmediate(tick); };
   * tick();
   */
  *buildSteps(): Generator<void, void, void> {
    if (this.#index !== undefined) return;
    this.#building ??= SearchIndex.build(this.#docs);
    const building = this.#building;
    // A manual loop rather than `yield*`: `return()` on this generator must not abort the shared build.
    for (;;) {
      const step = building.next();
      if (step.done === true) {
        this.#index = step.value;
        this.#building = undefined;
        return;
      }
      yield;
      // Another caller (`buildIndex`, another `buildSteps`) may have finished the build meanwhile.
      if (this.indexed) return;
    }
  }

  /** Whether `doc` matches every term (the `alive` mask is not consulted). */
  matches(doc: number, terms: readonly string[]): boolean {
    const fields = this.#doc(doc);
    return terms.every((term) => termMatches(fields, term));
  }

  /** Ranking tier of `doc`, a document that matches `terms`: 0 exact, 1 prefix, 2 substring, 3 fuzzy. */
  tier(doc: number, terms: readonly string[]): number {
    return this.#tier(doc, terms, terms.join(' '));
  }

  /**
   * The live documents (`alive[i] === 1`) matching every term, ascending, with their tiers. With the index, the
   * most selective term of 3+ units is looked up (trigrams for substrings, the deletion index for fuzzy words,
   * the id index for canonical uuid ids), its matches are narrowed by the trigrams of other 3-unit terms, and
   * the remaining terms are verified on the survivors only. Queries whose terms are all under 3 units scan every
   * live document.
   */
  match(terms: readonly string[], alive: Uint8Array): SearchResult {
    const index = this.#index;
    let lead = -1;
    if (index !== undefined) {
      let bound = Infinity;
      for (let t = 0; t < terms.length; t++) {
        const term = terms[t] ?? '';
        if (term.length < INDEXED_MIN_LENGTH) continue;
        const termBound = index.substringBound(term);
        if (lead < 0 || termBound < bound) {
          lead = t;
          bound = termBound;
        }
      }
    }
    if (index === undefined || lead < 0) return this.#withTiers(this.#scan(terms, alive), terms);
    let count = this.#lookUp(index, terms[lead] ?? '', alive);
    const rest: string[] = [];
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t] ?? '';
      if (t === lead) continue;
      // A 3-unit term is never fuzzy, so a match must hold its trigram: intersecting with that posting list is
      // cheaper than reading the documents, and settles the term outright when the trigram is exact. Not when
      // it may be part of a canonical uuid id, which the trigrams leave out: then it is verified like the rest.
      if (term.length === INDEXED_MIN_LENGTH && !index.ids.mayContain(term)) {
        const { first, exact } = index.rarestTrigrams(term);
        count = this.#keepIn(first, count);
        if (exact) continue;
      }
      rest.push(term);
    }
    if (rest.length > 0) {
      const results = this.#results;
      let kept = 0;
      for (let k = 0; k < count; k++) {
        const d = results[k] ?? 0;
        if (this.matches(d, rest)) results[kept++] = d;
      }
      count = kept;
    }
    return this.#withTiers(this.#results.subarray(0, count), terms);
  }

  #doc(doc: number): SearchDoc {
    const fields = this.#docs[doc];
    if (fields === undefined)
      throw new RangeError(`no document ${doc}: documents are 0..${this.#docs.length - 1}`);
    return fields;
  }

  #ensureScratch(): void {
    if (this.#results.length !== this.#docs.length) {
      this.#results = new Uint32Array(this.#docs.length);
      this.#marks = new Uint32Array(this.#docs.length);
    }
  }

  #scan(terms: readonly string[], alive: Uint8Array): Uint32Array {
    this.#ensureScratch();
    const results = this.#results;
    let count = 0;
    for (let d = 0; d < this.#docs.length; d++) {
      if (alive[d] === 1 && this.matches(d, terms)) results[count++] = d;
    }
    return results.subarray(0, count);
  }

  /** Fills `#results` with the live documents matching the single term `term` (3+ units); returns how many. */
  #lookUp(index: SearchIndex, term: string, alive: Uint8Array): number {
    this.#ensureScratch();
    const results = this.#results;
    const marks = this.#marks;
    if (++this.#generation === 0xffffffff) {
      marks.fill(0);
      this.#generation = 1;
    }
    const generation = this.#generation;
    let count = 0;
    // Substrings: the rarest trigram's documents, narrowed by the second rarest, verified with `includes`.
    const { first, second, exact } = index.rarestTrigrams(term);
    let from = 0;
    for (let k = 0; k < first.length; k++) {
      const d = first[k] ?? 0;
      if (second !== undefined) {
        from = gallop(second, d, from);
        if (from === second.length) break;
        if (second[from] !== d) continue;
      }
      if (alive[d] !== 1 || !(exact || includedIn(this.#doc(d), term))) continue;
      marks[d] = generation;
      results[count++] = d;
    }
    // The other sources below may interleave with the above, hence the sort if they add anything.
    const ascending = count;
    const add = (docs: Uint32Array): void => {
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k] ?? 0;
        if (alive[d] !== 1 || marks[d] === generation) continue;
        marks[d] = generation;
        results[count++] = d;
      }
    };
    add(index.ids.substringDocs(term));
    // Fuzzy: documents holding a word within one edit, or a canonical uuid id with a chunk within one edit.
    if (term.length >= FUZZY_MIN_LENGTH) {
      for (const word of index.wordsWithinOneEdit(term)) add(index.docsOfWord(word));
      add(index.ids.fuzzyDocs(term));
    }
    if (count > ascending) results.subarray(0, count).sort();
    return count;
  }

  /** Keeps the first `count` results (ascending) that are also in `postings` (ascending); returns how many. */
  #keepIn(postings: Uint32Array, count: number): number {
    const results = this.#results;
    let kept = 0;
    let from = 0;
    for (let k = 0; k < count; k++) {
      const d = results[k] ?? 0;
      from = gallop(postings, d, from);
      if (from === postings.length) break;
      if (postings[from] === d) results[kept++] = d;
    }
    return kept;
  }

  /** Tiers for the final matches only. */
  #withTiers(matches: Uint32Array, terms: readonly string[]): SearchResult {
    const indices = matches.slice();
    const tiers = new Uint8Array(indices.length);
    const joined = terms.join(' ');
    for (let k = 0; k < indices.length; k++) tiers[k] = this.#tier(indices[k] ?? 0, terms, joined);
    return { indices, tiers };
  }

  #tier(d: number, terms: readonly string[], joined: string): number {
    const doc = this.#doc(d);
    const lengths = this.#index?.fieldLengths;
    // With one term, its own tier checks the whole query too.
    if (terms.length !== 1 && exactIn(doc, joined, lengths, d * 4)) return 0;
    let tier = 0;
    for (const term of terms) {
      tier = Math.max(tier, termTier(doc, term, lengths, d * 4));
      if (tier === 3) break;
    }
    return tier;
  }
}
