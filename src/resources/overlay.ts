/**
 * One session's changes to one collection (docs/own-spec.md "Sessions"): the seeded records it replaced or
 * deleted, by key, and the records it created, in creation order, with their bytes counted for the state memory;
 * and its own rows matching recent list queries, kept until its next write (`written-rows.ts`).
 */
import { valueKey, type BaseCollection } from './base-collection.ts';
import type { SeedEntry } from './seed-entry.ts';
import type { ResourceRecord } from './run-list.ts';

/** What one overlay entry costs beside its JSON: the map slot, the entry object, the key. */
export const ENTRY_OVERHEAD_BYTES = 160;
/** One kept list row (`WrittenRow`: an object of three fields and its slot in an array). */
const ROW_BYTES = 48;
/** Results of the session's own rows kept until its next write, at most. */
const KEPT_RESULTS = 8;
/** An overlay that holds nothing yet. */
export const OVERLAY_BYTES = 512;

function entryBytes(entry: SeedEntry | null): number {
  return entry === null
    ? ENTRY_OVERHEAD_BYTES
    : ENTRY_OVERHEAD_BYTES + 2 * (entry.key.length + JSON.stringify(entry.record).length);
}

/** A live record the session wrote, as a list row: its place in the collection's order and its search tier. */
export interface WrittenRow {
  readonly record: ResourceRecord;
  /** Its seeded position (a replaced record), or the seeded count plus its creation ordinal. */
  readonly position: number;
  readonly tier: number;
  /** With a sort: how many seeded records (of the kept order, every parent's) the sort puts before it. */
  readonly rank: number;
}

/** The session's rows matching a query, and how many of the shared answer's seeded records it hides. */
export interface OwnMatches {
  /** The live records it wrote under the parent that match, in the answer's order. */
  readonly rows: readonly WrittenRow[];
  /** The seeded records matching the query that it replaced or deleted. */
  readonly hidden: number;
  /** Where those hidden records stand in the shared answer, ascending. */
  readonly hiddenAt: Uint32Array;
  /** For each row, the index in the shared answer of the first seeded record after it (non-decreasing). */
  readonly insertAt: Uint32Array;
}

export class Overlay {
  readonly base: BaseCollection;
  readonly changed = new Map<string, SeedEntry | null>();
  readonly added = new Map<string, SeedEntry>();
  deletedBase = 0;
  bytes = OVERLAY_BYTES;
  maxInteger: number;
  /** The session's own rows matching recent queries, by the query's key, until the next write. */
  readonly #rows = new Map<string, OwnMatches>();

  constructor(base: BaseCollection) {
    this.base = base;
    this.maxInteger = base.maxInteger;
  }

  #rowsBytes(key: string, matches: OwnMatches): number {
    return (
      2 * key.length +
      ROW_BYTES * (matches.rows.length + 1) +
      matches.hiddenAt.byteLength +
      matches.insertAt.byteLength
    );
  }

  #forgetRows(): void {
    for (const [key, rows] of this.#rows) this.bytes -= this.#rowsBytes(key, rows);
    this.#rows.clear();
  }

  /** The rows kept for the query `key` since the last write, if any. */
  keptRows(key: string): OwnMatches | undefined {
    return this.#rows.get(key);
  }

  /** Keeps `rows` for the query `key` until the next write (the oldest of KEPT_RESULTS given up), counted. */
  keepRows(key: string, rows: OwnMatches): void {
    const before = this.#rows.get(key);
    if (before !== undefined) this.bytes -= this.#rowsBytes(key, before);
    this.#rows.delete(key);
    if (this.#rows.size >= KEPT_RESULTS) {
      const [oldest] = this.#rows;
      if (oldest !== undefined) {
        this.bytes -= this.#rowsBytes(oldest[0], oldest[1]);
        this.#rows.delete(oldest[0]);
      }
    }
    this.#rows.set(key, rows);
    this.bytes += this.#rowsBytes(key, rows);
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

  put(entry: SeedEntry): void {
    this.#forgetRows();
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
    this.#forgetRows();
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
