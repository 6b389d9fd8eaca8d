import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/data/dataset.ts';
import type { SortField, User } from '../../src/spec/types.ts';
import { UserBase } from '../../src/users/base.ts';
import { QueryEngine, type UsersQuery } from '../../src/users/engine.ts';
import type { TimeRange, UserFilter, Visibility } from '../../src/users/filter.ts';
import { parseTerms } from '../../src/users/search.ts';
import { UserStore } from '../../src/users/store.ts';
import { UserConflict } from '../../src/users/user-conflict.ts';
import { LIST_USERS_SPEC } from '../support/spec-model.ts';
import { userRecord, uuidOf } from '../support/user-records.ts';

// ---------------------------------------------------------------------------------------------------------------
// A brute-force reference of the users engine over a model that takes creates, updates and deletes: the live
// users as plain records, each with the workspaces it belongs to (an update keeps them, a deletion drops the user,
// a created user is in none). Filters, search (terms under 4 units: substrings only), sort by Intl.Collator or
// instant with an id tie-break, and the slice, written from the rules (docs/users.md, docs/access.md).

const COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });
const plainFold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

interface Row {
  user: User;
  readonly workspaces: Set<string>;
}

const NAMES = [
  'Ann Lee',
  'ANN LEE',
  'Émile Zola',
  'emile zola',
  'Zoë Ölund',
  'Straße Anna',
  'Strasse Anna',
  'Nora',
];
const IDENTIFIERS = ['ann', 'bob', 'emile', 'zoe', 'nora', 'ivan', 'lee', 'anna', 'ole', 'jo'];
const TIMES = [
  '2023-06-01T00:00:00.000Z',
  '2024-01-01T00:00:00.000Z',
  '2024-01-02T00:00:00.000Z',
  '2024-03-15T12:00:00.000Z',
  '2024-06-01T00:00:00.000Z',
];
const TYPES = ['saas_admin', 'saas_user', 'saas_user_client'] as const;
const STATUSES = ['active', 'onboarding', 'inactive', 'suspended', 'risky'] as const;
const WORKSPACE_IDS = ['ws-1', 'ws-2'];

const INITIAL: readonly User[] = IDENTIFIERS.slice(0, 6).map((identifier, k) =>
  userRecord(k * 2 + 3, identifier, {
    name: NAMES[k % NAMES.length] ?? identifier,
    user_type: TYPES[k % 3] ?? 'saas_user',
    status: STATUSES[k % 5] ?? 'active',
    created_at: TIMES[k % TIMES.length] ?? '',
    updated_at: TIMES[(k + 2) % TIMES.length] ?? '',
    created_by: uuidOf(3),
  }),
);
const INITIAL_WORKSPACES: readonly Workspace[] = [
  { id: 'ws-1', name: 'One', members: [INITIAL[0], INITIAL[1], INITIAL[2]].map((u) => u?.id ?? '') },
  { id: 'ws-2', name: 'Two', members: [INITIAL[2], INITIAL[3], INITIAL[5]].map((u) => u?.id ?? '') },
];

function initialRows(): Row[] {
  return INITIAL.map((user) => ({
    user,
    workspaces: new Set(INITIAL_WORKSPACES.filter((w) => w.members.includes(user.id)).map((w) => w.id)),
  }));
}

function referenceTier(fields: readonly string[], terms: readonly string[]): number {
  if (fields.includes(terms.join(' '))) return 0;
  let tier = 0;
  for (const term of terms) {
    let termTier = 2;
    if (fields.includes(term)) termTier = 0;
    else if (fields.slice(1).some((f) => startsAWord(f, term))) termTier = 1;
    tier = Math.max(tier, termTier);
  }
  return tier;
}

function startsAWord(field: string, term: string): boolean {
  for (let p = field.indexOf(term); p >= 0; p = field.indexOf(term, p + 1))
    if (p === 0 || !/[\p{L}\p{N}]$/u.test(field.slice(0, p))) return true;
  return false;
}

interface Viewer {
  readonly kind: 'all' | 'co-members' | 'self';
  /** Index into the live rows (taken modulo their number). */
  readonly viewer: number;
}

function reference(
  rows: readonly Row[],
  q: UsersQuery,
  viewer: Row | undefined,
  kind: Viewer['kind'],
): Listed {
  const { filter } = q;
  const inRange = (iso: string, range: TimeRange | undefined): boolean =>
    range === undefined ||
    ((range.from ?? -Infinity) <= Date.parse(iso) && Date.parse(iso) < (range.to ?? Infinity));
  const sameId = (a: string | undefined, b: string | undefined): boolean =>
    b === undefined || a?.toLowerCase() === b.toLowerCase();
  const visible = (row: Row): boolean =>
    kind === 'all' ||
    row === viewer ||
    (kind === 'co-members' && [...row.workspaces].some((w) => viewer?.workspaces.has(w) === true));
  const found = rows.flatMap((row) => {
    const { user } = row;
    if (!visible(row) || !sameId(user.id, filter.id) || !sameId(user.created_by, filter.createdBy)) return [];
    if (!sameId(user.updated_by, filter.updatedBy)) return [];
    if (filter.userType !== undefined && user.user_type !== filter.userType) return [];
    if (filter.status !== undefined && user.status !== filter.status) return [];
    if (!inRange(user.created_at, filter.createdAt) || !inRange(user.updated_at, filter.updatedAt)) return [];
    if (filter.workspace !== undefined && !row.workspaces.has(filter.workspace)) return [];
    const fields = [user.id.toLowerCase(), user.identifier, plainFold(user.name), plainFold(user.email)];
    const [id, ...text] = fields;
    if (!q.terms.every((term) => id === term || text.some((f) => f.includes(term)))) return [];
    return [{ user, tier: referenceTier(fields, q.terms) }];
  });
  const byId = (a: User, b: User): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const { sort } = q;
  found.sort((a, b) => {
    if (sort === 'ranked')
      return (
        a.tier - b.tier ||
        Date.parse(a.user.created_at) - Date.parse(b.user.created_at) ||
        byId(a.user, b.user)
      );
    const x = a.user[sort.field];
    const y = b.user[sort.field];
    const compared =
      LIST_USERS_SPEC.sortKinds.get(sort.field) === 'time'
        ? Date.parse(x) - Date.parse(y)
        : COLLATOR.compare(x, y);
    return (sort.direction === 'asc' ? compared : -compared) || byId(a.user, b.user);
  });
  const start = (q.page - 1) * q.pageSize;
  return {
    total: found.length,
    users: found.slice(start, start + q.pageSize).map((r) => r.user),
  };
}

interface Listed {
  readonly total: number;
  readonly users: readonly User[];
}

function listed(engine: QueryEngine, store: UserStore, q: UsersQuery, visibility: Visibility): Listed {
  const page = engine.run(q, visibility);
  return {
    total: page.total,
    users: Array.from(page.slots, (slot) => store.userAt(slot) ?? userRecord(0, '?')),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Generated writes and queries.

const recordArb: fc.Arbitrary<Omit<User, 'id'>> = fc.record({
  identifier: fc.constantFrom(...IDENTIFIERS),
  name: fc.constantFrom(...NAMES),
  email: fc.constantFrom(
    'ann@example.com',
    'ANN@example.com',
    'zoe@example.org',
    'x@example.net',
    'nora@example.com',
  ),
  user_type: fc.constantFrom(...TYPES),
  status: fc.constantFrom(...STATUSES),
  created_at: fc.constantFrom(...TIMES),
  updated_at: fc.constantFrom(...TIMES),
  created_by: fc.constantFrom(uuidOf(3), uuidOf(5)),
  updated_by: fc.constantFrom(uuidOf(3), uuidOf(7).toUpperCase()),
});
/** Ids of the initial users, and a few more (some written upper-case). */
const idArb = fc.oneof(
  fc.constantFrom(...INITIAL.map((u) => u.id)),
  fc.integer({ min: 20, max: 26 }).map(uuidOf),
  fc.integer({ min: 20, max: 22 }).map((n) => uuidOf(n).toUpperCase()),
);

type Step =
  | {
      readonly kind: 'create';
      readonly session: number;
      readonly id: string;
      readonly record: Omit<User, 'id'>;
    }
  | {
      readonly kind: 'update';
      readonly session: number;
      readonly target: number;
      readonly newId: string | undefined;
      readonly changes: Partial<Omit<User, 'id'>>;
    }
  | { readonly kind: 'delete'; readonly session: number; readonly target: number }
  | { readonly kind: 'query'; readonly session: number; readonly index: number; readonly page: number };

const session = fc.nat({ max: 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), session, id: idArb, record: recordArb }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      session,
      target: fc.nat(),
      newId: fc.option(idArb, { nil: undefined, freq: 4 }),
      changes: fc.record(
        {
          identifier: fc.constantFrom(...IDENTIFIERS),
          name: fc.constantFrom(...NAMES),
          email: fc.constantFrom('ann@example.com', 'zoe@example.org', 'y@example.net'),
          user_type: fc.constantFrom(...TYPES),
          status: fc.constantFrom(...STATUSES),
          updated_at: fc.constantFrom(...TIMES),
          updated_by: fc.constantFrom(uuidOf(3), uuidOf(9)),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), session, target: fc.nat() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      session,
      index: fc.nat(),
      page: fc.integer({ min: 1, max: 3 }),
    }),
  },
);

const instant = fc.constantFrom(...TIMES.map((t) => Date.parse(t)), Date.parse('2024-02-01T00:00:00Z'));
const rangeArb: fc.Arbitrary<TimeRange | undefined> = fc.option(
  fc.record({ from: instant, to: instant }, { requiredKeys: [] }),
  { nil: undefined, freq: 3 },
);
const filterArb: fc.Arbitrary<UserFilter> = fc
  .record({
    id: fc.option(idArb, { nil: undefined, freq: 6 }),
    createdBy: fc.option(fc.constantFrom(uuidOf(3), uuidOf(5)), { nil: undefined, freq: 4 }),
    updatedBy: fc.option(fc.constantFrom(uuidOf(3), uuidOf(7), uuidOf(9)), { nil: undefined, freq: 4 }),
    userType: fc.option(fc.constantFrom(...TYPES), { nil: undefined, freq: 3 }),
    status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined, freq: 3 }),
    createdAt: rangeArb,
    updatedAt: rangeArb,
    workspace: fc.option(fc.constantFrom(...WORKSPACE_IDS), { nil: undefined, freq: 4 }),
  })
  .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)));
const FOLDED = [...IDENTIFIERS, ...NAMES.map(plainFold), 'example', '@example.org'];
const termArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...FOLDED), fc.nat(), fc.integer({ min: 1, max: 3 }))
    .map(([field, start, length]) => field.slice(start % field.length, (start % field.length) + length)),
  fc.stringMatching(/^[a-zé.@]{1,3}$/),
);
const sortArb = fc.record({
  field: fc.constantFrom<SortField>(...LIST_USERS_SPEC.sortKinds.keys()),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});
const queryArb: fc.Arbitrary<{ q: UsersQuery; viewer: Viewer }> = fc
  .record({
    filter: fc.oneof(fc.constant({}), filterArb),
    terms: fc.oneof(
      fc.constant([]),
      fc.array(termArb, { minLength: 1, maxLength: 2 }).map((p) => parseTerms(p.join(' '))),
    ),
    sort: fc.option(sortArb, { nil: undefined }),
    viewer: fc.record({
      kind: fc.constantFrom('all' as const, 'all' as const, 'co-members' as const, 'self' as const),
      viewer: fc.nat(),
    }),
    pageSize: fc.constantFrom(2, 3, 100),
  })
  .map(({ filter, terms, sort, viewer, pageSize }) => ({
    q: {
      filter,
      terms,
      sort: sort ?? (terms.length > 0 ? ('ranked' as const) : { field: 'created_at', direction: 'asc' }),
      page: 1,
      pageSize,
    },
    viewer,
  }));

/** A session under test: a store over the shared base, engines with and without a cache, and its model. */
interface Session {
  readonly store: UserStore;
  readonly cached: QueryEngine;
  readonly uncached: QueryEngine;
  rows: Row[];
}

/** The first unique field (id, identifier, email) of `user` another live row has. */
function conflictOf(rows: readonly Row[], user: User, self: Row | undefined): string | undefined {
  const others = rows.filter((row) => row !== self).map((row) => row.user);
  if (others.some((u) => u.id.toLowerCase() === user.id.toLowerCase())) return 'id';
  if (others.some((u) => u.identifier === user.identifier)) return 'identifier';
  if (others.some((u) => u.email.toLowerCase() === user.email.toLowerCase())) return 'email';
  return undefined;
}

/** Applies a write to the session and its model, checking the store refuses exactly the conflicting ones. */
function write(s: Session, step: Exclude<Step, { kind: 'query' }>): void {
  const slotOf = (row: Row): number => {
    const slot = s.store.slotOfId(row.user.id);
    if (slot === undefined) throw new Error(`the store lost ${row.user.id}`);
    return slot;
  };
  if (step.kind === 'create') {
    const user: User = { id: step.id, ...step.record };
    const conflict = conflictOf(s.rows, user, undefined);
    if (conflict !== undefined) {
      expect(() => s.store.create(user)).toThrow(UserConflict);
      return;
    }
    s.store.create(user);
    s.rows.push({ user, workspaces: new Set() });
    return;
  }
  const row = s.rows[step.target % Math.max(1, s.rows.length)];
  if (row === undefined) return;
  if (step.kind === 'delete') {
    s.store.delete(slotOf(row));
    s.rows = s.rows.filter((r) => r !== row);
    return;
  }
  const user: User = { ...row.user, ...step.changes, id: step.newId ?? row.user.id };
  const conflict = conflictOf(s.rows, user, row);
  if (conflict !== undefined) {
    let thrown: unknown;
    try {
      s.store.update(slotOf(row), user);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserConflict);
    expect((thrown as UserConflict).field).toBe(conflict);
    return;
  }
  s.store.update(slotOf(row), user);
  row.user = user;
}

function check(s: Session, q: UsersQuery, viewer: Viewer): void {
  const row = s.rows[viewer.viewer % Math.max(1, s.rows.length)];
  const kind = row === undefined ? 'all' : viewer.kind;
  const slot = row === undefined ? 0 : (s.store.slotOfId(row.user.id) ?? 0);
  const visibility: Visibility = kind === 'all' ? { kind: 'all' } : { kind, slot };
  const expected = reference(s.rows, q, row, kind);
  expect(listed(s.cached, s.store, q, visibility)).toEqual(expected);
  expect(listed(s.uncached, s.store, q, visibility)).toEqual(expected);
}

describe('QueryEngine over a store that creates, updates and deletes (property)', () => {
  it('two sessions over one base each answer what the reference answers on their own writes (300 runs)', () => {
    fc.assert(
      fc.property(
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        fc.array(stepArb, { minLength: 1, maxLength: 30 }),
        (pool, steps) => {
          const base = new UserBase(
            { users: INITIAL, workspaces: INITIAL_WORKSPACES },
            { sortKinds: LIST_USERS_SPEC.sortKinds },
          );
          const sessions = [0, 1].map((): Session => {
            const store = new UserStore(base);
            return {
              store,
              cached: new QueryEngine(store, { cacheSize: 4 }),
              uncached: new QueryEngine(store, { cacheSize: 0 }),
              rows: initialRows(),
            };
          });
          const untouched: Session = { ...(sessions[0] as Session), rows: initialRows() };
          const fresh = new UserStore(base);
          const freshSession: Session = {
            store: fresh,
            cached: new QueryEngine(fresh, { cacheSize: 4 }),
            uncached: new QueryEngine(fresh, { cacheSize: 0 }),
            rows: untouched.rows,
          };
          for (const step of steps) {
            const s = sessions[step.session] as Session;
            if (step.kind !== 'query') {
              write(s, step);
              continue;
            }
            const { q, viewer } = pool[step.index % pool.length] as { q: UsersQuery; viewer: Viewer };
            const paged = { ...q, page: step.page };
            check(s, paged, viewer);
            // The base, and a store over it that wrote nothing, never see any session's writes.
            check(freshSession, paged, viewer);
          }
          for (const s of sessions) for (const { q, viewer } of pool) check(s, q, viewer);
        },
      ),
      { seed: 20261201, numRuns: 300 },
    );
  });
});

describe('kept orders after writes, in steps', () => {
  const base = (): UserBase =>
    new UserBase(
      { users: INITIAL, workspaces: INITIAL_WORKSPACES },
      { sortKinds: LIST_USERS_SPEC.sortKinds },
    );
  const created = (n: number): User =>
    userRecord(40 + n, `new.${String(n)}`, {
      name: `New ${String(n)}`,
      created_at: TIMES[n % TIMES.length] ?? '',
    });
  const names = (store: UserStore, order: Uint32Array): string[] =>
    Array.from(order, (slot) => store.users[slot]?.name ?? '?');
  const byName = (store: UserStore): string[] =>
    [...store.users.filter((_, slot) => store.alive[slot] === 1)]
      .sort((a, b) => COLLATOR.compare(a.name, b.name) || (a.id < b.id ? -1 : 1))
      .map((u) => u.name);

  it('a write while a merge runs in steps leaves the orders stale; the next use merges it too', () => {
    const store = new UserStore(base());
    store.orders.get('name', 'asc');
    for (let n = 0; n < 5; n++) store.create(created(n));
    const steps = store.orders.getSteps('name', 'asc');
    expect(steps.next().done).toBe(false);
    store.create(created(9));
    const first = steps.next();
    let result = first;
    while (result.done !== true) result = steps.next();
    expect(names(store, result.value.order)).toEqual(byName(store));
    expect(store.orders.ready('name')).toBe(true);
    const desc = store.orders.get('name', 'desc');
    expect(desc.order.length).toBe(store.size);
  });

  it('positions follow the merged orders: position[order[k]] is k, both directions', () => {
    const store = new UserStore(base());
    for (let n = 0; n < 7; n++) store.create(created(n));
    const slot = store.slotOfIdentifier('ann') ?? -1;
    store.update(slot, { ...(store.userAt(slot) as User), name: 'Aaron' });
    store.delete(store.slotOfIdentifier('bob') ?? -1);
    for (const field of LIST_USERS_SPEC.sortKinds.keys())
      for (const direction of ['asc', 'desc'] as const) {
        const { order, position } = store.orders.get(field, direction);
        expect(order.length).toBe(store.size);
        order.forEach((s, k) => {
          expect(position[s]).toBe(k);
        });
      }
  });
});
