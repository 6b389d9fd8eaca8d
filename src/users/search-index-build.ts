/**
 * Building the search index (`search-index.ts`) in steps of a few milliseconds. The work lives in plain methods
 * over ranges of documents, words or pairs, and the generator only sequences them: the same loops written inside
 * the generator body ran several times slower (V8 optimises long loops in generators poorly).
 */
import type { SearchDoc } from './search.ts';
import { U32List, bump, mappedArray, offsetsOf } from './search-csr.ts';
import type { DeletionBuckets } from './search-deletions.ts';
import { buildDeletionBuckets } from './search-deletions.ts';
import type { IdIndex } from './search-ids.ts';
import { buildIdIndex } from './search-ids.ts';
import { TRIGRAMS, codeOf, trigramOf } from './search-trigrams.ts';
import { isCanonicalUuid } from './search-uuid.ts';
import { WordTable } from './search-word-table.ts';
import { wordCharLength } from './search-words.ts';

/** Words shorter than this never take part in fuzzy matching: a 4+ unit term is at most one deletion away. */
const MIN_FUZZY_WORD = 3;
/** Documents per step of the first pass (the heaviest): about 10 ms at 100 000 users. */
const DOCS_PER_STEP = 4096;

/** The arrays of a built index; each `…Offsets` array is the CSR index into the array that follows it. */
export interface IndexParts {
  readonly trigramOffsets: Uint32Array;
  readonly trigramDocs: Uint32Array;
  /**
   * Distinct words of 3+ units, each followed by U+0000 (a separator that no word contains): word w is
   * `wordText.slice(wordStarts[w], wordStarts[w + 1] - 1)`.
   */
  readonly wordText: string;
  readonly wordStarts: Uint32Array;
  readonly wordDocOffsets: Uint32Array;
  readonly wordDocs: Uint32Array;
  readonly deletions: DeletionBuckets;
  /** The ids that are canonical uuids, which the structures above leave out. */
  readonly ids: IdIndex;
  /** `fieldLengths[4 * d + f]`: length of field f of document d, capped at 0xffff (see `FIELD_LENGTH_CAP`). */
  readonly fieldLengths: Uint16Array;
}

/** Field lengths at or above this are stored as this. */
export const FIELD_LENGTH_CAP = 0xffff;

/**
 * Builds the parts of the index of `docs`, yielding after each chunk of work.
 *
 * @example
 * const steps = buildIndexParts(docs);
 * let step = steps.next();
 * while (step.done !== true) step = steps.next();
 * const parts = step.value;
 */
export function* buildIndexParts(docs: readonly SearchDoc[]): Generator<void, IndexParts, void> {
  const parts = yield* buildDocumentParts(docs);
  const deletions = yield* buildDeletionBuckets(parts.wordText, parts.wordStarts);
  const ids = yield* buildIdIndex(docs);
  return { ...parts, deletions, ids };
}

/** Everything but the deletion buckets and ids; a generator of its own so the builder's scratch dies with it. */
function* buildDocumentParts(
  docs: readonly SearchDoc[],
): Generator<void, Omit<IndexParts, 'deletions' | 'ids'>, void> {
  const builder = new DocumentsBuilder(docs);
  yield;
  for (let d = 0; d < docs.length; d += DOCS_PER_STEP) {
    builder.collect(d, Math.min(docs.length, d + DOCS_PER_STEP));
    yield;
  }
  builder.startTrigramFill();
  yield;
  for (let d = 0; d < docs.length; d += DOCS_PER_STEP * 4) {
    builder.fillTrigrams(d, Math.min(docs.length, d + DOCS_PER_STEP * 4));
    yield;
  }
  for (let k = 0; k < builder.wordListings; k += DOCS_PER_STEP * 64) {
    builder.countWordDocs(k, Math.min(builder.wordListings, k + DOCS_PER_STEP * 64));
    yield;
  }
  builder.startWordDocs();
  yield;
  for (let d = 0; d < docs.length; d += DOCS_PER_STEP * 8) {
    builder.fillWordDocs(d, Math.min(docs.length, d + DOCS_PER_STEP * 8));
    yield;
  }
  const parts = builder.parts();
  yield;
  return parts;
}

/** ASCII units that are letters or digits: the common case of the word scan, without a call. */
const ASCII_WORD_UNITS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = wordCharLength(String.fromCharCode(c), 0);
  return table;
})();

/**
 * The document-side structures: trigram postings, the distinct words, and words → documents. An id that is a
 * canonical uuid is left out of them (`search-ids.ts` has its own structures for those).
 */
class DocumentsBuilder {
  readonly #docs: readonly SearchDoc[];
  /** Per trigram: the last document (+1) that listed it, so a document lists each trigram once. */
  readonly #stamps = new Uint32Array(TRIGRAMS);
  /** Documents per trigram, then fill cursors. */
  readonly #trigramCursor = new Uint32Array(TRIGRAMS);
  /** Each document's distinct trigrams (document d's end is `#docTrigramEnds[d]`): the fill reads them back. */
  #docTrigrams: U32List;
  readonly #docTrigramEnds: Uint32Array;
  #trigramOffsets: Uint32Array = new Uint32Array(0);
  #trigramDocs: Uint32Array = new Uint32Array(0);
  readonly #words: WordTable;
  /** Each document's distinct word ids; document d's end is `#docWordEnds[d]`. */
  readonly #docWords: U32List;
  readonly #docWordEnds: Uint32Array;
  readonly #fieldLengths: Uint16Array;
  #wordDocOffsets: Uint32Array = new Uint32Array(1);
  #wordDocs: Uint32Array = new Uint32Array(0);
  /** Per word: its document count, then the next free slot of its document list. */
  #wordCursor: Uint32Array = new Uint32Array(0);

  constructor(docs: readonly SearchDoc[]) {
    this.#docs = docs;
    this.#docTrigrams = new U32List();
    this.#docTrigramEnds = new Uint32Array(docs.length);
    // Sized up front from typical users (about one new word each, with uuid ids left out; twice that for
    // headroom): growing rehashes every word at once, a long step.
    this.#words = new WordTable(docs.length * 2);
    this.#docWords = new U32List();
    this.#docWordEnds = new Uint32Array(docs.length);
    this.#fieldLengths = new Uint16Array(docs.length * 4);
  }

  /** Lists the distinct trigrams and words of documents [from, to). */
  collect(from: number, to: number): void {
    for (let d = from; d < to; d++) {
      const doc = this.#docs[d];
      if (doc === undefined) continue;
      for (let f = 0; f < doc.length; f++) {
        const field = doc[f] ?? '';
        this.#fieldLengths[d * 4 + f] = Math.min(field.length, FIELD_LENGTH_CAP);
        if (f > 0 || !isCanonicalUuid(field)) this.#collectField(field, d + 1);
      }
      this.#docTrigramEnds[d] = this.#docTrigrams.length;
      this.#docWordEnds[d] = this.#docWords.length;
    }
  }

  /** One pass over the units of `field` finds both its trigrams and its words (the build's hottest loop). */
  #collectField(field: string, tag: number): void {
    const stamps = this.#stamps;
    const counts = this.#trigramCursor;
    const listed = this.#docTrigrams;
    const length = field.length;
    let a = 0;
    let b = 0;
    let wordStart = -1;
    let pairTail = false;
    for (let i = 0; i < length; i++) {
      const unit = field.charCodeAt(i);
      const c = codeOf(unit);
      if (i >= 2) {
        const code = trigramOf(a, b, c);
        if (stamps[code] !== tag) {
          stamps[code] = tag;
          bump(counts, code);
          listed.push(code);
        }
      }
      a = b;
      b = c;
      if (pairTail) {
        pairTail = false; // second half of a surrogate-pair letter: already classified
        continue;
      }
      const size = unit < 128 ? (ASCII_WORD_UNITS[unit] ?? 0) : wordCharLength(field, i);
      if (size === 0) {
        if (wordStart >= 0) this.#visitWord(field, wordStart, i, tag);
        wordStart = -1;
      } else {
        if (wordStart < 0) wordStart = i;
        pairTail = size === 2;
      }
    }
    if (wordStart >= 0) this.#visitWord(field, wordStart, length, tag);
  }

  #visitWord(field: string, start: number, end: number, tag: number): void {
    if (end - start < MIN_FUZZY_WORD) return;
    const id = this.#words.visit(field, start, end, tag);
    if (id >= 0) this.#docWords.push(id);
  }

  startTrigramFill(): void {
    this.#trigramOffsets = offsetsOf(this.#trigramCursor);
    this.#trigramDocs = mappedArray(this.#trigramOffsets[TRIGRAMS] ?? 0);
    this.#trigramCursor.set(this.#trigramOffsets.subarray(0, TRIGRAMS));
  }

  /** Files documents [from, to) under their trigrams; in document order, so every list is ascending. */
  fillTrigrams(from: number, to: number): void {
    const cursor = this.#trigramCursor;
    const postings = this.#trigramDocs;
    const listed = this.#docTrigrams;
    let k = this.#docTrigramEnds[from - 1] ?? 0;
    for (let d = from; d < to; d++) {
      for (const end = this.#docTrigramEnds[d] ?? 0; k < end; k++) postings[bump(cursor, listed.at(k))] = d;
    }
    if (to === this.#docs.length) this.#docTrigrams = new U32List(); // done with it: let it go
  }

  /** How many (document, word) listings there are, once every document is collected. */
  get wordListings(): number {
    return this.#docWords.length;
  }

  /** Counts the documents of each word over listings [from, to), for the words → documents CSR. */
  countWordDocs(from: number, to: number): void {
    if (this.#wordCursor.length !== this.#words.size) this.#wordCursor = new Uint32Array(this.#words.size);
    const listed = this.#docWords;
    for (let k = from; k < to; k++) bump(this.#wordCursor, listed.at(k));
  }

  /** After `countWordDocs` saw every listing: offsets, cursors and the postings array. */
  startWordDocs(): void {
    this.#wordDocOffsets = offsetsOf(this.#wordCursor);
    this.#wordDocs = mappedArray(this.#docWords.length);
    this.#wordCursor.set(this.#wordDocOffsets.subarray(0, this.#wordCursor.length));
  }

  /** Files documents [from, to) under their words; in document order, so every list is ascending. */
  fillWordDocs(from: number, to: number): void {
    const listed = this.#docWords;
    const cursor = this.#wordCursor;
    let k = this.#docWordEnds[from - 1] ?? 0;
    for (let d = from; d < to; d++) {
      for (const end = this.#docWordEnds[d] ?? 0; k < end; k++) {
        this.#wordDocs[bump(cursor, listed.at(k))] = d;
      }
    }
  }

  parts(): Omit<IndexParts, 'deletions' | 'ids'> {
    return {
      trigramOffsets: this.#trigramOffsets,
      trigramDocs: this.#trigramDocs,
      wordText: this.#words.text(),
      wordStarts: this.#words.starts(),
      wordDocOffsets: this.#wordDocOffsets,
      wordDocs: this.#wordDocs,
      fieldLengths: this.#fieldLengths,
    };
  }
}
