/**
 * The mutable state of one mock session: the dataset it started with, and the store and query engine serving now.
 * A reset returns to a fresh store over the start's shared base (nothing is rebuilt); a new dataset builds a base
 * of its own, in steps (`data/steps.ts`). Sessions made with `fork` share the initial base until they write
 * (`users/store.ts`).
 */
import { AuthState } from './auth/auth-state.ts';
import type { Client, Dataset } from './data/dataset.ts';
import { LoginState } from './login/login-state.ts';
import { runToEnd, type Steps } from './data/steps.ts';
import { UserBase } from './users/base.ts';
import { QueryEngine } from './users/engine.ts';
import type { ListUsersSpec } from './users/query.ts';
import type { UsersState } from './users/state.ts';
import { UserStore } from './users/store.ts';

/**
 * A dataset, the immutable store base built from it, and the query engine every unwritten store over that base
 * shares: such a store answers exactly as the base does, so its results (and their cache) are common to all.
 */
interface Built {
  readonly dataset: Dataset;
  readonly base: UserBase;
  readonly engine: QueryEngine;
}

function built(dataset: Dataset, base: UserBase, cacheSize: number): Built {
  return { dataset, base, engine: new QueryEngine(new UserStore(base), { cacheSize }) };
}

export class MockState implements UsersState {
  #initial: Built;
  /** What the store serves now (the initial data, or a dataset loaded since). */
  #serving: Built;
  #store: UserStore;
  /** The store's own engine, once it has written (until then it uses the shared one). */
  #ownEngine: QueryEngine | undefined;
  readonly #spec: ListUsersSpec;
  /** Lock-outs and refresh tokens of the authorization server. */
  readonly auth: AuthState;
  /** Login sessions, codes and rotating refresh tokens of the browser login. */
  readonly login = new LoginState();
  readonly #cacheSize: number;
  readonly #now: () => number;

  constructor(
    dataset: Dataset | Built,
    spec: ListUsersSpec,
    cacheSize: number,
    now: () => number = Date.now,
  ) {
    this.auth = new AuthState(now);
    this.#now = now;
    this.#spec = spec;
    this.#cacheSize = cacheSize;
    this.#initial =
      'base' in dataset
        ? dataset
        : built(dataset, new UserBase(dataset, { sortKinds: spec.sortKinds }), cacheSize);
    this.#serving = this.#initial;
    this.#store = new UserStore(this.#initial.base);
  }

  /** A state whose base is built in steps (`data/steps.ts`). */
  static *build(
    dataset: Dataset,
    spec: ListUsersSpec,
    cacheSize: number,
    now: () => number = Date.now,
  ): Steps<MockState> {
    const base = yield* UserBase.build(dataset, { sortKinds: spec.sortKinds });
    return new MockState(built(dataset, base, cacheSize), spec, cacheSize, now);
  }

  /** A new state starting from this one's initial dataset, sharing its base (not its writes). */
  fork(): MockState {
    return new MockState(this.#initial, this.#spec, this.#cacheSize, this.#now);
  }

  get store(): UserStore {
    return this.#store;
  }

  /** The engine over the store: shared with every unwritten store over the same base, its own once written. */
  get engine(): QueryEngine {
    if (!this.#store.written) return this.#serving.engine;
    return (this.#ownEngine ??= new QueryEngine(this.#store, { cacheSize: this.#cacheSize }));
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
    const base = yield* UserBase.build(dataset, { sortKinds: this.#spec.sortKinds });
    this.#serve(built(dataset, base, this.#cacheSize), asInitial);
  }

  /** Back to the dataset of the start (or of the last `load(…, true)`): a fresh store over its shared base. */
  reset(): void {
    this.auth.clear();
    this.login.clear();
    this.#serve(this.#initial, false);
  }

  #serve(data: Built, asInitial: boolean): void {
    if (asInitial) this.#initial = data;
    this.#serving = data;
    this.#store = new UserStore(data.base);
    this.#ownEngine = undefined;
  }
}
