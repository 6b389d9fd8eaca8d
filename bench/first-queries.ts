/**
 * The first queries after a large seed: `POST /__admin/seed {"users": N}`, then each kind of query twice (its
 * first run builds whatever that kind needs, if anything is still built on first use; the second shows the
 * usual cost), each timed to its answer while a concurrent poller sends `GET /health` every ~5 ms: the longest
 * `/health` wait during a request is how long that request held the server's event loop (and every other client).
 */
import { rssMb, type ServerProcess } from './processes.ts';
import type { FirstQueryFigures, HeldFigures, SeedFigures } from './figures.ts';

/** The kinds of query whose first run used to build an order or an index in one piece. */
export const FIRST_QUERY_KINDS = [
  { kind: 'sort by name', query: 'sort_by=name' },
  { kind: 'search', query: 'search=carey' },
  { kind: 'status, email desc', query: 'status=active&sort_by=email&sort_order=desc' },
  { kind: 'type, identifier', query: 'user_type=saas_user&sort_by=identifier' },
  { kind: 'created from, updated_at', query: 'created_at_from=2024-07-01T00:00:00Z&sort_by=updated_at' },
] as const;

/** One `/health` request: when it was sent and when its answer was read (performance.now() ms). */
export interface HealthSample {
  readonly sent: number;
  readonly answered: number;
}

/** The longest wait of the samples that overlap [from, to]; 0 when none does. */
export function longestHold(samples: readonly HealthSample[], from: number, to: number): number {
  let longest = 0;
  for (const s of samples) {
    if (s.answered >= from && s.sent <= to) longest = Math.max(longest, s.answered - s.sent);
  }
  return longest;
}

/** Sends GET /health in a loop, one at a time, ~5 ms apart, and keeps every sample. */
export class HealthPoller {
  readonly samples: HealthSample[] = [];
  #running = true;
  #done: Promise<void>;
  #waiters: (() => void)[] = [];

  constructor(url: string) {
    this.#done = this.#loop(`${url}/health`);
  }

  async #loop(url: string): Promise<void> {
    while (this.#running) {
      const sent = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
      } catch {
        // a refused connection counts as answered: the stop shows in the timings of the next sample
      }
      this.samples.push({ sent, answered: performance.now() });
      for (const wake of this.#waiters.splice(0)) wake();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Resolves once a request has been answered after now: the one in flight during a hold included. */
  async settle(): Promise<void> {
    const now = performance.now();
    // Samples are kept in the order they are answered: the last is the latest.
    while ((this.samples.at(-1)?.answered ?? -Infinity) < now) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#done;
  }
}

async function held(
  poller: HealthPoller,
  request: () => Promise<Response>,
  what: string,
): Promise<HeldFigures> {
  const from = performance.now();
  const res = await request();
  await res.arrayBuffer();
  const to = performance.now();
  if (res.status !== 200) throw new Error(`${what}: status ${String(res.status)}`);
  await poller.settle();
  return { ms: to - from, holdMs: longestHold(poller.samples, from, to) };
}

/** Seeds `users` into a running identity-mock, then runs every kind's first and second query. */
export async function firstQueries(
  server: ServerProcess,
  name: string,
  token: string,
  users: number,
  seed: number,
): Promise<{ seed: SeedFigures; queries: FirstQueryFigures[] }> {
  const poller = new HealthPoller(server.url);
  try {
    await poller.settle();
    const sectionStart = performance.now();
    const seeded = await held(
      poller,
      () =>
        fetch(`${server.url}/__admin/seed`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ seed, users }),
        }),
      `${name} POST /__admin/seed ${String(users)}`,
    );
    const queries: FirstQueryFigures[] = [];
    for (const { kind, query } of FIRST_QUERY_KINDS) {
      const get = (): Promise<Response> =>
        fetch(`${server.url}/users?${query}`, { headers: { authorization: `Bearer ${token}` } });
      const first = await held(poller, get, `${name} GET /users?${query}`);
      const second = await held(poller, get, `${name} GET /users?${query}`);
      queries.push({ server: name, users, kind, query, first, second });
    }
    const sectionHoldMs = longestHold(poller.samples, sectionStart, performance.now());
    return {
      seed: { server: name, users, seed: seeded, sectionHoldMs, rssAfterMb: rssMb(server.child.pid) },
      queries,
    };
  } finally {
    await poller.stop();
  }
}
