/**
 * One session (docs/sessions.md): the users, authorization-server state and control plane a group of requests sees
 * in isolation from every other session, with the figures `GET /__admin/sessions` lists.
 */
import type { ControlPlane } from '../admin/control-plane.ts';
import type { MockState } from '../mock-state.ts';

export interface SessionSummary {
  /** The `X-Mock-Session` value; undefined for the default session (requests without the header). */
  readonly id: string | undefined;
  /** Epoch milliseconds. */
  readonly created: number;
  readonly lastUsed: number;
  /** Live users in the session's store. */
  readonly users: number;
  /** Requests served in this session. */
  readonly requests: number;
}

export class Session {
  readonly id: string | undefined;
  readonly created: number;
  lastUsed: number;
  requests = 0;
  readonly state: MockState;
  readonly control: ControlPlane;

  constructor(id: string | undefined, state: MockState, control: ControlPlane, now: number) {
    this.id = id;
    this.state = state;
    this.control = control;
    this.created = now;
    this.lastUsed = now;
  }

  /** Back to the session's start: data, lock-outs, refresh tokens, fault rules, journal, rate limit. */
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
