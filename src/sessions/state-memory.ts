/**
 * The memory the sessions' own state holds, for the whole server (docs/sessions.md "Memory"): whatever a session
 * writes beside the start's shared data — the store's own copy after its first deletion (live mask, memberships,
 * the sort orders rebuilt over it, its query cache), datasets it loaded, refresh tokens, codes, login sessions,
 * lock-outs, rate-limit buckets, fault rules and the journal — estimated in bytes and kept, summed over every
 * session, under `--max-state-memory`.
 *
 * It is shared fairly: a named session holds at most `--max-session-memory` (503 `session_memory_full` past it, for
 * that session's own writes only), and the default session (no `X-Mock-Session`) keeps a reserve of the same size
 * (at most half the limit) that the named sessions together can never take, so with every named session full the default session still
 * grants, reads and writes. Past the limit for the whole server, 503 `state_memory_full`. A request that stores
 * nothing asks for no room and is never refused.
 *
 * The figures are estimates from counts and lengths (no heap walk): each is an upper bound measured on Node 20 for
 * what it stands for, so the process's memory stays under the limit plus the start's own data.
 */
import { sessionMemoryFull, stateMemoryFull } from '../errors.ts';

/** A session that holds nothing of its own yet: its objects, an empty journal ring, its clocks and counters. */
export const EMPTY_SESSION_BYTES = 16 * 1024;

/** Anything that can say what it holds now. */
export interface Measured {
  stateBytes(): number;
}

/** A session as the state memory sees it: named (an `id`) or the default one (no `id`). */
export interface MeasuredSession extends Measured {
  readonly id: string | undefined;
}

/** The share of `--max-state-memory` a named session may hold by default (`--max-session-memory`). */
export const SESSION_SHARE = 8;

export class StateMemory {
  /** The limit, in bytes (`--max-state-memory`). */
  readonly limit: number;
  /** What one named session may hold, and the default session's reserve (`--max-session-memory`). */
  readonly sessionLimit: number;
  readonly #holders: () => Iterable<MeasuredSession>;

  /**
   * `holders` lists every session (the default one included) each time the sum is taken; `sessionLimit` defaults
   * to 1/8 of `limit` and is never more than it.
   */
  constructor(limit: number, holders: () => Iterable<MeasuredSession>, sessionLimit?: number) {
    this.limit = limit;
    this.sessionLimit = Math.min(limit, sessionLimit ?? Math.floor(limit / SESSION_SHARE));
    this.#holders = holders;
  }

  /** Bytes the sessions hold now, by the estimates above. */
  used(): number {
    let total = 0;
    for (const holder of this.#holders()) total += holder.stateBytes();
    return total;
  }

  /** Bytes held by the default session and by the named ones together. */
  #split(): { own: number; named: number } {
    let own = 0;
    let named = 0;
    for (const holder of this.#holders()) {
      if (holder.id === undefined) own += holder.stateBytes();
      else named += holder.stateBytes();
    }
    return { own, named };
  }

  /** The default session's reserve: the size of one named session's share, at most half the limit. */
  get reserve(): number {
    return Math.min(this.sessionLimit, Math.floor(this.limit / 2));
  }

  /** What the named sessions together may hold: the limit less the default session's reserve (or its use). */
  #namedLimit(own: number): number {
    return this.limit - Math.max(own, this.reserve);
  }

  /**
   * Bytes `session` may still add (its journal keeps itself within this): for a named session the least of its own
   * share and what the named sessions have left; for the default session what the whole server has left.
   */
  roomFor(session: MeasuredSession): number {
    const { own, named } = this.#split();
    if (session.id === undefined) return this.limit - own - named;
    const mine = session.stateBytes();
    return Math.min(this.sessionLimit - mine, this.#namedLimit(own) - named);
  }

  /** Whether a new named session (`bytes` of its own) fits among the named sessions' share. */
  roomForNew(bytes: number): boolean {
    const { own, named } = this.#split();
    return named + bytes <= this.#namedLimit(own) && bytes <= this.sessionLimit;
  }

  /**
   * Throws 503 unless `bytes` more fit for `session` (undefined: a new named session): `session_memory_full` past
   * the session's own share, `state_memory_full` past what the server has left. `what` says what would take them.
   */
  ensureRoom(bytes: number, what: string, session?: MeasuredSession): void {
    if (bytes <= 0) return;
    const { own, named } = this.#split();
    if (session?.id === undefined && session !== undefined) {
      if (own + named + bytes <= this.limit) return;
      throw this.#serverFull(bytes, what, own + named);
    }
    const mine = session?.stateBytes() ?? 0;
    if (mine + bytes > this.sessionLimit) {
      throw sessionMemoryFull(
        `${what} needs about ${mebibytes(bytes)} more, and this session already holds ${mebibytes(mine)} of the ` +
          `${mebibytes(this.sessionLimit)} that --max-session-memory allows one session; reset or drop this ` +
          'session (POST /__admin/reset, DELETE /__admin/sessions/{id}), load less, or start the server with a ' +
          'larger --max-session-memory',
      );
    }
    if (named + bytes <= this.#namedLimit(own)) return;
    throw this.#serverFull(bytes, what, own + named);
  }

  #serverFull(bytes: number, what: string, used: number): Error {
    return stateMemoryFull(
      `${what} needs about ${mebibytes(bytes)} more, and the sessions already hold ${mebibytes(used)} of the ` +
        `${mebibytes(this.limit)} that --max-state-memory allows (${mebibytes(this.reserve)} of it kept for ` +
        'requests without X-Mock-Session); drop or reset sessions (DELETE /__admin/sessions/{id}, ' +
        'POST /__admin/reset) or start the server with a larger --max-state-memory',
    );
  }
}

function mebibytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
