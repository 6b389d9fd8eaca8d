/**
 * No pause after a seed (docs/control-plane.md): the sort orders, lookups and search index that queries use are
 * built with the store, in slices, before `POST /__admin/seed` answers, so the first query of each kind after it
 * builds nothing and holds the event loop no longer than any other. The bound below tells "never blocked for a
 * build" from "blocked": it is not a speed check (the bench measures this at 1 000 000 users).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { ADMIN, SMALL_FIXTURES, SPECS } from '../support/harness.ts';

/** The kinds of query that each read an order or an index of their own. */
const FIRST_QUERIES = [
  'sort_by=name',
  'search=carey',
  'status=active&sort_by=email&sort_order=desc',
  'user_type=saas_user&sort_by=identifier',
  'created_at_from=2024-07-01T00:00:00Z&sort_by=updated_at',
  'sort_by=status&sort_order=desc',
];
/** Generous: the event loop's longest pause during all the first queries, on a busy 2-core machine. */
const LOOP_FREE_MS = 1_000;

describe('the first queries after a seed', () => {
  let running: RunningMock;
  beforeAll(async () => {
    running = await startMock({ port: 0, specs: SPECS, fixtures: SMALL_FIXTURES });
  });
  afterAll(() => running.close(0));

  it('find everything built when the seed answers, and keep the event loop free', async () => {
    const seeded = await fetch(`${running.url}/__admin/seed`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seed: 5, users: 20_000 }),
    });
    expect(seeded.status).toBe(200);
    const { base } = running.state.store;
    expect(base.prepared).toBe(true);
    expect(base.orders.complete).toBe(true);
    expect(base.search.indexed).toBe(true);

    const authorization = `Bearer ${(await running.session().token({ user: ADMIN })).accessToken}`;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    try {
      for (const query of FIRST_QUERIES) {
        const res = await fetch(`${running.url}/users?${query}`, { headers: { authorization } });
        expect(res.status, query).toBe(200);
        const body = (await res.json()) as unknown[];
        expect(Number(res.headers.get('x-total-count')), query).toBeGreaterThanOrEqual(body.length);
      }
    } finally {
      delay.disable();
    }
    expect(delay.max / 1e6).toBeLessThan(LOOP_FREE_MS);
    // Still nothing built by the queries themselves: the store they read is the one prepared by the seed.
    expect(running.state.store.base).toBe(base);
  }, 60_000);
});
