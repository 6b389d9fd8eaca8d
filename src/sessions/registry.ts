/**
 * The sessions of one mock (docs/sessions.md): the default session, and up to `maxSessions` named ones in least
 * recently used order, each dropped after `ttlMs` without use. A dropped session's id starts afresh on its next
 * use. A request runs inside its session (`run`), and the state holders ask `current()` which one that is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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
  readonly #scope = new AsyncLocalStorage<Session>();
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

  /** The session of `id` (undefined: the default), created on first use; counts as a use. */
  use(id: string | undefined): Session {
    if (id === undefined) return this.#touch(this.default);
    const found = this.#named.get(id);
    if (found !== undefined) return this.#touch(found);
    const session = this.#create(id, this.#now());
    this.#named.set(id, session);
    return this.#touch(session);
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

  /** Runs `fn` inside `session`: `current()` answers it for everything `fn` starts, awaits included. */
  run<T>(session: Session, fn: () => T): T {
    return this.#scope.run(session, fn);
  }

  /** The session of the request being served, or the default one outside any request. */
  current(): Session {
    return this.#scope.getStore() ?? this.default;
  }

  #touch(session: Session): Session {
    session.lastUsed = this.#now();
    session.requests++;
    return session;
  }
}

export { Session };
