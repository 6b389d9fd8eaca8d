/**
 * Fast draws from a seeded faker randomizer. Seeding 100 000 users takes about two million draws; faker's
 * `number.int` builds and checks an options object on every call, which is most of its cost, so these read the
 * randomizer that the Faker instance itself uses.
 */
import type { Randomizer } from './faker.ts';

/** Uniform and weighted draws from one randomizer (shared with the Faker instance of the same seed). */
export class RandomDraws {
  readonly #randomizer: Randomizer;

  constructor(randomizer: Randomizer) {
    this.#randomizer = randomizer;
  }

  /** A uniform integer in [min, max] (inclusive bounds, safe integers). */
  int(min: number, max: number): number {
    return min + Math.floor(this.#randomizer.next() * (max - min + 1));
  }

  /** A uniform index into a list of `length` (> 0) elements. */
  index(length: number): number {
    return Math.floor(this.#randomizer.next() * length);
  }

  /** A uniform float in [0, 1). */
  fraction(): number {
    return this.#randomizer.next();
  }

  /**
   * A function drawing a key of `weights` with probability proportional to its (integer) weight.
   *
   * @example
   * const status = draws.weighted({ active: 70, inactive: 30 });
   * status(); // 'active' about 70% of the time
   */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): () => K {
    const keys: K[] = [];
    const bounds: number[] = [];
    let total = 0;
    for (const key in weights) {
      total += weights[key];
      keys.push(key);
      bounds.push(total);
    }
    const last = keys.at(-1);
    if (last === undefined || total <= 0)
      throw new RangeError('weighted() needs at least one positive weight');
    return () => {
      const draw = this.#randomizer.next() * total;
      for (let i = 0; i < bounds.length; i++) {
        if (draw < (bounds[i] ?? 0)) return keys[i] ?? last;
      }
      return last;
    };
  }
}

/**
 * `list[index]`, for an index known to be in range; a RangeError otherwise (a bug, never bad input).
 *
 * @example
 * const id = at(ids, index);
 */
export function at<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`index ${index} is outside a list of ${list.length}`);
  return value;
}
