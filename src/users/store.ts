/**
 * A user store: the shared, immutable `UserBase` of a dataset plus what this store's own writes changed. Until its
 * first write a store reads everything from the base; a write gives it its own live mask, its own copy of the
 * memberships and kept orders derived (compacted) from the base's, so a store with a few writes still answers
 * from the shared lookups, search index and serialised users. A slot is a user's index; it stays valid for the
 * store's lifetime (a deleted user's slot is marked dead, never reused). A created user is appended in a new slot;
 * an update appends the new record too and kills the old slot (`appended.ts`), so no slot's record, columns,
 * search document or place in a kept order ever changes: orders merge the appended slots on their next use, and
 * the base's search index, lookups and JSON stay true for every slot below the base's size.
 */
import type { Dataset, Workspace } from '../data/dataset.ts';
import type { Steps } from '../data/sliced-work.ts';
import type { User } from '../spec/types.ts';
import type { Memberships } from '../workspaces/memberships.ts';
import { Appended } from './appended.ts';
import { lowerCase, textField, UserBase, without, type StoreOptions } from './base.ts';
import { UserConflict } from './user-conflict.ts';
import type { SlotSearch } from './written-search.ts';
import type { SortColumns, SortOrders } from './sort.ts';

export type { StoreOptions } from './base.ts';

export class UserStore {
  readonly base: UserBase;
  /** Bumped by every change; results cached for an older version are stale. */
  version = 0;
  #alive: Uint8Array;
  #aliveCount: number;
  #memberships: Memberships;
  #orders: SortOrders;
  /** Whether this store has its own live mask, memberships and orders (after its first write). */
  #owned = false;
  /** Created users and updated users' new records, after the first create or update. */
  #appended: Appended | undefined;

  /** Builds a store over a new base, in steps of a few thousand users (`data/sliced-work.ts`). */
  static *build(dataset: Pick<Dataset, 'users' | 'workspaces'>, options: StoreOptions): Steps<UserStore> {
    return new UserStore(yield* UserBase.build(dataset, options));
  }

  /** A store over `base` (shared), or over a base built from `dataset`. */
  constructor(source: UserBase | Pick<Dataset, 'users' | 'workspaces'>, options?: StoreOptions) {
    if (source instanceof UserBase) this.base = source;
    else if (options === undefined) throw new Error('a store built from a dataset needs its sort kinds');
    else this.base = new UserBase(source, options);
    this.#alive = this.base.allAlive;
    this.#aliveCount = this.base.users.length;
    this.#memberships = this.base.memberships;
    this.#orders = this.base.orders;
  }

  /** Records by slot (deleted slots keep their record; check `alive`). */
  get users(): readonly User[] {
    return this.#appended?.users ?? this.base.users;
  }

  get workspaces(): readonly Workspace[] {
    return this.base.workspaces;
  }

  get alive(): Uint8Array {
    return this.#alive;
  }

  get createdMs(): Float64Array {
    return this.#appended?.createdMs ?? this.base.createdMs;
  }

  get updatedMs(): Float64Array {
    return this.#appended?.updatedMs ?? this.base.updatedMs;
  }

  get typeCode(): Uint8Array {
    return this.#appended?.typeCode ?? this.base.typeCode;
  }

  get statusCode(): Uint8Array {
    return this.#appended?.statusCode ?? this.base.statusCode;
  }

  get memberships(): Memberships {
    return this.#memberships;
  }

  get orders(): SortOrders {
    return this.#orders;
  }

  /** The search over id, identifier, name and email (shared with every store over the same base). */
  get search(): SlotSearch {
    return this.#appended?.search ?? this.base.search;
  }

  /** The serialised JSON of the user in `slot` without the fields in `hidden` (see `UserBase.json`). */
  json(slot: number, hidden: readonly string[]): Uint8Array | string {
    if (slot < this.base.users.length) return this.base.json(slot, hidden);
    const user = this.users[slot];
    if (user === undefined) throw new RangeError(`no user in slot ${String(slot)}`);
    return JSON.stringify(hidden.length === 0 ? user : without(user, hidden));
  }

  /** Number of live users. */
  get size(): number {
    return this.#aliveCount;
  }

  /** Whether this store has written anything of its own (a deletion, a creation, an update). */
  get written(): boolean {
    return this.#owned;
  }

  /** Slot of the live user with this uuid (case-insensitive), if any. */
  slotOfId(id: string): number | undefined {
    return this.#live(this.#appended?.byId.get(id.toLowerCase())) ?? this.#live(this.base.slotOfId(id));
  }

  /** Slot of the live user with this identifier, if any. */
  slotOfIdentifier(identifier: string): number | undefined {
    return (
      this.#live(this.#appended?.byIdentifier.get(identifier)) ??
      this.#live(this.base.slotOfIdentifier(identifier))
    );
  }

  /** Slot of the live user with this email (case-insensitive), if any. */
  slotOfEmail(email: string): number | undefined {
    return (
      this.#live(this.#appended?.byEmail.get(email.toLowerCase())) ?? this.#live(this.base.slotOfEmail(email))
    );
  }

  /** The live user in `slot`, if any. */
  userAt(slot: number): User | undefined {
    return this.#alive[slot] === 1 ? this.users[slot] : undefined;
  }

  /** The live user who logs in as `username`: an email or an identifier (the password grant, the login form). */
  byLogin(username: string): User | undefined {
    const slot = this.slotOfEmail(username) ?? this.slotOfIdentifier(username);
    return slot === undefined ? undefined : this.users[slot];
  }

  /** The live user with this uuid, if any. */
  userById(id: string): User | undefined {
    const slot = this.slotOfId(id);
    return slot === undefined ? undefined : this.users[slot];
  }

  /** The live user a reference names: uuid, identifier or email (as tokens, logins and the admin API take them). */
  find(reference: string): { readonly slot: number; readonly user: User } | undefined {
    const slot = this.slotOfId(reference) ?? this.slotOfIdentifier(reference) ?? this.slotOfEmail(reference);
    const user = slot === undefined ? undefined : this.users[slot];
    return slot === undefined || user === undefined ? undefined : { slot, user };
  }

  /** Slots of users created / updated by the user with this uuid (live or not: callers check `alive`). */
  slotsCreatedBy(id: string): readonly number[] {
    const added = this.#appended?.createdBy.get(lowerCase(id));
    const slots = this.base.slotsCreatedBy(id);
    return added === undefined ? slots : [...slots, ...added];
  }

  slotsUpdatedBy(id: string): readonly number[] {
    const added = this.#appended?.updatedBy.get(lowerCase(id));
    const slots = this.base.slotsUpdatedBy(id);
    return added === undefined ? slots : [...slots, ...added];
  }

  typeCodeOf(value: string): number | undefined {
    return this.#appended === undefined ? this.base.typeCodeOf(value) : this.#appended.typeCodes.get(value);
  }

  statusCodeOf(value: string): number | undefined {
    return this.#appended === undefined
      ? this.base.statusCodeOf(value)
      : this.#appended.statusCodes.get(value);
  }

  /** Number of slots this store appended (created users, updated users' new records), live or not. */
  get appendedCount(): number {
    return this.#appended?.count ?? 0;
  }

  /**
   * Adds `user` and returns its slot: it is in the next query's lists, search, sorts, filters and counts. Throws
   * `UserConflict` when a live user has its id, identifier or email (case-insensitive for id and email), and a
   * TypeError when its created_at or updated_at is not a date-time.
   */
  create(user: User): number {
    this.#checkUnique(user, undefined);
    const slot = this.#append(user);
    this.#aliveCount++;
    this.version++;
    return slot;
  }

  /**
   * Replaces the record of the live user in `slot` with `user` and returns the user's new slot (the old one dies;
   * the user keeps their workspaces). The same errors as `create`, a user's own values not counting as a conflict,
   * and a RangeError when `slot` holds no live user.
   */
  update(slot: number, user: User): number {
    if (this.#alive[slot] !== 1) throw new RangeError(`no live user in slot ${String(slot)}`);
    this.#checkUnique(user, slot);
    const moved = this.#append(user);
    this.#alive[slot] = 0;
    this.#memberships.moveUser(slot, moved);
    this.version++;
    return moved;
  }

  #checkUnique(user: User, self: number | undefined): void {
    assertTime(user, 'created_at');
    assertTime(user, 'updated_at');
    const taken = (slot: number | undefined): boolean => slot !== undefined && slot !== self;
    if (taken(this.slotOfId(user.id))) throw new UserConflict('id', user.id);
    if (taken(this.slotOfIdentifier(user.identifier))) throw new UserConflict('identifier', user.identifier);
    if (taken(this.slotOfEmail(user.email))) throw new UserConflict('email', user.email);
  }

  /** Appends `user` in a new live slot of this store's own copy (made on the first append). */
  #append(user: User): number {
    if (!this.#owned) this.#own();
    this.#appended ??= new Appended(this.base, this.#alive);
    const appended = this.#appended;
    const slot = appended.append(user);
    this.#alive = appended.alive;
    this.#memberships.grow(slot + 1);
    this.#orders.insert(slot);
    return slot;
  }

  /** Deletes a live user: the slot dies, the user leaves every workspace, kept orders are compacted lazily. */
  delete(slot: number): void {
    if (this.#alive[slot] !== 1) return;
    if (!this.#owned) this.#own();
    this.#alive[slot] = 0;
    this.#aliveCount--;
    this.#memberships.removeUser(slot);
    this.#orders.invalidate();
    this.version++;
  }

  /** Copy on first write: this store's own live mask, memberships and orders derived from the base's. */
  #own(): void {
    this.#alive = this.base.allAlive.slice();
    this.#memberships = this.base.memberships.copy();
    this.#orders = this.base.orders.derive(this.#sortColumns());
    this.#owned = true;
  }

  /** The columns this store's own orders read: its records and live mask as they are at each use. */
  #sortColumns(): SortColumns {
    const ids = this.base.idsBySlot();
    const alive = (): Uint8Array => this.#alive;
    const own = (): readonly string[] => this.#appended?.ids ?? ids;
    const users = (): readonly User[] => this.users;
    return {
      get size() {
        return users().length;
      },
      get alive() {
        return alive();
      },
      get ids() {
        return own();
      },
      text: (field, i) => textField(this.users[i], field),
      time: (field, i) => (field === 'updated_at' ? this.updatedMs[i] : this.createdMs[i]) ?? 0,
    };
  }

  #live(slot: number | undefined): number | undefined {
    return slot !== undefined && this.#alive[slot] === 1 ? slot : undefined;
  }
}

function assertTime(user: User, field: 'created_at' | 'updated_at'): void {
  if (!Number.isFinite(Date.parse(user[field])))
    throw new TypeError(
      `${field} of user ${user.id} is ${JSON.stringify(user[field])}, not an RFC 3339 date-time`,
    );
}
