/**
 * The index behind `UserSearch` (see `search.ts` for the matching rules and the ranking). Three structures, each a
 * CSR pair of typed arrays (offsets + postings) so 100 000 users cost a few tens of MB and no per-entry objects.
 * They cover every field except ids that are canonical uuids, which have compact structures of their own
 * (`ids`, see `search-ids.ts`): random hex made up about half of these structures and served no name search.
 *
 * - trigrams → documents, for substrings: each folded code unit maps to a 48-letter alphabet (a–z, 0–9, space,
 *   `.`, `@`, `-`, `_`, `'`, and one shared "other" code), so a trigram is an integer below 48³. A term of 3+
 *   units can only occur in documents holding every one of its trigrams; the rarest one or two are intersected
 *   and the survivors verified with `includes` by the caller (not needed for a 3-unit term without "other"
 *   units: its one trigram is the term itself).
 * - deletion keys → words, for fuzzy matching (symmetric delete): every distinct word of 3+ units is filed
 *   under the hash of itself and of each one-unit deletion (`DeletionHasher`), in hash buckets; candidates
 *   are verified with `withinOneEdit`. The words are stored once, end to end in one string.
 * - words → documents.
 *
 * Plus the id index (`ids`), and each document's field lengths, so ranking can rule out "field equals term"
 * without reading the fields.
 * Built in chunks (`SearchIndex.build` is a generator) so a server can keep answering while it builds.
 */
import type { SearchDoc } from './search.ts';
import type { IdIndex } from './search-ids.ts';
import type { IndexParts } from './search-index-build.ts';
import { buildIndexParts } from './search-index-build.ts';
import { DeletionHasher, withinOneEdit } from './search-osa.ts';
import { isExactTrigram, trigramsOf } from './search-trigrams.ts';

/** The one or two rarest trigram posting lists of a term (see `SearchIndex.rarestTrigrams`). */
export interface TrigramPick {
  /** Documents holding the term's rarest trigram, ascending. */
  readonly first: Uint32Array;
  /** Documents holding its second-rarest distinct trigram, if it has one. */
  readonly second: Uint32Array | undefined;
  /** True when `first` is exactly the documents containing the term (3 units, none of them "other"). */
  readonly exact: boolean;
}

/**
 * An immutable search index over a fixed list of documents, plus the scratch buffers its queries reuse.
 *
 * @example
 * const { first, second, exact } = index.rarestTrigrams('lee'); // substring candidates
 * for (const word of index.wordsWithinOneEdit('smiht')) index.docsOfWord(word); // fuzzy candidates
 */
export class SearchIndex {
  readonly #trigramOffsets: Uint32Array;
  readonly #trigramDocs: Uint32Array;
  /** Distinct words of 3+ units, each followed by U+0000 (see `IndexParts`). */
  readonly #wordText: string;
  readonly #wordStarts: Uint32Array;
  readonly #wordDocOffsets: Uint32Array;
  readonly #wordDocs: Uint32Array;
  readonly #deleteMask: number;
  readonly #deleteOffsets: Uint32Array;
  readonly #deleteWords: Uint32Array;
  /** `fieldLengths[4 * d + f]`: length of field f of document d, capped (see `IndexParts`). */
  readonly fieldLengths: Uint16Array;
  /** The ids that are canonical uuids, which the structures above leave out. */
  readonly ids: IdIndex;
  // Query scratch: trigram codes, deletion hashes, and generation-stamped marks over words.
  #codes = new Uint32Array(128);
  readonly #hasher = new DeletionHasher();
  readonly #wordMarks: Uint32Array;
  #wordGeneration = 0;
  #hits = new Uint32Array(64);

  private constructor(parts: IndexParts) {
    this.#trigramOffsets = parts.trigramOffsets;
    this.#trigramDocs = parts.trigramDocs;
    this.#wordText = parts.wordText;
    this.#wordStarts = parts.wordStarts;
    this.#wordDocOffsets = parts.wordDocOffsets;
    this.#wordDocs = parts.wordDocs;
    this.#deleteOffsets = parts.deletions.offsets;
    this.#deleteMask = parts.deletions.mask;
    this.#deleteWords = parts.deletions.words;
    this.#wordMarks = new Uint32Array(parts.wordStarts.length - 1);
    this.fieldLengths = parts.fieldLengths;
    this.ids = parts.ids;
  }

  /**
   * Builds the index of `docs` in chunks of a few milliseconds, yielding between them; returns the index.
   *
   * @example
   * const steps = SearchIndex.build(docs);
   * let step = steps.next();
   * while (step.done !== true) step = steps.next(); // or yield to the event loop between steps
   * const index = step.value;
   */
  static *build(docs: readonly SearchDoc[]): Generator<void, SearchIndex, void> {
    return new SearchIndex(yield* buildIndexParts(docs));
  }

  /** Bytes held by the index's arrays and word text (at 2 bytes a unit, an upper bound), scratch excluded. */
  get byteLength(): number {
    const arrays = [
      this.#trigramOffsets,
      this.#trigramDocs,
      this.#wordStarts,
      this.#wordDocOffsets,
      this.#wordDocs,
      this.#deleteOffsets,
      this.#deleteWords,
      this.#wordMarks,
      this.fieldLengths,
    ];
    return arrays.reduce(
      (sum, array) => sum + array.byteLength,
      this.#wordText.length * 2 + this.ids.byteLength,
    );
  }

  #termCodes(term: string): number {
    if (this.#codes.length < term.length) this.#codes = new Uint32Array(term.length * 2);
    return trigramsOf(term, this.#codes);
  }

  #postingCount(code: number): number {
    return (this.#trigramOffsets[code + 1] ?? 0) - (this.#trigramOffsets[code] ?? 0);
  }

  /**
   * An upper bound on the documents whose fields contain `term` as a substring, for choosing the most selective
   * term: the size of its rarest trigram's postings (the fields other than canonical uuid ids), plus
   * `IdIndex.substringBound` for those ids. `Infinity` for terms under 3 units.
   */
  substringBound(term: string): number {
    const count = this.#termCodes(term);
    let best = Infinity;
    for (let k = 0; k < count; k++) best = Math.min(best, this.#postingCount(this.#codes[k] ?? 0));
    return best + this.ids.substringBound(term);
  }

  /** The postings of the rarest and second-rarest distinct trigrams of `term` (3+ units). */
  rarestTrigrams(term: string): TrigramPick {
    const count = this.#termCodes(term);
    let first = -1;
    let second = -1;
    for (let k = 0; k < count; k++) {
      const code = this.#codes[k] ?? 0;
      if (code === first || code === second) continue;
      const size = this.#postingCount(code);
      if (first < 0 || size < this.#postingCount(first)) {
        second = first;
        first = code;
      } else if (second < 0 || size < this.#postingCount(second)) {
        second = code;
      }
    }
    const exact = isExactTrigram(term);
    return { first: this.#postings(first), second: second < 0 ? undefined : this.#postings(second), exact };
  }

  #postings(code: number): Uint32Array {
    return this.#trigramDocs.subarray(this.#trigramOffsets[code] ?? 0, this.#trigramOffsets[code + 1] ?? 0);
  }

  /**
   * The ids of the distinct indexed words within one edit of `term` (any length, though only 4+ unit terms
   * are fuzzy). The returned view is scratch, valid until the next call.
   */
  wordsWithinOneEdit(term: string): Uint32Array {
    const keys = this.#hasher.hash(term, 0, term.length);
    if (++this.#wordGeneration === 0xffffffff) {
      this.#wordMarks.fill(0);
      this.#wordGeneration = 1;
    }
    const generation = this.#wordGeneration;
    const starts = this.#wordStarts;
    let found = 0;
    for (let k = 0; k < keys; k++) {
      const bucket = (this.#hasher.keys[k] ?? 0) & this.#deleteMask;
      const end = this.#deleteOffsets[bucket + 1] ?? 0;
      for (let p = this.#deleteOffsets[bucket] ?? 0; p < end; p++) {
        const word = this.#deleteWords[p] ?? 0;
        if (this.#wordMarks[word] === generation) continue;
        this.#wordMarks[word] = generation;
        // A bucket holds hash neighbours, not proof: verify. `- 1` drops the word's U+0000 separator.
        if (!withinOneEdit(term, this.#wordText, starts[word] ?? 0, (starts[word + 1] ?? 0) - 1)) continue;
        if (found === this.#hits.length) {
          const bigger = new Uint32Array(found * 2);
          bigger.set(this.#hits);
          this.#hits = bigger;
        }
        this.#hits[found++] = word;
      }
    }
    return this.#hits.subarray(0, found);
  }

  /** Documents holding word `word`, ascending. */
  docsOfWord(word: number): Uint32Array {
    return this.#wordDocs.subarray(this.#wordDocOffsets[word] ?? 0, this.#wordDocOffsets[word + 1] ?? 0);
  }
}
