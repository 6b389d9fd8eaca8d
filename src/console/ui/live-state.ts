/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * How the console follows the admin state that any client changes (docs/console.md): one timer reads a fixed set
 * of cheap admin routes (fault rules, rate limit, claim rules, clock, resources, keys, drift findings, sessions) every
 * POLL_MS while the tab is visible, and hands each panel its answer only when the answer changed, so a panel a
 * person is using is not redrawn under the pointer for nothing. Admin calls are not journaled, so the journal
 * stream cannot tell the page about them. Hidden tab: no timer; visible again: read at once.
 */
import { admin } from './admin-api.ts';

/** Between the end of one round of reads and the start of the next: a change shows within a second. */
export const POLL_MS = 500;

export interface Watch {
  /** The admin route, under `/__admin`. */
  readonly path: string;
  /** Read in the session the page shows (false: about the server, or every session). */
  readonly inSession: boolean;
  /**
   * Called with the answer when it differs from the last one given; with undefined (once) while the session shown
   * is not live, for a route read in it.
   */
  readonly show: (answer: unknown) => void;
  /** Called when the read fails. */
  readonly fail: (error: unknown) => void;
}

/** What `#last` holds for a session route while the session is not live. */
const IDLE = 'idle';

export class LiveState {
  readonly #watches: Watch[] = [];
  #first: Watch | undefined;
  #after: (() => void) | undefined;
  /** The last answer of each route, as JSON text. */
  readonly #last = new Map<string, string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #again = false;
  /** Whether the session shown is live; while it is not, its routes are not read (a read would start it). */
  #sessionLive: () => boolean;

  constructor(sessionLive: () => boolean) {
    this.#sessionLive = sessionLive;
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) this.#stop();
      else this.now();
    });
  }

  watch(watch: Watch): void {
    this.#watches.push(watch);
  }

  /** A route read before the others in each round: the sessions, whose list says whether the one shown is live. */
  watchFirst(watch: Watch): void {
    this.#first = watch;
  }

  /** Called after each round of reads (the page follows the session's stream from it). */
  afterRound(after: () => void): void {
    this.#after = after;
  }

  /** Forgets the answers of the session's routes (the page now shows another session): they are all shown again. */
  forgetSession(): void {
    for (const watch of this.#watches) if (watch.inSession) this.#last.delete(watch.path);
  }

  /** Reads everything now (after the page's own change, or once the tab is visible), then every POLL_MS. */
  now(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#stop();
    this.#running = true;
    void this.#round().finally(() => {
      this.#running = false;
      if (this.#again) {
        this.#again = false;
        this.now();
      } else if (!document.hidden) {
        this.#timer = setTimeout(() => {
          this.now();
        }, POLL_MS);
      }
    });
  }

  #stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #round(): Promise<void> {
    if (this.#first !== undefined) await this.#read(this.#first);
    this.#after?.();
    const live = this.#sessionLive();
    await Promise.all(
      this.#watches.map(async (watch) => {
        if (live || !watch.inSession) {
          await this.#read(watch);
        } else if (this.#last.get(watch.path) !== IDLE) {
          this.#last.set(watch.path, IDLE);
          watch.show(undefined);
        }
      }),
    );
  }

  async #read(watch: Watch): Promise<void> {
    try {
      const answer = await admin<unknown>('GET', watch.path, undefined, watch.inSession);
      const text = JSON.stringify(answer);
      if (this.#last.get(watch.path) === text) return;
      this.#last.set(watch.path, text);
      watch.show(answer);
    } catch (error) {
      this.#last.delete(watch.path);
      watch.fail(error);
    }
  }
}
