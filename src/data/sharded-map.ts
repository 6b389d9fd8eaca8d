/**
 * A string-keyed map split over 64 `Map`s by a hash of the key. A `Map` grows by rehashing every entry in one
 * piece: at a million entries one insertion held the event loop for 100–170 ms. Split, one insertion rehashes at
 * most a sixty-fourth of the entries, so a lookup built in steps (`sliced-work.ts`) never stalls on it.
 */

/** What a reader of a slot lookup needs (a `Map` is one too). */
export interface Lookup<V> {
  get(key: string): V | undefined;
}

const SHARD_BITS = 6;
/** Code units of a longer key that pick its shard. */
const SAMPLED = 16;

export class ShardedMap<V> implements Lookup<V> {
  readonly #shards: Map<string, V>[] = Array.from({ length: 1 << SHARD_BITS }, () => new Map<string, V>());

  get(key: string): V | undefined {
    return this.#shard(key).get(key);
  }

  set(key: string, value: V): this {
    this.#shard(key).set(key, value);
    return this;
  }

  get size(): number {
    return this.#shards.reduce((sum, shard) => sum + shard.size, 0);
  }

  /** The entries of each shard (how evenly the hash spreads keys). */
  shardSizes(): number[] {
    return this.#shards.map((shard) => shard.size);
  }

  /**
   * FNV-1a over the key's length and at most SAMPLED of its UTF-16 code units, evenly spread (all of a shorter
   * key); its low bits pick the shard. A sample spreads uuids, e-mail addresses and identifiers as evenly as the
   * whole key did, in under half the time for a uuid. (Neither is keyed: a client that picks keys could fill one
   * shard either way; the shards bound each rehash, not who causes it.)
   */
  #shard(key: string): Map<string, V> {
    const length = key.length;
    let hash = Math.imul(0x811c9dc5 ^ length, 0x01000193);
    if (length <= SAMPLED) {
      for (let i = 0; i < length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    } else {
      for (let k = 0; k < SAMPLED; k++)
        hash = Math.imul(hash ^ key.charCodeAt(Math.floor((k * length) / SAMPLED)), 0x01000193);
    }
    return this.#shards[hash & ((1 << SHARD_BITS) - 1)] as Map<string, V>;
  }
}
