/**
 * The sessions a mock serves, composed once for every adapter (the Node server and the MSW handlers): the registry
 * with its default session, each session's control plane, the journal streams, the state memory that bounds them
 * all (docs/sessions.md), and `newSession`, which makes room (or refuses) before a dataset of its own is built, then
 * builds it in slices.
 */
import { ControlPlane } from '../control/control-plane.ts';
import { JournalStreams } from '../control/journal-streams.ts';
import type { RateLimitConfig } from '../control/rate-limit.ts';
import type { Dataset } from '../data/dataset.ts';
import { runInSlices } from '../data/sliced-work.ts';
import type { Hashing } from '../platform/platform.ts';
import type { ResourceBase } from '../resources/base-collection.ts';
import { SessionRegistry } from './registry.ts';
import { SessionState } from './session-state.ts';
import { Session } from './session.ts';
import { EMPTY_SESSION_BYTES, StateMemory } from './state-memory.ts';

export interface SessionSettings {
  readonly seed: number;
  readonly rateLimit: RateLimitConfig | undefined;
  readonly maxSessions: number;
  readonly sessionTtlMs: number;
  readonly maxStateMemory: number;
  /** What one named session may hold (`--max-session-memory`); undefined: 1/8 of `maxStateMemory`. */
  readonly maxSessionMemory?: number | undefined;
  readonly now: () => number;
  /**
   * The shared records of the document's inferred collections, when it has any (docs/own-spec.md): the served
   * document's at the time a session is made (a reload replaces them).
   */
  readonly resources?: (() => ResourceBase) | undefined;
}

/** The parts of the mock's services that are its sessions. */
export interface SessionServices {
  readonly sessions: SessionRegistry;
  readonly streams: JournalStreams;
  readonly memory: StateMemory;
  /** A named session, fresh, over its own dataset when one is given. */
  newSession(id: string, dataset: Dataset | undefined): Promise<Session>;
}

/** The sessions over `state` (the default session's; a named one starts as its fork). */
export function sessionServices(state: SessionState, s: SessionSettings, hashing: Hashing): SessionServices {
  // A journal asks the state memory for its session's room; it sums over the registry's sessions, made just below.
  const measured: { memory?: StateMemory } = {};
  const session = (id: string | undefined, own: SessionState): Session => {
    const holder: { session?: Session } = {};
    const room = (): number =>
      measured.memory === undefined || holder.session === undefined
        ? Infinity
        : measured.memory.roomFor(holder.session);
    const control = new ControlPlane({ seed: s.seed, rateLimit: s.rateLimit, hashing, room });
    holder.session = new Session(
      id,
      own,
      control,
      s.now,
      s.resources === undefined ? undefined : { base: s.resources(), seed: s.seed },
    );
    return holder.session;
  };
  const streams = new JournalStreams();
  const sessions = new SessionRegistry(session(undefined, state), {
    maxSessions: s.maxSessions,
    ttlMs: s.sessionTtlMs,
    now: s.now,
    create: (id) => session(id, state.fork()),
    onDrop: (session) => {
      streams.endFor(session.control.journal);
    },
  });
  // The start's data is served at once and prepared (sort orders, lookups, search index) in the background, in
  // slices, by every adapter; a query that needs it first waits for it rather than building it in one piece.
  state.store.base.whenPrepared().catch(() => {
    // a failed preparation fails the requests that wait for it, each with its own answer
  });
  const memory = new StateMemory(s.maxStateMemory, () => sessions.all(), s.maxSessionMemory);
  measured.memory = memory;
  sessions.measureWith(memory);
  return {
    sessions,
    streams,
    memory,
    newSession: async (id, own) => {
      // Room is made (or refused) before a dataset of its own is built, not after.
      if (!sessions.has(id)) sessions.makeRoom();
      if (own !== undefined) {
        memory.ensureRoom(
          EMPTY_SESSION_BYTES + SessionState.datasetBytes(own.users.length),
          `a session of ${own.users.length} users`,
          // A named session of its own: what it replaces is dropped with it.
          { id, stateBytes: () => 0 },
        );
      }
      const made = session(id, state.fork());
      // A dataset of its own is built in slices, as POST /seed builds one (data/sliced-work.ts).
      if (own !== undefined) await runInSlices(made.state.loadSteps(own, true));
      sessions.put(id, made);
      return made;
    },
  };
}
