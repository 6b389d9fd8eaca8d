/**
 * The data of one session (docs/sessions.md): the dataset it started with, the store and query engine serving now,
 * and the authorization server's state. What a new dataset or a reset clears is decided here, once: loading data
 * (`POST /__admin/seed`, `PUT /__admin/fixtures`, a provider state, `mock.seed()`) or resetting ends every login
 * session, code, refresh token and lock-out of the session. A reset returns to a fresh store over the start's shared
 * base (nothing is rebuilt); sessions made with `fork` share the initial base until they write (`users/store.ts`).
 */
import type { Client, Dataset } from '../data/dataset.ts';
import { runToEnd, type Steps } from '../data/sliced-work.ts';
import { OAuthState } from '../oauth/oauth-state.ts';
import type { Platform } from '../platform/platform.ts';
import { UserBase } from '../users/base.ts';
import { QueryEngine } from '../users/engine.ts';
import type { ListUsersSpec } from '../users/query.ts';
import { UserStore } from '../users/store.ts';

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

function built(dataset: Dataset, base: UserBase, cacheSize: number): Built {
  return { dataset, base, engine: new QueryEngine(new UserStore(base), { cacheSize }) };
}

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

  private constructor(initial: Built, settings: StateSettings) {
    this.#settings = settings;
    this.#initial = initial;
    this.#serving = initial;
    this.#store = new UserStore(initial.base);
    this.oauth = new OAuthState(settings.platform);
  }

  /** A state over `dataset`, its base built at once. */
  static of(dataset: Dataset, settings: StateSettings): SessionState {
    return runToEnd(SessionState.build(dataset, settings));
  }

  /** A state whose base is built in steps (`data/sliced-work.ts`). */
  static *build(dataset: Dataset, settings: StateSettings): Steps<SessionState> {
    const base = yield* UserBase.build(dataset, { sortKinds: settings.spec.sortKinds });
    return new SessionState(built(dataset, base, settings.cacheSize), settings);
  }

  /** A new state starting from this one's initial dataset, sharing its base (not its writes). */
  fork(): SessionState {
    return new SessionState(this.#initial, this.#settings);
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
    return this.#serving.dataset.passwords;
  }

  /** Serves `dataset` from now on; with `asInitial`, a reset returns to it too. */
  load(dataset: Dataset, asInitial = false): void {
    runToEnd(this.loadSteps(dataset, asInitial));
  }

  /** `load` in steps: the base is built a slice at a time, and the old store serves until the new one is done. */
  *loadSteps(dataset: Dataset, asInitial = false): Steps<void> {
    const base = yield* UserBase.build(dataset, { sortKinds: this.#settings.spec.sortKinds });
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
    this.oauth.clear();
  }
}
