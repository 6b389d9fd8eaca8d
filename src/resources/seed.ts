/**
 * The seeded records of every collection (docs/own-spec.md "Seeding"): `x-mock-count` records each (default 20;
 * per parent record for a nested collection, at most `x-mock-max` in all), generated from the item schema, the
 * same for the same seed. Each collection draws from its own randomizer (seeded by the seed and its name), so
 * adding a collection to a document leaves the others' records as they were. Ids come first, for every
 * collection, so that references by name (`workspace_id`, `created_by`) can point at any collection's records.
 * `loadFaker()` (src/data/faker.ts) must have been awaited before, as for the users.
 */
import { Faker, base, en, generateMersenne53Randomizer } from '../data/faker.ts';
import { generateObject, generateValue, type GenerateContext } from './generate-value.ts';
import type { CollectionModel, ResourceModel } from './resource-model.ts';
import type { ResourceRecord } from './run-list.ts';
import type { SchemaReader } from './schema.ts';
import type { SeedEntry } from './seed-entry.ts';

export interface SeedOptions {
  readonly seed: number;
  /** Ids of the users store, for `created_by`, `updated_by`, `user_id`, `owner_id` when no `users` collection is inferred. */
  readonly userIds?: readonly string[];
  /** The collection that is the users store's (`users-store.ts`): its ids are `userIds`, and it is not seeded. */
  readonly storeUsers?: string | undefined;
  /** Ids of the built-in workspaces, for `workspace_id` when no `workspaces` collection is inferred. */
  readonly workspaceIds?: readonly string[];
  /** Records given for a collection by name (`--fixtures`), seeded as they are instead of generated. */
  readonly fixtures?: ReadonlyMap<string, readonly ResourceRecord[]>;
}

const USER_REFERENCES = new Set([
  'created_by',
  'updated_by',
  'user_id',
  'owner_id',
  'author_id',
  'createdBy',
  'updatedBy',
  'userId',
  'ownerId',
]);

/** A 31-bit seed for the randomizer of `name` under `seed` (FNV-1a of the name, mixed with the seed). */
export function seedFor(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0) ^ Math.floor(seed / 2 ** 32);
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}

/** A Faker instance of its own for `name` under `seed`. */
export function fakerFor(seed: number, name: string): Faker {
  return new Faker({ locale: [en, base], randomizer: generateMersenne53Randomizer(seedFor(seed, name)) });
}

function keyOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Draws of an id or `x-unique` value taken already before a suffix makes it unique. */
const REDRAWS = 20;

interface Planned {
  readonly ids: (string | number)[];
  readonly parents: (string | undefined)[];
}

function planIds(
  model: CollectionModel,
  parentKeys: readonly (string | undefined)[],
  faker: Faker,
  reader: SchemaReader,
): Planned {
  const ids: (string | number)[] = [];
  const parents: (string | undefined)[] = [];
  const seen = new Set<string>();
  const idSchema = model.id.property === undefined ? undefined : model.properties.get(model.id.property);
  const ctx: GenerateContext = { faker, reader, subject: model.singular, reference: () => undefined };
  for (const parent of parentKeys) {
    for (let n = 0; n < model.count && ids.length < model.max; n++) {
      let id: string | number;
      if (model.id.kind === 'integer') id = ids.length + 1;
      else if (model.id.kind === 'uuid' || idSchema === undefined) id = faker.string.uuid();
      else {
        // Drawn again on a collision, so that the id still matches its schema (a pattern, a format); a suffix only
        // when the schema's values run out.
        id = faker.string.uuid();
        for (let attempt = 0; attempt < REDRAWS; attempt++) {
          const drawn = generateValue(idSchema, model.id.property, ctx);
          id = typeof drawn === 'string' || typeof drawn === 'number' ? drawn : faker.string.uuid();
          if (!seen.has(keyOf(id))) break;
        }
        if (seen.has(keyOf(id))) id = `${String(id)}-${ids.length + 1}`;
      }
      seen.add(keyOf(id));
      ids.push(id);
      parents.push(parent);
    }
  }
  return { ids, parents };
}

/**
 * The seeded entries of a document's collections, each generated on first use: the ids of every collection are
 * planned at once (cheap, and what references need), a collection's records when it is first read. Each
 * collection's records depend only on the seed, its name and the planned ids, so the order of first use changes
 * nothing.
 */
export class ResourceSeeder {
  readonly #model: ResourceModel;
  readonly #reader: SchemaReader;
  readonly #options: SeedOptions;
  readonly #planned = new Map<string, Planned>();
  readonly #seeded = new Map<string, readonly SeedEntry[]>();
  readonly #bySingular: ReadonlyMap<string, string>;

  constructor(model: ResourceModel, reader: SchemaReader, options: SeedOptions) {
    this.#model = model;
    this.#reader = reader;
    this.#options = options;
    this.#bySingular = new Map(model.collections.map((c) => [c.code, c.name]));
    for (const c of model.collections) {
      if (c.name === options.storeUsers && options.userIds !== undefined) {
        // The users collection is the users store: references to users name the store's users.
        this.#planned.set(c.name, {
          ids: [...options.userIds],
          parents: options.userIds.map(() => undefined),
        });
        continue;
      }
      const given = options.fixtures?.get(c.name);
      if (given !== undefined) {
        const prop = c.id.property ?? 'id';
        const parentProp = c.parent?.property;
        this.#planned.set(c.name, {
          ids: given.map((r, i) => {
            const id = r[prop];
            return typeof id === 'string' || typeof id === 'number' ? id : i + 1;
          }),
          parents: given.map((r) =>
            parentProp !== undefined && r[parentProp] !== undefined ? keyOf(r[parentProp]) : undefined,
          ),
        });
        continue;
      }
      const parentKeys =
        c.parent === undefined ? [undefined] : (this.#planned.get(c.parent.collection)?.ids ?? []).map(keyOf);
      this.#planned.set(c.name, planIds(c, parentKeys, fakerFor(options.seed, `${c.name}#ids`), reader));
    }
  }

  /** The ids planned for collection `name` (every parent's), in seeding order. */
  plannedIds(name: string): readonly (string | number)[] {
    return this.#planned.get(name)?.ids ?? [];
  }

  /** The seeded entries of collection `name` (generated on the first call, the same array after). */
  entries(name: string): readonly SeedEntry[] {
    let entries = this.#seeded.get(name);
    if (entries === undefined) {
      entries = this.#generate(name);
      this.#seeded.set(name, entries);
    }
    return entries;
  }

  #generate(name: string): SeedEntry[] {
    const c = this.#model.collections.find((m) => m.name === name);
    if (c === undefined) throw new Error(`the document has no collection ${name}`);
    const options = this.#options;
    const plan = this.#planned.get(c.name) ?? { ids: [], parents: [] };
    const given = options.fixtures?.get(c.name);
    if (given !== undefined) {
      return given.map((record, i) => ({ key: keyOf(plan.ids[i]), parent: plan.parents[i], record }));
    }
    const faker = fakerFor(options.seed, c.name);
    const pickFrom = (ids: readonly (string | number)[] | undefined): string | number | undefined =>
      ids === undefined || ids.length === 0 ? undefined : faker.helpers.arrayElement(ids);
    const users = this.#planned.get('users')?.ids;
    const workspaces = this.#planned.get('workspaces')?.ids;
    const entries: SeedEntry[] = [];
    const uniqueSeen = new Map(c.unique.map((u) => [u, new Set<string>()]));
    for (const [i, id] of plan.ids.entries()) {
      const parent = plan.parents[i];
      const reference = (property: string): string | number | undefined => {
        if (property === c.parent?.property) return parent;
        if (USER_REFERENCES.has(property)) return pickFrom(users ?? options.userIds);
        if (property === 'workspace_id' || property === 'workspaceId')
          return pickFrom(workspaces ?? options.workspaceIds);
        const match = /^(.+?)(?:_id|Id)$/.exec(property);
        const target = match?.[1] === undefined ? undefined : this.#bySingular.get(match[1]);
        return target === undefined || target === c.name
          ? undefined
          : pickFrom(this.#planned.get(target)?.ids);
      };
      const ctx: GenerateContext = { faker, reader: this.#reader, subject: c.singular, reference };
      const record = generateObject(c.schema, ctx);
      if (c.id.property !== undefined) record[c.id.property] = id;
      for (const [property, seen] of uniqueSeen) {
        const value = record[property];
        if (value === undefined) continue;
        const schema = c.properties.get(property);
        for (
          let attempt = 0;
          attempt < REDRAWS && schema !== undefined && seen.has(keyOf(record[property]));
          attempt++
        )
          record[property] = generateValue(schema, property, ctx);
        if (seen.has(keyOf(record[property]))) {
          record[property] =
            typeof value === 'string'
              ? `${value}-${i + 1}`
              : typeof value === 'number'
                ? value + i + 1
                : value;
        }
        seen.add(keyOf(record[property]));
      }
      entries.push({ key: keyOf(id), parent, record: Object.freeze(record) });
    }
    return entries;
  }
}
