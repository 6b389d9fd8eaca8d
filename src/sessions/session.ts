/**
 * One session (docs/sessions.md): the users, authorization-server state and control plane a group of requests sees
 * in isolation from every other session, its clock, and the figures `GET /__admin/sessions` lists.
 */
import { SessionClock } from '../control/clock.ts';
import type { ControlPlane } from '../control/control-plane.ts';
import { mulberry32 } from '../control/faults.ts';
import type { ResourceBase } from '../resources/base-collection.ts';
import { SessionResources } from '../resources/collection-store.ts';
import type { RecordCheck } from '../resources/record-check.ts';
import { seedFor } from '../resources/seed.ts';
import type { SessionState } from './session-state.ts';
import { EMPTY_SESSION_BYTES, type Measured } from './state-memory.ts';

export interface SessionSummary {
  /** The `X-Mock-Session` value; undefined for the default session (requests without the header). */
  readonly id: string | undefined;
  /** Epoch milliseconds. */
  readonly created: number;
  readonly lastUsed: number;
  /** Live users in the session's store. */
  readonly users: number;
  /**
   * Requests the session's journal recorded since it was last emptied (the control plane's own are not recorded),
   * so the figure agrees with the journal beside it.
   */
  readonly requests: number;
}

export class Session implements Measured {
  readonly id: string | undefined;
  readonly created: number;
  lastUsed: number;
  readonly state: SessionState;
  readonly control: ControlPlane;
  /** The session's test clock (`/__admin/clock`), over the mock's real clock. */
  readonly clock: SessionClock;
  /** The records of the document's inferred collections this session sees (docs/own-spec.md "Sessions"). */
  #resourceBase: ResourceBase | undefined;
  readonly #seed: number;
  #resources: SessionResources | undefined;

  /**
   * `realClock` is the mock's: it dates the session's figures, and the test clock runs over it. `resources` is the
   * shared base of the inferred collections, `seed` what the session's writes draw their uuids from.
   */
  constructor(
    id: string | undefined,
    state: SessionState,
    control: ControlPlane,
    realClock: () => number,
    resources?: { readonly base: ResourceBase; readonly seed: number },
  ) {
    this.id = id;
    this.state = state;
    this.control = control;
    this.clock = new SessionClock(realClock);
    this.created = realClock();
    this.lastUsed = this.created;
    this.#resourceBase = resources?.base;
    this.#seed = resources?.seed ?? 0;
  }

  /** The session's view of the inferred collections: the shared base until it writes (copy-on-write). */
  get resources(): SessionResources {
    if (this.#resources === undefined) {
      if (this.#resourceBase === undefined) throw new Error('this mock infers no collections');
      const random = mulberry32(seedFor(this.#seed, `writes:${this.id ?? ''}`));
      this.#resources = new SessionResources(this.#resourceBase, {
        now: () => new Date(this.now()).toISOString(),
        random,
      });
    }
    return this.#resources;
  }

  /**
   * Moves the session onto `base`, the collections of a reloaded document (docs/own-spec.md "Live reload"): it keeps
   * the records it wrote that `accepts` still takes; the records it dropped are counted by collection.
   */
  rebase(base: ResourceBase, accepts: RecordCheck): ReadonlyMap<string, number> {
    this.#resourceBase = base;
    if (this.#resources === undefined) return new Map();
    const { resources, dropped } = this.#resources.rebase(base, accepts);
    this.#resources = resources;
    return dropped;
  }

  /**
   * Now, epoch milliseconds, by the session's test clock: what token `iat`/`exp` and their checks, codes, login
   * sessions, refresh tokens, lock-outs and rate-limit windows read.
   */
  now(): number {
    return this.clock.now();
  }

  /** What the session holds of its own, in bytes (an estimate, `state-memory.ts`). */
  stateBytes(): number {
    return (
      EMPTY_SESSION_BYTES +
      this.state.stateBytes() +
      this.control.stateBytes() +
      (this.#resources?.stateBytes() ?? 0)
    );
  }

  /**
   * Whether the session holds state of its own (docs/sessions.md "How many"): deletions, loaded data, refresh tokens,
   * codes, login sessions, lock-outs, fault or claim rules, a rate limit or clock of its own. A session without any
   * (its journal aside) is light: a new id may take its place at once, since nothing of a suite's is lost with it.
   */
  holdsState(): boolean {
    return (
      this.state.stateBytes() > 0 ||
      (this.#resources?.stateBytes() ?? 0) > 0 ||
      this.control.holdsRules() ||
      !this.clock.isReal()
    );
  }

  /** Back to the session's start: data, authorization-server state, control plane, real time. */
  reset(): void {
    this.state.reset();
    this.#resources = undefined;
    this.control.reset();
    this.clock.reset();
  }

  summary(): SessionSummary {
    return {
      id: this.id,
      created: this.created,
      lastUsed: this.lastUsed,
      users: this.state.store.size,
      requests: this.control.journal.recorded,
    };
  }
}
