/**
 * Kept sort orders of the store (docs/users.md): for each sortable field, the live users in ascending and
 * descending order, ties always broken by `id` ascending, and each user's position in both. Built once per field
 * (ahead of use, in steps, by `warm`; on first use for a store built at once) and compacted when users are deleted, so a request never sorts the
 * store: it reads a slice of an order, or places its matches at their positions (see `orderByPosition`).
 */
import { runToEnd, STEP_UNITS, type Steps } from '../data/sliced-work.ts';
import { collationKey, compareText } from './collation.ts';
import { sortSteps } from './sort-steps.ts';
import { timeSortSteps } from './time-sort.ts';
import { TopSlots } from './top-slots.ts';

/** How a field compares: `text` under collation (case- and accent-insensitive), `time` as an instant. */
export type SortKind = 'text' | 'time';

export interface SortColumns {
  /** Number of user slots (live and deleted). */
  readonly size: number;
  readonly alive: Uint8Array;
  /** The raw id of each slot: the tie-break, compared by code point. */
  readonly ids: readonly string[];
  /** Text value of `field` for slot `i` (text fields). */
  text(field: string, i: number): string;
  /** Milliseconds since the epoch of `field` for slot `i` (time fields). */
  time(field: string, i: number): number;
}

export interface KeptOrder {
  /** Slot indices of live users, in order. */
  readonly order: Uint32Array;
  /** `position[slot]` is the slot's index in `order` (meaningless for deleted slots). */
  readonly position: Uint32Array;
}

interface FieldOrders {
  asc: KeptOrder;
  desc: KeptOrder;
  /** Slots with equal keys share a group number; groups ascend with the key. */
  group: Uint32Array;
  stale: boolean;
  /** How many of the inserted slots (`SortOrders.insert`) these orders hold. */
  merged: number;
}

/** A text field with at most this many distinct values is sorted by dealing (see `#build`). */
const FEW_VALUES = 64;
/** Text values given their collation key between yields (`STEP_UNITS` would hold the loop ~50 ms at times). */
const KEYS_PER_STEP = 256;

export class SortOrders {
  readonly #columns: SortColumns;
  readonly #kinds: ReadonlyMap<string, SortKind>;
  readonly #built = new Map<string, FieldOrders>();
  #byId: Uint32Array<ArrayBuffer> | undefined;
  /** The orders these are derived from (`derive`): built there, compacted here. */
  readonly #parent: SortOrders | undefined;
  /** Slots added after the parent's orders were built (created or updated users), in the order they came. */
  readonly #inserted: number[] = [];
  /** Bumped by every deletion and insertion: a compaction in steps that saw another write leaves its orders stale. */
  #writes = 0;

  constructor(columns: SortColumns, kinds: ReadonlyMap<string, SortKind>, parent?: SortOrders) {
    this.#columns = columns;
    this.#kinds = kinds;
    this.#parent = parent;
  }

  /**
   * Orders over the same slots with another live mask (`columns.alive`): each field is built once, here, and the
   * derived orders compact their own copy of it on first use, so no store but the first ever sorts.
   */
  derive(columns: SortColumns): SortOrders {
    return new SortOrders(columns, this.#kinds, this);
  }

  /** The kept order of `field` in direction `direction`, built or compacted if needed. */
  get(field: string, direction: 'asc' | 'desc'): KeptOrder {
    return runToEnd(this.getSteps(field, direction));
  }

  /**
   * `get` in steps (`data/sliced-work.ts`): a compaction after many writes (binary searches for the added slots,
   * a merge pass, both orders and their positions) yields between its parts, so the first query after a batch
   * of writes does not hold the event loop for the whole of it.
   */
  *getSteps(field: string, direction: 'asc' | 'desc'): Steps<KeptOrder> {
    let orders = this.#built.get(field);
    if (orders === undefined) {
      orders =
        this.#parent === undefined
          ? runToEnd(this.#buildSteps(field))
          : this.#fromParent(this.#parent, field);
      this.#built.set(field, orders);
    }
    while (orders.stale) yield* this.#compactSteps(orders, field);
    return direction === 'asc' ? orders.asc : orders.desc;
  }

  /** Whether `field`'s orders are built and compacted: reading them costs nothing. */
  ready(field: string): boolean {
    const orders = this.#built.get(field);
    return orders !== undefined && !orders.stale;
  }

  /**
   * Whether `topSteps` answers for `field` now: a time field (its order is its instants, then ids) whose orders
   * are not built yet, here (derived orders compact their parent's instead).
   */
  answersTop(field: string): boolean {
    return this.#parent === undefined && !this.#built.has(field) && this.#kinds.get(field) === 'time';
  }

  /**
   * The first `count` live slots of `field`'s order in `direction`, as its kept order will list them, without
   * building it: one pass over the slots that keeps the best `count` (`top-slots.ts`), in steps. What the first
   * pages of a list are answered from while the orders are still being built (`answersTop`).
   */
  *topSteps(field: string, direction: 'asc' | 'desc', count: number): Steps<Uint32Array> {
    if (!this.answersTop(field)) return this.get(field, direction).order.subarray(0, count);
    const columns = this.#columns;
    const { ids, size } = columns;
    const sign = direction === 'asc' ? 1 : -1;
    // Times are read from the columns as they are compared: a request allocates nothing the size of the store.
    const top = new TopSlots(count, (a, b) => {
      const d = sign * (columns.time(field, a) - columns.time(field, b));
      return d < 0 || (d === 0 && (ids[a] ?? '') < (ids[b] ?? ''));
    });
    const pass: TopPass = { columns, field, sign, top };
    for (let from = 0; from < size; from += ENTRIES_PER_STEP) {
      offerLive(pass, from, Math.min(size, from + ENTRIES_PER_STEP));
      yield;
    }
    return top.sorted();
  }

  /** Whether every field's orders are built (and none waits for a compaction). */
  get complete(): boolean {
    for (const field of this.#kinds.keys()) {
      const orders = this.#built.get(field);
      if (orders === undefined || orders.stale) return false;
    }
    return true;
  }

  /** Marks every built order stale after a deletion; each is compacted (O(n), no sort) on its next use. */
  invalidate(): void {
    this.#writes++;
    for (const orders of this.#built.values()) orders.stale = true;
  }

  /**
   * Adds a new live slot (a created user, or an updated one in its new slot) to every order: each order merges
   * the slots added since its last use on its next use, by binary search (O(k log n) comparisons) and one O(n)
   * pass, like a deletion's compaction. Only orders derived from another's (`derive`) take insertions.
   */
  insert(slot: number): void {
    if (this.#parent === undefined) throw new Error('only derived orders take insertions');
    this.#inserted.push(slot);
    this.invalidate();
  }

  /**
   * Builds the orders not yet built, in steps of a few milliseconds (`data/sliced-work.ts`), so that no query
   * ever sorts: what `UserBase.prepare` runs before a large store is served.
   */
  *warm(first?: string): Steps<void> {
    const fields = [...this.#kinds.keys()];
    if (first !== undefined && fields.includes(first))
      fields.unshift(...fields.splice(fields.indexOf(first), 1));
    for (const field of fields) {
      if (this.#built.has(field)) continue;
      if (this.#parent !== undefined) {
        this.get(field, 'asc');
      } else {
        const orders = yield* this.#buildSteps(field);
        // A query may have built it meanwhile (`get`, small stores): keep the one already in use.
        if (!this.#built.has(field)) this.#built.set(field, orders);
      }
      yield;
    }
  }

  /** The parent's orders of `field`, to be compacted against this live mask on use. */
  #fromParent(parent: SortOrders, field: string): FieldOrders {
    parent.get(field, 'asc');
    const shared = parent.#built.get(field);
    if (shared === undefined) throw new Error(`${field} is not a sortable field`);
    return { asc: shared.asc, desc: shared.desc, group: shared.group, stale: true, merged: 0 };
  }

  *#buildSteps(field: string): Steps<FieldOrders> {
    const kind = this.#kinds.get(field);
    if (kind === undefined) throw new Error(`${field} is not a sortable field`);
    const { ids, alive, size } = this.#columns;
    let live = 0;
    for (let i = 0; i < size; i++) live += alive[i] === 1 ? 1 : 0;
    let slots = new Uint32Array(live);
    for (let i = 0, k = 0; i < size; i++) if (alive[i] === 1) slots[k++] = i;
    // Ties are compared by id (code point) inside the comparator: they are rare for most fields, so this is
    // cheaper than sorting every id first to get a stable base.
    const byId = (a: number, b: number): number => {
      const x = ids[a] ?? '';
      const y = ids[b] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    };
    let same: (a: number, b: number) => boolean;
    if (kind === 'time') {
      const ms = new Float64Array(size);
      for (let from = 0; from < slots.length; from += ENTRIES_PER_STEP) {
        copyTimes(this.#columns, field, slots, from, Math.min(slots.length, from + ENTRIES_PER_STEP), ms);
        yield;
      }
      slots = yield* timeSortSteps(slots, ms, byId);
      same = (a, b) => ms[a] === ms[b];
    } else {
      const values: string[] = new Array<string>(size).fill('');
      const keys: (string | undefined)[] = new Array<string | undefined>(size);
      const distinct = new Set<string>();
      for (let k = 0; k < slots.length; k++) {
        const i = slots[k] ?? 0;
        const value = this.#columns.text(field, i);
        values[i] = value;
        keys[i] = collationKey(value);
        if (distinct.size <= FEW_VALUES) distinct.add(value);
        // A collation key of a non-ASCII value costs tens of microseconds: fewer of them per step.
        if (k % KEYS_PER_STEP === KEYS_PER_STEP - 1) yield;
      }
      const compare = (a: number, b: number): number =>
        compareText(values[a] ?? '', keys[a], values[b] ?? '', keys[b]);
      same = (a, b) => compare(a, b) === 0;
      if (distinct.size <= FEW_VALUES) {
        // Few values (user_type, status): nearly every comparison is a tie. Sort the values, then deal the
        // id order into them: stable, and the id order is sorted once for every such field.
        const compareValues = (a: string, b: string): number =>
          compareText(a, collationKey(a), b, collationKey(b));
        const byValue = [...distinct].sort(compareValues);
        // Values equal under collation (Zoë, zoe) share a rank: their users interleave by id.
        const rank = new Map<string, number>();
        byValue.forEach((value, k) => {
          const previous = byValue[k - 1];
          const previousRank = previous === undefined ? -1 : (rank.get(previous) ?? 0);
          rank.set(
            value,
            previous !== undefined && compareValues(previous, value) === 0 ? previousRank : previousRank + 1,
          );
        });
        const rankOf = (slot: number): number => rank.get(values[slot] ?? '') ?? 0;
        const idOrder = yield* this.#idOrder(byId);
        const starts = new Uint32Array(byValue.length + 1);
        const ranks = new Uint32Array(idOrder.length);
        for (let k = 0; k < idOrder.length; k++) {
          const r = rankOf(idOrder[k] ?? 0);
          ranks[k] = r;
          starts[r + 1] = (starts[r + 1] ?? 0) + 1;
          if (k % STEP_UNITS === STEP_UNITS - 1) yield;
        }
        for (let k = 1; k < starts.length; k++) starts[k] = (starts[k] ?? 0) + (starts[k - 1] ?? 0);
        yield;
        for (let k = 0; k < idOrder.length; k++) {
          const r = ranks[k] ?? 0;
          const at = starts[r] ?? 0;
          slots[at] = idOrder[k] ?? 0;
          starts[r] = at + 1;
          if (k % STEP_UNITS === STEP_UNITS - 1) yield;
        }
        yield;
      } else {
        slots = yield* sortSteps(slots, (a, b) => compare(a, b) || byId(a, b));
      }
    }
    const group = new Uint32Array(size);
    let current = 0;
    for (let from = 0; from < slots.length; from += STEP_UNITS) {
      current = markGroups(slots, from, Math.min(slots.length, from + STEP_UNITS), same, current, group);
      yield;
    }
    const orders: FieldOrders = {
      asc: emptyOrder(),
      desc: emptyOrder(),
      group,
      stale: false,
      merged: this.#inserted.length,
    };
    yield* setOrdersSteps(orders, slots, size);
    return orders;
  }

  /** Live slots in id order, sorted once (in steps) and kept. */
  *#idOrder(byId: (a: number, b: number) => number): Steps<Uint32Array<ArrayBuffer>> {
    const { alive, size } = this.#columns;
    if (this.#byId === undefined) {
      const slots = new Uint32Array(size);
      for (let i = 0; i < size; i++) slots[i] = i;
      this.#byId = yield* sortSteps(slots, byId);
    }
    const live = new Uint32Array(this.#byId.length);
    let count = 0;
    for (let k = 0; k < this.#byId.length; k++) {
      const slot = this.#byId[k] ?? 0;
      if (alive[slot] === 1) live[count++] = slot;
      if (k % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
    }
    return live.subarray(0, count);
  }

  /**
   * Compacts `orders` against the live mask and merges the slots inserted since (in steps): the new orders are
   * made beside the old ones and replace them at once at the end, still stale if a write came meanwhile.
   */
  *#compactSteps(orders: FieldOrders, field: string): Steps<void> {
    const { alive, size } = this.#columns;
    const writes = this.#writes;
    const inserted = this.#inserted.length;
    const next: FieldOrders = { ...orders, stale: false, merged: inserted };
    let ascending: Uint32Array;
    if (orders.merged === inserted) {
      ascending = orders.asc.order.filter((slot) => alive[slot] === 1);
    } else {
      const added = this.#inserted.slice(orders.merged, inserted).filter((slot) => alive[slot] === 1);
      const merged = yield* mergeInsertedSteps(orders, added, this.#comparison(field), alive, size);
      ascending = merged.order;
      next.group = merged.group;
    }
    yield;
    yield* setOrdersSteps(next, ascending, size);
    next.stale = this.#writes !== writes;
    Object.assign(orders, next);
  }

  /** How `field` compares two slots: by value alone, and by value then id (the kept orders' order). */
  #comparison(field: string): Comparison {
    const columns = this.#columns;
    const { ids } = columns;
    let value: (a: number, b: number) => number;
    if (this.#kinds.get(field) === 'time') {
      value = (a, b) => columns.time(field, a) - columns.time(field, b);
    } else {
      const keys = new Map<number, string | undefined>();
      const key = (slot: number, text: string): string | undefined => {
        if (keys.has(slot)) return keys.get(slot);
        const k = collationKey(text);
        keys.set(slot, k);
        return k;
      };
      value = (a, b) => {
        const x = columns.text(field, a);
        const y = columns.text(field, b);
        return compareText(x, key(a, x), y, key(b, y));
      };
    }
    const full = (a: number, b: number): number => {
      const v = value(a, b);
      if (v !== 0) return v;
      const x = ids[a] ?? '';
      const y = ids[b] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    };
    return { value, full };
  }
}

interface Comparison {
  readonly value: (a: number, b: number) => number;
  readonly full: (a: number, b: number) => number;
}

/**
 * The live slots of `orders.asc` with `added` (live slots it does not hold) merged in, ascending, and the orders'
 * groups renumbered over the result: each added slot finds its place by binary search in the old order (whose
 * values never change: a slot's record is never rewritten), then one pass merges, skipping dead slots. Old
 * neighbours keep comparing by their old groups, so only pairs with an added slot are compared by value.
 */
function* mergeInsertedSteps(
  orders: FieldOrders,
  added: number[],
  compare: Comparison,
  alive: Uint8Array,
  size: number,
): Steps<{ order: Uint32Array; group: Uint32Array }> {
  const old = orders.asc.order;
  const oldGroup = orders.group;
  added.sort(compare.full);
  yield;
  const places = new Uint32Array(added.length);
  for (let j = 0; j < added.length; j++) {
    const slot = added[j] ?? 0;
    let lo = 0;
    let hi = old.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare.full(old[mid] ?? 0, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    places[j] = lo;
    if (j % PLACES_PER_STEP === PLACES_PER_STEP - 1) yield;
  }
  yield;
  const out = new Uint32Array(old.length + added.length);
  const group = new Uint32Array(size);
  let count = 0;
  let g = 0;
  let previous = -1;
  let previousOld = false;
  const emit = (slot: number, fromOld: boolean): void => {
    if (previous >= 0) {
      const same =
        fromOld && previousOld ? oldGroup[previous] === oldGroup[slot] : compare.value(previous, slot) === 0;
      if (!same) g++;
    }
    group[slot] = g;
    out[count++] = slot;
    previous = slot;
    previousOld = fromOld;
  };
  let j = 0;
  for (let k = 0; k <= old.length; k++) {
    while (j < added.length && places[j] === k) emit(added[j++] ?? 0, false);
    if (k === old.length) break;
    const slot = old[k] ?? 0;
    if (alive[slot] === 1) emit(slot, true);
  }
  return { order: out.slice(0, count), group };
}

/** Added slots placed by binary search between yields (each a few dozen comparisons under collation). */
const PLACES_PER_STEP = 256;

function emptyOrder(): KeptOrder {
  return { order: new Uint32Array(0), position: new Uint32Array(0) };
}

/** Entries of an order copied or indexed between yields (a plain typed-array loop: a few hundred microseconds). */
const ENTRIES_PER_STEP = 65_536;

/**
 * `setOrders` in steps: at a million users deriving both orders and their positions takes a few hundred ms. The
 * loops are plain functions run over a step's share each: V8 optimizes those, not a generator's loops.
 */
function* setOrdersSteps(orders: FieldOrders, ascending: Uint32Array, size: number): Steps<void> {
  const reversal: Reversal = {
    ascending,
    group: orders.group,
    descending: new Uint32Array(ascending.length),
    end: ascending.length,
    out: 0,
  };
  while (reversal.end > 0) {
    reverseGroups(reversal, ENTRIES_PER_STEP);
    yield;
  }
  const asc = yield* positionSteps(ascending, size);
  const desc = yield* positionSteps(reversal.descending, size);
  orders.asc = { order: ascending, position: asc };
  orders.desc = { order: reversal.descending, position: desc };
}

/** The descending order being derived from the ascending one: groups from the last, each still by id ascending. */
interface Reversal {
  readonly ascending: Uint32Array;
  readonly group: Uint32Array;
  readonly descending: Uint32Array;
  /** The groups of `ascending` before `end` are still to be copied, to `descending` from `out`. */
  end: number;
  out: number;
}

/** Copies groups of `reversal.ascending`, last first, until at least `budget` entries are copied or none are left. */
function reverseGroups(reversal: Reversal, budget: number): void {
  const { ascending, group, descending } = reversal;
  let { end, out } = reversal;
  for (let done = 0; end > 0 && done < budget;) {
    const g = group[ascending[end - 1] ?? 0];
    let start = end - 1;
    while (start > 0 && group[ascending[start - 1] ?? 0] === g) start--;
    for (let k = start; k < end; k++) descending[out++] = ascending[k] ?? 0;
    done += end - start;
    end = start;
  }
  reversal.end = end;
  reversal.out = out;
}

function* positionSteps(order: Uint32Array, size: number): Steps<Uint32Array> {
  const position = new Uint32Array(size);
  for (let from = 0; from < order.length; from += ENTRIES_PER_STEP) {
    const to = Math.min(order.length, from + ENTRIES_PER_STEP);
    for (let p = from; p < to; p++) position[order[p] ?? 0] = p;
    yield;
  }
  return position;
}

/** Each live slot's time of `field` (slots `slots[from, to)`) into `ms`, by slot. */
function copyTimes(
  columns: SortColumns,
  field: string,
  slots: Uint32Array,
  from: number,
  to: number,
  ms: Float64Array,
): void {
  for (let k = from; k < to; k++) {
    const slot = slots[k] ?? 0;
    ms[slot] = columns.time(field, slot);
  }
}

/** A pass of `SortOrders.topSteps`: the field's column and the slots kept. */
interface TopPass {
  readonly columns: SortColumns;
  readonly field: string;
  /** 1 ascending, -1 descending. */
  readonly sign: number;
  readonly top: TopSlots;
}

/**
 * Offers each live slot `from` … `to - 1` to the pass's `top`. A slot that comes after the
 * last one kept is passed over here, without a call to the order's comparator: once the first slots are kept,
 * that is nearly every slot.
 */
function offerLive(pass: TopPass, from: number, to: number): void {
  const { columns, field, sign, top } = pass;
  const { alive, ids } = columns;
  let last = top.last;
  let lastTime = last === undefined ? 0 : columns.time(field, last);
  for (let slot = from; slot < to; slot++) {
    if (alive[slot] !== 1) continue;
    const time = columns.time(field, slot);
    if (last !== undefined) {
      const d = sign * (time - lastTime);
      if (d > 0 || (d === 0 && (ids[slot] ?? '') > (ids[last] ?? ''))) continue;
    }
    top.offer(slot);
    if (top.last !== last) {
      last = top.last;
      lastTime = last === undefined ? 0 : columns.time(field, last);
    }
  }
}

/**
 * Numbers the groups of equal values along `order[from, to)` (sorted), into `group` by slot, counting on from
 * `current` (the group of `order[from - 1]`); returns the group of `order[to - 1]`.
 */
function markGroups(
  order: Uint32Array,
  from: number,
  to: number,
  same: (a: number, b: number) => boolean,
  current: number,
  group: Uint32Array,
): number {
  let g = current;
  for (let k = from; k < to; k++) {
    const slot = order[k] ?? 0;
    if (k > 0 && !same(order[k - 1] ?? 0, slot)) g++;
    group[slot] = g;
  }
  return g;
}

/**
 * Sorts distinct non-negative integer keys below `keySpace` in place and returns them. Few keys: a numeric typed
 * array sort, O(k log k). Many keys: a bitset over the key space, O(k + keySpace / 32), which is how a large match
 * set is put in a kept order without a comparison sort.
 */
export function sortUniqueKeys(keys: Float64Array, keySpace: number): Float64Array {
  const k = keys.length;
  if (k < 2) return keys;
  if (k * Math.log2(k) * 2 < keySpace / 32) return keys.sort();
  const words = new Uint32Array(Math.ceil(keySpace / 32));
  for (let j = 0; j < k; j++) {
    const key = keys[j] ?? 0;
    const w = Math.floor(key / 32);
    words[w] = (words[w] ?? 0) | (1 << (key % 32));
  }
  let out = 0;
  for (let w = 0; w < words.length; w++) {
    let bits = words[w] ?? 0;
    while (bits !== 0) {
      const low = bits & -bits;
      keys[out++] = w * 32 + (31 - Math.clz32(low));
      bits ^= low;
    }
  }
  return keys;
}
