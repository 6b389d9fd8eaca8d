/**
 * `GET /users?search=` (docs/users.md "Search", spec/openapi.yaml `search`): which users match, and how they rank. The
 * index that makes matching fast is `search-index.ts`; terms, words and "one edit" are `search-terms.ts`.
 *
 * Rules, on folded text (`fold`: case and accents removed):
 * - A document is one user's folded `[id, identifier, name, email]` (or, for an inferred collection, its folded id
 *   and searched properties: docs/own-spec.md "Lists"); identifier, name and email are its text fields.
 * - A term matches a document when the id equals it, or starts with it and the term has 8+ units
 *   (`idMatches`); or when a text field contains it; or, for terms of 4+ units, when a word of a text field is
 *   within one edit of it. A document matches when every term does; no terms match every document.
 * - Tier of a term for a document: 0 when some field equals it; 1 when the id starts with it (8+ units), or
 *   another field starts with it or holds it right after a code point that is not a letter or digit (the prefix
 *   of a word); 2 when identifier, name or email contains it elsewhere; 3 when it matched only fuzzily.
 * - Tier of a matching document: 0 when `terms.join(' ')` equals some field (the whole query is a field),
 *   otherwise the largest tier of its terms (0 without terms). Ranked order is tier, then the caller's order.
 */
import { SearchIndex, type SearchDocs } from './search-index.ts';
import {
  FUZZY_MIN_LENGTH,
  ID_PREFIX_MIN_LENGTH,
  endsWithWordChar,
  idMatches,
  someWordWithinOneEdit,
} from './search-terms.ts';

export { parseTerms } from './search-terms.ts';
export { SearchDocs, type SearchDoc } from './search-index.ts';

/** The live documents matching a query, with their ranking tiers. */
export interface SearchResult {
  /** Matching live documents, ascending. */
  readonly indices: Uint32Array;
  /** `tiers[k]` is the tier of `indices[k]`: 0 exact, 1 prefix, 2 substring, 3 fuzzy. */
  readonly tiers: Uint8Array;
}

/** Terms shorter than this have no trigram: a query made only of them scans every live document. */
const INDEXED_MIN_LENGTH = 3;

function termMatches(docs: SearchDocs, d: number, term: string): boolean {
  if (idMatches(docs.field(d, 0), term)) return true;
  const width = docs.width;
  for (let f = 1; f < width; f++) if (docs.field(d, f).includes(term)) return true;
  if (term.length < FUZZY_MIN_LENGTH) return false;
  for (let f = 1; f < width; f++) if (someWordWithinOneEdit(term, docs.field(d, f))) return true;
  return false;
}

function equalsSomeField(docs: SearchDocs, d: number, text: string): boolean {
  for (let f = 0; f < docs.width; f++) if (docs.field(d, f) === text) return true;
  return false;
}

/** Tier of `term` for document `d` as the rules above define it, or 3 when no field contains it. */
function termTier(docs: SearchDocs, d: number, term: string): number {
  if (equalsSomeField(docs, d, term)) return 0;
  if (term.length >= ID_PREFIX_MIN_LENGTH && docs.field(d, 0).startsWith(term)) return 1;
  let tier = 3;
  for (let f = 1; f < docs.width; f++) {
    const field = docs.field(d, f);
    for (let p = field.indexOf(term); p >= 0; p = field.indexOf(term, p + 1)) {
      if (!endsWithWordChar(field, p)) return 1; // p = 0 included: a field prefix
      tier = 2;
    }
  }
  return tier;
}

/**
 * Search over a fixed list of user documents. Construction is cheap; the index is built on demand
 * (`buildIndex`) or in steps (`buildSteps`), and until it is complete `match` scans, with the same results.
 * Deleted users stay in the list and are excluded by the `alive` mask given to `match`; the documents themselves
 * never change (a new or edited user means a new `UserSearch`), so one index can serve several masks.
 *
 * @example
 * const search = new UserSearch(SearchDocs.of(users.map((u) => [fold(u.id), u.identifier, fold(u.name), fold(u.email)])));
 * search.buildIndex();
 * const { indices, tiers } = search.match(parseTerms('ann lee'), alive);
 */
export class UserSearch {
  readonly #docs: SearchDocs;
  #index: SearchIndex | undefined;
  #building: Generator<void, SearchIndex, void> | undefined;
  /** Generation-stamped document marks, for merging candidate lists without duplicates. */
  #marks = new Uint32Array(0);
  #generation = 0;

  constructor(docs: SearchDocs) {
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
   * with requests. Several callers share one build; abandoning the generator leaves the build where it was.
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
      if (this.indexed) return; // another caller finished the build meanwhile
    }
  }

  /** Whether `doc` matches every term (the `alive` mask is not consulted). */
  matches(doc: number, terms: readonly string[]): boolean {
    this.#check(doc);
    for (const term of terms) if (!termMatches(this.#docs, doc, term)) return false;
    return true;
  }

  /** Ranking tier of `doc`, a document that matches `terms`: 0 exact, 1 prefix, 2 substring, 3 fuzzy. */
  tier(doc: number, terms: readonly string[]): number {
    return this.#tier(doc, terms, terms.join(' '));
  }

  #tier(doc: number, terms: readonly string[], joined: string): number {
    this.#check(doc);
    // With one term, its own tier checks the whole query too.
    if (terms.length > 1 && equalsSomeField(this.#docs, doc, joined)) return 0;
    let tier = 0;
    for (const term of terms) {
      tier = Math.max(tier, termTier(this.#docs, doc, term));
      if (tier === 3) break;
    }
    return tier;
  }

  /**
   * The live documents (`alive[i] === 1`) matching every term, ascending, with their tiers. With the index, the
   * most selective term of 3+ units is looked up (trigrams, fuzzy words, ids), and the other terms are verified
   * on its matches only. Queries whose terms are all under 3 units scan every live document.
   */
  match(terms: readonly string[], alive: Uint8Array): SearchResult {
    const index = this.#index;
    let lead: string | undefined;
    if (index !== undefined) {
      let bound = Infinity;
      for (const term of terms) {
        if (term.length < INDEXED_MIN_LENGTH) continue;
        const termBound = index.candidateBound(term);
        if (lead === undefined || termBound < bound) {
          lead = term;
          bound = termBound;
        }
      }
    }
    const candidates = index === undefined || lead === undefined ? undefined : this.#lookUp(index, lead);
    const rest = terms.filter((term) => term !== lead);
    const found = new Uint32Array(candidates?.length ?? this.#docs.length);
    let count = 0;
    for (let k = 0; k < found.length; k++) {
      const d = candidates === undefined ? k : (candidates[k] ?? 0);
      if (alive[d] === 1 && (rest.length === 0 || this.matches(d, rest))) found[count++] = d;
    }
    const indices = found.slice(0, count);
    const joined = terms.join(' ');
    return { indices, tiers: Uint8Array.from(indices, (d) => this.#tier(d, terms, joined)) };
  }

  #check(doc: number): void {
    if (!(doc >= 0 && doc < this.#docs.length))
      throw new RangeError(`no document ${doc}: documents are 0..${this.#docs.length - 1}`);
  }

  /** The documents matching the single term `term` (3+ units), ascending, deleted ones included. */
  #lookUp(index: SearchIndex, term: string): Uint32Array {
    if (this.#marks.length !== this.#docs.length) this.#marks = new Uint32Array(this.#docs.length);
    if (++this.#generation === 0xffffffff) {
      this.#marks.fill(0);
      this.#generation = 1;
    }
    const marks = this.#marks;
    const generation = this.#generation;
    const found: number[] = [];
    // Substrings: the rarest trigram's documents, narrowed by the second rarest, verified with `includes`.
    const { first, second, exact } = index.rarestTrigrams(term);
    let from = 0;
    for (const d of first) {
      if (second !== undefined) {
        from = gallop(second, d, from);
        if (from === second.length) break;
        if (second[from] !== d) continue;
      }
      if (!exact && !this.#containsInText(d, term)) continue;
      marks[d] = generation;
      found.push(d);
    }
    const sorted = found.length;
    const add = (docs: ArrayLike<number>): void => {
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k] ?? 0;
        if (marks[d] === generation) continue;
        marks[d] = generation;
        found.push(d);
      }
    };
    add(index.idDocs(term));
    if (term.length >= FUZZY_MIN_LENGTH)
      for (const word of index.wordsWithinOneEdit(term)) add(index.docsOfWord(word));
    const result = Uint32Array.from(found);
    return found.length > sorted ? result.sort() : result;
  }

  #containsInText(d: number, term: string): boolean {
    const docs = this.#docs;
    for (let f = 1; f < docs.width; f++) if (docs.field(d, f).includes(term)) return true;
    return false;
  }
}

/**
 * The first position ≥ `from` of ascending `list` whose value is ≥ `value`: an exponential, then binary search,
 * so walking a short list through a long one costs O(short · log long).
 *
 * @example
 * gallop(Uint32Array.of(1, 4, 9, 16), 5, 0); // 2
 */
function gallop(list: Uint32Array, value: number, from: number): number {
  let lo = from;
  let step = 1;
  let hi = from;
  while (hi < list.length && (list[hi] ?? 0) < value) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
