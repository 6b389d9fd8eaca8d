/**
 * One session's changes to one collection (docs/own-spec.md "Sessions"): the seeded records it replaced or
 * deleted, by key, and the records it created, in creation order, with their bytes counted for the state memory;
 * and the session's sorted order, merged from the shared seeded order and its writes.
 */
import { valueKey, type BaseCollection } from './base-collection.ts';
import type { CollectionModel } from './resource-model.ts';
import type { ListQuery } from './list-query.ts';
import { compareRecords, type ResourceRecord } from './run-list.ts';
import type { SeedEntry } from './seed.ts';

/** What one overlay entry costs beside its JSON: the map slot, the entry object, the key. */
const ENTRY_OVERHEAD_BYTES = 160;
/** One slot of a kept sort order (a reference in an array). */
const ORDER_SLOT_BYTES = 8;
/** An overlay that holds nothing yet. */
const OVERLAY_BYTES = 512;

function entryBytes(entry: SeedEntry | null): number {
  return entry === null
    ? ENTRY_OVERHEAD_BYTES
    : ENTRY_OVERHEAD_BYTES + 2 * (entry.key.length + JSON.stringify(entry.record).length);
}

export class Overlay {
  readonly base: BaseCollection;
  readonly changed = new Map<string, SeedEntry | null>();
  readonly added = new Map<string, SeedEntry>();
  deletedBase = 0;
  bytes = OVERLAY_BYTES;
  maxInteger: number;
  /** The last sort order asked for over this overlay's records, until the next write. */
  order: { readonly key: string; readonly records: readonly ResourceRecord[] } | undefined;

  constructor(base: BaseCollection) {
    this.base = base;
    this.maxInteger = base.maxInteger;
  }

  #forgetOrder(): void {
    if (this.order !== undefined) this.bytes -= ORDER_SLOT_BYTES * this.order.records.length;
    this.order = undefined;
  }

  /** Keeps `records` as the order for `key`, counted in the overlay's bytes. */
  keepOrder(key: string, records: readonly ResourceRecord[]): void {
    this.#forgetOrder();
    this.order = { key, records };
    this.bytes += ORDER_SLOT_BYTES * records.length;
  }

  get size(): number {
    return this.base.entries.length - this.deletedBase + this.added.size;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get(key: string): SeedEntry | undefined {
    const added = this.added.get(key);
    if (added !== undefined) return added;
    const changed = this.changed.get(key);
    if (changed !== undefined) return changed ?? undefined;
    return this.base.index.get(key);
  }

  /** The entries this session wrote (replaced or created), live. */
  *written(): Generator<SeedEntry> {
    for (const e of this.changed.values()) if (e !== null) yield e;
    yield* this.added.values();
  }

  /** The live entries under `parent`, in the collection's order. */
  *under(parent: string | undefined): Generator<SeedEntry> {
    for (const entry of this.base.under(parent)) {
      const changed = this.changed.get(entry.key);
      if (changed === null) continue;
      yield changed ?? entry;
    }
    for (const e of this.added.values()) if (e.parent === parent) yield e;
  }

  /** The live entries whose `property` has `value`: the seeded ones this session left alone, and its own. */
  *holding(property: string, value: unknown): Generator<SeedEntry> {
    const key = valueKey(value);
    for (const e of this.base.holding(property, key)) if (!this.changed.has(e.key)) yield e;
    for (const e of this.written()) {
      const v = e.record[property];
      if (v !== undefined && v !== null && valueKey(v) === key) yield e;
    }
  }

  *live(): Generator<SeedEntry> {
    for (const entry of this.base.entries) {
      const changed = this.changed.get(entry.key);
      if (changed === null) continue;
      yield changed ?? entry;
    }
    yield* this.added.values();
  }

  put(entry: SeedEntry): void {
    this.#forgetOrder();
    if (this.base.index.has(entry.key)) {
      const before = this.changed.get(entry.key);
      if (before !== undefined) this.bytes -= entryBytes(before);
      if (before === null) this.deletedBase--;
      this.changed.set(entry.key, entry);
    } else {
      const before = this.added.get(entry.key);
      if (before !== undefined) this.bytes -= entryBytes(before);
      this.added.set(entry.key, entry);
    }
    this.bytes += entryBytes(entry);
  }

  remove(key: string): void {
    this.#forgetOrder();
    if (this.base.index.has(key)) {
      const before = this.changed.get(key);
      if (before === null) return;
      if (before !== undefined) this.bytes -= entryBytes(before);
      this.changed.set(key, null);
      this.deletedBase++;
      this.bytes += entryBytes(null);
    } else {
      const before = this.added.get(key);
      if (before === undefined) return;
      this.bytes -= entryBytes(before);
      this.added.delete(key);
    }
  }
}

/**
 * The seeded order with a session's writes applied: its replaced and deleted seeded records taken out, its own
 * records put in where the order places them. Linear in the collection for a few writes, where sorting afresh
 * compares every record again.
 */
export function mergeWrites(
  seeded: readonly ResourceRecord[],
  overlay: Overlay,
  parent: string | undefined,
  sort: NonNullable<ListQuery['sort']>,
  model: CollectionModel,
): ResourceRecord[] {
  const dropped = new Set<ResourceRecord>();
  for (const key of overlay.changed.keys()) {
    const entry = overlay.base.index.get(key);
    if (entry !== undefined) dropped.add(entry.record);
  }
  const order = dropped.size === 0 ? seeded.slice() : seeded.filter((r) => !dropped.has(r));
  for (const entry of overlay.written()) {
    if (entry.parent !== parent) continue;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const probe = order[mid];
      if (probe !== undefined && compareRecords(probe, entry.record, sort, model.listShape) <= 0)
        lo = mid + 1;
      else hi = mid;
    }
    order.splice(lo, 0, entry.record);
  }
  return order;
}

/**
 * `overlay`'s writes over `base`, the same collection of a reloaded document (docs/own-spec.md "Live reload"): the
 * records it wrote that `accepts` still takes (the others counted as dropped), and its deletions of the seeded
 * records that `base` still has.
 */
export function rebaseOverlay(
  overlay: Overlay,
  base: BaseCollection,
  accepts: (record: ResourceRecord) => boolean,
): { readonly overlay: Overlay; readonly dropped: number } {
  const next = new Overlay(base);
  let dropped = 0;
  for (const [key, entry] of overlay.changed) if (entry === null && base.index.has(key)) next.remove(key);
  for (const entry of overlay.written()) {
    if (accepts(entry.record)) next.put(entry);
    else dropped++;
  }
  next.maxInteger = Math.max(next.maxInteger, overlay.maxInteger);
  return { overlay: next, dropped };
}
