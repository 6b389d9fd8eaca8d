/** The first slots of an order without building it: `TopSlots` and `SortOrders.topSteps`. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/data/sliced-work.ts';
import { seedDataset } from '../../src/data/seed.ts';
import { QueryEngine, type UsersQuery } from '../../src/users/engine.ts';
import { SortOrders, type SortColumns, type SortKind } from '../../src/users/sort.ts';
import { TopSlots } from '../../src/users/top-slots.ts';
import { storeOf } from '../support/user-records.ts';

const KINDS: ReadonlyMap<string, SortKind> = new Map([
  ['at', 'time'],
  ['name', 'text'],
]);

/** Columns of rows given as (time, id number, alive); ids are zero-padded so that they compare as numbers. */
function columnsOf(rows: readonly { at: number; id: number; alive: boolean }[]): SortColumns {
  return {
    size: rows.length,
    alive: Uint8Array.from(rows, (row) => (row.alive ? 1 : 0)),
    ids: rows.map((row) => `id-${String(row.id).padStart(6, '0')}`),
    text: () => '',
    time: (field, i) => (field === 'at' ? (rows[i]?.at ?? 0) : 0),
  };
}

const rowsArb = fc.array(
  fc.record({
    at: fc.oneof(fc.constantFrom(0, 100, 200), fc.integer({ min: -1e12, max: 1e12 })),
    id: fc.nat({ max: 999_999 }),
    alive: fc.boolean(),
  }),
  { maxLength: 400 },
);

describe('TopSlots', () => {
  it('keeps the first `count` of any numbers offered in any order, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1000 }), { maxLength: 300 }),
        fc.nat({ max: 40 }),
        (values, count) => {
          const top = new TopSlots(count, (a, b) => a < b);
          for (const value of values) top.offer(value);
          expect([...top.sorted()]).toEqual([...values].sort((a, b) => a - b).slice(0, count));
        },
      ),
      { seed: 3, numRuns: 200 },
    );
  });

  it('keeps nothing when asked for none', () => {
    const top = new TopSlots(0, (a, b) => a < b);
    top.offer(1);
    expect([...top.sorted()]).toEqual([]);
  });
});

describe('SortOrders.topSteps', () => {
  it('gives the first slots of the kept order, both directions, ties by id, deleted slots left out', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.nat({ max: 60 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        (rows, count, direction) => {
          const columns = columnsOf(rows);
          const fresh = new SortOrders(columns, KINDS);
          expect(fresh.answersTop('at')).toBe(true);
          const top = runToEnd(fresh.topSteps('at', direction, count));
          const kept = new SortOrders(columns, KINDS).get('at', direction).order;
          expect([...top]).toEqual([...kept.subarray(0, count)]);
        },
      ),
      { seed: 8, numRuns: 300 },
    );
  });

  it('answers only for a time field whose orders are not built, and not in derived orders', () => {
    const columns = columnsOf([
      { at: 2, id: 1, alive: true },
      { at: 1, id: 2, alive: true },
    ]);
    const orders = new SortOrders(columns, KINDS);
    expect(orders.answersTop('name')).toBe(false);
    expect(orders.derive(columns).answersTop('at')).toBe(false);
    expect([...runToEnd(orders.topSteps('at', 'desc', 5))]).toEqual([0, 1]);
    orders.get('at', 'asc');
    expect(orders.answersTop('at')).toBe(false);
    expect([...runToEnd(orders.topSteps('at', 'asc', 1))]).toEqual([1]);
  });
});

describe('a plain list before its order is built', () => {
  const dataset = seedDataset({ seed: 4, users: 3000 });
  const plain = (page: number, pageSize: number, direction: 'asc' | 'desc'): UsersQuery => ({
    filter: {},
    terms: [],
    sort: { field: 'created_at', direction },
    page,
    pageSize,
  });

  it('is answered from the first slots, builds no order, and gives the page the kept order gives', () => {
    const fresh = storeOf(dataset.users, dataset.workspaces);
    const engine = new QueryEngine(fresh, { cacheSize: 0 });
    const query = plain(3, 20, 'desc');
    expect(engine.readyFor(query, { kind: 'all' })).toBe(true);
    const page = engine.run(query, { kind: 'all' });
    expect(fresh.orders.ready('created_at')).toBe(false);

    const built = storeOf(dataset.users, dataset.workspaces);
    const expected = built.orders.get('created_at', 'desc').order.subarray(40, 60);
    expect(page.total).toBe(dataset.users.length);
    expect(Array.from(page.slots)).toEqual([...expected]);
  });

  it('deeper than the first 1 000 users, waits for the order', () => {
    const engine = new QueryEngine(storeOf(dataset.users, dataset.workspaces), { cacheSize: 0 });
    expect(engine.readyFor(plain(51, 20, 'asc'), { kind: 'all' })).toBe(false);
    expect(engine.readyFor(plain(50, 20, 'asc'), { kind: 'all' })).toBe(true);
  });
});
