import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/data/dataset.ts';
import type { SortField, User } from '../../src/spec/types.ts';
import { QueryEngine, type UsersQuery } from '../../src/users/engine.ts';
import type { TimeRange, UserFilter, Visibility } from '../../src/users/filter.ts';
import { parseTerms } from '../../src/users/search.ts';
import type { UserStore } from '../../src/users/store.ts';
import { LIST_USERS_SPEC } from '../support/spec-model.ts';
import { storeOf, userRecord, uuidOf } from '../support/user-records.ts';

// ---------------------------------------------------------------------------------------------------------------
// A small hand-written dataset. Ids are numbered out of slot order (uuidOf(n) sorts by n), so that "id order" and
// "slot order" differ; there are ties on created_at, updated_at, name (case, accents, ß/ss) and status.

const ADMIN_ID = uuidOf(3);
const ANN_ID = uuidOf(7);

const USERS: readonly User[] = [
  userRecord(7, 'ann.lee', {
    name: 'Ann Lee',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-06-01T00:00:00.000Z',
    created_by: ADMIN_ID,
    updated_by: ADMIN_ID,
  }),
  userRecord(3, 'bob.stone', {
    name: 'Bob Stone',
    user_type: 'saas_admin',
    created_at: '2024-01-02T00:00:00.000Z',
    updated_at: '2024-03-01T00:00:00.000Z',
  }),
  userRecord(11, 'emile', {
    name: 'Émile Zola',
    email: 'emile@example.org',
    status: 'onboarding',
    created_at: '2024-01-02T00:00:00.000Z',
    updated_at: '2024-06-01T00:00:00.000Z',
    created_by: ADMIN_ID,
    updated_by: ANN_ID,
  }),
  userRecord(1, 'emile.z', {
    name: 'emile zola',
    email: 'emile.z@example.org',
    user_type: 'saas_user_client',
    status: 'inactive',
    created_at: '2024-02-01T00:00:00.000Z',
    updated_at: '2024-02-01T00:00:00.000Z',
    created_by: ANN_ID,
    updated_by: ADMIN_ID.toUpperCase(),
  }),
  userRecord(9, 'zoe', {
    name: 'Zoë Ölund',
    email: 'zoe@example.net',
    status: 'suspended',
    created_at: '2024-03-15T12:00:00.000Z',
    updated_at: '2024-05-01T00:00:00.000Z',
  }),
  userRecord(5, 'lukasz', {
    name: 'Łukasz Nowak',
    email: 'lukasz@example.pl',
    status: 'risky',
    created_at: '2024-03-15T12:00:00.000Z',
    updated_at: '2024-04-01T00:00:00.000Z',
  }),
  userRecord(12, 'strasse.a', {
    name: 'Straße Anna',
    created_at: '2024-04-01T00:00:00.000Z',
    updated_at: '2024-07-01T00:00:00.000Z',
  }),
  userRecord(2, 'strasse.b', {
    name: 'Strasse Anna',
    created_at: '2024-04-01T00:00:00.001Z',
    updated_at: '2024-07-01T00:00:00.000Z',
  }),
  userRecord(10, 'odegaard', {
    name: 'Ødegaard Ole',
    email: 'ole@example.no',
    status: 'onboarding',
    created_at: '2024-05-01T00:00:00.000Z',
    updated_at: '2024-05-02T00:00:00.000Z',
  }),
  userRecord(4, 'ivan', {
    name: 'Иван Петров',
    email: 'ivan@example.ru',
    user_type: 'saas_admin',
    created_at: '2024-05-31T23:59:59.999Z',
    updated_at: '2024-06-01T00:00:00.000Z',
  }),
  userRecord(8, 'nora', {
    name: 'Nora Nowhere',
    created_at: '2024-06-01T00:00:00.000Z',
    updated_at: '2024-06-02T00:00:00.000Z',
  }),
  userRecord(6, 'ann.lee2', {
    name: 'ANN LEE',
    status: 'inactive',
    created_at: '2023-12-31T23:59:59.999Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  }),
  userRecord(13, 'anna', {
    name: 'Anna Karenina',
    email: 'anna@example.ru',
    created_at: '2024-06-15T00:00:00.000Z',
    updated_at: '2024-06-15T00:00:00.000Z',
  }),
  userRecord(14, 'joanna', {
    name: 'Joanna Ek',
    email: 'jo@example.se',
    user_type: 'saas_user_client',
    created_at: '2023-06-01T00:00:00.000Z',
    updated_at: '2023-06-01T00:00:00.000Z',
  }),
];

const idOf = (identifier: string): string => {
  const user = USERS.find((u) => u.identifier === identifier);
  if (user === undefined) throw new Error(`no user ${identifier} in the test dataset`);
  return user.id;
};

// nora is in no workspace; one member id is unknown (ignored) and one is upper-case (matched).
const WORKSPACES: readonly Workspace[] = [
  { id: 'ws-01', name: 'One', members: ['ann.lee', 'bob.stone', 'emile', 'ann.lee2'].map(idOf) },
  {
    id: 'ws-02',
    name: 'Two',
    members: [idOf('emile'), idOf('emile.z').toUpperCase(), idOf('zoe'), idOf('joanna'), uuidOf(999)],
  },
  {
    id: 'ws-03',
    name: 'Three',
    members: ['lukasz', 'strasse.a', 'strasse.b', 'odegaard', 'ivan', 'anna'].map(idOf),
  },
];

const slotOf = (identifier: string): number => USERS.findIndex((u) => u.identifier === identifier);
const ALL: Visibility = { kind: 'all' };
const coMembersOf = (identifier: string): Visibility => ({ kind: 'co-members', slot: slotOf(identifier) });
const selfOf = (identifier: string): Visibility => ({ kind: 'self', slot: slotOf(identifier) });
const at = (iso: string): number => Date.parse(iso);

function newStore(): UserStore {
  return storeOf(USERS, WORKSPACES);
}

interface QueryInput {
  readonly filter?: UserFilter;
  readonly search?: string;
  readonly sort?: UsersQuery['sort'];
  readonly page?: number;
  readonly pageSize?: number;
}

/** A query; created_at ascending, page 1 of 100 unless told otherwise. */
function query(input: QueryInput = {}): UsersQuery {
  return {
    filter: input.filter ?? {},
    terms: input.search === undefined ? [] : parseTerms(input.search),
    sort: input.sort ?? { field: 'created_at', direction: 'asc' },
    page: input.page ?? 1,
    pageSize: input.pageSize ?? 100,
  };
}

interface Listed {
  readonly total: number;
  readonly identifiers: string[];
}

function list(engine: QueryEngine, store: UserStore, q: UsersQuery, visibility: Visibility = ALL): Listed {
  const page = engine.run(q, visibility);
  return {
    total: page.total,
    identifiers: Array.from(page.slots, (slot) => store.users[slot]?.identifier ?? `?${slot}`),
  };
}

function runOnFreshStore(q: UsersQuery, visibility: Visibility = ALL, cacheSize = 16): Listed {
  const store = newStore();
  return list(new QueryEngine(store, { cacheSize }), store, q, visibility);
}

const CREATED_ASC = [
  'joanna',
  'ann.lee2',
  'ann.lee',
  'bob.stone',
  'emile',
  'emile.z',
  'lukasz',
  'zoe',
  'strasse.a',
  'strasse.b',
  'odegaard',
  'ivan',
  'nora',
  'anna',
];

// ---------------------------------------------------------------------------------------------------------------

describe('QueryEngine: filters', () => {
  it.each([
    { name: 'no filter: everyone, created_at ascending', filter: {}, expected: CREATED_ASC },
    {
      name: 'status active',
      filter: { status: 'active' },
      expected: ['joanna', 'ann.lee', 'bob.stone', 'strasse.a', 'strasse.b', 'ivan', 'nora', 'anna'],
    },
    { name: 'status risky', filter: { status: 'risky' }, expected: ['lukasz'] },
    { name: 'status onboarding', filter: { status: 'onboarding' }, expected: ['emile', 'odegaard'] },
    { name: 'status no user has', filter: { status: 'deleted' }, expected: [] },
    { name: 'user_type saas_admin', filter: { userType: 'saas_admin' }, expected: ['bob.stone', 'ivan'] },
    {
      name: 'user_type saas_user_client',
      filter: { userType: 'saas_user_client' },
      expected: ['joanna', 'emile.z'],
    },
    { name: 'user_type no user has', filter: { userType: 'robot' }, expected: [] },
    {
      name: 'status and user_type together',
      filter: { status: 'active', userType: 'saas_user_client' },
      expected: ['joanna'],
    },
    { name: 'id', filter: { id: idOf('emile') }, expected: ['emile'] },
    { name: 'id in upper case', filter: { id: idOf('emile').toUpperCase() }, expected: ['emile'] },
    { name: 'id of nobody', filter: { id: uuidOf(999) }, expected: [] },
    { name: 'id and a status it lacks', filter: { id: idOf('emile'), status: 'active' }, expected: [] },
    { name: 'created_by', filter: { createdBy: ADMIN_ID }, expected: ['ann.lee', 'emile'] },
    { name: 'created_by in upper case', filter: { createdBy: ANN_ID.toUpperCase() }, expected: ['emile.z'] },
    { name: 'created_by of nobody', filter: { createdBy: uuidOf(999) }, expected: [] },
    {
      name: 'updated_by (one record stores it in upper case)',
      filter: { updatedBy: ADMIN_ID },
      expected: ['ann.lee', 'emile.z'],
    },
    { name: 'updated_by another user', filter: { updatedBy: ANN_ID }, expected: ['emile'] },
    {
      name: 'created_by and status together',
      filter: { createdBy: ADMIN_ID, status: 'onboarding' },
      expected: ['emile'],
    },
  ])('$name', ({ filter, expected }) => {
    const result = runOnFreshStore(query({ filter }));
    expect(result).toEqual({ total: expected.length, identifiers: expected });
  });
});

describe('QueryEngine: date ranges are half-open (from <= t < to)', () => {
  const range = (from?: string, to?: string): TimeRange => ({
    ...(from === undefined ? {} : { from: at(from) }),
    ...(to === undefined ? {} : { to: at(to) }),
  });
  it.each([
    {
      name: 'created_at: from included, to excluded',
      filter: { createdAt: range('2024-01-02T00:00:00Z', '2024-03-15T12:00:00Z') },
      expected: ['bob.stone', 'emile', 'emile.z'],
    },
    {
      name: 'created_at: from only (two users exactly at from)',
      filter: { createdAt: range('2024-03-15T12:00:00Z') },
      expected: ['lukasz', 'zoe', 'strasse.a', 'strasse.b', 'odegaard', 'ivan', 'nora', 'anna'],
    },
    {
      name: 'created_at: to only (a user exactly at to is out)',
      filter: { createdAt: range(undefined, '2024-01-01T00:00:00Z') },
      expected: ['joanna', 'ann.lee2'],
    },
    {
      name: 'created_at: from == to is empty even with users at that instant',
      filter: { createdAt: range('2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z') },
      expected: [],
    },
    {
      name: 'created_at: one millisecond wide',
      filter: { createdAt: range('2024-04-01T00:00:00.001Z', '2024-04-01T00:00:00.002Z') },
      expected: ['strasse.b'],
    },
    {
      name: 'created_at: millisecond bound between two users',
      filter: { createdAt: range('2024-04-01T00:00:00.001Z', '2024-05-01T00:00:00Z') },
      expected: ['strasse.b'],
    },
    {
      name: 'created_at: a range nobody falls in',
      filter: { createdAt: range('2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z') },
      expected: [],
    },
    {
      name: 'updated_at: a day with three users',
      filter: { updatedAt: range('2024-06-01T00:00:00Z', '2024-06-02T00:00:00Z') },
      expected: ['ann.lee', 'emile', 'ivan'],
    },
    {
      name: 'updated_at: from == to',
      filter: { updatedAt: range('2024-06-01T00:00:00Z', '2024-06-01T00:00:00Z') },
      expected: [],
    },
    {
      name: 'created_at and updated_at together',
      filter: {
        createdAt: range('2024-01-01T00:00:00Z', '2024-06-01T00:00:00Z'),
        updatedAt: range('2024-06-01T00:00:00Z'),
      },
      expected: ['ann.lee', 'emile', 'strasse.a', 'strasse.b', 'ivan'],
    },
    {
      name: 'a range and a status',
      filter: { status: 'active', createdAt: range('2024-04-01T00:00:00Z', '2024-06-01T00:00:00Z') },
      expected: ['strasse.a', 'strasse.b', 'ivan'],
    },
  ])('$name', ({ filter, expected }) => {
    expect(runOnFreshStore(query({ filter }))).toEqual({ total: expected.length, identifiers: expected });
  });
});

describe('QueryEngine: sort', () => {
  it.each([
    {
      name: 'name asc: case and accents ignored, ß = ss, ties by id',
      field: 'name' as const,
      direction: 'asc' as const,
      expected: [
        ...['ann.lee2', 'ann.lee'], // "ANN LEE" (id 6), "Ann Lee" (id 7)
        'anna',
        'bob.stone',
        ...['emile.z', 'emile'], // "emile zola" (id 1), "Émile Zola" (id 11)
        'joanna',
        'lukasz', // Ł sorts as L
        'nora',
        'odegaard', // Ø sorts as O
        ...['strasse.b', 'strasse.a'], // "Strasse Anna" (id 2), "Straße Anna" (id 12)
        'zoe',
        'ivan', // Cyrillic after Latin
      ],
    },
    {
      name: 'name desc: groups reversed, ties still by id ascending',
      field: 'name' as const,
      direction: 'desc' as const,
      expected: [
        'ivan',
        'zoe',
        ...['strasse.b', 'strasse.a'],
        'odegaard',
        'nora',
        'lukasz',
        'joanna',
        ...['emile.z', 'emile'],
        'bob.stone',
        'anna',
        ...['ann.lee2', 'ann.lee'],
      ],
    },
    {
      name: 'created_at asc',
      field: 'created_at' as const,
      direction: 'asc' as const,
      expected: CREATED_ASC,
    },
    {
      name: 'created_at desc: ties by id ascending',
      field: 'created_at' as const,
      direction: 'desc' as const,
      expected: [
        'anna',
        'nora',
        'ivan',
        'odegaard',
        'strasse.b',
        'strasse.a',
        ...['lukasz', 'zoe'], // same instant: id 5, id 9
        'emile.z',
        ...['bob.stone', 'emile'], // same instant: id 3, id 11
        'ann.lee',
        'ann.lee2',
        'joanna',
      ],
    },
    {
      name: 'updated_at asc: ties by id',
      field: 'updated_at' as const,
      direction: 'asc' as const,
      expected: [
        'joanna',
        'ann.lee2',
        'emile.z',
        'bob.stone',
        'lukasz',
        'zoe',
        'odegaard',
        ...['ivan', 'ann.lee', 'emile'], // 2024-06-01: ids 4, 7, 11
        'nora',
        'anna',
        ...['strasse.b', 'strasse.a'], // 2024-07-01: ids 2, 12
      ],
    },
    {
      name: 'updated_at desc: ties by id ascending',
      field: 'updated_at' as const,
      direction: 'desc' as const,
      expected: [
        ...['strasse.b', 'strasse.a'],
        'anna',
        'nora',
        ...['ivan', 'ann.lee', 'emile'],
        'odegaard',
        'zoe',
        'lukasz',
        'bob.stone',
        'emile.z',
        'ann.lee2',
        'joanna',
      ],
    },
    {
      name: 'status asc: groups in collation order, ties by id',
      field: 'status' as const,
      direction: 'asc' as const,
      expected: [
        ...['strasse.b', 'bob.stone', 'ivan', 'ann.lee', 'nora', 'strasse.a', 'anna', 'joanna'], // active
        ...['emile.z', 'ann.lee2'], // inactive
        ...['odegaard', 'emile'], // onboarding
        'lukasz', // risky
        'zoe', // suspended
      ],
    },
    {
      name: 'status desc: groups reversed, ties still by id ascending',
      field: 'status' as const,
      direction: 'desc' as const,
      expected: [
        'zoe',
        'lukasz',
        ...['odegaard', 'emile'],
        ...['emile.z', 'ann.lee2'],
        ...['strasse.b', 'bob.stone', 'ivan', 'ann.lee', 'nora', 'strasse.a', 'anna', 'joanna'],
      ],
    },
    {
      name: 'id asc',
      field: 'id' as const,
      direction: 'asc' as const,
      expected: [
        'emile.z',
        'strasse.b',
        'bob.stone',
        'ivan',
        'lukasz',
        'ann.lee2',
        'ann.lee',
        'nora',
        'zoe',
        'odegaard',
        'emile',
        'strasse.a',
        'anna',
        'joanna',
      ],
    },
    {
      name: 'user_type desc: ties by id ascending',
      field: 'user_type' as const,
      direction: 'desc' as const,
      expected: [
        ...['emile.z', 'joanna'], // saas_user_client
        ...[
          'strasse.b',
          'lukasz',
          'ann.lee2',
          'ann.lee',
          'nora',
          'zoe',
          'odegaard',
          'emile',
          'strasse.a',
          'anna',
        ],
        ...['bob.stone', 'ivan'], // saas_admin
      ],
    },
    {
      name: 'email asc: punctuation before letters',
      field: 'email' as const,
      direction: 'asc' as const,
      expected: [
        'ann.lee',
        'ann.lee2',
        'anna',
        'bob.stone',
        'emile.z', // emile.z@… before emile@…: "." sorts before "@"
        'emile',
        'ivan',
        'joanna', // jo@…
        'lukasz',
        'nora',
        'odegaard', // ole@…
        'strasse.a',
        'strasse.b',
        'zoe',
      ],
    },
  ])('$name', ({ field, direction, expected }) => {
    const result = runOnFreshStore(query({ sort: { field, direction } }));
    expect(result).toEqual({ total: USERS.length, identifiers: expected });
  });

  const COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });
  const FIELDS = [...LIST_USERS_SPEC.sortKinds.keys()];
  it.each(
    FIELDS.flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => ({ name: `${field} ${direction}`, field, direction })),
    ),
  )('every pair of neighbours is in order, ties by id ascending: $name', ({ field, direction }) => {
    const store = newStore();
    const page = new QueryEngine(store, { cacheSize: 0 }).run(query({ sort: { field, direction } }), ALL);
    const users = Array.from(page.slots, (slot) => store.users[slot]);
    expect(new Set(users)).toEqual(new Set(USERS));
    const kind = LIST_USERS_SPEC.sortKinds.get(field);
    for (let k = 1; k < users.length; k++) {
      const a = users[k - 1];
      const b = users[k];
      if (a === undefined || b === undefined) throw new Error('hole in the result');
      const byField =
        kind === 'time' ? Date.parse(a[field]) - Date.parse(b[field]) : COLLATOR.compare(a[field], b[field]);
      const signed = direction === 'asc' ? Math.sign(byField) : -Math.sign(byField);
      expect(signed, `${a.identifier} before ${b.identifier}`).toBeLessThanOrEqual(0);
      if (signed === 0) expect(a.id < b.id, `tie ${a.identifier} / ${b.identifier} by id`).toBe(true);
    }
  });
});

describe('QueryEngine: search', () => {
  it.each([
    {
      name: 'ranked: exact, then prefix, then substring, then fuzzy; ties by created_at',
      search: 'anna',
      sort: 'ranked' as const,
      // anna: identifier equals the term (0) · strasse.a/.b: "anna" starts a word (1) · joanna: inside a word (2)
      // · ann.lee2/ann.lee: "ann" is one deletion away (3)
      expected: ['anna', 'strasse.a', 'strasse.b', 'joanna', 'ann.lee2', 'ann.lee'],
    },
    {
      name: 'with sort_by the sort wins over rank',
      search: 'anna',
      sort: { field: 'name' as SortField, direction: 'asc' as const },
      expected: ['ann.lee2', 'ann.lee', 'anna', 'joanna', 'strasse.b', 'strasse.a'],
    },
    {
      name: 'ranked: an exact identifier before a prefix match created earlier',
      search: 'emile',
      sort: 'ranked' as const,
      expected: ['emile', 'emile.z'],
    },
    {
      name: 'ranked: the whole query equal to a name is exact',
      search: 'ann lee',
      sort: 'ranked' as const,
      expected: ['ann.lee2', 'ann.lee'],
    },
    {
      name: 'accent- and case-insensitive: "ÉMILE ZOLA" equals both names',
      search: 'ÉMILE ZOLA',
      sort: 'ranked' as const,
      expected: ['emile', 'emile.z'],
    },
    {
      name: 'an accented term finds the unaccented name',
      search: 'zoë',
      sort: 'ranked' as const,
      expected: ['zoe'],
    },
    {
      name: 'every term must match',
      search: 'emile org z',
      sort: { field: 'created_at' as SortField, direction: 'asc' as const },
      expected: ['emile', 'emile.z'],
    },
    {
      name: 'Cyrillic name',
      search: 'петров',
      sort: 'ranked' as const,
      expected: ['ivan'],
    },
    {
      name: 'no match',
      search: 'qqq',
      sort: 'ranked' as const,
      expected: [],
    },
  ])('$name', ({ search, sort, expected }) => {
    expect(runOnFreshStore(query({ search, sort }))).toEqual({
      total: expected.length,
      identifiers: expected,
    });
  });

  it('search with a filter and a date range', () => {
    const q = query({
      search: 'anna',
      sort: 'ranked',
      filter: { status: 'active', createdAt: { from: at('2024-01-01T00:00:00Z') } },
    });
    expect(runOnFreshStore(q)).toEqual({
      total: 4,
      identifiers: ['anna', 'strasse.a', 'strasse.b', 'ann.lee'],
    });
  });
});

describe('QueryEngine: pagination', () => {
  it.each([
    { name: 'first page', page: 1, pageSize: 5, filter: {}, total: 14, expected: CREATED_ASC.slice(0, 5) },
    { name: 'middle page', page: 2, pageSize: 5, filter: {}, total: 14, expected: CREATED_ASC.slice(5, 10) },
    {
      name: 'last, partial page',
      page: 3,
      pageSize: 5,
      filter: {},
      total: 14,
      expected: ['odegaard', 'ivan', 'nora', 'anna'],
    },
    { name: 'past the end: empty, total kept', page: 4, pageSize: 5, filter: {}, total: 14, expected: [] },
    { name: 'far past the end', page: 1_000_000_000, pageSize: 100, filter: {}, total: 14, expected: [] },
    { name: 'page size 1', page: 14, pageSize: 1, filter: {}, total: 14, expected: ['anna'] },
    { name: 'everything on one page', page: 1, pageSize: 100, filter: {}, total: 14, expected: CREATED_ASC },
    {
      name: 'filtered, middle page',
      page: 2,
      pageSize: 3,
      filter: { status: 'active' },
      total: 8,
      expected: ['strasse.a', 'strasse.b', 'ivan'],
    },
    {
      name: 'filtered, last page',
      page: 3,
      pageSize: 3,
      filter: { status: 'active' },
      total: 8,
      expected: ['nora', 'anna'],
    },
    {
      name: 'filtered, past the end',
      page: 4,
      pageSize: 3,
      filter: { status: 'active' },
      total: 8,
      expected: [],
    },
    { name: 'empty result', page: 1, pageSize: 20, filter: { status: 'deleted' }, total: 0, expected: [] },
  ])('$name', ({ page, pageSize, filter, total, expected }) => {
    expect(runOnFreshStore(query({ page, pageSize, filter }))).toEqual({ total, identifiers: expected });
  });
});

describe('QueryEngine: row-level visibility', () => {
  it.each([
    { name: 'all', visibility: ALL, filter: {}, expected: CREATED_ASC },
    {
      name: 'co-members of ann.lee (one workspace)',
      visibility: coMembersOf('ann.lee'),
      filter: {},
      expected: ['ann.lee2', 'ann.lee', 'bob.stone', 'emile'],
    },
    {
      name: 'co-members of emile (two workspaces; an upper-case member id counts)',
      visibility: coMembersOf('emile'),
      filter: {},
      expected: ['joanna', 'ann.lee2', 'ann.lee', 'bob.stone', 'emile', 'emile.z', 'zoe'],
    },
    {
      // docs/access.md: a saas_user sees the users sharing a workspace with them, "and themselves".
      name: 'co-members of nora, who is in no workspace: nora herself',
      visibility: coMembersOf('nora'),
      filter: {},
      expected: ['nora'],
    },
    {
      name: 'co-members with a filter',
      visibility: coMembersOf('ann.lee'),
      filter: { status: 'active' },
      expected: ['ann.lee', 'bob.stone'],
    },
    {
      name: 'co-members with an id filter naming someone invisible',
      visibility: coMembersOf('ann.lee'),
      filter: { id: idOf('zoe') },
      expected: [],
    },
    { name: 'self', visibility: selfOf('emile.z'), filter: {}, expected: ['emile.z'] },
    {
      name: 'self with a filter it passes',
      visibility: selfOf('emile.z'),
      filter: { status: 'inactive' },
      expected: ['emile.z'],
    },
    {
      name: 'self with a filter it fails',
      visibility: selfOf('emile.z'),
      filter: { status: 'active' },
      expected: [],
    },
    {
      name: 'self with an id filter naming someone else',
      visibility: selfOf('emile.z'),
      filter: { id: idOf('emile') },
      expected: [],
    },
  ])('$name', ({ visibility, filter, expected }) => {
    expect(runOnFreshStore(query({ filter }), visibility)).toEqual({
      total: expected.length,
      identifiers: expected,
    });
  });

  it.each([
    { name: 'co-members', visibility: coMembersOf('ann.lee'), expected: ['emile'] },
    { name: 'self', visibility: selfOf('emile.z'), expected: ['emile.z'] },
    { name: 'all', visibility: ALL, expected: ['emile', 'emile.z'] },
  ])('search within visibility: $name', ({ visibility, expected }) => {
    expect(runOnFreshStore(query({ search: 'emile', sort: 'ranked' }), visibility)).toEqual({
      total: expected.length,
      identifiers: expected,
    });
  });
});

describe('QueryEngine: deletion', () => {
  it.each([
    {
      name: 'unfiltered list',
      q: query(),
      visibility: ALL,
      before: CREATED_ASC,
    },
    {
      name: 'sorted by name descending',
      q: query({ sort: { field: 'name', direction: 'desc' } }),
      visibility: ALL,
      before: runOnFreshStore(query({ sort: { field: 'name', direction: 'desc' } })).identifiers,
    },
    {
      name: 'filtered by created_by',
      q: query({ filter: { createdBy: ADMIN_ID } }),
      visibility: ALL,
      before: ['ann.lee', 'emile'],
    },
    {
      name: 'filtered by a date range',
      q: query({
        filter: { createdAt: { from: at('2024-01-01T00:00:00Z'), to: at('2024-01-03T00:00:00Z') } },
      }),
      visibility: ALL,
      before: ['ann.lee', 'bob.stone', 'emile'],
    },
    { name: 'by id', q: query({ filter: { id: ANN_ID } }), visibility: ALL, before: ['ann.lee'] },
    {
      name: 'ranked search',
      q: query({ search: 'anna', sort: 'ranked' }),
      visibility: ALL,
      before: ['anna', 'strasse.a', 'strasse.b', 'joanna', 'ann.lee2', 'ann.lee'],
    },
    {
      name: 'co-members of emile',
      q: query(),
      visibility: coMembersOf('emile'),
      before: ['joanna', 'ann.lee2', 'ann.lee', 'bob.stone', 'emile', 'emile.z', 'zoe'],
    },
    { name: 'self', q: query(), visibility: selfOf('ann.lee'), before: ['ann.lee'] },
  ])('a deleted user leaves the results and the total: $name', ({ q, visibility, before }) => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 16 });
    expect(list(engine, store, q, visibility)).toEqual({ total: before.length, identifiers: before });
    store.delete(slotOf('ann.lee'));
    const after = before.filter((identifier) => identifier !== 'ann.lee');
    expect(list(engine, store, q, visibility)).toEqual({ total: after.length, identifiers: after });
  });

  it('kept orders are compacted: no dead slot, positions renumbered', () => {
    const store = newStore();
    store.orders.get('name', 'asc');
    store.delete(slotOf('emile'));
    store.delete(slotOf('zoe'));
    for (const field of LIST_USERS_SPEC.sortKinds.keys()) {
      for (const direction of ['asc', 'desc'] as const) {
        const { order, position } = store.orders.get(field, direction);
        expect(order).toHaveLength(USERS.length - 2);
        expect([...order]).not.toContain(slotOf('emile'));
        expect([...order]).not.toContain(slotOf('zoe'));
        order.forEach((slot, p) => {
          expect(position[slot]).toBe(p);
        });
      }
    }
  });

  it('a user deleted while a query runs in steps is not in its answer: the query runs again', async () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 16 });
    const byAdmin = query({ filter: { createdBy: ADMIN_ID } });
    const steps = engine.runSteps(byAdmin, ALL);
    expect(steps.next().done).toBe(false);
    store.delete(slotOf('ann.lee'));
    let next = steps.next();
    while (next.done !== true) next = steps.next();
    const identifiers = Array.from(next.value.slots, (slot) => store.users[slot]?.identifier);
    expect({ total: next.value.total, identifiers }).toEqual({ total: 1, identifiers: ['emile'] });
    // What the cache kept is that answer, and `answer` (a request's way in) gives it too.
    expect(list(engine, store, byAdmin)).toEqual({ total: 1, identifiers: ['emile'] });
    expect((await engine.answer(byAdmin, ALL)).total).toBe(1);
  });

  it('deleting bumps the version once; deleting again changes nothing', () => {
    const store = newStore();
    const version = store.version;
    store.delete(slotOf('nora'));
    expect(store.version).toBe(version + 1);
    expect(store.size).toBe(USERS.length - 1);
    store.delete(slotOf('nora'));
    expect(store.version).toBe(version + 1);
    expect(store.size).toBe(USERS.length - 1);
  });
});

describe('QueryEngine: result cache', () => {
  const filtered = query({ filter: { status: 'active' }, pageSize: 3 });

  it('the same query twice: equal results, the full result reused', () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 4 });
    const first = engine.run(filtered, ALL);
    const second = engine.run(filtered, ALL);
    expect(second.total).toBe(first.total);
    expect([...Array.from(second.slots)]).toEqual([...Array.from(first.slots)]);
    expect(bufferOf(second.slots)).toBe(bufferOf(first.slots));
  });

  it('paging through a cached result gives the whole result once', () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 4 });
    const pages = [1, 2, 3, 4].map((page) => list(engine, store, { ...filtered, page }, ALL));
    expect(pages.map((p) => p.total)).toEqual([8, 8, 8, 8]);
    expect(pages.flatMap((p) => p.identifiers)).toEqual([
      'joanna',
      'ann.lee',
      'bob.stone',
      'strasse.a',
      'strasse.b',
      'ivan',
      'nora',
      'anna',
    ]);
  });

  it('after a delete the cached result is not reused (version bump)', () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 4 });
    const before = engine.run(filtered, ALL);
    const version = store.version;
    store.delete(slotOf('joanna'));
    expect(store.version).toBeGreaterThan(version);
    const after = engine.run(filtered, ALL);
    expect(after.total).toBe(7);
    expect(Array.from(after.slots, (slot) => store.users[slot]?.identifier)).toEqual([
      'ann.lee',
      'bob.stone',
      'strasse.a',
    ]);
    expect(bufferOf(after.slots)).not.toBe(bufferOf(before.slots));
  });

  it('a query whose key is over 2 KiB is computed every time, not kept', () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 4 });
    const sort = { field: 'name', direction: 'asc' } as const;
    const long = {
      ...query({ sort }),
      terms: Array.from({ length: 600 }, () => 'a'),
    };
    const short = { ...query({ sort }), terms: ['a'] };
    const first = engine.run(long, ALL);
    expect(first.total).toBeGreaterThan(0);
    expect(bufferOf(engine.run(long, ALL).slots)).not.toBe(bufferOf(first.slots));
    expect(bufferOf(engine.run(short, ALL).slots)).toBe(bufferOf(engine.run(short, ALL).slots));
  });

  it('cache size 0: every run computes afresh, with the same results', () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 0 });
    const first = engine.run(filtered, ALL);
    const second = engine.run(filtered, ALL);
    expect(Array.from(second.slots)).toEqual(Array.from(first.slots));
    expect(bufferOf(second.slots)).not.toBe(bufferOf(first.slots));
  });

  it('a full cache evicts and still answers correctly', () => {
    const store = newStore();
    const engine = new QueryEngine(store, { cacheSize: 1 });
    const a = query({ filter: { status: 'active' } });
    const b = query({ filter: { userType: 'saas_admin' } });
    for (let round = 0; round < 3; round++) {
      expect(list(engine, store, a).total).toBe(8);
      expect(list(engine, store, b).identifiers).toEqual(['bob.stone', 'ivan']);
    }
  });
});

function bufferOf(slots: ArrayLike<number>): ArrayBufferLike {
  if (!(slots instanceof Uint32Array)) throw new Error('expected the page as a Uint32Array view');
  return slots.buffer;
}

// ---------------------------------------------------------------------------------------------------------------
// A brute-force reference, written plainly from docs/users.md's rules: filter, search (substring terms only: the
// generated terms are under 4 characters, so fuzzy matching and id prefixes never apply), sort with Intl.Collator and an id
// tie-break, slice.

const REFERENCE_COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });
const plainFold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

function referenceTier(fields: readonly string[], terms: readonly string[]): number {
  if (fields.includes(terms.join(' '))) return 0;
  let tier = 0;
  for (const term of terms) {
    let termTier = 2;
    if (fields.includes(term)) termTier = 0;
    else if (
      fields
        .slice(1)
        .some((f) => [...f.matchAll(new RegExp(escape(term), 'g'))].some((m) => startsWord(f, m.index)))
    )
      termTier = 1;
    tier = Math.max(tier, termTier);
  }
  return tier;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWord = (field: string, index: number): boolean =>
  index === 0 || !/[\p{L}\p{N}]$/u.test(field.slice(0, index));

function reference(alive: readonly boolean[], q: UsersQuery, visibility: Visibility): Listed {
  const { filter } = q;
  const inRange = (iso: string, range: TimeRange | undefined): boolean =>
    range === undefined ||
    ((range.from ?? -Infinity) <= Date.parse(iso) && Date.parse(iso) < (range.to ?? Infinity));
  const sameId = (a: string | undefined, b: string | undefined): boolean =>
    b === undefined || a?.toLowerCase() === b.toLowerCase();
  const shareWorkspace = (a: User, b: User): boolean =>
    WORKSPACES.some((w) => {
      const members = w.members.map((m) => m.toLowerCase());
      return members.includes(a.id.toLowerCase()) && members.includes(b.id.toLowerCase());
    });
  const visible = (slot: number): boolean => {
    if (visibility.kind === 'all') return true;
    if (slot === visibility.slot) return true;
    // A deleted user has left every workspace (docs/users.md).
    const me = alive[visibility.slot] === true ? USERS[visibility.slot] : undefined;
    const them = USERS[slot];
    return (
      visibility.kind === 'co-members' && me !== undefined && them !== undefined && shareWorkspace(me, them)
    );
  };
  const rows = USERS.flatMap((user, slot) => {
    if (alive[slot] !== true || !visible(slot)) return [];
    if (!sameId(user.id, filter.id) || !sameId(user.created_by, filter.createdBy)) return [];
    if (!sameId(user.updated_by, filter.updatedBy)) return [];
    if (filter.userType !== undefined && user.user_type !== filter.userType) return [];
    if (filter.status !== undefined && user.status !== filter.status) return [];
    if (!inRange(user.created_at, filter.createdAt) || !inRange(user.updated_at, filter.updatedAt)) return [];
    const fields = [user.id.toLowerCase(), user.identifier, plainFold(user.name), plainFold(user.email)];
    const [id, ...text] = fields;
    if (!q.terms.every((term) => id === term || text.some((f) => f.includes(term)))) return [];
    return [{ user, tier: referenceTier(fields, q.terms) }];
  });
  const byId = (a: User, b: User): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const { sort } = q;
  rows.sort((a, b) => {
    if (sort === 'ranked')
      return (
        a.tier - b.tier ||
        Date.parse(a.user.created_at) - Date.parse(b.user.created_at) ||
        byId(a.user, b.user)
      );
    const x = a.user[sort.field];
    const y = b.user[sort.field];
    const kind = LIST_USERS_SPEC.sortKinds.get(sort.field);
    const compared = kind === 'time' ? Date.parse(x) - Date.parse(y) : REFERENCE_COLLATOR.compare(x, y);
    return (sort.direction === 'asc' ? compared : -compared) || byId(a.user, b.user);
  });
  const start = (q.page - 1) * q.pageSize;
  return {
    total: rows.length,
    identifiers: rows.slice(start, start + q.pageSize).map((r) => r.user.identifier),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Generated queries: the cached engine, the uncached engine and the reference agree, with deletions in between.

const INSTANTS = [
  ...new Set(USERS.flatMap((u) => [u.created_at, u.updated_at]).map((iso) => Date.parse(iso))),
  at('2020-01-01T00:00:00Z'),
  at('2030-01-01T00:00:00Z'),
];
const instant = fc.oneof(
  fc.constantFrom(...INSTANTS),
  fc.integer({ min: at('2023-01-01T00:00:00Z'), max: at('2025-01-01T00:00:00Z') }),
);
const rangeArb: fc.Arbitrary<TimeRange | undefined> = fc.option(
  fc.tuple(fc.option(instant, { nil: undefined }), fc.option(instant, { nil: undefined })).map(([a, b]) => {
    const [from, to] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
    return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  }),
  { nil: undefined },
);
const someId = fc.oneof(
  fc.constantFrom(...USERS.map((u) => u.id)),
  fc.constantFrom(...USERS.map((u) => u.id.toUpperCase())),
  fc.constant(uuidOf(999)),
);
const filterArb: fc.Arbitrary<UserFilter> = fc
  .record({
    id: fc.option(someId, { nil: undefined, freq: 8 }),
    createdBy: fc.option(fc.constantFrom(ADMIN_ID, ANN_ID, uuidOf(999)), { nil: undefined, freq: 4 }),
    updatedBy: fc.option(fc.constantFrom(ADMIN_ID, ANN_ID.toUpperCase()), { nil: undefined, freq: 4 }),
    userType: fc.option(fc.constantFrom('saas_admin', 'saas_user', 'saas_user_client'), {
      nil: undefined,
      freq: 3,
    }),
    status: fc.option(fc.constantFrom('active', 'onboarding', 'inactive', 'suspended', 'risky'), {
      nil: undefined,
      freq: 3,
    }),
    createdAt: rangeArb,
    updatedAt: rangeArb,
  })
  .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)));

const FOLDED_FIELDS = USERS.flatMap((u) => [
  u.id.toLowerCase(),
  u.identifier,
  plainFold(u.name),
  plainFold(u.email),
]);
/** A piece of some field (so that searches hit), or random letters; `maxLength` units at most. */
const termArb = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...FOLDED_FIELDS), fc.nat(), fc.integer({ min: 1, max: maxLength }))
      .map(([field, start, length]) => {
        const from = start % field.length;
        return field.slice(from, from + length);
      }),
    fc.stringMatching(new RegExp(`^[a-zé.@-]{1,${maxLength}}$`)),
  );
const sortArb: fc.Arbitrary<{ field: SortField; direction: 'asc' | 'desc' }> = fc.record({
  field: fc.constantFrom(...LIST_USERS_SPEC.sortKinds.keys()),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});
const visibilityArb: fc.Arbitrary<Visibility> = fc.oneof(
  fc.constant(ALL),
  fc.nat({ max: USERS.length - 1 }).map((slot): Visibility => ({ kind: 'co-members', slot })),
  fc.nat({ max: USERS.length - 1 }).map((slot): Visibility => ({ kind: 'self', slot })),
);
const queryArb = (maxTermLength: number): fc.Arbitrary<{ q: UsersQuery; visibility: Visibility }> =>
  fc
    .record({
      filter: fc.oneof(fc.constant({}), filterArb),
      terms: fc.oneof(
        fc.constant([]),
        fc
          .array(termArb(maxTermLength), { minLength: 1, maxLength: 2 })
          .map((pieces) => parseTerms(pieces.join(' '))),
      ),
      sort: fc.option(sortArb, { nil: undefined }),
      visibility: visibilityArb,
    })
    .map(({ filter, terms, sort, visibility }) => ({
      q: {
        filter,
        terms,
        sort: sort ?? (terms.length > 0 ? ('ranked' as const) : { field: 'created_at', direction: 'asc' }),
        page: 1,
        pageSize: 100,
      },
      visibility,
    }));

type Step =
  | { readonly kind: 'query'; readonly index: number; readonly page: number; readonly pageSize: number }
  | { readonly kind: 'delete'; readonly slot: number };

const stepsArb: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('query' as const),
        index: fc.nat(),
        page: fc.integer({ min: 1, max: 6 }),
        pageSize: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(20)),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('delete' as const), slot: fc.nat({ max: USERS.length - 1 }) }),
    },
  ),
  { minLength: 1, maxLength: 16 },
);

/**
 * The queries `steps` make of `pool` (each with its step's page), in order, each after the deletions before it:
 * a deletion is applied to `store` and reported to `deleted`.
 */
function* queriesAlong(
  store: UserStore,
  pool: readonly { q: UsersQuery; visibility: Visibility }[],
  steps: readonly Step[],
  deleted: (slot: number) => void = () => undefined,
): Generator<{ q: UsersQuery; visibility: Visibility }> {
  for (const step of steps) {
    if (step.kind === 'delete') {
      store.delete(step.slot);
      deleted(step.slot);
      continue;
    }
    const { q: base, visibility } = pool[step.index % pool.length] ?? { q: query(), visibility: ALL };
    yield { q: { ...base, page: step.page, pageSize: step.pageSize }, visibility };
  }
}

describe('QueryEngine: generated queries (property)', () => {
  it('a query answered in slices (a large store) gives what `run` gives, across deletions (200 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(queryArb(3), { minLength: 1, maxLength: 5 }),
        stepsArb,
        async (pool, steps) => {
          const store = newStore();
          const atOnce = new QueryEngine(store, { cacheSize: 0 });
          const sliced = new QueryEngine(store, { cacheSize: 3, slicedFrom: 0 });
          for (const { q, visibility } of queriesAlong(store, pool, steps)) {
            const expected = atOnce.run(q, visibility);
            const answered = await sliced.answer(q, visibility);
            expect({ total: answered.total, slots: Array.from(answered.slots) }).toEqual({
              total: expected.total,
              slots: Array.from(expected.slots),
            });
          }
        },
      ),
      { seed: 20261125, numRuns: 200 },
    );
  });

  it('cache on, cache off and the brute-force reference agree, across deletions (400 runs)', () => {
    fc.assert(
      fc.property(fc.array(queryArb(3), { minLength: 1, maxLength: 5 }), stepsArb, (pool, steps) => {
        const store = newStore();
        const cached = new QueryEngine(store, { cacheSize: 3 });
        const uncached = new QueryEngine(store, { cacheSize: 0 });
        const alive = USERS.map(() => true);
        const deleted = (slot: number): void => {
          alive[slot] = false;
        };
        for (const { q, visibility } of queriesAlong(store, pool, steps, deleted)) {
          const expected = reference(alive, q, visibility);
          expect(list(cached, store, q, visibility)).toEqual(expected);
          expect(list(uncached, store, q, visibility)).toEqual(expected);
        }
      }),
      { seed: 20260115, numRuns: 400 },
    );
  });

  it('cache on and cache off agree with fuzzy search terms too (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(queryArb(8), { minLength: 1, maxLength: 5 }), stepsArb, (pool, steps) => {
        const store = newStore();
        const cached = new QueryEngine(store, { cacheSize: 2 });
        const uncached = new QueryEngine(store, { cacheSize: 0 });
        for (const { q, visibility } of queriesAlong(store, pool, steps)) {
          expect(list(cached, store, q, visibility)).toEqual(list(uncached, store, q, visibility));
        }
      }),
      { seed: 20260116, numRuns: 300 },
    );
  });
});
