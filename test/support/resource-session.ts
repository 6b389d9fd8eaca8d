/** A resource base over a small document, and sessions with a clock that ticks a second per write. */
import { generateMersenne53Randomizer } from '../../src/data/faker.ts';
import type { SpecDocument } from '../../src/spec/document.ts';
import { ResourceBase } from '../../src/resources/base-collection.ts';
import { SessionResources } from '../../src/resources/collection-store.ts';
import { inferResources } from '../../src/resources/infer.ts';
import type { ResourceModel } from '../../src/resources/resource-model.ts';
import { SchemaReader } from '../../src/resources/schema.ts';
import { ResourceSeeder, type SeedOptions } from '../../src/resources/seed.ts';

export interface Fixture {
  readonly model: ResourceModel;
  readonly base: ResourceBase;
  session(seed?: number): SessionResources;
}

export function fixture(d: SpecDocument, options: Partial<SeedOptions> = {}): Fixture {
  const model = inferResources(d);
  const seeder = new ResourceSeeder(model, new SchemaReader(d), { seed: 42, ...options });
  const base = new ResourceBase(model, (name) => seeder.entries(name));
  return {
    model,
    base,
    session(seed = 7) {
      let tick = Date.parse('2026-02-01T00:00:00.000Z');
      const randomizer = generateMersenne53Randomizer(seed);
      return new SessionResources(base, {
        now: () => new Date((tick += 1000)).toISOString(),
        random: () => randomizer.next(),
      });
    },
  };
}

/** `value`, which the test knows is there (a RangeError names `what` otherwise). */
export function must<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new RangeError(`the test expected ${what} to be there`);
  return value;
}
