/**
 * One session (docs/sessions.md): the users, authorization-server state and control plane a group of requests sees
 * in isolation from every other session, its clock, and the figures `GET /__admin/sessions` lists.
 */
import type { ControlPlane } from '../control/control-plane.ts';
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
  /** Requests served in this session (the control plane's own excluded, as the journal counts them). */
  readonly requests: number;
}

export class Session implements Measured {
  readonly id: string | undefined;
  readonly created: number;
  lastUsed: number;
  requests = 0;
  readonly state: SessionState;
  readonly control: ControlPlane;
  readonly #clock: () => number;

  constructor(id: string | undefined, state: SessionState, control: ControlPlane, clock: () => number) {
    this.id = id;
    this.state = state;
    this.control = control;
    this.#clock = clock;
    this.created = clock();
    this.lastUsed = this.created;
  }

  /** Now, epoch milliseconds, by the session's clock: what tokens, codes, lock-outs and rate limits read. */
  now(): number {
    return this.#clock();
  }

  /** What the session holds of its own, in bytes (an estimate, `state-memory.ts`). */
  stateBytes(): number {
    return EMPTY_SESSION_BYTES + this.state.stateBytes() + this.control.stateBytes();
  }

  /** Back to the session's start: data, authorization-server state, fault rules, journal, rate limit. */
  reset(): void {
    this.state.reset();
    this.control.reset();
  }

  summary(): SessionSummary {
    return {
      id: this.id,
      created: this.created,
      lastUsed: this.lastUsed,
      users: this.state.store.size,
      requests: this.requests,
    };
  }
}
