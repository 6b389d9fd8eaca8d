/**
 * The memory the sessions' own state holds, for the whole server (docs/sessions.md "Memory"): whatever a session
 * writes beside the start's shared data — the store's own copy after its first deletion (live mask, memberships,
 * the sort orders rebuilt over it, its query cache), datasets it loaded, refresh tokens, codes, login sessions,
 * lock-outs, rate-limit buckets, fault rules and the journal — estimated in bytes and kept, summed over every
 * session, under `--max-state-memory`. A request that would create a session or make one grow past the limit gets
 * 503 `state_memory_full`; everything else is served as before, reads included.
 *
 * The figures are estimates from counts and lengths (no heap walk): each is an upper bound measured on Node 20 for
 * what it stands for, so the process's memory stays under the limit plus the start's own data.
 */
import { stateMemoryFull } from '../errors.ts';

/** A session that holds nothing of its own yet: its objects, an empty journal ring, its clocks and counters. */
export const EMPTY_SESSION_BYTES = 16 * 1024;
/** What a request that changes state may add before it is counted (a refresh token, a code, a fault rule …). */
export const WRITE_RESERVE_BYTES = 64 * 1024;

/** Anything that can say what it holds now. */
export interface Measured {
  stateBytes(): number;
}

export class StateMemory {
  /** The limit, in bytes (`--max-state-memory`). */
  readonly limit: number;
  readonly #holders: () => Iterable<Measured>;

  /** `holders` lists every session (the default one included) each time the sum is taken. */
  constructor(limit: number, holders: () => Iterable<Measured>) {
    this.limit = limit;
    this.#holders = holders;
  }

  /** Bytes the sessions hold now, by the estimates above. */
  used(): number {
    let total = 0;
    for (const holder of this.#holders()) total += holder.stateBytes();
    return total;
  }

  /** Whether `bytes` more still fit under the limit. */
  room(bytes: number): boolean {
    return this.used() + bytes <= this.limit;
  }

  /** Throws 503 `state_memory_full` unless `bytes` more fit; `what` says what would take them. */
  ensureRoom(bytes: number, what: string): void {
    const used = this.used();
    if (used + bytes <= this.limit) return;
    throw stateMemoryFull(
      `${what} needs about ${mebibytes(bytes)} more, and the sessions already hold ${mebibytes(used)} of the ` +
        `${mebibytes(this.limit)} that --max-state-memory allows; drop or reset sessions (DELETE /__admin/sessions/{id}, ` +
        'POST /__admin/reset) or start the server with a larger --max-state-memory',
    );
  }
}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
