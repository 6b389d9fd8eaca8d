/**
 * The immutable part of a dataset's user store: records by slot, columns the query engine scans (typed arrays),
 * lookups, the search index, the serialised JSON of each user, the initial workspace memberships and the sort orders
 * of every user. Built once per dataset and shared by every store over it (`UserStore`): a store only adds what its
 * own writes change, so a new isolated store over a large dataset costs next to nothing.
 */
import type { Dataset, Workspace } from '../data/dataset.ts';
import type { SortField, User } from '../spec/types.ts';
import { runInSlices, runToEnd, STEP_UNITS, type Steps } from '../data/sliced-work.ts';
import { ShardedMap, type Lookup } from '../data/sharded-map.ts';
import { ByteBudget, JsonSlab } from './json-slab.ts';
import { memberSlotsOf, userTimesOf } from '../data/kept-columns.ts';
import { Memberships } from '../workspaces/memberships.ts';
import { fold } from './collation.ts';
import { SearchDocs, UserSearch } from './search.ts';
import { SortOrders, type SortColumns, type SortKind } from './sort.ts';

export interface StoreOptions {
  /** Sortable fields and how each compares (from the spec: `sort_by`'s enum and the User schema's formats). */
  readonly sortKinds: ReadonlyMap<SortField, SortKind>;
  /** The field lists sort by when they name none: its orders are prepared first. */
  readonly defaultSort?: SortField;
  /** Bytes of users' JSON the base keeps (JSON_CACHE_BYTES unless given). */
  readonly jsonCacheBytes?: number;
}

/**
 * Bytes of users' JSON a base keeps (`json`): about 50 000 users' worth. Listing every page of 100 000 users kept
 * all of them before, 35 MB of the 323 MB the process held after the bench's load.
 */
const JSON_CACHE_BYTES = 16 * 1024 * 1024;

type CreatorIndex = Readonly<Record<'created_by' | 'updated_by', ReadonlyMap<string, number[]>>>;

export class UserBase {
  /** Records by slot. */
  readonly users: readonly User[];
  readonly workspaces: readonly Workspace[];
  /** Every slot alive: what a store reads until its first deletion (never written). */
  readonly allAlive: Uint8Array;
  readonly createdMs: Float64Array;
  readonly updatedMs: Float64Array;
  /** Code of each slot's `user_type` / `status` (see `typeCodeOf`). */
  readonly typeCode: Uint8Array;
  readonly statusCode: Uint8Array;
  /** The memberships of the dataset (never written: a store that deletes copies them). */
  readonly memberships: Memberships;
  /** Kept orders of every user (a store that deletes derives compacted ones from them). */
  readonly orders: SortOrders;
  readonly sortKinds: ReadonlyMap<SortField, SortKind>;
  readonly #defaultSort: SortField | undefined;
  readonly bySlotId = new ShardedMap<number>();
  readonly #typeCodes = new Map<string, number>();
  readonly #statusCodes = new Map<string, number>();
  // Built by `prepare` (in steps), or on first use in a base nobody prepared (small data, the synchronous API).
  #byIdentifier: Lookup<number> | undefined;
  #byEmail: Lookup<number> | undefined;
  #byCreator: CreatorIndex | undefined;
  #search: UserSearch | undefined;
  #ids: readonly string[] | undefined;
  #prepared = false;
  #preparing: Promise<void> | undefined;
  readonly #waiters: (() => void)[] = [];
  /**
   * JSON of each user, per set of hidden fields, serialized on first use: pages are joined, not stringified. The
   * slabs share JSON_CACHE_BYTES; users past it are serialized for each page that lists them.
   */
  readonly #json = new Map<string, JsonSlab>();
  readonly #jsonBudget: ByteBudget;

  /**
   * Builds the base at once. `UserBase.build` builds the same base in steps (`data/sliced-work.ts`); `deferred` is its
   * way in: the columns are allocated here and filled by its steps.
   */
  constructor(dataset: Pick<Dataset, 'users' | 'workspaces'>, options: StoreOptions, deferred = false) {
    const users = dataset.users;
    const n = users.length;
    this.users = users;
    this.workspaces = dataset.workspaces;
    this.sortKinds = options.sortKinds;
    this.#defaultSort = options.defaultSort;
    this.#jsonBudget = new ByteBudget(options.jsonCacheBytes ?? JSON_CACHE_BYTES);
    this.allAlive = new Uint8Array(n).fill(1);
    // Times that seeding kept are taken as they are (nothing writes a base's columns after its fill).
    const times = userTimesOf(users);
    this.createdMs = times?.createdMs ?? new Float64Array(n);
    this.updatedMs = times?.updatedMs ?? new Float64Array(n);
    this.typeCode = new Uint8Array(n);
    this.statusCode = new Uint8Array(n);
    this.memberships = new Memberships(
      dataset.workspaces,
      this.bySlotId,
      n,
      true,
      memberSlotsOf(dataset.workspaces, users),
    );
    if (!deferred) runToEnd(this.#fill());
    this.orders = new SortOrders(this.sortColumns(this.allAlive), options.sortKinds);
  }

  /** Builds a base in steps of a few thousand users (`data/sliced-work.ts`). */
  static *build(dataset: Pick<Dataset, 'users' | 'workspaces'>, options: StoreOptions): Steps<UserBase> {
    const base = new UserBase(dataset, options, true);
    yield* base.#fill();
    return base;
  }

  /** Fills the columns and lookups from the records (the times too, unless seeding kept them), then the memberships. */
  *#fill(): Steps<void> {
    const { users } = this;
    const times = userTimesOf(users);
    // A plain method over a step's share of the users: V8 optimizes that, not a generator's loop.
    for (let from = 0; from < users.length; from += STEP_UNITS) {
      this.#fillColumns(from, Math.min(users.length, from + STEP_UNITS), times === undefined);
      yield;
    }
    yield* this.memberships.fill();
  }

  /** Fills the lookup by id and the columns of slots `from` … `to - 1`, their times too when `parseTimes`. */
  #fillColumns(from: number, to: number, parseTimes: boolean): void {
    const { users } = this;
    for (let i = from; i < to; i++) {
      const user = users[i];
      if (user === undefined) continue;
      this.bySlotId.set(lowerCase(user.id), i);
      if (parseTimes) {
        this.createdMs[i] = Date.parse(user.created_at);
        this.updatedMs[i] = Date.parse(user.updated_at);
      }
      this.typeCode[i] = code(this.#typeCodes, user.user_type);
      this.statusCode[i] = code(this.#statusCodes, user.status);
    }
  }

  /** The id of each slot (the kept orders' tie-break). */
  idsBySlot(): readonly string[] {
    this.#ids ??= this.users.map((u) => u.id);
    return this.#ids;
  }

  /** A copy of the codes of `user_type` (or `status`) values, for a store that appends users to extend. */
  codes(field: 'user_type' | 'status'): Map<string, number> {
    return new Map(field === 'user_type' ? this.#typeCodes : this.#statusCodes);
  }

  /** The columns the kept orders read, with `alive` as the live mask. */
  sortColumns(alive: Uint8Array): SortColumns {
    const { users, createdMs, updatedMs } = this;
    this.#ids ??= users.map((u) => u.id);
    return {
      size: users.length,
      alive,
      ids: this.#ids,
      text: (field, i) => textField(users[i], field),
      time: (field, i) => (field === 'updated_at' ? updatedMs[i] : createdMs[i]) ?? 0,
    };
  }

  /** The search over id, identifier, name and email (its documents are folded on first use). */
  get search(): UserSearch {
    this.#search ??= new UserSearch(runToEnd(this.#searchDocs()));
    return this.#search;
  }

  /** The folded documents of the search, a few thousand users per step. */
  *#searchDocs(): Steps<SearchDocs> {
    const fields: string[] = [];
    for (const [slot, user] of this.users.entries()) {
      if (slot % STEP_UNITS === STEP_UNITS - 1) yield;
      fields.push(lowerCase(user.id), user.identifier, fold(user.name), fold(user.email));
    }
    return new SearchDocs(fields);
  }

  /**
   * The JSON of the user in `slot` without the fields in `hidden` (sorted), as `JSON.stringify` would write it,
   * UTF-8 encoded: each is serialized and encoded once per dataset, so a page is a concatenation of bytes. Past the
   * kept bytes' budget (JSON_CACHE_BYTES) it is the JSON text, made again for each page that lists the user.
   */
  json(slot: number, hidden: readonly string[]): Uint8Array | string {
    const key = hidden.join(',');
    let slab = this.#json.get(key);
    if (slab === undefined) {
      slab = new JsonSlab(this.users.length, this.#jsonBudget);
      this.#json.set(key, slab);
    }
    const kept = slab.get(slot);
    if (kept !== undefined) return kept;
    const user = this.users[slot];
    if (user === undefined) throw new RangeError(`no user in slot ${String(slot)}`);
    return slab.put(slot, JSON.stringify(hidden.length === 0 ? user : without(user, hidden)));
  }

  /** Slot of the user with this uuid (case-insensitive), live or not. */
  slotOfId(id: string): number | undefined {
    return this.bySlotId.get(id.toLowerCase());
  }

  slotOfIdentifier(identifier: string): number | undefined {
    this.#byIdentifier ??= runToEnd(slotMap(this.users, (user) => user.identifier));
    return this.#byIdentifier.get(identifier);
  }

  slotOfEmail(email: string): number | undefined {
    this.#byEmail ??= runToEnd(slotMap(this.users, (user) => lowerCase(user.email)));
    return this.#byEmail.get(email.toLowerCase());
  }

  /** Slots of users created / updated by the user with this uuid (live or not). */
  slotsCreatedBy(id: string): readonly number[] {
    return this.#creators().created_by.get(id.toLowerCase()) ?? [];
  }

  slotsUpdatedBy(id: string): readonly number[] {
    return this.#creators().updated_by.get(id.toLowerCase()) ?? [];
  }

  /** The code of a `user_type` value, or undefined when no user has it (a filter on it matches nothing). */
  typeCodeOf(value: string): number | undefined {
    return this.#typeCodes.get(value);
  }

  statusCodeOf(value: string): number | undefined {
    return this.#statusCodes.get(value);
  }

  /** Whether everything queries read is built (`prepare`): no request builds anything of this base after. */
  get prepared(): boolean {
    return this.#prepared;
  }

  /**
   * Builds, in steps of a few milliseconds, everything a query or a login reads that is not built with the
   * columns: the kept orders of every sortable field, the lookups by identifier, email and creator, and the
   * search index. A store over a large dataset is served only after this (`SessionState.loadSteps`), or while
   * `whenPrepared` runs it in the background: either way no request sorts or indexes the store in one piece.
   */
  *prepare(): Steps<void> {
    if (this.#prepared) return;
    this.#ids ??= this.users.map((u) => u.id);
    yield;
    const ordering = this.orders.warm(this.#defaultSort);
    while (ordering.next().done !== true) {
      this.#wake(); // a query waiting for one order may run now
      yield;
    }
    this.#byIdentifier ??= yield* slotMap(this.users, (user) => user.identifier);
    this.#byEmail ??= yield* slotMap(this.users, (user) => lowerCase(user.email));
    if (this.#byCreator === undefined) {
      const creators = yield* this.#creatorSteps();
      this.#byCreator ??= creators;
    }
    if (this.#search === undefined) {
      const docs = yield* this.#searchDocs();
      this.#search ??= new UserSearch(docs);
    }
    yield* this.#search.buildSteps();
    this.#prepared = true;
    this.#wake();
  }

  /** Resolves after the next step of the preparation (started if need be), or at once when prepared. */
  progress(): Promise<void> {
    if (this.#prepared) return Promise.resolve();
    const preparing = this.whenPrepared();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push(resolve);
      preparing.catch(reject);
    });
  }

  #wake(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /**
   * `prepare`, run in slices between requests (`data/sliced-work.ts`), started once: resolves when the base is
   * prepared. A request that needs what is still being built waits for this instead of building it itself.
   */
  whenPrepared(): Promise<void> {
    if (this.#prepared) return Promise.resolve();
    this.#preparing ??= runInSlices(this.prepare());
    return this.#preparing;
  }

  #creators(): CreatorIndex {
    this.#byCreator ??= runToEnd(this.#creatorSteps());
    return this.#byCreator;
  }

  *#creatorSteps(): Steps<CreatorIndex> {
    const created_by = new Map<string, number[]>();
    const updated_by = new Map<string, number[]>();
    const { users } = this;
    for (let slot = 0; slot < users.length; slot++) {
      if (slot % STEP_UNITS === STEP_UNITS - 1) yield;
      const user = users[slot];
      if (user?.created_by !== undefined) push(created_by, lowerCase(user.created_by), slot);
      if (user?.updated_by !== undefined) push(updated_by, lowerCase(user.updated_by), slot);
    }
    return { created_by, updated_by };
  }
}

/** A map from `key(user)` to the user's slot, built a few thousand users per step. */
function* slotMap(users: readonly User[], key: (user: User) => string): Steps<ShardedMap<number>> {
  const map = new ShardedMap<number>();
  for (let slot = 0; slot < users.length; slot++) {
    if (slot % STEP_UNITS === STEP_UNITS - 1) yield;
    const user = users[slot];
    if (user !== undefined) map.set(key(user), slot);
  }
  return map;
}

/** `text` lower-cased, without allocating when it already is (seeded ids and emails are). */
export function lowerCase(text: string): string {
  return /[A-Z]/.test(text) ? text.toLowerCase() : text;
}

export function without(user: User, hidden: readonly string[]): Partial<User> {
  return Object.fromEntries(Object.entries(user).filter(([field]) => !hidden.includes(field)));
}

export function code(codes: Map<string, number>, value: string): number {
  let c = codes.get(value);
  if (c === undefined) {
    c = codes.size;
    codes.set(value, c);
  }
  return c;
}

function push(map: Map<string, number[]>, key: string, slot: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [slot]);
  else list.push(slot);
}

export function textField(user: User | undefined, field: string): string {
  if (user === undefined) return '';
  const value: unknown = user[field as keyof User];
  return typeof value === 'string' ? value : '';
}
