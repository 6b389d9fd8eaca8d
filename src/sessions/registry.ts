/**
 * The sessions of one mock (docs/sessions.md): the default session, and up to `maxSessions` named ones in least
 * recently used order, each dropped after `ttlMs` without use. A dropped session's id starts afresh on its next
 * use. The pipeline finds a request's session here and hands it to the handler in its context.
 *
 * A live suite never loses its state to another one: when `maxSessions` are live, a new id takes the place of the
 * least recently used light session (one that holds nothing of its own, `Session.holdsState`) at once; when every
 * session holds state, of the least recently used one only if that one has been idle for IDLE_EVICTION_MS, and
 * otherwise the new id is refused with 503 `too_many_sessions` and a `Retry-After` saying when that session will be
 * idle long enough. So random ids (a fuzzer, a page) never lock a suite out nor evict its state. A new session is
 * never refused for memory (an empty one costs EMPTY_SESSION_BYTES, bounded by `maxSessions`; its writes are what
 * the state memory refuses), but while the named sessions' share is full it takes the place of light sessions,
 * least recently used first, so their journals make room.
 */
import { LRUCache } from 'lru-cache';
import { tooManySessions } from '../errors.ts';
import { Session } from './session.ts';
import { EMPTY_SESSION_BYTES, type StateMemory } from './state-memory.ts';

/** How long the least recently used session must have been idle before a new id may take its place. */
export const IDLE_EVICTION_MS = 60_000;

export interface SessionRegistryOptions {
  readonly maxSessions: number;
  readonly ttlMs: number;
  /** The clock, in epoch milliseconds (tests inject one). */
  readonly now: () => number;
  /** Builds a new named session's state: shares the server's initial data until it writes. */
  readonly create: (id: string, now: number) => Session;
  /** Called with a named session once it is gone: dropped, replaced, evicted or expired. */
  readonly onDrop?: (session: Session) => void;
  /** The server's state memory, which a new session must fit in (unbounded when absent). */
  readonly memory?: StateMemory;
}

export class SessionRegistry {
  readonly default: Session;
  readonly maxSessions: number;
  readonly ttlMs: number;
  readonly #named: LRUCache<string, Session>;
  readonly #now: () => number;
  readonly #create: (id: string, now: number) => Session;
  #memory: StateMemory | undefined;

  constructor(defaultSession: Session, options: SessionRegistryOptions) {
    this.default = defaultSession;
    this.maxSessions = options.maxSessions;
    this.ttlMs = options.ttlMs;
    this.#now = options.now;
    this.#create = options.create;
    this.#memory = options.memory;
    const onDrop = options.onDrop;
    this.#named = new LRUCache<string, Session>({
      // One more than the limit: the registry makes room itself, by the idle rule, before it adds a session.
      max: Math.max(1, options.maxSessions) + 1,
      ttl: Math.max(1, options.ttlMs),
      updateAgeOnGet: true,
      perf: { now: options.now },
      // Read the clock on every check: an injected clock may jump within one tick.
      ttlResolution: 0,
      ...(onDrop === undefined
        ? {}
        : {
            dispose: (session: Session) => {
              try {
                onDrop(session);
              } catch {
                // Whatever followed the session (its journal streams) is gone with it.
              }
            },
          }),
    });
  }

  /** Sets the state memory new sessions must fit in (it sums over this registry's sessions). */
  measureWith(memory: StateMemory): void {
    this.#memory = memory;
  }

  /**
   * The session of `id` (undefined: the default), created on first use; counts as a use of it. A new id is refused
   * with 503 `too_many_sessions` when there is no place for it.
   */
  use(id: string | undefined): Session {
    if (id === undefined) return this.#touch(this.default);
    const found = this.#named.get(id);
    if (found !== undefined) return this.#touch(found);
    return this.#touch(this.#add(id, () => this.#create(id, this.#now())));
  }

  /** The session of `id` as `use` finds or creates it, without counting a use (the control plane's own calls). */
  peek(id: string | undefined): Session {
    if (id === undefined) return this.default;
    return this.#named.get(id) ?? this.#add(id, () => this.#create(id, this.#now()));
  }

  /** Replaces (or creates, if there is room) the session `id` with `session`. */
  put(id: string, session: Session): void {
    if (this.#named.has(id)) this.#named.set(id, session);
    else this.#add(id, () => session);
  }

  /** Throws unless a new named session has a place among `maxSessions` (`too_many_sessions`). */
  makeRoom(): void {
    this.#named.purgeStale();
    if (this.#named.size >= this.maxSessions && !this.#evictLight()) this.#evictIdle();
    const memory = this.#memory;
    if (memory === undefined) return;
    // A new session itself is never refused for memory (what it costs is bounded by --max-sessions); light
    // sessions give their place (their journals) while the named sessions' share is full.
    while (!memory.roomForNew(EMPTY_SESSION_BYTES) && this.#evictLight());
  }

  /** Whether a named session `id` is live (does not count as a use). */
  has(id: string): boolean {
    return this.#named.has(id);
  }

  /** Drops a named session; false when there was none. */
  drop(id: string): boolean {
    return this.#named.delete(id);
  }

  /** Live named sessions, most recently used first. */
  list(): Session[] {
    this.#named.purgeStale();
    return [...this.#named.values()];
  }

  /** Every live session, the default one first (what the state memory sums over). */
  *all(): Generator<Session> {
    yield this.default;
    yield* this.#named.values();
  }

  #add(id: string, make: () => Session): Session {
    this.makeRoom();
    const session = make();
    this.#named.set(id, session);
    return session;
  }

  /** Drops the least recently used light session; false when every session holds state of its own. */
  #evictLight(): boolean {
    for (const session of this.#named.rvalues()) {
      if (session?.id !== undefined && !session.holdsState()) {
        this.#named.delete(session.id);
        return true;
      }
    }
    return false;
  }

  /** Drops the least recently used session if it has been idle long enough; else 503 `too_many_sessions`. */
  #evictIdle(): void {
    let oldest: Session | undefined;
    for (const session of this.#named.rvalues()) {
      oldest = session;
      break;
    }
    if (oldest?.id === undefined) return;
    const idle = this.#now() - oldest.lastUsed;
    if (idle >= IDLE_EVICTION_MS) {
      this.#named.delete(oldest.id);
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((IDLE_EVICTION_MS - idle) / 1000));
    throw tooManySessions(
      `${this.maxSessions} sessions with state of their own are live (--max-sessions) and the least recently used one was used ` +
        `${Math.floor(idle / 1000)} s ago; a new session takes the place of one idle for ${IDLE_EVICTION_MS / 1000} s, ` +
        `so retry in ${retryAfter} s, drop a session (DELETE /__admin/sessions/{id}) or raise --max-sessions`,
      retryAfter,
    );
  }

  #touch(session: Session): Session {
    session.lastUsed = this.#now();
    return session;
  }
}

export { Session };
