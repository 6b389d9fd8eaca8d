/**
 * A page's bytes are `JSON.stringify` of its users, without the hidden fields, whether each user's JSON is kept as
 * bytes or, past the base's budget, made again for the page (src/users/page-json.ts, src/users/json-slab.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedDataset } from '../../src/data/seed.ts';
import { pageJson } from '../../src/users/page-json.ts';
import { UserStore } from '../../src/users/store.ts';
import { LIST_USERS_SPEC } from '../support/spec-model.ts';

const { users, workspaces } = seedDataset({ seed: 11, users: 3_000 });
const DECODER = new TextDecoder();
const GUARDED = ['created_by', 'email', 'updated_by'] as const;

function expected(slots: readonly number[], hidden: readonly string[]): string {
  return JSON.stringify(
    slots.map((slot) =>
      Object.fromEntries(Object.entries(users[slot] ?? {}).filter(([field]) => !hidden.includes(field))),
    ),
  );
}

describe('pageJson', () => {
  // No bytes kept, one chunk's worth (some kept, the rest made for each page), and the default budget (all kept).
  for (const jsonCacheBytes of [0, 256 * 1024, undefined]) {
    it(`writes JSON.stringify of the page's users with a budget of ${String(jsonCacheBytes ?? 'the default')} (property)`, () => {
      const store = new UserStore(
        { users, workspaces },
        { sortKinds: LIST_USERS_SPEC.sortKinds, ...(jsonCacheBytes === undefined ? {} : { jsonCacheBytes }) },
      );
      fc.assert(
        fc.property(
          fc.array(fc.nat(users.length - 1), { maxLength: 60 }),
          fc.subarray([...GUARDED]),
          (slots, hidden) => {
            expect(DECODER.decode(pageJson(store, slots, hidden))).toBe(expected(slots, hidden));
          },
        ),
        { seed: 20261126, numRuns: 150 },
      );
      // Every user, twice: kept ones read back, the others made again.
      const all = users.map((_, slot) => slot);
      for (let round = 0; round < 2; round++) {
        expect(DECODER.decode(pageJson(store, all, []))).toBe(expected(all, []));
      }
    });
  }
});
