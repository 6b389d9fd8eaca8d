/**
 * The rules of a list over a collection's records (docs/own-spec.md "Lists"), one record at a time: equality
 * filters, half-open date ranges, search with the matching and ranking of `GET /users` (docs/users.md "Search"),
 * and the sort's order (strings case- and accent-insensitively, absent values last, ties by id ascending). The
 * seeded records are answered through indexes (`base-queries.ts`) that follow these rules; a session's own records
 * are tested with them directly (`written-rows.ts`).
 */
import { collationKey, compareText, fold } from '../users/collation.ts';
import {
  FUZZY_MIN_LENGTH,
  endsWithWordChar,
  idMatches,
  forEachWord,
  someWordWithinOneEdit,
  withinOneEdit,
} from '../users/search-terms.ts';
import type { ListQuery } from './list-query.ts';

export type ResourceRecord = Readonly<Record<string, unknown>>;
export type SortKind = 'text' | 'number' | 'time' | 'boolean';

/** What a list needs to know of the collection. */
export interface ListShape {
  readonly idProperty: string;
  /** String properties searched (the id aside, matched by the id rule when it is a string). */
  readonly searchFields: readonly string[];
  /** How each sortable property compares. */
  readonly sortKinds: ReadonlyMap<string, SortKind>;
}

export interface ListResult {
  readonly items: readonly ResourceRecord[];
  /** Records after filters and search, before the page's slice. */
  readonly total: number;
}

/** Whether `record` passes the query's equality filters and ranges. */
export function matchesFilters(record: ResourceRecord, query: ListQuery): boolean {
  for (const filter of query.filters) {
    const value = record[filter.property];
    if (!filter.values.some((v) => v === value)) return false;
  }
  for (const range of query.ranges) {
    const value = record[range.property];
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isNaN(ms)) return false;
    if (range.from !== undefined && ms < range.from) return false;
    if (range.to !== undefined && ms >= range.to) return false;
  }
  return true;
}

/**
 * The search tier of a record (0 exact, 1 prefix, 2 substring, 3 fuzzy), or -1 when it does not match every
 * term. `fields` are the folded searched values; `id` the folded id, matched only whole or by a prefix of 8+.
 */
export function searchTier(
  id: string | undefined,
  fields: readonly string[],
  terms: readonly string[],
  words?: readonly string[],
): number {
  if (terms.length === 0) return 0;
  let worst = 0;
  for (const term of terms) {
    let tier = -1;
    if (id !== undefined && idMatches(id, term)) tier = id === term ? 0 : 1;
    for (const field of fields) {
      if (field === term) tier = 0;
      if (tier === 0) break;
      for (let p = field.indexOf(term); p >= 0; p = field.indexOf(term, p + 1)) {
        const found = endsWithWordChar(field, p) ? 2 : 1;
        tier = tier === -1 ? found : Math.min(tier, found);
        if (found === 1) break;
      }
    }
    if (tier === -1 && term.length >= FUZZY_MIN_LENGTH && fuzzy(term, fields, words)) tier = 3;
    if (tier === -1) return -1;
    worst = Math.max(worst, tier);
  }
  const whole = terms.join(' ');
  return id === whole || fields.includes(whole) ? 0 : worst;
}

function sortValue(value: unknown, kind: SortKind): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (kind === 'number') return typeof value === 'number' ? value : undefined;
  if (kind === 'boolean') return value === true ? 1 : value === false ? 0 : undefined;
  if (kind === 'time') {
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    return Number.isNaN(ms) ? undefined : ms;
  }
  return typeof value === 'string' ? value : undefined;
}

/** Compares two ids: numbers numerically, the rest as strings by code unit. */
export function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether some word of `fields` (or of the pre-split `words`) is within one edit of `term`. */
function fuzzy(term: string, fields: readonly string[], words: readonly string[] | undefined): boolean {
  if (words === undefined) return fields.some((f) => someWordWithinOneEdit(term, f));
  for (const word of words)
    if (Math.abs(word.length - term.length) <= 1 && withinOneEdit(term, word)) return true;
  return false;
}

interface Folded {
  readonly fields: readonly string[];
  /** The words of the fields (`forEachWord`), for the fuzzy match. */
  readonly words: readonly string[];
}

/**
 * The folded searched fields of a record and their words, kept per record: records are frozen, so a record's
 * folded text never changes, and the map holds them only while the record lives.
 */
const FOLDED = new WeakMap<ResourceRecord, Folded>();

function foldedFields(record: ResourceRecord, names: readonly string[]): Folded {
  let folded = FOLDED.get(record);
  if (folded === undefined) {
    const fields = names
      .map((f) => record[f])
      .filter((v): v is string => typeof v === 'string')
      .map(fold);
    const words: string[] = [];
    for (const field of fields) forEachWord(field, (start, end) => words.push(field.slice(start, end)));
    folded = { fields, words };
    FOLDED.set(record, folded);
  }
  return folded;
}

/** The search tier of `record` for `query` (0 without a search), or -1 when it does not match the query. */
export function matchTier(record: ResourceRecord, query: ListQuery, shape: ListShape): number {
  if (!matchesFilters(record, query)) return -1;
  if (query.terms.length === 0) return 0;
  const rawId = record[shape.idProperty];
  const { fields, words } = foldedFields(record, shape.searchFields);
  return searchTier(typeof rawId === 'string' ? fold(rawId) : undefined, fields, query.terms, words);
}

/** The order `sort` puts two records in: by value (absent last, strings by collation), ties by id ascending. */
export function compareRecords(
  a: ResourceRecord,
  b: ResourceRecord,
  sort: NonNullable<ListQuery['sort']>,
  shape: ListShape,
): number {
  const kind = shape.sortKinds.get(sort.property) ?? 'text';
  const x = sortValue(a[sort.property], kind);
  const y = sortValue(b[sort.property], kind);
  if (x === undefined || y === undefined) {
    if (x !== y) return x === undefined ? 1 : -1;
  } else {
    const by =
      typeof x === 'string' && typeof y === 'string'
        ? compareText(x, collationKey(x), y, collationKey(y))
        : Number(x) - Number(y);
    if (by !== 0) return sort.order === 'desc' ? -by : by;
  }
  return compareIds(a[shape.idProperty], b[shape.idProperty]);
}
