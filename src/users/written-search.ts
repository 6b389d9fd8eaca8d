/**
 * The search of a store that has created or updated users (`store.ts`): the base's indexed search over its slots,
 * and a scan over the slots the store appended. Appended documents are folded once, as they come; the base's
 * index is never rebuilt. A scan of the appended slots costs O(written users) per search, a few microseconds each.
 */
import type { User } from '../spec/types.ts';
import { fold } from './collation.ts';
import { SearchDocs, UserSearch, type SearchResult } from './search.ts';

/** What the query engine asks of a search over slots (`UserSearch` and `WrittenSearch`). */
export interface SlotSearch {
  match(terms: readonly string[], alive: Uint8Array): SearchResult;
  matches(slot: number, terms: readonly string[]): boolean;
  tier(slot: number, terms: readonly string[]): number;
}

export class WrittenSearch implements SlotSearch {
  readonly #base: UserSearch;
  /** Slots below this are the base's documents; from it on, `#added`'s. */
  readonly #from: number;
  readonly #fields: string[] = [];
  readonly #added = new UserSearch(new SearchDocs(this.#fields));

  constructor(base: UserSearch, from: number) {
    this.#base = base;
    this.#from = from;
  }

  /** Adds the document of the user appended in slot `from + (documents so far)`. */
  add(user: User): void {
    this.#fields.push(user.id.toLowerCase(), user.identifier, fold(user.name), fold(user.email));
  }

  match(terms: readonly string[], alive: Uint8Array): SearchResult {
    const base = this.#base.match(terms, alive);
    const added = this.#added.match(terms, alive.subarray(this.#from));
    if (added.indices.length === 0) return base;
    const indices = new Uint32Array(base.indices.length + added.indices.length);
    indices.set(base.indices);
    for (let k = 0; k < added.indices.length; k++)
      indices[base.indices.length + k] = (added.indices[k] ?? 0) + this.#from;
    const tiers = new Uint8Array(indices.length);
    tiers.set(base.tiers);
    tiers.set(added.tiers, base.tiers.length);
    return { indices, tiers };
  }

  matches(slot: number, terms: readonly string[]): boolean {
    return slot < this.#from
      ? this.#base.matches(slot, terms)
      : this.#added.matches(slot - this.#from, terms);
  }

  tier(slot: number, terms: readonly string[]): number {
    return slot < this.#from ? this.#base.tier(slot, terms) : this.#added.tier(slot - this.#from, terms);
  }
}
