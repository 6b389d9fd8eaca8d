/**
 * The answers of list queries over one collection's seeded records (docs/own-spec.md "Lists"), shared by every
 * session: what `GET /users` keeps, for an inferred collection. Each index is built on first use and kept with the
 * base, never per session:
 * - kept sort orders: the seeded positions in each property's order and direction, and each position's rank;
 * - equality postings per scalar property (value → ascending positions), for the filters;
 * - a kept ascending order of each date-time property with its instants, for the half-open ranges;
 * - the search index of `GET /users` (`UserSearch`) over the folded id and searched properties.
 * A query takes the smallest candidate set an index gives, tests every candidate against the whole query, and
 * places the matches by their ranks in the kept order (or by search tier, then seeded position). Full results are
 * kept in a bounded cache by the normalized query (without the page), so paging through one result costs only the
 * page. A session that wrote merges its own records into these answers (`written-rows.ts`).
 */
import { LRUCache } from 'lru-cache';
import type { Steps } from '../data/sliced-work.ts';
import { collationKey, compareText, fold } from '../users/collation.ts';
import { SearchDocs, UserSearch } from '../users/search.ts';
import { sortUniqueKeys } from '../users/sort.ts';
import type { ListQuery } from './list-query.ts';
import { compareIds, matchesFilters, type ListShape, type SortKind } from './run-list.ts';
import type { SeedEntry } from './seed-entry.ts';

/** The seeded records matching a query, in the order of the answer. */
export interface SeededResult {
  /** Positions in the collection's seeded entries. */
  readonly positions: Uint32Array;
  /** The search tier of each (0 exact … 3 fuzzy), when the query searched. */
  readonly tiers: Uint8Array | undefined;
}

/** One kept order: positions in that order, and the rank of each position in it. */
export interface KeptOrder {
  readonly order: Uint32Array;
  readonly rank: Uint32Array;
}

/** Bytes of results each collection's cache keeps across its entries. */
export const RESULT_CACHE_BYTES = 4 * 1024 * 1024;
/** Milliseconds each search spends building the search index, until it is complete. */
const INDEX_MS_PER_SEARCH = 4;
/** Results kept per collection. */
const RESULT_CACHE_ENTRIES = 256;
/** Candidates up to this many are tested against the search terms one by one instead of asking the index. */
const SEARCH_AFTER = 256;
/** Queries with a longer key (many filter values, long searches) are computed every time rather than kept. */
const MAX_KEY_LENGTH = 2048;

/** A value as the equality indexes compare it: strings apart from the JSON of other values. */
export function valueKey(value: unknown): string {
  return typeof value === 'string' ? `s${value}` : `j${JSON.stringify(value)}`;
}

/** The normalized query a result answers: filters and ranges by property, values as given, no page. */
export function resultKey(parent: string | undefined, query: ListQuery): string {
  const filters = [...query.filters]
    .sort((a, b) => (a.property < b.property ? -1 : a.property > b.property ? 1 : 0))
    .map((f) => [f.property, f.values]);
  const ranges = [...query.ranges]
    .sort((a, b) => (a.property < b.property ? -1 : a.property > b.property ? 1 : 0))
    .map((r) => [r.property, r.from ?? null, r.to ?? null]);
  return JSON.stringify([parent ?? null, filters, ranges, query.terms, query.sort ?? null]);
}

function ascending(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

export class BaseQueries {
  readonly #entries: readonly SeedEntry[];
  readonly #shape: ListShape;
  readonly #orders = new Map<string, KeptOrder>();
  readonly #postings = new Map<string, Map<string, Uint32Array>>();
  readonly #times = new Map<string, { readonly order: Uint32Array; readonly ms: Float64Array }>();
  readonly #under = new Map<string | undefined, Uint32Array>();
  readonly #cache = new LRUCache<string, SeededResult>({
    max: RESULT_CACHE_ENTRIES,
    maxSize: RESULT_CACHE_BYTES,
    sizeCalculation: (r) => Math.max(1, r.positions.byteLength + (r.tiers?.byteLength ?? 0)),
  });
  #search: UserSearch | undefined;
  #indexing: Steps<void> | undefined;
  #alive: Uint8Array | undefined;
  #all: Uint32Array | undefined;

  constructor(entries: readonly SeedEntry[], shape: ListShape) {
    this.#entries = entries;
    this.#shape = shape;
  }

  /** The seeded records in `sort`'s order (ties by id), and each one's rank, built on first use. */
  order(sort: NonNullable<ListQuery['sort']>): KeptOrder {
    const key = `${sort.property} ${sort.order}`;
    let kept = this.#orders.get(key);
    if (kept === undefined) {
      const order = keptOrder(this.#entries, sort, this.#shape);
      const rank = new Uint32Array(order.length);
      for (let k = 0; k < order.length; k++) rank[order[k] ?? 0] = k;
      kept = { order, rank };
      this.#orders.set(key, kept);
    }
    return kept;
  }

  /** The seeded records matching `query` under `parent`, in the answer's order (cached by the query). */
  result(parent: string | undefined, query: ListQuery, key = resultKey(parent, query)): SeededResult {
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const result = this.#compute(parent, query);
    if (key.length <= MAX_KEY_LENGTH) this.#cache.set(key, result);
    return result;
  }

  #compute(parent: string | undefined, query: ListQuery): SeededResult {
    const n = this.#entries.length;
    const plain = query.filters.length === 0 && query.ranges.length === 0 && query.terms.length === 0;
    if (plain && parent === undefined) {
      // The whole collection: its kept order, or its seeded order.
      return {
        positions: query.sort === undefined ? (this.#all ??= ascending(n)) : this.order(query.sort).order,
        tiers: undefined,
      };
    }
    const narrow = this.#narrowest(parent, query);
    const search = query.terms.length > 0 ? this.#searchIndex() : undefined;
    // The search index's matches, unless an index gives fewer candidates than a search term usually matches.
    const searchFirst =
      search !== undefined && (narrow === undefined || narrow.length > SEARCH_AFTER)
        ? search.match(query.terms, (this.#alive ??= new Uint8Array(n).fill(1)))
        : undefined;
    const candidates = searchFirst?.indices ?? narrow ?? (this.#all ??= ascending(n));
    const matched: number[] = [];
    const tiers: number[] = [];
    for (let k = 0; k < candidates.length; k++) {
      const p = candidates[k] ?? 0;
      const entry = this.#entries[p];
      if (entry === undefined || entry.parent !== parent || !matchesFilters(entry.record, query)) continue;
      if (search !== undefined) {
        if (searchFirst !== undefined) tiers.push(searchFirst.tiers[k] ?? 0);
        else if (search.matches(p, query.terms)) tiers.push(search.tier(p, query.terms));
        else continue;
      }
      matched.push(p);
    }
    return this.#place(matched, search === undefined ? undefined : tiers, query);
  }

  /** `matched` positions put in the answer's order: by rank in the kept order, by tier and position, or position. */
  #place(matched: readonly number[], tiers: readonly number[] | undefined, query: ListQuery): SeededResult {
    const n = this.#entries.length;
    const keys = new Float64Array(matched.length);
    if (query.sort !== undefined) {
      const { order, rank } = this.order(query.sort);
      for (let k = 0; k < matched.length; k++) keys[k] = rank[matched[k] ?? 0] ?? 0;
      sortUniqueKeys(keys, n);
      return { positions: Uint32Array.from(keys, (r) => order[r] ?? 0), tiers: undefined };
    }
    for (let k = 0; k < matched.length; k++) keys[k] = (tiers?.[k] ?? 0) * n + (matched[k] ?? 0);
    sortUniqueKeys(keys, n * (tiers === undefined ? 1 : 4));
    return {
      positions: Uint32Array.from(keys, (key) => key % n),
      tiers: tiers === undefined ? undefined : Uint8Array.from(keys, (key) => Math.floor(key / n)),
    };
  }

  /** The smallest candidate set an index gives for the query's parent, filters and ranges (undefined: none). */
  #narrowest(parent: string | undefined, query: ListQuery): ArrayLike<number> | undefined {
    const options: ArrayLike<number>[] = [];
    if (parent !== undefined) options.push(this.#underParent(parent));
    for (const filter of query.filters) options.push(this.#holdingAny(filter.property, filter.values));
    for (const range of query.ranges) options.push(this.#timeSlice(range.property, range.from, range.to));
    let best: ArrayLike<number> | undefined;
    for (const option of options) if (best === undefined || option.length < best.length) best = option;
    return best;
  }

  #underParent(parent: string): Uint32Array {
    let found = this.#under.get(parent);
    if (found === undefined) {
      if (this.#under.size === 0) {
        const lists = new Map<string | undefined, number[]>();
        this.#entries.forEach((e, i) => {
          const list = lists.get(e.parent);
          if (list === undefined) lists.set(e.parent, [i]);
          else list.push(i);
        });
        for (const [key, list] of lists) this.#under.set(key, Uint32Array.from(list));
      }
      found = this.#under.get(parent) ?? new Uint32Array(0);
    }
    return found;
  }

  /** Positions whose `property` is one of `values`, ascending. */
  #holdingAny(property: string, values: readonly unknown[]): Uint32Array {
    let index = this.#postings.get(property);
    if (index === undefined) {
      const lists = new Map<string, number[]>();
      this.#entries.forEach((e, i) => {
        const v = e.record[property];
        if (v === undefined || v === null || typeof v === 'object') return;
        const k = valueKey(v);
        const list = lists.get(k);
        if (list === undefined) lists.set(k, [i]);
        else list.push(i);
      });
      index = new Map([...lists].map(([k, list]) => [k, Uint32Array.from(list)]));
      this.#postings.set(property, index);
    }
    const found = [...new Set(values.map(valueKey))].map((k) => index.get(k) ?? new Uint32Array(0));
    if (found.length === 1) return found[0] ?? new Uint32Array(0);
    const merged = new Uint32Array(found.reduce((sum, list) => sum + list.length, 0));
    let at = 0;
    for (const list of found) {
      merged.set(list, at);
      at += list.length;
    }
    return merged.sort();
  }

  /** Positions whose date-time `property` lies in [from, to), read off its kept ascending order. */
  #timeSlice(property: string, from: number | undefined, to: number | undefined): Uint32Array {
    let kept = this.#times.get(property);
    if (kept === undefined) {
      const rows: { p: number; ms: number }[] = [];
      this.#entries.forEach((e, p) => {
        const v = e.record[property];
        const ms = typeof v === 'string' ? Date.parse(v) : NaN;
        if (!Number.isNaN(ms)) rows.push({ p, ms });
      });
      rows.sort((a, b) => a.ms - b.ms || a.p - b.p);
      kept = { order: Uint32Array.from(rows, (r) => r.p), ms: Float64Array.from(rows, (r) => r.ms) };
      this.#times.set(property, kept);
    }
    const { order, ms } = kept;
    const lowerBound = (t: number): number => {
      let lo = 0;
      let hi = ms.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((ms[mid] ?? 0) < t) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const start = from === undefined ? 0 : lowerBound(from);
    const end = to === undefined ? order.length : lowerBound(to);
    return order.subarray(start, Math.max(start, end));
  }

  /**
   * The search over the seeded records. Its index is built in steps: each search after the first advances the
   * build by a few milliseconds (and `prepareSteps` builds it ahead), and until it is complete the search scans,
   * with the same results, so that no request holds the event loop for the whole build.
   */
  #searchIndex(): UserSearch {
    if (this.#search === undefined) {
      const { idProperty, searchFields } = this.#shape;
      const fields: string[] = [];
      for (const { record } of this.#entries) {
        const id = record[idProperty];
        fields.push(typeof id === 'string' ? fold(id) : '');
        for (const name of searchFields) {
          const v = record[name];
          fields.push(typeof v === 'string' ? fold(v) : '');
        }
      }
      this.#search = new UserSearch(new SearchDocs(fields, 1 + searchFields.length));
      this.#indexing = this.#search.buildSteps();
      // The first search pays for the documents and its scan: the build starts with the next one.
      return this.#search;
    }
    const indexing = this.#indexing;
    if (indexing !== undefined) {
      const until = performance.now() + INDEX_MS_PER_SEARCH;
      do {
        if (indexing.next().done === true) {
          this.#indexing = undefined;
          break;
        }
      } while (performance.now() < until);
    }
    return this.#search;
  }

  /** Builds every index and kept order ahead, in steps (a server runs it in slices after start). */
  *prepareSteps(sortable: Iterable<string>, search: boolean): Steps<void> {
    if (search && this.#entries.length > 0) {
      this.#searchIndex();
      yield;
      while (this.#indexing !== undefined) {
        if (this.#indexing.next().done === true) this.#indexing = undefined;
        yield;
      }
    }
    for (const property of sortable) {
      for (const order of ['asc', 'desc'] as const) {
        this.order({ property, order });
        yield;
      }
    }
  }
}

/**
 * The positions of `entries` in `sort`'s order, as `compareRecords` orders them (absent values last, strings by
 * collation, ties by id ascending): each record's sort key read once (a number, or a string and its collation
 * key), then positions sorted by the keys.
 */
function keptOrder(
  entries: readonly SeedEntry[],
  sort: NonNullable<ListQuery['sort']>,
  shape: ListShape,
): Uint32Array {
  const n = entries.length;
  const kind = shape.sortKinds.get(sort.property) ?? 'text';
  const ids = entries.map((e) => e.record[shape.idProperty]);
  const byId = (a: number, b: number): number => compareIds(ids[a], ids[b]);
  const sign = sort.order === 'desc' ? -1 : 1;
  const positions = Array.from({ length: n }, (_, i) => i);
  if (kind === 'text') {
    const texts = entries.map((e) => {
      const v = e.record[sort.property];
      return typeof v === 'string' ? v : undefined;
    });
    const keys = texts.map((t) => (t === undefined ? undefined : collationKey(t)));
    positions.sort((a, b) => {
      const x = texts[a];
      const y = texts[b];
      if (x === undefined || y === undefined) return x === y ? byId(a, b) : x === undefined ? 1 : -1;
      return sign * compareText(x, keys[a], y, keys[b]) || byId(a, b);
    });
  } else {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = sortNumber(entries[i]?.record[sort.property], kind);
    positions.sort((a, b) => {
      const x = values[a] ?? NaN;
      const y = values[b] ?? NaN;
      if (Number.isNaN(x) || Number.isNaN(y))
        return Number.isNaN(x) && Number.isNaN(y) ? byId(a, b) : Number.isNaN(x) ? 1 : -1;
      return sign * (x - y) || byId(a, b);
    });
  }
  return Uint32Array.from(positions);
}

/** A number, time or boolean sort value as a number; NaN when absent or of another type. */
function sortNumber(value: unknown, kind: SortKind): number {
  if (kind === 'number') return typeof value === 'number' ? value : NaN;
  if (kind === 'boolean') return value === true ? 1 : value === false ? 0 : NaN;
  return typeof value === 'string' ? Date.parse(value) : NaN;
}
