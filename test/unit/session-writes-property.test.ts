/**
 * The users store taking writes through a session's state (docs/sessions.md, docs/users.md): any sequence of
 * `SessionState.createUser`, `updateUser`, deletions and list queries answers what the brute-force reference of
 * `GET /users` (test/support/reference.ts, the one the HTTP property test uses) answers over a plain array of the
 * live users — totals and pages, filters, ranges, ranked and sorted search — in two sessions forked from one
 * state (the writes of one never show in the other, nor in the state they came from). Writes that take a live
 * user's id, identifier or email are refused with `UserConflict`, exactly when the array has one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedDataset } from '../../src/data/seed.ts';
import { SessionState } from '../../src/sessions/session-state.ts';
import type { User } from '../../src/spec/types.ts';
import { VISIBLE_TO_ALL } from '../../src/users/filter.ts';
import { toUsersQuery } from '../../src/users/query.ts';
import { UserConflict } from '../../src/users/user-conflict.ts';
import { runQuery, type DecodedQuery } from '../support/reference.ts';
import { seededPlatform } from '../support/seeded-platform.ts';
import { LIST_USERS_SPEC } from '../support/spec-model.ts';
import { uuidOf } from '../support/user-records.ts';

const DATASET = seedDataset({ seed: 39, users: 120 });
const ROOT = SessionState.of(DATASET, { spec: LIST_USERS_SPEC, cacheSize: 8, platform: seededPlatform(39) });
const SEEDED: readonly User[] = DATASET.users;

const NAMES = ['Ann Lee', 'ANN LEE', 'Émile Zola', 'Zoë Ölund', 'Nora Lee', 'Straße Anna'];
const IDENTIFIERS = ['ann.lee', 'emile', 'zoe', 'nora', ...SEEDED.slice(3, 6).map((u) => u.identifier)];
const EMAILS = [
  'ann@example.com',
  'ANN@example.com',
  'zoe@example.org',
  ...SEEDED.slice(3, 5).map((u) => u.email),
];
const TIMES = ['2023-06-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', '2024-06-01T12:00:00.000Z'];
const STATUSES = ['active', 'inactive', 'suspended'] as const;
const TYPES = ['saas_admin', 'saas_user'] as const;
/** New ids, one a seeded user's (a conflict), some upper-case. */
const IDS = [...[40, 41, 42, 43].map(uuidOf), uuidOf(44).toUpperCase(), SEEDED[7]?.id ?? uuidOf(45)];

type Command =
  | { kind: 'create'; session: number; id: string; fields: Fields }
  | { kind: 'update'; session: number; pick: number; fields: Partial<Fields> }
  | { kind: 'delete'; session: number; pick: number }
  | { kind: 'list'; session: number; query: DecodedQuery };

interface Fields {
  identifier: string;
  name: string;
  email: string;
  status: (typeof STATUSES)[number];
  user_type: (typeof TYPES)[number];
  created_at: string;
  updated_at: string;
}

const session = fc.nat({ max: 1 });
const pick = fc.nat({ max: 10_000 });
const fields: fc.Arbitrary<Fields> = fc.record({
  identifier: fc.constantFrom(...IDENTIFIERS),
  name: fc.constantFrom(...NAMES),
  email: fc.constantFrom(...EMAILS),
  status: fc.constantFrom(...STATUSES),
  user_type: fc.constantFrom(...TYPES),
  created_at: fc.constantFrom(...TIMES),
  updated_at: fc.constantFrom(...TIMES),
});
const PARAMS = [
  'status',
  'user_type',
  'created_at_from',
  'created_at_to',
  'updated_at_from',
  'search',
  'sort_by',
  'sort_order',
  'page',
  'page_size',
] as const;
const instant = fc.constantFrom(
  ...TIMES,
  '2024-03-01T00:00:00Z',
  ...SEEDED.slice(10, 13).map((u) => u.created_at),
);
const query: fc.Arbitrary<DecodedQuery> = fc
  .tuple(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      user_type: fc.constantFrom(...TYPES),
      created_at_from: instant,
      created_at_to: instant,
      updated_at_from: instant,
      search: fc.constantFrom(
        'ann',
        'lee',
        'emile',
        'zola',
        'nora lee',
        'olund',
        'example',
        SEEDED[9]?.name ?? 'x',
      ),
      sort_by: fc.constantFrom('name', 'email', 'identifier', 'created_at', 'updated_at', 'status'),
      sort_order: fc.constantFrom('asc', 'desc'),
      page: fc.integer({ min: 1, max: 4 }).map(String),
      page_size: fc.constantFrom('3', '20', '100'),
    }),
    fc.subarray([...PARAMS], { maxLength: 4 }),
  )
  .map(([all, keys]) => {
    const q: Record<string, string> = Object.fromEntries(keys.map((k) => [k, all[k]]));
    const from = q.created_at_from;
    const to = q.created_at_to;
    if (from !== undefined && to !== undefined && Date.parse(from) > Date.parse(to)) {
      q.created_at_from = to;
      q.created_at_to = from;
    }
    return q;
  });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      session,
      id: fc.constantFrom(...IDS),
      fields,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      session,
      pick,
      fields: fc.record(
        {
          identifier: fc.constantFrom(...IDENTIFIERS),
          name: fc.constantFrom(...NAMES),
          email: fc.constantFrom(...EMAILS),
          status: fc.constantFrom(...STATUSES),
          updated_at: fc.constantFrom(...TIMES),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), session, pick }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('list' as const), session, query }) },
);

/** Whether another live user than `self` has `user`'s id, identifier or email (ids and emails case-insensitively). */
function conflicts(live: readonly User[], user: User, self: User | undefined): boolean {
  return live.some(
    (u) =>
      u !== self &&
      (u.id.toLowerCase() === user.id.toLowerCase() ||
        u.identifier === user.identifier ||
        u.email.toLowerCase() === user.email.toLowerCase()),
  );
}

/** The engine's page for `q`, and the reference's. */
function pages(state: SessionState, live: readonly User[], q: DecodedQuery): [unknown, unknown] {
  const expected = runQuery(live, q);
  if (!expected.valid) throw new Error(`the test made an invalid query: ${expected.reason}`);
  const start = (expected.page - 1) * expected.pageSize;
  const page = state.engine.run(toUsersQuery(q, LIST_USERS_SPEC), VISIBLE_TO_ALL);
  return [
    { total: page.total, users: Array.from(page.slots, (slot) => state.store.userAt(slot)) },
    { total: expected.users.length, users: expected.users.slice(start, start + expected.pageSize) },
  ];
}

function step(state: SessionState, live: User[], cmd: Command): void {
  const target = cmd.kind === 'update' || cmd.kind === 'delete' ? live[cmd.pick % live.length] : undefined;
  switch (cmd.kind) {
    case 'create': {
      const template = SEEDED[cmd.id.length % SEEDED.length] ?? SEEDED[0];
      if (template === undefined) return;
      const user: User = { ...template, ...cmd.fields, id: cmd.id };
      if (conflicts(live, user, undefined)) {
        expect(() => state.createUser(user)).toThrow(UserConflict);
        return;
      }
      state.createUser(user);
      live.push(user);
      return;
    }
    case 'update': {
      if (target === undefined) return;
      const user: User = { ...target, ...cmd.fields };
      if (conflicts(live, user, target)) {
        expect(() => state.updateUser(target.id, user)).toThrow(UserConflict);
        return;
      }
      state.updateUser(target.id, user);
      live[live.indexOf(target)] = user;
      return;
    }
    case 'delete': {
      if (target === undefined) return;
      const slot = state.store.slotOfId(target.id);
      if (slot === undefined) throw new Error(`the store lost ${target.id}`);
      state.store.delete(slot);
      live.splice(live.indexOf(target), 1);
      return;
    }
    case 'list': {
      const [got, expected] = pages(state, live, cmd.query);
      expect(got).toEqual(expected);
      return;
    }
  }
}

describe('SessionState writes against the brute-force reference of GET /users', () => {
  it('creates, updates, deletes and lists answer as the reference does, in two sessions forked from one', () => {
    const untouched: DecodedQuery[] = [{}, { sort_by: 'name', page_size: '100' }, { search: 'ann' }];
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 40 }), (commands) => {
        const states = [ROOT.fork(), ROOT.fork()];
        const models = states.map(() => [...SEEDED]);
        for (const cmd of commands)
          step(states[cmd.session] as SessionState, models[cmd.session] as User[], cmd);
        for (const [i, state] of states.entries())
          for (const q of [...untouched, { sort_by: 'updated_at', sort_order: 'desc', page_size: '100' }]) {
            const [got, expected] = pages(state, models[i] ?? [], q);
            expect(got).toEqual(expected);
          }
        // The state both came from never sees their writes.
        for (const q of untouched) {
          const [got, expected] = pages(ROOT, SEEDED, q);
          expect(got).toEqual(expected);
        }
      }),
      { seed: 3905, numRuns: 120 },
    );
  });
});
