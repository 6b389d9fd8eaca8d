/**
 * The in-memory user store: records by slot, lookups by id and identifier, columns the query engine scans
 * (typed arrays), workspace memberships, kept sort orders and the search index. A slot is a user's index; it
 * stays valid for the store's lifetime (a deleted user's slot is marked dead, never reused).
 */
import type { Dataset, Workspace } from '../data/dataset.ts';
import type { SortField, User } from '../spec/types.ts';
import { runToEnd, STEP_UNITS, type Steps } from '../data/steps.ts';
import { Memberships } from '../workspaces/memberships.ts';
import { fold } from './collation.ts';
import { UserSearch, type SearchDoc } from './search.ts';
import { SortOrders, type SortColumns, type SortKind } from './sort.ts';

export interface StoreOptions {
  /** Sortable fields and how each compares (from the spec: `sort_by`'s enum and the User schema's formats). */
  readonly sortKinds: ReadonlyMap<SortField, SortKind>;
}

export class UserStore {
  /** Records by slot (deleted slots keep their record; check `alive`). */
  readonly users: readonly User[];
  readonly alive: Uint8Array;
  readonly createdMs: Float64Array;
  readonly updatedMs: Float64Array;
  /** Code of each slot's `user_type` / `status` (see `codeOf`). */
  readonly typeCode: Uint8Array;
  readonly statusCode: Uint8Array;
  readonly memberships: Memberships;
  readonly orders: SortOrders;
  readonly workspaces: readonly Workspace[];
  /** Bumped by every change; results cached for an older version are stale. */
  version = 0;
  #aliveCount: number;
  readonly #bySlotId = new Map<string, number>();
  readonly #typeCodes = new Map<string, number>();
  readonly #statusCodes = new Map<string, number>();
  // Built on first use (or by `warm`): a request that does not need them does not pay for them at start-up.
  #byIdentifier: ReadonlyMap<string, number> | undefined;
  #byEmail: ReadonlyMap<string, number> | undefined;
  #byCreator: Readonly<Record<'created_by' | 'updated_by', ReadonlyMap<string, number[]>>> | undefined;
  #search: UserSearch | undefined;
  /** JSON of each user, per set of hidden fields, serialized on first use: pages are joined, not stringified. */
  readonly #json = new Map<string, (Buffer | undefined)[]>();

  /**
   * Builds the store at once. `UserStore.build` builds the same store in steps (`data/steps.ts`); `deferred` is
   * its way in: the columns are allocated here and filled by its steps.
   */
  constructor(dataset: Pick<Dataset, 'users' | 'workspaces'>, options: StoreOptions, deferred = false) {
    const users = dataset.users;
    const n = users.length;
    this.users = users;
    this.workspaces = dataset.workspaces;
    this.alive = new Uint8Array(n).fill(1);
    this.#aliveCount = n;
    this.createdMs = new Float64Array(n);
    this.updatedMs = new Float64Array(n);
    this.typeCode = new Uint8Array(n);
    this.statusCode = new Uint8Array(n);
    this.memberships = new Memberships(dataset.workspaces, this.#bySlotId, n, true);
    if (!deferred) runToEnd(this.#fill());
    const { createdMs, updatedMs } = this;
    const columns: SortColumns = {
      size: n,
      alive: this.alive,
      ids: users.map((u) => u.id),
      text: (field, i) => textField(users[i], field),
      time: (field, i) => (field === 'updated_at' ? updatedMs[i] : createdMs[i]) ?? 0,
    };
    this.orders = new SortOrders(columns, options.sortKinds);
  }

  /** Builds a store in steps of a few thousand users (`data/steps.ts`). */
  static *build(dataset: Pick<Dataset, 'users' | 'workspaces'>, options: StoreOptions): Steps<UserStore> {
    const store = new UserStore(dataset, options, true);
    yield* store.#fill();
    return store;
  }

  /** Fills the columns and lookups from the records, then the memberships. */
  *#fill(): Steps<void> {
    const { users } = this;
    for (let i = 0; i < users.length; i++) {
      if (i % STEP_UNITS === STEP_UNITS - 1) yield;
      const user = users[i];
      if (user === undefined) continue;
      this.#bySlotId.set(lowerCase(user.id), i);
      this.createdMs[i] = Date.parse(user.created_at);
      this.updatedMs[i] = Date.parse(user.updated_at);
      this.typeCode[i] = code(this.#typeCodes, user.user_type);
      this.statusCode[i] = code(this.#statusCodes, user.status);
    }
    yield* this.memberships.fill();
  }

  /** The search over id, identifier, name and email (its documents are folded on first use). */
  get search(): UserSearch {
    this.#search ??= new UserSearch(runToEnd(this.#searchDocs()));
    return this.#search;
  }

  /** The folded documents of the search, a few thousand users per step. */
  *#searchDocs(): Steps<SearchDoc[]> {
    const docs: SearchDoc[] = [];
    for (const [slot, user] of this.users.entries()) {
      if (slot % STEP_UNITS === STEP_UNITS - 1) yield;
      docs.push([lowerCase(user.id), user.identifier, fold(user.name), fold(user.email)]);
    }
    return docs;
  }

  /**
   * The JSON of the user in `slot` without the fields in `hidden` (sorted), as `JSON.stringify` would write it,
   * UTF-8 encoded: each is serialized and encoded once per store, so a page is a concatenation of bytes.
   */
  json(slot: number, hidden: readonly string[]): Buffer {
    const key = hidden.join(',');
    let cache = this.#json.get(key);
    if (cache === undefined) {
      cache = new Array<Buffer | undefined>(this.users.length);
      this.#json.set(key, cache);
    }
    let bytes = cache[slot];
    if (bytes === undefined) {
      const user = this.users[slot];
      bytes = Buffer.from(
        JSON.stringify(hidden.length === 0 || user === undefined ? user : without(user, hidden)),
      );
      cache[slot] = bytes;
    }
    return bytes;
  }

  /** Number of live users. */
  get size(): number {
    return this.#aliveCount;
  }

  /** Slot of the live user with this uuid (case-insensitive), if any. */
  slotOfId(id: string): number | undefined {
    return this.#live(this.#bySlotId.get(id.toLowerCase()));
  }

  /** Slot of the live user with this identifier, if any. */
  slotOfIdentifier(identifier: string): number | undefined {
    this.#byIdentifier ??= new Map(this.users.map((user, slot) => [user.identifier, slot]));
    return this.#live(this.#byIdentifier.get(identifier));
  }

  /** Slot of the live user with this email (case-insensitive), if any. */
  slotOfEmail(email: string): number | undefined {
    this.#byEmail ??= new Map(this.users.map((user, slot) => [lowerCase(user.email), slot]));
    return this.#live(this.#byEmail.get(email.toLowerCase()));
  }

  /** Slots of users created / updated by the user with this uuid (live or not: callers check `alive`). */
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

  /** Deletes a live user: the slot dies, the user leaves every workspace, kept orders are compacted lazily. */
  delete(slot: number): void {
    if (this.alive[slot] !== 1) return;
    this.alive[slot] = 0;
    this.#aliveCount--;
    this.memberships.removeUser(slot);
    this.orders.invalidate();
    this.version++;
  }

  /**
   * Builds the search index ahead of use, in steps of a few milliseconds (see `server.ts`): the one structure
   * whose build is too long for a request to wait behind it on a large store. Sort orders and lookups are much
   * cheaper and are built on first use, so start-up does not pay for them.
   */
  *warm(): Generator<void, void, void> {
    if (this.#search === undefined) {
      const docs = yield* this.#searchDocs();
      this.#search ??= new UserSearch(docs);
    }
    yield* this.search.buildSteps();
  }

  #creators(): Readonly<Record<'created_by' | 'updated_by', ReadonlyMap<string, number[]>>> {
    if (this.#byCreator === undefined) {
      const created_by = new Map<string, number[]>();
      const updated_by = new Map<string, number[]>();
      this.users.forEach((user, slot) => {
        if (user.created_by !== undefined) push(created_by, lowerCase(user.created_by), slot);
        if (user.updated_by !== undefined) push(updated_by, lowerCase(user.updated_by), slot);
      });
      this.#byCreator = { created_by, updated_by };
    }
    return this.#byCreator;
  }

  #live(slot: number | undefined): number | undefined {
    return slot !== undefined && this.alive[slot] === 1 ? slot : undefined;
  }
}

/** `text` lower-cased, without allocating when it already is (seeded ids and emails are). */
function lowerCase(text: string): string {
  return /[A-Z]/.test(text) ? text.toLowerCase() : text;
}

function without(user: User, hidden: readonly string[]): Partial<User> {
  return Object.fromEntries(Object.entries(user).filter(([field]) => !hidden.includes(field)));
}

function code(codes: Map<string, number>, value: string): number {
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

function textField(user: User | undefined, field: string): string {
  if (user === undefined) return '';
  const value: unknown = user[field as keyof User];
  return typeof value === 'string' ? value : '';
}
