/**
 * The users a store appended (`store.ts`): created users, and the new records of updated ones (an update moves a
 * user to a new slot; the old one dies, like a deletion). The store's own copy of the records and of every column
 * the query engine scans, sized with room to grow (doubling), and the lookups, creator lists and search documents
 * of the appended slots alone: the base's lookups and search index still answer for the slots below `from`.
 */
import type { User } from '../spec/types.ts';
import { code, lowerCase, type UserBase } from './base.ts';
import { WrittenSearch } from './written-search.ts';

/** Room for this share of the base's users (or at least MIN_ROOM) is made when a store first appends. */
const ROOM_SHARE = 8;
const MIN_ROOM = 1024;

export class Appended {
  /** The first appended slot (the base's size). */
  readonly from: number;
  readonly users: User[];
  readonly ids: string[];
  alive: Uint8Array;
  createdMs: Float64Array;
  updatedMs: Float64Array;
  typeCode: Uint8Array;
  statusCode: Uint8Array;
  readonly typeCodes: Map<string, number>;
  readonly statusCodes: Map<string, number>;
  /** Lookups of appended slots (keys lower-cased as the base's are); a slot found here may be dead. */
  readonly byId = new Map<string, number>();
  readonly byIdentifier = new Map<string, number>();
  readonly byEmail = new Map<string, number>();
  readonly createdBy = new Map<string, number[]>();
  readonly updatedBy = new Map<string, number[]>();
  readonly search: WrittenSearch;

  /** Copies the base's records and columns, and `alive` (the store's live mask). */
  constructor(base: UserBase, alive: Uint8Array) {
    const n = base.users.length;
    const capacity = n + Math.max(MIN_ROOM, Math.ceil(n / ROOM_SHARE));
    this.from = n;
    this.users = base.users.slice();
    this.ids = base.idsBySlot().slice();
    this.alive = grown(alive, capacity);
    this.createdMs = grown(base.createdMs, capacity);
    this.updatedMs = grown(base.updatedMs, capacity);
    this.typeCode = grown(base.typeCode, capacity);
    this.statusCode = grown(base.statusCode, capacity);
    this.typeCodes = base.codes('user_type');
    this.statusCodes = base.codes('status');
    this.search = new WrittenSearch(base.search, n);
  }

  /** Appends `user` (alive) and returns its slot. */
  append(user: User): number {
    const slot = this.users.length;
    if (slot >= this.alive.length) this.#grow(2 * this.alive.length);
    this.users.push(user);
    this.ids.push(user.id);
    this.alive[slot] = 1;
    this.createdMs[slot] = Date.parse(user.created_at);
    this.updatedMs[slot] = Date.parse(user.updated_at);
    this.typeCode[slot] = code(this.typeCodes, user.user_type);
    this.statusCode[slot] = code(this.statusCodes, user.status);
    this.byId.set(lowerCase(user.id), slot);
    this.byIdentifier.set(user.identifier, slot);
    this.byEmail.set(lowerCase(user.email), slot);
    if (user.created_by !== undefined) push(this.createdBy, lowerCase(user.created_by), slot);
    if (user.updated_by !== undefined) push(this.updatedBy, lowerCase(user.updated_by), slot);
    this.search.add(user);
    return slot;
  }

  /** Number of appended slots (live or not). */
  get count(): number {
    return this.users.length - this.from;
  }

  #grow(capacity: number): void {
    this.alive = grown(this.alive, capacity);
    this.createdMs = grown(this.createdMs, capacity);
    this.updatedMs = grown(this.updatedMs, capacity);
    this.typeCode = grown(this.typeCode, capacity);
    this.statusCode = grown(this.statusCode, capacity);
  }
}

function grown<T extends Uint8Array | Float64Array>(array: T, capacity: number): T {
  const copy = new (array.constructor as new (length: number) => T)(capacity);
  copy.set(array);
  return copy;
}

function push(map: Map<string, number[]>, key: string, slot: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [slot]);
  else list.push(slot);
}
