/**
 * The query engine of GET /users: filters, search, sort and pagination over a `UserStore` (docs/users.md), with
 * row-level access (docs/access.md) applied inside, so lists, counts and links all obey it.
 *
 * A query never sorts the store. It takes the smallest candidate set an index gives (an id, a created_by list,
 * the search index's matches, a date range of the kept created_at order, a user's co-members), tests each
 * candidate, and places the matches at their positions in the kept order of the sort field (`sortUniqueKeys`).
 * When most of the store is a candidate anyway (a filter on status or type, a wide date range), the kept order of
 * the sort field is walked and each user tested, which yields the result already in order.
 * Unfiltered lists read a slice of the kept order directly. Full results are cached per query (without the page)
 * until the store changes, so paging through one result costs only the page.
 */
import { LRUCache } from 'lru-cache';
import { runInSlices, runToEnd, type Steps } from '../data/sliced-work.ts';
import type { SortField, SortOrder } from '../spec/types.ts';
import { compileFilter, isEmptyFilter, type UserFilter, type Visibility } from './filter.ts';
import { paginate } from './paginate.ts';
import { sortUniqueKeys } from './sort.ts';
import type { UserStore } from './store.ts';

export interface UsersQuery {
  readonly filter: UserFilter;
  /** Folded search terms (see `parseTerms`); empty for no search. */
  readonly terms: readonly string[];
  /** A field and direction, or `ranked`: search relevance, then created_at, then id. */
  readonly sort: { readonly field: SortField; readonly direction: SortOrder } | 'ranked';
  readonly page: number;
  readonly pageSize: number;
}

export interface QueryPage {
  /** Number of matching users visible to the caller. */
  readonly total: number;
  /** Slots of the page's users, in order. */
  readonly slots: ArrayLike<number>;
}

export interface EngineOptions {
  /** Full results kept for reuse (0 disables the cache). */
  readonly cacheSize: number;
  /** Stores from this many users on answer a request's query in slices (`answer`); 100 000 unless told. */
  readonly slicedFrom?: number;
}

interface CachedResult {
  readonly version: number;
  readonly slots: Uint32Array;
}

const TIER_FIELD: SortField = 'created_at';
/** Candidates above 1/WALK_SHARE of the store are found by walking the kept order of the sort field instead. */
const WALK_SHARE = 4;
/** Bytes of results the cache keeps across all its entries (4 bytes a slot). */
export const CACHE_BYTES = 8 * 1024 * 1024;
/** Plain lists up to this many users deep are answered before their order is built (`SortOrders.topSteps`). */
const TOP_PAGES_UP_TO = 1_000;
/** Stores from this size on answer queries in slices (`answer`). */
const SLICED_FROM = 100_000;
/** Users tested between two steps of a query run in slices (a few milliseconds at a million users). */
const USERS_PER_STEP = 32_768;
/** Queries with a longer key (long search values, many filters) are computed every time rather than kept. */
const MAX_KEY_LENGTH = 2048;

export class QueryEngine {
  readonly #store: UserStore;
  readonly #cache: LRUCache<string, CachedResult> | undefined;
  readonly #slicedFrom: number;

  constructor(store: UserStore, options: EngineOptions) {
    this.#store = store;
    this.#slicedFrom = options.slicedFrom ?? SLICED_FROM;
    this.#cache =
      options.cacheSize === 0
        ? undefined
        : new LRUCache({
            max: options.cacheSize,
            maxSize: CACHE_BYTES,
            sizeCalculation: (entry) => Math.max(1, entry.slots.byteLength),
          });
  }

  /**
   * Whether `query` can run now without building anything: always once the store's base is prepared
   * (`UserBase.prepare`); before that, only a plain list whose kept order is already built.
   */
  readyFor(query: UsersQuery, visibility: Visibility): boolean {
    const store = this.#store;
    if (store.base.prepared) return true;
    return (
      query.sort !== 'ranked' &&
      query.terms.length === 0 &&
      visibility.kind === 'all' &&
      isEmptyFilter(query.filter) &&
      (store.orders.ready(query.sort.field) || this.#fromTop(query.sort.field, query))
    );
  }

  /**
   * Whether a plain list's page is taken from the first slots of its order (`SortOrders.topSteps`) rather than the
   * kept order, which is not built yet: the first TOP_PAGES_UP_TO users of a time order right after a seed.
   */
  #fromTop(field: SortField, query: UsersQuery): boolean {
    return (
      query.page * query.pageSize <= TOP_PAGES_UP_TO &&
      !this.#store.base.prepared &&
      this.#store.orders.answersTop(field)
    );
  }

  /**
   * `run` for a request: at once over a store of fewer than 100 000 users (a query takes a few milliseconds at
   * most), in slices over a larger one, so that no query holds the event loop for long.
   */
  answer(query: UsersQuery, visibility: Visibility): Promise<QueryPage> {
    if (this.#store.users.length < this.#slicedFrom) return Promise.resolve(this.run(query, visibility));
    return runInSlices(this.runSteps(query, visibility));
  }

  /** Runs `query` as seen by `visibility`, at once. */
  run(query: UsersQuery, visibility: Visibility): QueryPage {
    return runToEnd(this.runSteps(query, visibility));
  }

  /**
   * `run` in steps (`data/sliced-work.ts`): a query that walks a million users takes ~150 ms, run in slices so
   * that other requests are served meanwhile. A store changed between two steps (a deletion) has the query run
   * again at once on what it is now.
   */
  *runSteps(query: UsersQuery, visibility: Visibility): Steps<QueryPage> {
    const store = this.#store;
    yield* this.#ordersSteps(query);
    if (
      query.sort !== 'ranked' &&
      query.terms.length === 0 &&
      visibility.kind === 'all' &&
      isEmptyFilter(query.filter)
    ) {
      const { field, direction } = query.sort;
      if (this.#fromTop(field, query)) {
        const window = paginate(store.size, query.page, query.pageSize);
        const top = yield* store.orders.topSteps(field, direction, window.end);
        return { total: store.size, slots: top.subarray(window.start, window.end) };
      }
      const { order } = store.orders.get(field, direction);
      const window = paginate(order.length, query.page, query.pageSize);
      return { total: order.length, slots: order.subarray(window.start, window.end) };
    }
    const all = yield* this.#result(query, visibility);
    const window = paginate(all.length, query.page, query.pageSize);
    return { total: all.length, slots: all.subarray(window.start, window.end) };
  }

  /**
   * Brings the kept orders `query` reads up to date in steps (after writes they merge or compact on first use):
   * its sort field's, and created_at's or updated_at's for a range on them. A plain list answered from the top
   * slots (`#fromTop`) reads none.
   */
  *#ordersSteps(query: UsersQuery): Steps<void> {
    const { orders } = this.#store;
    const fields = new Set<SortField>([query.sort === 'ranked' ? TIER_FIELD : query.sort.field]);
    if (query.filter.createdAt !== undefined) fields.add('created_at');
    if (query.filter.updatedAt !== undefined) fields.add('updated_at');
    for (const field of fields) {
      if (orders.ready(field) || orders.answersTop(field)) continue;
      yield* orders.getSteps(field, 'asc');
    }
  }

  *#result(query: UsersQuery, visibility: Visibility): Steps<Uint32Array> {
    const cache = this.#cache;
    const key =
      cache === undefined ? '' : JSON.stringify([query.filter, query.terms, query.sort, visibility]);
    const cached = cache?.get(key);
    if (cached !== undefined && cached.version === this.#store.version) return cached.slots;
    const version = this.#store.version;
    let slots = yield* this.#compute(query, visibility);
    if (this.#store.version !== version) slots = runToEnd(this.#compute(query, visibility));
    if (cache === undefined) return slots;
    // A result larger than the whole budget is not kept (lru-cache refuses it and keeps the rest).
    if (key.length <= MAX_KEY_LENGTH) cache.set(key, { version: this.#store.version, slots });
    else cache.delete(key);
    return slots;
  }

  *#compute(query: UsersQuery, visibility: Visibility): Steps<Uint32Array> {
    const store = this.#store;
    const test = compileFilter(store, query.filter, visibility);
    if (test === undefined) return new Uint32Array(0);
    const { terms } = query;
    const ranked = query.sort === 'ranked';
    const matches: number[] = [];
    const tiers: number[] | undefined = ranked ? [] : undefined;

    const narrow = this.#narrowestCandidates(query.filter, visibility);
    if (!ranked && terms.length === 0 && (narrow === undefined || narrow.length * WALK_SHARE > store.size)) {
      // Most of the store is a candidate: walking the kept order and testing each user yields the result
      // already sorted, cheaper than placing that many matches by their positions.
      const { order } = store.orders.get(query.sort.field, query.sort.direction);
      const out = new Uint32Array(order.length);
      let count = 0;
      for (let k = 0; k < order.length; k++) {
        const slot = order[k] ?? 0;
        if (test(slot)) out[count++] = slot;
        if (k % USERS_PER_STEP === USERS_PER_STEP - 1) yield;
      }
      return out.slice(0, count);
    }
    if (narrow === undefined && terms.length > 0) {
      const found = store.search.match(terms, store.alive);
      const indices = found.indices;
      for (let k = 0; k < indices.length; k++) {
        if (k % USERS_PER_STEP === USERS_PER_STEP - 1) yield;
        const slot = indices[k] ?? 0;
        if (!test(slot)) continue;
        matches.push(slot);
        tiers?.push(found.tiers[k] ?? 0);
      }
    } else {
      const candidates = narrow ?? { from: 0, to: store.users.length };
      const visit = (slot: number): void => {
        if (!test(slot)) return;
        if (terms.length > 0 && !store.search.matches(slot, terms)) return;
        matches.push(slot);
        tiers?.push(store.search.tier(slot, terms));
      };
      if ('from' in candidates) {
        for (let slot = candidates.from; slot < candidates.to; slot++) {
          visit(slot);
          if (slot % USERS_PER_STEP === USERS_PER_STEP - 1) yield;
        }
      } else {
        for (let k = 0; k < candidates.length; k++) {
          visit(candidates[k] ?? 0);
          if (k % USERS_PER_STEP === USERS_PER_STEP - 1) yield;
        }
      }
    }

    const field = query.sort === 'ranked' ? TIER_FIELD : query.sort.field;
    const direction = query.sort === 'ranked' ? 'asc' : query.sort.direction;
    const { order, position } = store.orders.get(field, direction);
    const n = order.length;
    const keys = new Float64Array(matches.length);
    for (let k = 0; k < matches.length; k++)
      keys[k] = (tiers?.[k] ?? 0) * n + (position[matches[k] ?? 0] ?? 0);
    yield;
    sortUniqueKeys(keys, n * (tiers === undefined ? 1 : 4));
    yield;
    const result = new Uint32Array(keys.length);
    for (let k = 0; k < keys.length; k++) result[k] = order[(keys[k] ?? 0) % n] ?? 0;
    return result;
  }

  /**
   * The smallest candidate set an index yields, or `undefined` when only a full scan (or the search index)
   * applies. Candidates are a superset of the matches: every one is still tested.
   */
  #narrowestCandidates(filter: UserFilter, visibility: Visibility): ArrayLike<number> | undefined {
    const store = this.#store;
    const options: ArrayLike<number>[] = [];
    if (visibility.kind === 'self') options.push([visibility.slot]);
    if (filter.id !== undefined) {
      const slot = store.slotOfId(filter.id);
      options.push(slot === undefined ? [] : [slot]);
    }
    if (filter.createdBy !== undefined) options.push(store.slotsCreatedBy(filter.createdBy));
    if (filter.updatedBy !== undefined) options.push(store.slotsUpdatedBy(filter.updatedBy));
    const created = filter.createdAt;
    if (created !== undefined)
      options.push(this.#timeSlice('created_at', store.createdMs, created.from, created.to));
    const updated = filter.updatedAt;
    if (updated !== undefined)
      options.push(this.#timeSlice('updated_at', store.updatedMs, updated.from, updated.to));
    if (filter.workspace !== undefined) options.push(store.memberships.members(filter.workspace));
    if (visibility.kind === 'co-members') options.push(store.memberships.coMembers(visibility.slot));
    let best: ArrayLike<number> | undefined;
    for (const option of options) if (best === undefined || option.length < best.length) best = option;
    return best;
  }

  /** Live slots whose `field` lies in [from, to), read off the kept ascending order by binary search. */
  #timeSlice(
    field: SortField,
    ms: Float64Array,
    from: number | undefined,
    to: number | undefined,
  ): Uint32Array {
    const { order } = this.#store.orders.get(field, 'asc');
    const lowerBound = (t: number): number => {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((ms[order[mid] ?? 0] ?? 0) < t) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const start = from === undefined ? 0 : lowerBound(from);
    const end = to === undefined ? order.length : lowerBound(to);
    return order.subarray(start, Math.max(start, end));
  }
}
