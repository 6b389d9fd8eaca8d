/**
 * The shared, seeded records of a document's collections (docs/own-spec.md "Sessions"): frozen entries per
 * collection, built on first use, with the indexes every session reads through — by key, by parent, by the value
 * of a unique property — and the sort orders kept for sessions that have not written.
 */
import type { CollectionModel, ResourceModel } from './resource-model.ts';
import type { ResourceRecord } from './run-list.ts';
import type { SeedEntry } from './seed-entry.ts';

/** A value as the unique indexes compare it. */
export function valueKey(value: unknown): string {
  return typeof value === 'string' ? `s${value}` : `j${JSON.stringify(value)}`;
}

export class BaseCollection {
  readonly model: CollectionModel;
  readonly entries: readonly SeedEntry[];
  readonly index: ReadonlyMap<string, SeedEntry>;
  /** The largest integer id seeded (0 without any). */
  readonly maxInteger: number;
  /** Kept sort orders of the seeded records, by `property order`, shared by every session that has not written. */
  readonly orders = new Map<string, readonly ResourceRecord[]>();
  #byParent: Map<string | undefined, SeedEntry[]> | undefined;
  readonly #byValue = new Map<string, Map<string, SeedEntry[]>>();

  /** The seeded entries under `parent`, in seeded order (built on first use, shared). */
  under(parent: string | undefined): readonly SeedEntry[] {
    if (this.#byParent === undefined) {
      this.#byParent = new Map();
      for (const e of this.entries) {
        const list = this.#byParent.get(e.parent);
        if (list === undefined) this.#byParent.set(e.parent, [e]);
        else list.push(e);
      }
    }
    return this.#byParent.get(parent) ?? [];
  }

  /** The seeded entries whose `property` is `value` (by `valueKey`), from an index built on first use. */
  holding(property: string, value: string): readonly SeedEntry[] {
    let index = this.#byValue.get(property);
    if (index === undefined) {
      index = new Map();
      for (const e of this.entries) {
        const v = e.record[property];
        if (v === undefined || v === null) continue;
        const k = valueKey(v);
        const list = index.get(k);
        if (list === undefined) index.set(k, [e]);
        else list.push(e);
      }
      this.#byValue.set(property, index);
    }
    return index.get(value) ?? [];
  }

  constructor(model: CollectionModel, entries: readonly SeedEntry[]) {
    this.model = model;
    this.entries = entries;
    this.index = new Map(entries.map((e) => [e.key, e]));
    let max = 0;
    for (const e of entries) {
      const id = model.id.property === undefined ? undefined : e.record[model.id.property];
      if (typeof id === 'number' && id > max) max = id;
    }
    this.maxInteger = max;
  }
}

/** The shared, seeded records of a document's collections, each built on first use. */
export class ResourceBase {
  readonly model: ResourceModel;
  readonly #entries: (name: string) => readonly SeedEntry[];
  readonly #collections = new Map<string, BaseCollection>();

  /** `entries` gives a collection's seeded entries (`ResourceSeeder.entries`), asked once per collection. */
  constructor(model: ResourceModel, entries: (name: string) => readonly SeedEntry[]) {
    this.model = model;
    this.#entries = entries;
  }

  collection(name: string): BaseCollection {
    let found = this.#collections.get(name);
    if (found === undefined) {
      const model = this.model.collections.find((c) => c.name === name);
      if (model === undefined) throw new Error(`the document has no collection ${name}`);
      found = new BaseCollection(model, this.#entries(name));
      this.#collections.set(name, found);
    }
    return found;
  }
}
