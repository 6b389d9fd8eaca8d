/**
 * A user store: the shared, immutable `UserBase` of a dataset plus what this store's own writes changed. Until its
 * first deletion a store reads everything from the base; a deletion gives it its own live mask, its own copy of
 * the memberships and kept orders derived (compacted) from the base's, so a store with a few deletions still
 * answers from the shared lookups, search index and serialised users. A slot is a user's index; it stays valid for
 * the store's lifetime (a deleted user's slot is marked dead, never reused).
 */
import type { Dataset, Workspace } from '../data/dataset.ts';
import type { Steps } from '../data/sliced-work.ts';
import type { User } from '../spec/types.ts';
import type { Memberships } from '../workspaces/memberships.ts';
import { UserBase, type StoreOptions } from './base.ts';
import type { UserSearch } from './search.ts';
import type { SortOrders } from './sort.ts';

export type { StoreOptions } from './base.ts';

export class UserStore {
  readonly base: UserBase;
  /** Bumped by every change; results cached for an older version are stale. */
  version = 0;
  #alive: Uint8Array;
  #aliveCount: number;
  #memberships: Memberships;
  #orders: SortOrders;
  /** Whether this store has its own live mask, memberships and orders (after its first deletion). */
  #owned = false;

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
    return this.base.users;
  }

  get workspaces(): readonly Workspace[] {
    return this.base.workspaces;
  }

  get alive(): Uint8Array {
    return this.#alive;
  }

  get createdMs(): Float64Array {
    return this.base.createdMs;
  }

  get updatedMs(): Float64Array {
    return this.base.updatedMs;
  }

  get typeCode(): Uint8Array {
    return this.base.typeCode;
  }

  get statusCode(): Uint8Array {
    return this.base.statusCode;
  }

  get memberships(): Memberships {
    return this.#memberships;
  }

  get orders(): SortOrders {
    return this.#orders;
  }

  /** The search over id, identifier, name and email (shared with every store over the same base). */
  get search(): UserSearch {
    return this.base.search;
  }

  /** The serialised JSON of the user in `slot` without the fields in `hidden` (see `UserBase.json`). */
  json(slot: number, hidden: readonly string[]): Uint8Array | string {
    return this.base.json(slot, hidden);
  }

  /** Number of live users. */
  get size(): number {
    return this.#aliveCount;
  }

  /** Whether this store has written anything of its own (a deletion). */
  get written(): boolean {
    return this.#owned;
  }

  /** Slot of the live user with this uuid (case-insensitive), if any. */
  slotOfId(id: string): number | undefined {
    return this.#live(this.base.slotOfId(id));
  }

  /** Slot of the live user with this identifier, if any. */
  slotOfIdentifier(identifier: string): number | undefined {
    return this.#live(this.base.slotOfIdentifier(identifier));
  }

  /** Slot of the live user with this email (case-insensitive), if any. */
  slotOfEmail(email: string): number | undefined {
    return this.#live(this.base.slotOfEmail(email));
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
    return this.base.slotsCreatedBy(id);
  }

  slotsUpdatedBy(id: string): readonly number[] {
    return this.base.slotsUpdatedBy(id);
  }

  typeCodeOf(value: string): number | undefined {
    return this.base.typeCodeOf(value);
  }

  statusCodeOf(value: string): number | undefined {
    return this.base.statusCodeOf(value);
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
    this.#orders = this.base.orders.derive(this.base.sortColumns(this.#alive));
    this.#owned = true;
  }

  #live(slot: number | undefined): number | undefined {
    return slot !== undefined && this.#alive[slot] === 1 ? slot : undefined;
  }
}
