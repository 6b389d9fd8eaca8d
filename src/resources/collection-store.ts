/**
 * The records of every inferred collection (docs/own-spec.md "Sessions"): one shared, frozen base seeded at start
 * (`ResourceBase`), and per session a copy-on-write overlay (`SessionResources`) holding only what the session
 * changed — replaced and deleted base records by key, created records in creation order — so an untouched session
 * costs nothing and every session answers as if it had its own copy. Each overlay counts its bytes
 * (`stateBytes`, for the state memory of docs/sessions.md "Memory") and each collection is bounded per session
 * (`x-mock-max`, 409 `collection_full`).
 */
import { valueKey, type ResourceBase } from './base-collection.ts';
import type { CollectionModel } from './resource-model.ts';
import type { ListQuery } from './list-query.ts';
import { resultKey } from './base-queries.ts';
import { Overlay, rebaseOverlay } from './overlay.ts';
import type { RecordCheck } from './record-check.ts';
import { recordNotFound } from './resource-errors.ts';
import type { ListResult, ResourceRecord } from './run-list.ts';
import { mergedPage } from './written-rows.ts';
import type { SeedEntry } from './seed-entry.ts';
import {
  buildCreated,
  buildPatched,
  buildReplaced,
  type Caller,
  type WriteContext,
} from './record-writes.ts';

/** What a session's writes need: its clock and a seeded random source (for uuids). */
export interface SessionOptions {
  /** The session clock's now, as an RFC 3339 timestamp. */
  readonly now: () => string;
  /** A uniform draw in [0, 1) from the session's seeded randomizer. */
  readonly random: () => number;
}

export type { Caller } from './record-writes.ts';

/** One session's view of the collections: reads through to the base until it writes. */
export class SessionResources {
  readonly #base: ResourceBase;
  readonly #options: SessionOptions;
  readonly #overlays = new Map<string, Overlay>();

  constructor(base: ResourceBase, options: SessionOptions) {
    this.#base = base;
    this.#options = options;
  }

  /** The session's seeded random source (what its writes draw uuids from). */
  get random(): () => number {
    return this.#options.random;
  }

  #overlay(name: string): Overlay {
    let overlay = this.#overlays.get(name);
    if (overlay === undefined) {
      overlay = new Overlay(this.#base.collection(name));
      this.#overlays.set(name, overlay);
    }
    return overlay;
  }

  /** The live entries of `name` under `parent` (every entry for a top-level collection). */
  *#entries(name: string, parent: string | undefined): Generator<SeedEntry> {
    const overlay = this.#overlays.get(name);
    if (overlay !== undefined) yield* overlay.under(parent);
    else yield* this.#base.collection(name).under(parent);
  }

  /** The entry of `name` under `parent` that `value` names by the collection's id rule, or 404. */
  #find(model: CollectionModel, parent: string | undefined, value: string): SeedEntry {
    const overlay = this.#overlays.get(model.name);
    const direct =
      overlay === undefined ? this.#base.collection(model.name).index.get(value) : overlay.get(value);
    if (direct !== undefined && direct.parent === parent) return direct;
    const [, ...others] = model.id.matches;
    if (others.length > 0) {
      for (const entry of this.#entries(model.name, parent)) {
        if (others.some((p) => String(entry.record[p]) === value)) return entry;
      }
    }
    throw recordNotFound(
      model.singular,
      model.code,
      model.id.matches.length > 0 ? model.id.matches : ['id'],
      value,
    );
  }

  /** The key of the direct parent record that `scope` (the parents' path values, outermost first) names. */
  #parentKey(model: CollectionModel, scope: readonly string[]): string | undefined {
    const chain: CollectionModel[] = [];
    for (let c = model; c.parent !== undefined;) {
      const parent = this.#base.model.collections.find((m) => m.name === c.parent?.collection);
      if (parent === undefined) break;
      chain.unshift(parent);
      c = parent;
    }
    let key: string | undefined;
    for (const [i, parent] of chain.entries()) key = this.#find(parent, key, scope[i] ?? '').key;
    return key;
  }

  /** `record` as answers show it (write-only properties left out; kept for the seeded records). */
  #shown(model: CollectionModel, record: ResourceRecord): ResourceRecord {
    return this.#base.collection(model.name).shown(record);
  }

  /**
   * The JSON text of `items` of `name` (a page `list`, `read` or a write gave): the seeded records' text is made
   * once and kept with the shared base, as the users' is (`users/json-slab.ts`).
   */
  itemsJson(name: string, items: readonly ResourceRecord[]): string {
    return this.#base.collection(name).json(items);
  }

  #model(name: string): CollectionModel {
    return this.#base.collection(name).model;
  }

  #context(model: CollectionModel, parent: string | undefined, caller: Caller): WriteContext {
    return {
      model,
      now: this.#options.now(),
      caller,
      random: this.#options.random,
      parentId: parent === undefined ? undefined : this.#parentIdValue(model, parent),
      holding: (property, value) => this.#holding(model.name, property, value),
    };
  }

  #holding(name: string, property: string, value: unknown): Iterable<SeedEntry> {
    const overlay = this.#overlays.get(name);
    return overlay !== undefined
      ? overlay.holding(property, value)
      : this.#base.collection(name).holding(property, valueKey(value));
  }

  #parentIdValue(model: CollectionModel, parentKey: string): unknown {
    const parentName = model.parent?.collection;
    if (parentName === undefined) return parentKey;
    const parentModel = this.#model(parentName);
    const entry =
      this.#overlays.get(parentName)?.get(parentKey) ??
      this.#base.collection(parentName).index.get(parentKey);
    return parentModel.id.property === undefined ? parentKey : entry?.record[parentModel.id.property];
  }

  /** Records the session holds in `name` (every parent's). */
  count(name: string): number {
    return this.#overlays.get(name)?.size ?? this.#base.collection(name).entries.length;
  }

  /**
   * A page of `name`'s records under the parents `scope` names: the shared answer over the seeded records
   * (`BaseQueries`, cached by the query), merged with this session's writes when it has any.
   */
  list(name: string, scope: readonly string[], query: ListQuery): ListResult {
    const model = this.#model(name);
    const parent = this.#parentKey(model, scope);
    const base = this.#base.collection(name);
    const key = resultKey(parent, query);
    const seeded = base.queries.result(parent, query, key);
    const overlay = this.#overlays.get(name);
    if (overlay !== undefined) {
      const page = mergedPage(seeded, overlay, parent, query, model.listShape, key);
      return { items: page.items.map((r) => base.shown(r)), total: page.total };
    }
    const { positions } = seeded;
    const end = Math.min(positions.length, query.offset + query.limit);
    const items: ResourceRecord[] = [];
    for (let k = query.offset; k < end; k++) {
      const entry = base.entries[positions[k] ?? 0];
      if (entry !== undefined) items.push(base.shown(entry.record));
    }
    return { items, total: positions.length };
  }

  read(name: string, scope: readonly string[], value: string): ResourceRecord {
    const model = this.#model(name);
    return this.#shown(model, this.#find(model, this.#parentKey(model, scope), value).record);
  }

  create(name: string, scope: readonly string[], body: unknown, caller: Caller): ResourceRecord {
    const model = this.#model(name);
    const parent = this.#parentKey(model, scope);
    const overlay = this.#overlay(name);
    const entry = buildCreated(this.#context(model, parent, caller), overlay, body, parent);
    overlay.put(entry);
    return this.#shown(model, entry.record);
  }

  replace(
    name: string,
    scope: readonly string[],
    value: string,
    body: unknown,
    caller: Caller,
  ): ResourceRecord {
    const model = this.#model(name);
    const parent = this.#parentKey(model, scope);
    const before = this.#find(model, parent, value);
    const entry = buildReplaced(this.#context(model, parent, caller), before, body);
    this.#overlay(name).put(entry);
    return this.#shown(model, entry.record);
  }

  patch(
    name: string,
    scope: readonly string[],
    value: string,
    patch: unknown,
    caller: Caller,
  ): ResourceRecord {
    const model = this.#model(name);
    const parent = this.#parentKey(model, scope);
    const before = this.#find(model, parent, value);
    const entry = buildPatched(this.#context(model, parent, caller), before, patch);
    this.#overlay(name).put(entry);
    return this.#shown(model, entry.record);
  }

  /** Deletes the record and, in every collection nested under this one, its children (recursively). */
  delete(name: string, scope: readonly string[], value: string): void {
    const model = this.#model(name);
    const entry = this.#find(model, this.#parentKey(model, scope), value);
    this.#removeWithChildren(model, entry.key);
  }

  #removeWithChildren(model: CollectionModel, key: string): void {
    this.#overlay(model.name).remove(key);
    for (const child of this.#base.model.collections) {
      if (child.parent?.collection !== model.name) continue;
      const keys = [...this.#entries(child.name, key)].map((e) => e.key);
      for (const childKey of keys) this.#removeWithChildren(child, childKey);
    }
  }

  /**
   * This session's writes over `base`, a reloaded document's collections (docs/own-spec.md "Live reload"): the
   * records `accepts` still takes in the collections `base` still has; the others counted, by collection.
   */
  rebase(
    base: ResourceBase,
    accepts: RecordCheck,
  ): { resources: SessionResources; dropped: Map<string, number> } {
    const resources = new SessionResources(base, this.#options);
    const dropped = new Map<string, number>();
    for (const [name, overlay] of this.#overlays) {
      const model = base.model.collections.find((c) => c.name === name);
      const moved =
        model === undefined
          ? { dropped: [...overlay.written()].length }
          : rebaseOverlay(overlay, base.collection(name), (record) => accepts(model, record));
      if ('overlay' in moved) resources.#overlays.set(name, moved.overlay);
      if (moved.dropped > 0) dropped.set(name, moved.dropped);
    }
    // A record whose parent did not stay goes with it, as deleting a parent deletes its children (parents first).
    for (const model of base.model.collections) {
      const parent = model.parent?.collection;
      const overlay = resources.#overlays.get(model.name);
      if (parent === undefined || overlay === undefined) continue;
      const parents = resources.#overlays.get(parent) ?? base.collection(parent).index;
      for (const entry of [...overlay.written()]) {
        if (entry.parent === undefined || parents.get(entry.parent) !== undefined) continue;
        overlay.remove(entry.key);
        dropped.set(model.name, (dropped.get(model.name) ?? 0) + 1);
      }
    }
    return { resources, dropped };
  }

  /** Bytes this session's writes hold (the base is shared and not counted). */
  stateBytes(): number {
    let total = 0;
    for (const overlay of this.#overlays.values()) total += overlay.bytes;
    return total;
  }
}
