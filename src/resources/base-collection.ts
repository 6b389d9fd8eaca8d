/**
 * The shared, seeded records of a document's collections (docs/own-spec.md "Sessions"): frozen entries per
 * collection, built on first use, with the indexes every session reads through — by key, by parent, by the value
 * of a unique property — and the list queries' indexes and cached results (`base-queries.ts`).
 */
import type { Steps } from '../data/sliced-work.ts';
import { BaseQueries, valueKey } from './base-queries.ts';
import type { CollectionModel, ResourceModel } from './resource-model.ts';
import type { ResourceRecord } from './run-list.ts';
import type { SeedEntry } from './seed-entry.ts';

export { valueKey } from './base-queries.ts';

export class BaseCollection {
  readonly model: CollectionModel;
  readonly entries: readonly SeedEntry[];
  readonly index: ReadonlyMap<string, SeedEntry>;
  /** The largest integer id seeded (0 without any). */
  readonly maxInteger: number;
  /** The list queries' indexes and results over the seeded records, shared by every session. */
  readonly queries: BaseQueries;
  readonly #positions = new Map<string, number>();
  /** Seeded records as answers show them (write-only properties left out), and their JSON, made on first use. */
  readonly #shown = new WeakMap<ResourceRecord, ResourceRecord>();
  readonly #shownSeeded = new WeakSet<ResourceRecord>();
  readonly #json = new WeakMap<ResourceRecord, string>();
  #seeded: WeakSet<ResourceRecord> | undefined;
  #byParent: Map<string | undefined, SeedEntry[]> | undefined;
  readonly #byValue = new Map<string, Map<string, SeedEntry[]>>();

  /**
   * `record` as answers show it: write-only properties (a password) left out. Kept for the seeded records, so
   * their JSON (`json`) is made once for every session.
   */
  shown(record: ResourceRecord): ResourceRecord {
    const writeOnly = this.model.writeOnly;
    if (writeOnly.length === 0) return record;
    const kept = this.#shown.get(record);
    if (kept !== undefined) return kept;
    const shown: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (!writeOnly.includes(k)) shown[k] = v;
    if (this.#isSeeded(record)) {
      Object.freeze(shown);
      this.#shown.set(record, shown);
      this.#shownSeeded.add(shown);
    }
    return shown;
  }

  /** The JSON text of records as `shown` gives them: kept for the seeded ones, made afresh for a session's own. */
  json(records: readonly ResourceRecord[]): string {
    let out = '[';
    for (const [k, record] of records.entries()) {
      let text = this.#json.get(record);
      if (text === undefined) {
        text = JSON.stringify(record);
        if (this.#shownSeeded.has(record) || this.#isSeeded(record)) this.#json.set(record, text);
      }
      out += k === 0 ? text : `,${text}`;
    }
    return `${out}]`;
  }

  #isSeeded(record: ResourceRecord): boolean {
    this.#seeded ??= new WeakSet(this.entries.map((e) => e.record));
    return this.#seeded.has(record);
  }

  /** The position of the seeded entry `key` in `entries`. */
  positionOf(key: string): number | undefined {
    return this.#positions.get(key);
  }

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
    entries.forEach((e, i) => this.#positions.set(e.key, i));
    this.queries = new BaseQueries(entries, model.listShape);
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

  /**
   * Builds every collection's list indexes and kept orders ahead, in steps (`data/sliced-work.ts`): a server
   * runs it in slices after start, as it prepares the users' base, so that the first queries find them built.
   */
  *prepare(): Steps<void> {
    for (const model of this.model.collections) {
      const plan = model.list;
      if (plan === undefined) continue;
      const collection = this.collection(model.name);
      yield;
      const roles = new Set([...plan.params.values()].map((role) => role.kind));
      const sorts = roles.has('sort_by') ? model.sortable : [];
      const orders = new Set([...sorts, ...(plan.defaultSortBy === undefined ? [] : [plan.defaultSortBy])]);
      yield* collection.queries.prepareSteps(orders, roles.has('search'));
    }
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
