/**
 * The users a request sees: one store and the engine over it. A mock holds one and swaps it wholesale on a reset
 * or a new seed; handlers ask for the current one per request, so they never keep a store of their own.
 */
import type { QueryEngine } from './engine.ts';
import type { UserStore } from './store.ts';

export interface UsersState {
  readonly store: UserStore;
  readonly engine: QueryEngine;
}
