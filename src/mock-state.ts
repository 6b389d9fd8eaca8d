/**
 * The mutable state of one mock: the dataset it started with, and the store and query engine serving now.
 * A reset or a new dataset builds a fresh store; nothing is shared between two mocks in one process.
 */
import { AuthState } from './auth/auth-state.ts';
import type { Client, Dataset } from './data/dataset.ts';
import { LoginState } from './login/login-state.ts';
import { runToEnd, type Steps } from './data/steps.ts';
import { QueryEngine } from './users/engine.ts';
import type { ListUsersSpec } from './users/query.ts';
import type { UsersState } from './users/state.ts';
import { UserStore } from './users/store.ts';

export class MockState implements UsersState {
  #initial: Dataset;
  #dataset: Dataset;
  #store: UserStore;
  #engine: QueryEngine;
  readonly #spec: ListUsersSpec;
  /** Lock-outs and refresh tokens of the authorization server. */
  readonly auth: AuthState;
  /** Login sessions, codes and rotating refresh tokens of the browser login. */
  readonly login = new LoginState();
  readonly #cacheSize: number;

  constructor(
    dataset: Dataset,
    spec: ListUsersSpec,
    cacheSize: number,
    now: () => number = Date.now,
    store?: UserStore,
  ) {
    this.auth = new AuthState(now);
    this.#spec = spec;
    this.#cacheSize = cacheSize;
    this.#initial = dataset;
    this.#dataset = dataset;
    this.#store = store ?? new UserStore(dataset, { sortKinds: spec.sortKinds });
    this.#engine = new QueryEngine(this.#store, { cacheSize });
  }

  /** A state whose store is built in steps (`data/steps.ts`). */
  static *build(
    dataset: Dataset,
    spec: ListUsersSpec,
    cacheSize: number,
    now: () => number = Date.now,
  ): Steps<MockState> {
    const store = yield* UserStore.build(dataset, { sortKinds: spec.sortKinds });
    return new MockState(dataset, spec, cacheSize, now, store);
  }

  get store(): UserStore {
    return this.#store;
  }

  get engine(): QueryEngine {
    return this.#engine;
  }

  /** The dataset the store was built from (deletions are in the store, not here). */
  get dataset(): Dataset {
    return this.#dataset;
  }

  get clients(): readonly Client[] {
    return this.#dataset.clients;
  }

  get passwords(): ReadonlyMap<string, string> {
    return this.#dataset.passwords;
  }

  /** Serves `dataset` from now on; with `asInitial`, a reset returns to it too. */
  load(dataset: Dataset, asInitial = false): void {
    runToEnd(this.loadSteps(dataset, asInitial));
  }

  /** `load` in steps: the store is built a slice at a time, and the old one serves until the new one is done. */
  *loadSteps(dataset: Dataset, asInitial = false): Steps<void> {
    const store = yield* UserStore.build(dataset, { sortKinds: this.#spec.sortKinds });
    if (asInitial) this.#initial = dataset;
    this.#dataset = dataset;
    this.#store = store;
    this.#engine = new QueryEngine(store, { cacheSize: this.#cacheSize });
  }

  /** Back to the dataset of the start (or of the last `load(…, true)`). */
  reset(): void {
    runToEnd(this.resetSteps());
  }

  /** `reset` in steps. */
  *resetSteps(): Steps<void> {
    this.auth.clear();
    this.login.clear();
    yield* this.loadSteps(this.#initial);
  }
}
