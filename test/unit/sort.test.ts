import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortOrders, sortUniqueKeys, type SortColumns, type SortKind } from '../../src/users/sort.ts';

/** One row per slot: its id, a text field and a time field. */
interface Row {
  readonly id: string;
  readonly name: string;
  readonly at: number;
}

// Slots are listed out of id order on purpose, so that "id order" and "slot order" differ.
const ROWS: readonly Row[] = [
  { id: 'id-07', name: 'Émile', at: 300 }, // 0
  { id: 'id-03', name: 'bob', at: 100 }, // 1
  { id: 'id-11', name: 'emile', at: 200 }, // 2
  { id: 'id-01', name: 'EMILE', at: 300 }, // 3
  { id: 'id-09', name: 'Ann', at: 200 }, // 4
  { id: 'id-05', name: 'zoë', at: 50 }, // 5
  { id: 'id-02', name: 'anna', at: 300 }, // 6
];

const KINDS: ReadonlyMap<string, SortKind> = new Map([
  ['name', 'text'],
  ['at', 'time'],
]);

interface Counted {
  readonly columns: SortColumns;
  /** Number of column reads so far (each build reads every live row once). */
  reads(): number;
}

function columnsOf(rows: readonly Row[]): Counted {
  let reads = 0;
  const columns: SortColumns = {
    size: rows.length,
    alive: new Uint8Array(rows.length).fill(1),
    ids: rows.map((r) => r.id),
    text: (field, i) => {
      reads++;
      return field === 'name' ? (rows[i]?.name ?? '') : '';
    },
    time: (field, i) => {
      reads++;
      return field === 'at' ? (rows[i]?.at ?? 0) : 0;
    },
  };
  return { columns, reads: () => reads };
}

const ids = (order: ArrayLike<number>): string[] => Array.from(order, (slot) => ROWS[slot]?.id ?? '?');

describe('SortOrders', () => {
  it.each([
    {
      name: 'text ascending: case and accents ignored, ties by id',
      field: 'name',
      direction: 'asc' as const,
      // Ann < anna < bob < {Émile id-07, emile id-11, EMILE id-01} < zoë
      expected: ['id-09', 'id-02', 'id-03', 'id-01', 'id-07', 'id-11', 'id-05'],
    },
    {
      name: 'text descending: groups reversed, ties still by id ascending',
      field: 'name',
      direction: 'desc' as const,
      expected: ['id-05', 'id-01', 'id-07', 'id-11', 'id-03', 'id-02', 'id-09'],
    },
    {
      name: 'time ascending, ties by id',
      field: 'at',
      direction: 'asc' as const,
      // 50 < 100 < {200: id-09, id-11} < {300: id-01, id-02, id-07}
      expected: ['id-05', 'id-03', 'id-09', 'id-11', 'id-01', 'id-02', 'id-07'],
    },
    {
      name: 'time descending, ties still by id ascending',
      field: 'at',
      direction: 'desc' as const,
      expected: ['id-01', 'id-02', 'id-07', 'id-09', 'id-11', 'id-03', 'id-05'],
    },
  ])('$name', ({ field, direction, expected }) => {
    const orders = new SortOrders(columnsOf(ROWS).columns, KINDS);
    const { order, position } = orders.get(field, direction);
    expect(ids(order)).toEqual(expected);
    for (let p = 0; p < order.length; p++) expect(position[order[p] ?? -1]).toBe(p);
  });

  it('breaks ties by id in code-point order, not collation order', () => {
    const rows: Row[] = [
      { id: 'b', name: 'same', at: 0 },
      { id: 'B', name: 'same', at: 0 },
      { id: 'a', name: 'same', at: 0 },
      { id: 'A', name: 'same', at: 0 },
    ];
    const orders = new SortOrders(columnsOf(rows).columns, KINDS);
    const byId = (order: ArrayLike<number>): string[] => Array.from(order, (slot) => rows[slot]?.id ?? '?');
    expect(byId(orders.get('name', 'asc').order)).toEqual(['A', 'B', 'a', 'b']);
    expect(byId(orders.get('name', 'desc').order)).toEqual(['A', 'B', 'a', 'b']);
    expect(byId(orders.get('at', 'desc').order)).toEqual(['A', 'B', 'a', 'b']);
  });

  it.each([
    {
      name: 'text ascending',
      field: 'name',
      direction: 'asc' as const,
      expected: ['id-09', 'id-02', 'id-03', 'id-11', 'id-05'],
    },
    {
      name: 'text descending',
      field: 'name',
      direction: 'desc' as const,
      expected: ['id-05', 'id-11', 'id-03', 'id-02', 'id-09'],
    },
    {
      name: 'time ascending',
      field: 'at',
      direction: 'asc' as const,
      expected: ['id-05', 'id-03', 'id-09', 'id-11', 'id-02'],
    },
    {
      name: 'time descending',
      field: 'at',
      direction: 'desc' as const,
      expected: ['id-02', 'id-09', 'id-11', 'id-03', 'id-05'],
    },
  ])(
    'invalidate() then get(): dead slots compacted out, positions renumbered ($name)',
    ({ field, direction, expected }) => {
      const { columns } = columnsOf(ROWS);
      const orders = new SortOrders(columns, KINDS);
      orders.get('name', 'asc');
      orders.get('at', 'asc');
      columns.alive[0] = 0; // id-07
      columns.alive[3] = 0; // id-01
      orders.invalidate();
      const { order, position } = orders.get(field, direction);
      expect(ids(order)).toEqual(expected);
      for (let p = 0; p < order.length; p++) expect(position[order[p] ?? -1]).toBe(p);
    },
  );

  it('builds a field first used after a deletion without the dead slots', () => {
    const { columns } = columnsOf(ROWS);
    const orders = new SortOrders(columns, KINDS);
    orders.get('at', 'asc');
    columns.alive[4] = 0; // id-09
    orders.invalidate();
    expect(ids(orders.get('name', 'asc').order)).toEqual([
      'id-02',
      'id-03',
      'id-01',
      'id-07',
      'id-11',
      'id-05',
    ]);
  });

  it('compacts without reading the columns again', () => {
    const counted = columnsOf(ROWS);
    const orders = new SortOrders(counted.columns, KINDS);
    orders.get('name', 'asc');
    const reads = counted.reads();
    counted.columns.alive[2] = 0;
    orders.invalidate();
    expect(orders.get('name', 'desc').order).toHaveLength(ROWS.length - 1);
    expect(counted.reads()).toBe(reads);
  });

  it('warm() builds every field in steps, at least one a field; get() then reads nothing', () => {
    const counted = columnsOf(ROWS);
    const orders = new SortOrders(counted.columns, KINDS);
    expect(orders.complete).toBe(false);
    const steps = [...orders.warm()];
    expect(steps.length).toBeGreaterThanOrEqual(KINDS.size);
    expect(orders.complete).toBe(true);
    expect(counted.reads()).toBe(ROWS.length * KINDS.size);
    for (const field of KINDS.keys()) {
      expect(orders.get(field, 'asc').order).toHaveLength(ROWS.length);
      expect(orders.get(field, 'desc').order).toHaveLength(ROWS.length);
    }
    expect(counted.reads()).toBe(ROWS.length * KINDS.size);
  });

  it('refuses a field that is not sortable, naming it', () => {
    const orders = new SortOrders(columnsOf(ROWS).columns, KINDS);
    expect(() => orders.get('email', 'asc')).toThrow('email is not a sortable field');
  });

  it('an empty store has empty orders', () => {
    const orders = new SortOrders(columnsOf([]).columns, KINDS);
    expect(orders.get('name', 'asc').order).toHaveLength(0);
    expect(orders.get('at', 'desc').order).toHaveLength(0);
  });
});

describe('sortUniqueKeys', () => {
  const sorted = (keys: readonly number[]): number[] => [...keys].sort((a, b) => a - b);

  it.each([
    { name: 'no keys', keys: [], keySpace: 10 },
    { name: 'one key', keys: [7], keySpace: 10 },
    { name: 'two keys, typed sort', keys: [9, 2], keySpace: 10 },
    {
      name: 'few keys in a large space: typed sort',
      keys: [5_000_000, 3, 999_999, 42],
      keySpace: 10_000_000,
    },
    { name: 'bitset: bit 31 of each word', keys: [63, 31, 95, 0, 32], keySpace: 96 },
    { name: 'bitset: every key of the space', keys: [...Array(64).keys()].reverse(), keySpace: 64 },
    { name: 'bitset: the last key of the space', keys: [1, 1023, 0, 512], keySpace: 1024 },
  ])('$name', ({ keys, keySpace }) => {
    const array = Float64Array.from(keys);
    const result = sortUniqueKeys(array, keySpace);
    expect(result).toBe(array);
    expect([...result]).toEqual(sorted(keys));
  });

  /** The branch sortUniqueKeys takes (its documented cost model): true for the typed-array sort. */
  const typedBranch = (k: number, keySpace: number): boolean => k * Math.log2(k) * 2 < keySpace / 32;

  it('typed-sort branch: few distinct keys in a large key space (property)', () => {
    const input = fc.integer({ min: 2 ** 20, max: 2 ** 31 }).chain((keySpace) =>
      fc.record({
        keySpace: fc.constant(keySpace),
        keys: fc.uniqueArray(fc.nat({ max: keySpace - 1 }), { minLength: 2, maxLength: 200 }),
      }),
    );
    fc.assert(
      fc.property(input, ({ keySpace, keys }) => {
        expect(typedBranch(keys.length, keySpace)).toBe(true);
        expect([...sortUniqueKeys(Float64Array.from(keys), keySpace)]).toEqual(sorted(keys));
      }),
      { seed: 4242, numRuns: 500 },
    );
  });

  it('bitset branch: many distinct keys in a small key space (property)', () => {
    const input = fc.integer({ min: 2, max: 4096 }).chain((keySpace) =>
      fc.record({
        keySpace: fc.constant(keySpace),
        keys: fc.uniqueArray(fc.nat({ max: keySpace - 1 }), {
          minLength: Math.max(2, Math.ceil(keySpace / 64)),
          maxLength: keySpace,
        }),
      }),
    );
    fc.assert(
      fc.property(input, ({ keySpace, keys }) => {
        expect(typedBranch(keys.length, keySpace)).toBe(false);
        expect([...sortUniqueKeys(Float64Array.from(keys), keySpace)]).toEqual(sorted(keys));
      }),
      { seed: 4243, numRuns: 500 },
    );
  });
});
