/**
 * `ShardedMap` answers as one `Map` does, for any keys and any order of writes, and spreads the keys it is given
 * evenly over its shards (src/data/sharded-map.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShardedMap } from '../../src/data/sharded-map.ts';
import { seedDataset } from '../../src/data/seed.ts';

describe('ShardedMap', () => {
  it('gets what a Map gets after the same writes, and has its size (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.integer()), { maxLength: 200 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 50 }),
        (writes, probes) => {
          const sharded = new ShardedMap<number>();
          const plain = new Map<string, number>();
          for (const [key, value] of writes) {
            sharded.set(key, value);
            plain.set(key, value);
          }
          expect(sharded.size).toBe(plain.size);
          for (const key of [...plain.keys(), ...probes]) expect(sharded.get(key)).toBe(plain.get(key));
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it('spreads e-mail addresses evenly over its shards: of a million, no shard holds 20 000', () => {
    const map = new ShardedMap<number>();
    for (let i = 0; i < 1_000_000; i++) map.set(`user${String(i)}@example.com`, i);
    expect(map.size).toBe(1_000_000);
    expect(map.get('user999999@example.com')).toBe(999_999);
    expect(Math.max(...map.shardSizes())).toBeLessThan(20_000);
  });

  it('spreads seeded ids, e-mail addresses and identifiers evenly: no shard holds 1.25× its share', () => {
    const { users } = seedDataset({ seed: 42, users: 20_000 });
    for (const field of ['id', 'email', 'identifier'] as const) {
      const map = new ShardedMap<number>();
      users.forEach((user, slot) => map.set(user[field].toLowerCase(), slot));
      expect(Math.max(...map.shardSizes()), field).toBeLessThan((1.25 * users.length) / 64);
    }
  });
});
