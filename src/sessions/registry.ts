/**
 * The sessions of one mock (docs/sessions.md): the default session, and up to `maxSessions` named ones in least
 * recently used order, each dropped after `ttlMs` without use. A dropped session's id starts afresh on its next
 * use. The pipeline finds a request's session here and hands it to the handler in its context.
 */
import { LRUCache } from 'lru-cache';
import { Session } from './session.ts';

export interface SessionRegistryOptions {
  readonly maxSessions: number;
  readonly ttlMs: number;
  /** The clock, in epoch milliseconds (tests inject one). */
  readonly now: () => number;
  /** Builds a new named session's state: shares the server's initial data until it writes. */
  readonly create: (id: string, now: number) => Session;
  /** Called with a named session once it is gone: dropped, replaced, evicted or expired. */
  readonly onDrop?: (session: Session) => void;
}

export class SessionRegistry {
  readonly default: Session;
  readonly maxSessions: number;
  readonly ttlMs: number;
  readonly #named: LRUCache<string, Session>;
  readonly #now: () => number;
  readonly #create: (id: string, now: number) => Session;

  constructor(defaultSession: Session, options: SessionRegistryOptions) {
    this.default = defaultSession;
    this.maxSessions = options.maxSessions;
    this.ttlMs = options.ttlMs;
    this.#now = options.now;
    this.#create = options.create;
    this.#named = new LRUCache<string, Session>({
      max: Math.max(1, options.maxSessions),
      ttl: Math.max(1, options.ttlMs),
      updateAgeOnGet: true,
      perf: { now: options.now },
      // Read the clock on every check: an injected clock may jump within one tick.
      ttlResolution: 0,
      ...(options.onDrop === undefined ? {} : { dispose: options.onDrop }),
    });
  }

  /** The session of `id` (undefined: the default), created on first use; counts as a use of it. */
  use(id: string | undefined): Session {
    if (id === undefined) return this.#touch(this.default);
    const found = this.#named.get(id);
    if (found !== undefined) return this.#touch(found);
    const session = this.#create(id, this.#now());
    this.#named.set(id, session);
    return this.#touch(session);
  }

  /** The session of `id` as `use` finds or creates it, without counting a use (the control plane's own calls). */
  peek(id: string | undefined): Session {
    if (id === undefined) return this.default;
    const found = this.#named.get(id);
    if (found !== undefined) return found;
    const session = this.#create(id, this.#now());
    this.#named.set(id, session);
    return session;
  }

  /** Replaces (or creates) the session `id` with `session`. */
  put(id: string, session: Session): void {
    this.#named.set(id, session);
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

  #touch(session: Session): Session {
    session.lastUsed = this.#now();
    return session;
  }
}

export { Session };
