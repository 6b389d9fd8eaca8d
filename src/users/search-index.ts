/**
 * The index behind `UserSearch` (`search.ts` holds the rules and the ranking). Built in steps of a few
 * milliseconds, so a server keeps answering while it builds. Over the text fields of each document (a user's
 * identifier, name and email):
 *
 * - trigrams → documents, for substrings. Each folded unit maps to a 48-code alphabet (a–z, 0–9, space, `.`, `@`,
 *   `-`, `_`, `'`, and one shared "other" code), so a trigram is an integer below 48³ and the postings are one CSR
 *   pair of typed arrays (offsets + documents). A term of 3+ units occurs only in documents holding all of its
 *   trigrams; the caller intersects the rarest one or two and verifies survivors with `includes` (not needed for a
 *   3-unit term without "other" units: its one trigram is the term itself).
 * - words (3+ units) → documents, and a symmetric-delete structure for fuzzy words: each word is filed under the
 *   hash of itself and of each one-unit deletion (`DeletionHasher`), in hash buckets; candidates are verified.
 *
 * Over every text field of a document (1 and on); ids are indexed only by their first 8 units, which is all the id rule needs (`idMatches`).
 */
import { ShardedMap, type Lookup } from '../data/sharded-map.ts';
import {
  DeletionHasher,
  ID_PREFIX_MIN_LENGTH,
  forEachWord,
  idMatches,
  withinOneEdit,
} from './search-terms.ts';

/** One user's folded fields, in this order; each already passed through `fold()`. Document i is user i. */
export type SearchDoc = readonly [id: string, identifier: string, name: string, email: string];

/** Fields of a user's document. */
const USER_FIELDS = 4;

/**
 * Every document's fields, `width` to a document in one array (an array per user cost 8–14 MB more at 100 000
 * users: a JS array and its elements each). Field 0 is the id, matched by the id rule only (`idMatches`); fields
 * 1 and on are text. A user's document is `SearchDoc` (width 4); an inferred collection's is its id and its
 * searched properties. Document d's field f is `field(d, f)`.
 */
export class SearchDocs {
  readonly #fields: readonly string[];
  /** Fields per document: the id and the text fields. */
  readonly width: number;

  /** `fields` holds each document's `width` fields in turn (its length a multiple of `width`). */
  constructor(fields: readonly string[], width = USER_FIELDS) {
    if (!Number.isInteger(width) || width < 1 || fields.length % width !== 0)
      throw new RangeError(
        `search documents have ${String(width)} fields each (got ${String(fields.length)} fields)`,
      );
    this.#fields = fields;
    this.width = width;
  }

  /** The documents of `docs`, one per tuple. */
  static of(docs: readonly SearchDoc[]): SearchDocs {
    return new SearchDocs(docs.flat());
  }

  get length(): number {
    return this.#fields.length / this.width;
  }

  /** Field `f` (0 the id; for a user 1 identifier, 2 name, 3 email) of document `d`. */
  field(d: number, f: number): string {
    const value = f < this.width ? this.#fields[d * this.width + f] : undefined;
    if (value === undefined)
      throw new RangeError(
        `no field ${String(f)} of document ${String(d)}: documents are 0..${String(this.length - 1)}, fields 0..${String(this.width - 1)}`,
      );
    return value;
  }
}

const ALPHABET = 48;
const OTHER = ALPHABET - 1;
const TRIGRAMS = ALPHABET ** 3;
/** Alphabet code of each ASCII unit; uppercase is "other" too, since folded text has none. */
const ASCII_CODES: Uint8Array = (() => {
  const codes = new Uint8Array(128).fill(OTHER);
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789 .@-_'";
  for (let k = 0; k < letters.length; k++) codes[letters.charCodeAt(k)] = k;
  return codes;
})();

const codeAt = (s: string, i: number): number => {
  const unit = s.charCodeAt(i);
  return unit < 128 ? (ASCII_CODES[unit] ?? OTHER) : OTHER;
};

/** Calls `visit(code)` for the trigram at each position of `s`. */
function forEachTrigram(s: string, visit: (code: number) => void): void {
  if (s.length < 3) return;
  let a = codeAt(s, 0);
  let b = codeAt(s, 1);
  for (let i = 2; i < s.length; i++) {
    const c = codeAt(s, i);
    visit((a * ALPHABET + b) * ALPHABET + c);
    a = b;
    b = c;
  }
}

/** Words shorter than this never take part in fuzzy matching: a 4+ unit term is at most one deletion away. */
const MIN_FUZZY_WORD = 3;
/** Documents per build step: each step stays a few milliseconds long, so requests interleave with the build. */
const DOCS_PER_STEP = 512;
const FILL_DOCS_PER_STEP = 256;
const WORDS_PER_STEP = 4_096;

/** The one or two rarest trigram posting lists of a term. */
export interface TrigramPick {
  readonly first: Uint32Array;
  readonly second: Uint32Array | undefined;
  /** True when `first` is exactly the documents containing the term (3 units, none of them "other"). */
  readonly exact: boolean;
}

/** A CSR pair: the ids of slot s are `postings[offsets[s], offsets[s + 1])`. */
interface Csr {
  readonly offsets: Uint32Array;
  readonly postings: Uint32Array;
}

/**
 * An immutable search index over a fixed list of documents, plus the scratch its queries reuse.
 *
 * @example
 * const index = runToEnd(SearchIndex.build(docs));
 * index.rarestTrigrams('lee'); // substring candidates
 * for (const word of index.wordsWithinOneEdit('smiht')) index.docsOfWord(word); // fuzzy candidates
 */
export class SearchIndex {
  readonly #trigrams: Csr;
  readonly #words: readonly string[];
  readonly #wordDocs: Csr;
  readonly #deletions: Csr;
  readonly #ids: readonly string[];
  readonly #idHeads: Lookup<number>;
  readonly #idNext: Int32Array;
  readonly #hasher = new DeletionHasher();
  readonly #wordMarks: Uint32Array;
  #generation = 0;

  private constructor(builder: IndexBuilder) {
    this.#trigrams = builder.trigrams;
    this.#words = builder.words;
    this.#wordDocs = builder.wordDocs;
    this.#deletions = builder.deletions;
    this.#ids = builder.ids;
    this.#idHeads = builder.idHeads;
    this.#idNext = builder.idNext;
    this.#wordMarks = new Uint32Array(builder.words.length);
  }

  /** Builds the index of `docs`, yielding between steps of a few milliseconds; returns the index. */
  static *build(docs: SearchDocs): Generator<void, SearchIndex, void> {
    const builder = new IndexBuilder(docs);
    for (let d = 0; d < docs.length; d += DOCS_PER_STEP) {
      builder.collect(d, Math.min(docs.length, d + DOCS_PER_STEP));
      yield;
    }
    builder.startFill();
    yield;
    // Filing scatters writes over the whole postings (cache misses): a smaller step than collecting's.
    for (let d = 0; d < docs.length; d += FILL_DOCS_PER_STEP) {
      builder.fill(d, Math.min(docs.length, d + FILL_DOCS_PER_STEP));
      yield;
    }
    const words = builder.words.length;
    for (let w = 0; w < words; w += WORDS_PER_STEP) {
      builder.countDeletions(w, Math.min(words, w + WORDS_PER_STEP));
      yield;
    }
    builder.startDeletions();
    for (let w = 0; w < words; w += WORDS_PER_STEP) {
      builder.fillDeletions(w, Math.min(words, w + WORDS_PER_STEP));
      yield;
    }
    return new SearchIndex(builder);
  }

  /** Bytes held by the typed arrays, plus the words at 2 bytes a unit (an estimate), scratch excluded. */
  get byteLength(): number {
    const arrays = [this.#trigrams, this.#wordDocs, this.#deletions].flatMap((c) => [c.offsets, c.postings]);
    const words = this.#words.reduce((sum, word) => sum + word.length * 2, 0);
    return arrays.reduce((sum, array) => sum + array.byteLength, words + this.#idNext.byteLength);
  }

  /** An upper bound on the documents matching `term` through substrings or ids, to pick the most selective. */
  candidateBound(term: string): number {
    let best = Infinity;
    forEachTrigram(term, (code) => {
      best = Math.min(best, this.#postingCount(code));
    });
    return best + this.idDocs(term).length;
  }

  /** The postings of the rarest and second-rarest distinct trigrams of `term` (3+ units). */
  rarestTrigrams(term: string): TrigramPick {
    let first = -1;
    let second = -1;
    forEachTrigram(term, (code) => {
      if (code === first || code === second) return;
      const size = this.#postingCount(code);
      if (first < 0 || size < this.#postingCount(first)) {
        second = first;
        first = code;
      } else if (second < 0 || size < this.#postingCount(second)) {
        second = code;
      }
    });
    let exact = term.length === 3;
    for (let i = 0; exact && i < 3; i++) exact = codeAt(term, i) !== OTHER;
    return {
      first: postingsOf(this.#trigrams, first),
      second: second < 0 ? undefined : postingsOf(this.#trigrams, second),
      exact,
    };
  }

  /** Ids of the indexed words within one edit of `term`. */
  wordsWithinOneEdit(term: string): number[] {
    const keys = this.#hasher.hash(term, 0, term.length);
    if (++this.#generation === 0xffffffff) {
      this.#wordMarks.fill(0);
      this.#generation = 1;
    }
    const mask = this.#deletions.offsets.length - 2;
    const found: number[] = [];
    for (let k = 0; k < keys; k++) {
      for (const word of postingsOf(this.#deletions, (this.#hasher.keys[k] ?? 0) & mask)) {
        if (this.#wordMarks[word] === this.#generation) continue;
        this.#wordMarks[word] = this.#generation;
        // A bucket holds hash neighbours, not proof: verify.
        if (withinOneEdit(term, this.#words[word] ?? '')) found.push(word);
      }
    }
    return found;
  }

  /** Documents holding word `word`, ascending. */
  docsOfWord(word: number): Uint32Array {
    return postingsOf(this.#wordDocs, word);
  }

  /** Documents whose id matches `term` (`idMatches`), ascending. */
  idDocs(term: string): number[] {
    const docs: number[] = [];
    const head = this.#idHeads.get(term.slice(0, ID_PREFIX_MIN_LENGTH));
    for (let d = head ?? -1; d >= 0; d = this.#idNext[d] ?? -1)
      if (idMatches(this.#ids[d] ?? '', term)) docs.push(d);
    return docs.reverse();
  }

  #postingCount(code: number): number {
    const offsets = this.#trigrams.offsets;
    return (offsets[code + 1] ?? 0) - (offsets[code] ?? 0);
  }
}

function postingsOf(csr: Csr, slot: number): Uint32Array {
  if (slot < 0) return new Uint32Array(0);
  return csr.postings.subarray(csr.offsets[slot] ?? 0, csr.offsets[slot + 1] ?? 0);
}

/** CSR offsets from per-slot counts (one entry longer); `counts` becomes the fill cursors. */
function offsetsOf(counts: Uint32Array): Uint32Array {
  const offsets = new Uint32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) offsets[i + 1] = (offsets[i] ?? 0) + (counts[i] ?? 0);
  counts.set(offsets.subarray(0, counts.length));
  return offsets;
}

/** log2 of the entries of one chunk of a `U32Chunks`: 256 Ki entries, 1 MiB. */
const CHUNK_BITS = 18;

/**
 * A growable list of uint32 in fixed chunks: growing never copies what is there (a doubling array copied tens of
 * millions of entries in one piece at a million users, holding the event loop).
 */
class U32Chunks {
  readonly #chunks: Uint32Array[] = [];
  length = 0;

  push(value: number): void {
    const index = this.length++;
    const chunk = index >>> CHUNK_BITS;
    if (chunk === this.#chunks.length) this.#chunks.push(new Uint32Array(1 << CHUNK_BITS));
    (this.#chunks[chunk] as Uint32Array)[index & ((1 << CHUNK_BITS) - 1)] = value;
  }

  at(index: number): number {
    return this.#chunks[index >>> CHUNK_BITS]?.[index & ((1 << CHUNK_BITS) - 1)] ?? 0;
  }
}

/**
 * The build, as steps over ranges: `collect` lists each document's distinct trigrams and words (in document
 * order), `fill` files documents under them (so every posting list is ascending), then the deletion buckets are
 * counted and filled over the words.
 */
class IndexBuilder {
  readonly #docs: SearchDocs;
  readonly #stamps = new Uint32Array(TRIGRAMS);
  readonly #trigramCursor = new Uint32Array(TRIGRAMS);
  readonly #docTrigrams = new U32Chunks();
  readonly #docTrigramEnds: Uint32Array;
  readonly #wordIds = new ShardedMap<number>();
  readonly #wordLastDoc: number[] = [];
  /** Documents per word, counted as they are collected (no pass over every document's words in one piece). */
  readonly #wordCounts: number[] = [];
  #wordCursor = new Uint32Array(0);
  readonly #docWords = new U32Chunks();
  readonly #docWordEnds: Uint32Array;
  readonly #hasher = new DeletionHasher();
  #deletionCursor = new Uint32Array(0);
  readonly words: string[] = [];
  readonly ids: string[];
  readonly idHeads = new ShardedMap<number>();
  readonly idNext: Int32Array;
  trigrams: Csr = { offsets: new Uint32Array(TRIGRAMS + 1), postings: new Uint32Array(0) };
  wordDocs: Csr = { offsets: new Uint32Array(1), postings: new Uint32Array(0) };
  deletions: Csr = { offsets: new Uint32Array(2), postings: new Uint32Array(0) };

  constructor(docs: SearchDocs) {
    this.#docs = docs;
    this.#docTrigramEnds = new Uint32Array(docs.length);
    this.#docWordEnds = new Uint32Array(docs.length);
    this.ids = Array.from({ length: docs.length }, (_, d) => docs.field(d, 0));
    this.idNext = new Int32Array(docs.length).fill(-1);
  }

  collect(from: number, to: number): void {
    for (let d = from; d < to; d++) {
      const docs = this.#docs;
      const tag = d + 1;
      const key = docs.field(d, 0).slice(0, ID_PREFIX_MIN_LENGTH);
      this.idNext[d] = this.idHeads.get(key) ?? -1;
      this.idHeads.set(key, d);
      for (let f = 1; f < docs.width; f++) this.#collectField(docs.field(d, f), tag);
      this.#docTrigramEnds[d] = this.#docTrigrams.length;
      this.#docWordEnds[d] = this.#docWords.length;
    }
  }

  #collectField(field: string, tag: number): void {
    forEachTrigram(field, (code) => {
      if (this.#stamps[code] === tag) return;
      this.#stamps[code] = tag;
      this.#trigramCursor[code] = (this.#trigramCursor[code] ?? 0) + 1;
      this.#docTrigrams.push(code);
    });
    forEachWord(field, (start, end) => {
      if (end - start < MIN_FUZZY_WORD) return;
      const word = field.slice(start, end);
      let id = this.#wordIds.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.#wordIds.set(word, id);
        this.words.push(word);
        this.#wordLastDoc.push(0);
        this.#wordCounts.push(0);
      }
      if (this.#wordLastDoc[id] === tag) return;
      this.#wordLastDoc[id] = tag;
      this.#wordCounts[id] = (this.#wordCounts[id] ?? 0) + 1;
      this.#docWords.push(id);
    });
  }

  startFill(): void {
    this.trigrams = {
      offsets: offsetsOf(this.#trigramCursor),
      postings: new Uint32Array(this.#docTrigrams.length),
    };
    this.#wordCursor = Uint32Array.from(this.#wordCounts);
    this.wordDocs = {
      offsets: offsetsOf(this.#wordCursor),
      postings: new Uint32Array(this.#docWords.length),
    };
  }

  fill(from: number, to: number): void {
    let t = this.#docTrigramEnds[from - 1] ?? 0;
    let w = this.#docWordEnds[from - 1] ?? 0;
    for (let d = from; d < to; d++) {
      for (const end = this.#docTrigramEnds[d] ?? 0; t < end; t++)
        this.trigrams.postings[bump(this.#trigramCursor, this.#docTrigrams.at(t))] = d;
      for (const end = this.#docWordEnds[d] ?? 0; w < end; w++)
        this.wordDocs.postings[bump(this.#wordCursor, this.#docWords.at(w))] = d;
    }
  }

  countDeletions(from: number, to: number): void {
    if (this.#deletionCursor.length === 0) {
      // About four (key, word) pairs per bucket: a few extra candidates cost less than a bigger offsets array.
      const units = this.words.reduce((sum, word) => sum + word.length + 1, 0);
      let buckets = 2;
      while (buckets * 4 < units) buckets *= 2;
      this.#deletionCursor = new Uint32Array(buckets);
    }
    this.#forEachKey(from, to, (bucket) => {
      this.#deletionCursor[bucket] = (this.#deletionCursor[bucket] ?? 0) + 1;
    });
  }

  startDeletions(): void {
    const offsets = offsetsOf(this.#deletionCursor);
    this.deletions = { offsets, postings: new Uint32Array(offsets[offsets.length - 1] ?? 0) };
  }

  fillDeletions(from: number, to: number): void {
    this.#forEachKey(from, to, (bucket, word) => {
      this.deletions.postings[bump(this.#deletionCursor, bucket)] = word;
    });
  }

  #forEachKey(from: number, to: number, visit: (bucket: number, word: number) => void): void {
    const mask = this.#deletionCursor.length - 1;
    for (let w = from; w < to; w++) {
      const word = this.words[w] ?? '';
      const count = this.#hasher.hash(word, 0, word.length);
      for (let k = 0; k < count; k++) visit((this.#hasher.keys[k] ?? 0) & mask, w);
    }
  }
}

/** Adds one to `counts[slot]` and returns the value before: a CSR fill cursor. */
function bump(counts: Uint32Array, slot: number): number {
  const before = counts[slot] ?? 0;
  counts[slot] = before + 1;
  return before;
}
