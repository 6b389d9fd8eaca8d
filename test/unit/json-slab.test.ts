/**
 * `JsonSlab` keeps each slot's JSON as the UTF-8 bytes `TextEncoder` makes of it, whatever the texts and the order
 * they come in, across chunks and for texts too long for one (src/users/json-slab.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteBudget, JsonSlab } from '../../src/users/json-slab.ts';

const UTF8 = new TextEncoder();

describe('JsonSlab', () => {
  it('gives back every slot the bytes TextEncoder makes, after any writes in any order (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.nat(299), fc.json({ maxDepth: 2 })), {
          selector: ([slot]) => slot,
          maxLength: 120,
        }),
        (writes) => {
          const slab = new JsonSlab(300);
          for (const [slot, json] of writes) expect(slab.put(slot, json)).toEqual(UTF8.encode(json));
          const written = new Map(writes);
          for (let slot = 0; slot < 300; slot++) {
            const json = written.get(slot);
            expect(slab.get(slot)).toEqual(json === undefined ? undefined : UTF8.encode(json));
          }
        },
      ),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('keeps earlier slots intact as later ones fill new chunks, multi-byte text and over-long texts included', () => {
    const slots = 4_000;
    const slab = new JsonSlab(slots);
    const textOf = (slot: number): string =>
      slot === 1_234
        ? JSON.stringify({ name: 'é'.repeat(200_000) }) // more than a chunk can take at 3 bytes a unit
        : JSON.stringify({ id: slot, name: `Zoë Ünal ${'x'.repeat(slot % 500)}`, note: '日本語' });
    for (let slot = slots - 1; slot >= 0; slot--) slab.put(slot, textOf(slot));
    for (let slot = 0; slot < slots; slot++) {
      expect(new TextDecoder().decode(slab.get(slot))).toBe(textOf(slot));
    }
  });

  it('refuses an empty text, a slot outside it and a second write of a slot', () => {
    const slab = new JsonSlab(2);
    expect(() => slab.put(0, '')).toThrow(RangeError);
    expect(() => slab.put(2, '{}')).toThrow(RangeError);
    expect(() => slab.put(-1, '{}')).toThrow(RangeError);
    slab.put(1, '{}');
    expect(() => slab.put(1, '[]')).toThrow(/kept already/);
    expect(slab.get(0)).toBeUndefined();
    expect(new TextDecoder().decode(slab.get(1))).toBe('{}');
  });

  it('keeps nothing past its budget: a slot past it gets its text back, to be encoded by the caller', () => {
    const budget = new ByteBudget(256 * 1024); // one chunk, shared by two slabs
    const first = new JsonSlab(3_000, budget);
    const second = new JsonSlab(3_000, budget);
    const textOf = (slot: number): string => JSON.stringify({ id: slot, name: 'x'.repeat(100) });
    for (let slot = 0; slot < 3_000; slot++) {
      const put = first.put(slot, textOf(slot));
      expect(typeof put === 'string' ? put : new TextDecoder().decode(put)).toBe(textOf(slot));
    }
    const kept = Array.from({ length: 3_000 }, (_, slot) => first.get(slot) !== undefined);
    const keptCount = kept.filter(Boolean).length;
    // A chunk holds the first users until one might not fit; the rest are not kept.
    expect(keptCount).toBeGreaterThan(1_000);
    expect(keptCount).toBeLessThan(3_000);
    expect(kept.indexOf(false)).toBe(keptCount);
    for (let slot = 0; slot < keptCount; slot++) {
      expect(new TextDecoder().decode(first.get(slot))).toBe(textOf(slot));
    }
    // The budget is spent for the other slab too, whose texts are still encoded for the caller.
    expect(second.put(0, textOf(0))).toBe(textOf(0));
    expect(second.get(0)).toBeUndefined();
    // A text longer than a chunk takes its own size from the budget, or is not kept.
    const long = JSON.stringify({ name: 'é'.repeat(100_000) });
    const roomy = new JsonSlab(1, new ByteBudget(1_000_000));
    expect(roomy.put(0, long)).toEqual(UTF8.encode(long));
    expect(roomy.get(0)).toEqual(UTF8.encode(long));
    const tight = new JsonSlab(1, new ByteBudget(1_000));
    expect(tight.put(0, long)).toBe(long);
    expect(tight.get(0)).toBeUndefined();
  });
});
