/**
 * The data of one session (docs/sessions.md): the dataset it started with, the store and query engine serving now,
 * and the authorization server's state. What a new dataset or a reset clears is decided here, once: loading data
 * (`POST /__admin/seed`, `PUT /__admin/fixtures`, a provider state, `mock.seed()`) or resetting ends every login
 * session, code, refresh token and lock-out of the session. A reset returns to a fresh store over the start's shared
 * base (nothing is rebuilt); sessions made with `fork` share the initial base until they write (`users/store.ts`).
 */
import { DEFAULT_PASSWORD, type Client, type Dataset } from '../data/dataset.ts';
import { runToEnd, type Steps } from '../data/sliced-work.ts';
import { OAuthState } from '../oauth/oauth-state.ts';
import type { Platform } from '../platform/platform.ts';
import { UserBase, type StoreOptions } from '../users/base.ts';
import { CACHE_BYTES, QueryEngine } from '../users/engine.ts';
import type { ListUsersSpec } from '../users/query.ts';
import { UserStore } from '../users/store.ts';
import type { User } from '../spec/types.ts';

/**
 * A dataset, the immutable store base built from it, and the query engine every unwritten store over that base
 * shares: such a store answers exactly as the base does, so its results (and their cache) are common to all.
 */
interface Built {
  readonly dataset: Dataset;
  readonly base: UserBase;
  readonly engine: QueryEngine;
}

/** What every session's state shares: how lists sort, how big the result cache is, the platform. */
export interface StateSettings {
  readonly spec: ListUsersSpec;
  readonly cacheSize: number;
  readonly platform: Platform;
}

function storeOptions(settings: StateSettings): StoreOptions {
  return { sortKinds: settings.spec.sortKinds, defaultSort: settings.spec.defaults.sortBy };
}

function built(dataset: Dataset, base: UserBase, cacheSize: number): Built {
  return { dataset, base, engine: new QueryEngine(new UserStore(base), { cacheSize }) };
}

// Estimates of what a session's state holds (`state-memory.ts`), upper bounds measured on Node 20.
/** A user of a dataset a session loaded: its record, columns, lookups, search documents, kept JSON and orders. */
const DATASET_BYTES_PER_USER = 3 * 1024;
/** Bytes per user of one sortable field's kept orders (ascending and descending, order and position, 4 bytes each). */
const ORDER_BYTES_PER_USER = 16;
/** A refresh token (its grant, a scope of up to 1 KiB, its family), an authorization code, a login session. */
export const REFRESH_TOKEN_BYTES = 3 * 1024;
export const CODE_BYTES = 3 * 1024;
export const LOGIN_BYTES = 512;
const LOCKOUT_BYTES = 256;
/**
 * A user the store appended (a creation, or an update's new record): its record and id, its columns, lookups,
 * creator lists, search document and place in every kept order and position array.
 */
const APPENDED_USER_BYTES = 2 * 1024;
/**
 * Bytes per user of the store's own copy of the records and columns, made by its first create or update (two
 * pointers, two times, two codes and a live byte a slot, with room for an eighth more).
 */
const APPENDED_COPY_BYTES_PER_USER = 40;
/** A password set for a created or updated user, beside the dataset's. */
const PASSWORD_BYTES = 256;

export class SessionState {
  #initial: Built;
  /** What the store serves now (the initial data, or a dataset loaded since). */
  #serving: Built;
  #store: UserStore;
  /** The store's own engine, once it has written (until then it uses the shared one). */
  #ownEngine: QueryEngine | undefined;
  readonly #settings: StateSettings;
  /** Lock-outs, codes, refresh tokens and login sessions of the authorization server. */
  readonly oauth: OAuthState;
  /** The start's data, shared by every session: not counted as any session's own. */
  readonly #root: Built;
  /** The dataset's passwords and those set by `createUser` / `updateUser` (copied on the first one set). */
  #passwords: Map<string, string> | undefined;

  private constructor(initial: Built, settings: StateSettings, root: Built = initial) {
    this.#settings = settings;
    this.#root = root;
    this.#initial = initial;
    this.#serving = initial;
    this.#store = new UserStore(initial.base);
    this.oauth = new OAuthState(settings.platform);
  }

  /** A state over `dataset`, its base built at once. */
  static of(dataset: Dataset, settings: StateSettings): SessionState {
    return runToEnd(SessionState.build(dataset, settings));
  }

  /**
   * A state whose base is built in steps (`data/sliced-work.ts`), or taken from `base` (one built from the same
   * dataset with the same settings: a base is never written, so mocks of one process may share it).
   */
  static *build(dataset: Dataset, settings: StateSettings, base?: UserBase): Steps<SessionState> {
    const own = base ?? (yield* UserBase.build(dataset, storeOptions(settings)));
    return new SessionState(built(dataset, own, settings.cacheSize), settings);
  }

  /** The base the state started with (what a reset returns to). */
  get initialBase(): UserBase {
    return this.#initial.base;
  }

  /** A new state starting from this one's initial dataset, sharing its base (not its writes). */
  fork(): SessionState {
    return new SessionState(this.#initial, this.#settings, this.#root);
  }

  /**
   * What this state holds of its own, in bytes (an estimate, `state-memory.ts`): the store's own copy once it has
   * deleted, datasets loaded beside the start's, and the authorization server's codes, tokens, logins and lock-outs.
   */
  stateBytes(): number {
    let total = this.#store.written ? ownCopyBytes(this.#store, this.#settings.cacheSize) : 0;
    if (this.#store.appendedCount > 0) {
      total +=
        this.#store.base.users.length * APPENDED_COPY_BYTES_PER_USER +
        this.#store.appendedCount * APPENDED_USER_BYTES;
    }
    total += (this.#passwords?.size ?? 0) * PASSWORD_BYTES;
    if (this.#serving !== this.#root) total += datasetBytes(this.#serving.dataset);
    if (this.#initial !== this.#root && this.#initial !== this.#serving) {
      total += datasetBytes(this.#initial.dataset);
    }
    const { oauth } = this;
    return (
      total +
      oauth.refreshTokens.size * REFRESH_TOKEN_BYTES +
      oauth.codes.size * CODE_BYTES +
      oauth.logins.size * LOGIN_BYTES +
      oauth.lockouts.size * LOCKOUT_BYTES
    );
  }

  /** What the store's first deletion would add (its own copy), or 0 once it has one. */
  firstWriteBytes(): number {
    return this.#store.written ? 0 : ownCopyBytes(this.#store, this.#settings.cacheSize);
  }

  /**
   * What one `createUser` or `updateUser` would add (with a password): the store's own copy on its first write,
   * its copy of the records and columns on its first create or update, and the appended user.
   */
  userWriteBytes(): number {
    const copy =
      this.#store.appendedCount === 0 ? this.#store.base.users.length * APPENDED_COPY_BYTES_PER_USER : 0;
    // The first password set copies the dataset's.
    const passwords = this.#passwords === undefined ? this.#serving.dataset.passwords.size + 1 : 1;
    return this.firstWriteBytes() + copy + APPENDED_USER_BYTES + passwords * PASSWORD_BYTES;
  }

  /** What loading a dataset of `users` users would add. */
  static datasetBytes(users: number): number {
    return users * DATASET_BYTES_PER_USER;
  }

  get store(): UserStore {
    return this.#store;
  }

  /** The engine over the store: shared with every unwritten store over the same base, its own once written. */
  get engine(): QueryEngine {
    if (!this.#store.written) return this.#serving.engine;
    return (this.#ownEngine ??= new QueryEngine(this.#store, { cacheSize: this.#settings.cacheSize }));
  }

  /** The dataset the store was built from (deletions are in the store, not here). */
  get dataset(): Dataset {
    return this.#serving.dataset;
  }

  get clients(): readonly Client[] {
    return this.#serving.dataset.clients;
  }

  get passwords(): ReadonlyMap<string, string> {
    return this.#passwords ?? this.#serving.dataset.passwords;
  }

  /**
   * Adds `record` to this session's store (see `UserStore.create`: in the next list, search, sort, filter and
   * count, and nowhere else) and returns it; the user logs in with `password` (DEFAULT_PASSWORD unless given).
   * Throws `UserConflict` (users/user-conflict.ts) when a live user has its id, identifier or email.
   */
  createUser(record: User, password?: string): User {
    this.#store.create(record);
    this.#setPassword(record.id, password);
    return record;
  }

  /**
   * Replaces the record of the live user `reference` names (a slot, or a uuid, identifier or email) with `record`
   * and returns it; with `password`, that becomes the user's password (else it is kept). Throws `UserNotFound`
   * when no live user is named, and `UserConflict` when another live user has the new id, identifier or email.
   */
  updateUser(reference: number | string, record: User, password?: string): User {
    const slot = typeof reference === 'number' ? reference : this.#store.find(reference)?.slot;
    const old = slot === undefined ? undefined : this.#store.userAt(slot);
    if (slot === undefined || old === undefined) throw new UserNotFound(reference);
    this.#store.update(slot, record);
    const kept = password ?? (old.id === record.id ? undefined : this.passwords.get(old.id));
    if (kept !== undefined || old.id !== record.id) this.#setPassword(record.id, kept);
    return record;
  }

  /** Sets the password of user `id` (`undefined`: the default one) in this session's own copy of the passwords. */
  #setPassword(id: string, password: string | undefined): void {
    const current = this.passwords.get(id);
    if (current === password || (current === undefined && password === DEFAULT_PASSWORD)) return;
    this.#passwords ??= new Map(this.#serving.dataset.passwords);
    if (password === undefined) this.#passwords.delete(id);
    else this.#passwords.set(id, password);
  }

  /** Serves `dataset` from now on; with `asInitial`, a reset returns to it too. */
  load(dataset: Dataset, asInitial = false): void {
    runToEnd(this.loadSteps(dataset, asInitial));
  }

  /**
   * `load` in steps: the base is built and prepared (orders, lookups, search index) a slice at a time, and the old
   * store serves until the new one is done, so no query after it builds anything in one piece.
   */
  *loadSteps(dataset: Dataset, asInitial = false): Steps<void> {
    const base = yield* UserBase.build(dataset, storeOptions(this.#settings));
    yield* base.prepare();
    this.#serve(built(dataset, base, this.#settings.cacheSize), asInitial);
  }

  /** Back to the dataset of the start (or of the last `load(…, true)`): a fresh store over its shared base. */
  reset(): void {
    this.#serve(this.#initial, false);
  }

  #serve(data: Built, asInitial: boolean): void {
    if (asInitial) this.#initial = data;
    this.#serving = data;
    this.#store = new UserStore(data.base);
    this.#ownEngine = undefined;
    this.#passwords = undefined;
    this.oauth.clear();
  }
}

/**
 * A store's own copy (`users/store.ts`): its live mask, its membership masks and member lists, the kept orders of
 * every sortable field rebuilt over its live users (counted in full from the first deletion, as queries rebuild
 * them), and its own query engine's result cache at its fullest.
 */
function ownCopyBytes(store: UserStore, cacheSize: number): number {
  const n = store.base.users.length;
  const words = Math.max(1, Math.ceil(store.workspaces.length / 32));
  const members = memberCount(store.base);
  const orders = store.base.sortKinds.size * ORDER_BYTES_PER_USER * n;
  const cache = Math.min(CACHE_BYTES, cacheSize * (4 * n + 4096));
  return n + 4 * words * n + 8 * members + orders + cache;
}

const MEMBER_COUNTS = new WeakMap<UserBase, number>();

/** Memberships of a base's workspaces, counted once per base. */
function memberCount(base: UserBase): number {
  let count = MEMBER_COUNTS.get(base);
  if (count === undefined) {
    count = 0;
    for (const workspace of base.workspaces) count += workspace.members.length;
    MEMBER_COUNTS.set(base, count);
  }
  return count;
}

function datasetBytes(dataset: Dataset): number {
  return SessionState.datasetBytes(dataset.users.length);
}

/** No live user in the store has this slot, uuid, identifier or email (the request path answers 404). */
export class UserNotFound extends Error {
  readonly reference: number | string;

  constructor(reference: number | string) {
    super(
      typeof reference === 'number'
        ? `no live user in slot ${String(reference)}`
        : `no user has the id, identifier or email ${JSON.stringify(reference)}`,
    );
    this.name = 'UserNotFound';
    this.reference = reference;
  }
}
