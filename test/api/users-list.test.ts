/**
 * GET /users, black-box (docs/users.md, docs/access.md): defaults, every query parameter, search, pagination and Link. Every
 * response goes through the harness, which checks it against spec/openapi.yaml; expected values come from the
 * brute-force reference in test/support/reference.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMock } from '../../src/mock.ts';
import { loadFixturesSync } from '../../src/data/fixtures.ts';
import type { User } from '../../src/spec/types.ts';
import {
  ADMIN,
  NOW,
  SMALL_FIXTURES,
  USER,
  harness,
  harnessFor,
  type Harness,
  warmUp,
} from '../support/harness.ts';
import {
  COLLATOR,
  DATE_PARAMS,
  SORT_FIELDS,
  SORT_ORDERS,
  STATUSES,
  USER_TYPES,
  runQuery,
  sortUsers,
  visibleTo,
  type DecodedQuery,
} from '../support/reference.ts';
import {
  expectError,
  expectQueryDetail,
  idsOf,
  parseLink,
  pathOf,
  queryPairs,
  totalOf,
  usersOf,
  type LinkEntry,
} from '../support/responses.ts';

const ZOE_ACCENTED = 'ec9b26d6-0862-4d15-82ec-e6eb5a6449aa'; // "Zoë Adams"
const ZOE_LOWER = '11f48d30-a724-4a92-a01e-d24e5fbcc4c0'; // "zoe adams"
const ZOE_UPPER = '08a0052f-5406-472e-8630-3e26ee656201'; // "ZOE ADAMS"
const EMILE_ACCENTED = '3d19fa10-941f-41ac-8547-a16b2a959383'; // "Émile Zola"
const EMILE_PLAIN = '59c8da6c-182d-46b2-9d3b-0a646f7844ad'; // "emile zola"
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const LENA_ID = 'e894f0f8-8699-4eb9-8a37-d54c2b38927e';
const OMAR_ID = '94c82d84-605d-47a4-9882-25122d51c13e';
/** Five users of fixtures/small share this created_at. */
const TIED_AT = '2024-03-01T09:00:00.000Z';

let h: Harness;
let admin: string;

beforeEach(() => {
  h = harness();
  admin = h.token(ADMIN);
});

function list(query = '', options: { token?: string; headers?: Record<string, string> } = {}) {
  return h.get(query === '' ? '/users' : `/users?${query}`, { token: options.token ?? admin, ...options });
}

/** The reference answer for a query string of plain (already decodable) pairs, as an admin sees it. */
function expected(query: string, users: readonly User[] = h.allUsers()): readonly User[] {
  const decoded = Object.fromEntries(new URLSearchParams(query)) as DecodedQuery;
  const result = runQuery(users, decoded);
  if (!result.valid) throw new Error(`the reference refuses ${query}: ${result.problems.join(', ')}`);
  return result.users;
}

function rels(links: readonly LinkEntry[]): string[] {
  return links.map((l) => l.rel);
}

function pageOf(link: LinkEntry | undefined): string | null {
  return link?.url.searchParams.get('page') ?? null;
}

describe('defaults', () => {
  it('serves the small dataset of 43 users (40 fixtures + 3 known accounts)', () => {
    expect(h.allUsers()).toHaveLength(43);
  });

  it('answers page 1 of 20 users, created_at ascending, ties by id ascending', async () => {
    const res = await list();
    const all = sortUsers(h.allUsers(), 'created_at', 'asc');
    expect(usersOf(res)).toEqual(all.slice(0, 20));
    expect(totalOf(res)).toBe(43);
    expect(res.headers['x-message']).toBe('Data retrieved successfully');
    const explicit = await list('page=1&page_size=20&sort_by=created_at&sort_order=asc');
    expect(explicit.body).toEqual(res.body);
  });

  it('puts the five users created at the same instant in id order', async () => {
    const users = usersOf(await list('page_size=100'));
    const positions = users.flatMap((u, i) => (u.created_at === TIED_AT ? [i] : []));
    expect(positions).toHaveLength(5);
    expect(positions.at(-1)).toBe((positions[0] ?? 0) + 4); // contiguous
    const tied = idsOf(users.filter((u) => u.created_at === TIED_AT));
    expect(tied).toEqual([...tied].sort());
  });

  it('sort_order alone reverses created_at and still breaks ties by id ascending', async () => {
    const users = usersOf(await list('sort_order=desc&page_size=100'));
    expect(idsOf(users)).toEqual(idsOf(sortUsers(h.allUsers(), 'created_at', 'desc')));
    const tied = idsOf(users.filter((u) => u.created_at === TIED_AT));
    expect(tied).toEqual([...tied].sort());
  });
});

describe('sort_by × sort_order', () => {
  const cases = SORT_FIELDS.flatMap((field) =>
    SORT_ORDERS.map((order) => ({ name: `${field} ${order}`, field, order })),
  );

  it.each(cases)('$name: the order of the reference comparator, on one page and across pages', async (c) => {
    const reference = idsOf(sortUsers(h.allUsers(), c.field, c.order));
    const res = await list(`sort_by=${c.field}&sort_order=${c.order}&page_size=100`);
    expect(idsOf(usersOf(res))).toEqual(reference);
    const paged: string[] = [];
    for (let page = 1; page <= 7; page++) {
      paged.push(
        ...idsOf(usersOf(await list(`sort_by=${c.field}&sort_order=${c.order}&page_size=7&page=${page}`))),
      );
    }
    expect(paged).toEqual(reference);
  });

  it.each(SORT_ORDERS.map((order) => ({ name: order, order })))(
    'name $name: Zoë / zoe / ZOE and Émile / emile tie and come out by id ascending',
    async ({ order }) => {
      const ids = idsOf(usersOf(await list(`sort_by=name&sort_order=${order}&page_size=100`)));
      const zoes = [ZOE_UPPER, ZOE_LOWER, ZOE_ACCENTED]; // id order
      const at = ids.indexOf(ZOE_UPPER);
      expect(ids.slice(at, at + 3)).toEqual(zoes);
      const emile = ids.indexOf(EMILE_ACCENTED);
      expect(ids.slice(emile, emile + 2)).toEqual([EMILE_ACCENTED, EMILE_PLAIN]);
    },
  );

  it.each(SORT_ORDERS.map((order) => ({ name: order, order })))(
    'user_type and status $name: equal values stay in id order',
    async ({ order }) => {
      for (const field of ['user_type', 'status'] as const) {
        const users = usersOf(await list(`sort_by=${field}&sort_order=${order}&page_size=100`));
        const values = users.map((u) => u[field]);
        for (const value of new Set(values)) {
          const group = idsOf(users.filter((u) => u[field] === value));
          expect(group).toEqual([...group].sort());
        }
        const firstSeen = [...new Set(values)];
        const sign = order === 'asc' ? 1 : -1;
        expect(firstSeen).toEqual([...firstSeen].sort((a, b) => sign * COLLATOR.compare(a, b)));
      }
    },
  );
});

describe('exact filters', () => {
  const cases = [
    ...USER_TYPES.map((v) => ({ name: `user_type=${v}`, query: `user_type=${v}` })),
    ...STATUSES.map((v) => ({ name: `status=${v}`, query: `status=${v}` })),
    { name: 'user_type and status together', query: 'user_type=saas_user&status=onboarding' },
    { name: 'id', query: `id=${ZOE_ACCENTED}` },
    { name: 'id in upper case', query: `id=${ZOE_ACCENTED.toUpperCase()}` },
    { name: 'created_by', query: `created_by=${LENA_ID}` },
    { name: 'created_by in upper case', query: `created_by=${LENA_ID.toUpperCase()}` },
    { name: 'created_by the admin (more than a page)', query: `created_by=${ADMIN_ID}` },
    { name: 'updated_by', query: `updated_by=${OMAR_ID}` },
    { name: 'created_by and updated_by', query: `created_by=${LENA_ID}&updated_by=${LENA_ID}` },
    { name: 'created_by and status', query: `created_by=${LENA_ID}&status=active` },
  ];

  it.each(cases)('$name: exactly the users a brute-force filter keeps', async ({ query }) => {
    const reference = expected(query);
    expect(reference.length).toBeGreaterThan(0);
    const res = await list(`${query}&page_size=100`);
    expect(usersOf(res)).toEqual(reference);
    expect(totalOf(res)).toBe(reference.length);
    for (const [name, value] of new URLSearchParams(query)) {
      const field = name as 'user_type' | 'status' | 'id' | 'created_by' | 'updated_by';
      for (const user of usersOf(res)) expect(user[field]?.toLowerCase()).toBe(value.toLowerCase());
    }
  });

  it('counts every user of each user_type and status exactly once', async () => {
    let byType = 0;
    for (const value of USER_TYPES) byType += totalOf(await list(`user_type=${value}`));
    let byStatus = 0;
    for (const value of STATUSES) byStatus += totalOf(await list(`status=${value}`));
    expect({ byType, byStatus }).toEqual({ byType: 43, byStatus: 43 });
  });

  it.each([
    { name: 'unknown id', query: 'id=12345678-1234-4234-8234-123456789abc' },
    { name: 'unknown created_by', query: 'created_by=12345678-1234-4234-8234-123456789abc' },
    { name: 'a created_by nobody has with that status', query: `created_by=${OMAR_ID}&status=risky` },
  ])('$name → 200 [] with Data not found', async ({ query }) => {
    const res = await list(query);
    expect(usersOf(res)).toEqual([]);
    expect(totalOf(res)).toBe(0);
    expect(res.headers['x-message']).toBe('Data not found');
    expect(res.headers.link).toBeUndefined();
  });
});

describe('date bounds: from <= t < to', () => {
  it.each([
    { name: 'created_at_from at the instant includes it', query: `created_at_from=${TIED_AT}`, tied: 5 },
    { name: 'created_at_to at the instant excludes it', query: `created_at_to=${TIED_AT}`, tied: 0 },
    {
      name: 'a one-second window from the instant',
      query: `created_at_from=${TIED_AT}&created_at_to=2024-03-01T09:00:01Z`,
      tied: 5,
    },
    {
      name: 'an offset names the same instant',
      query: 'created_at_from=2024-03-01T11:00:00%2B02:00',
      tied: 5,
    },
    { name: 'a negative offset', query: 'created_at_to=2024-03-01T04:00:00-05:00', tied: 0 },
    {
      name: 'fractional from just after the instant',
      query: 'created_at_from=2024-03-01T09:00:00.0001Z',
      tied: 0,
    },
    {
      name: 'fractional to just after the instant',
      query: 'created_at_to=2024-03-01T09:00:00.0001Z',
      tied: 5,
    },
    { name: 'lower-case t and z', query: 'created_at_from=2024-03-01t09:00:00z', tied: 5 },
  ])('$name', async ({ query, tied }) => {
    const res = await list(`${query}&page_size=100`);
    const users = usersOf(res);
    expect(idsOf(users)).toEqual(idsOf(expected(query)));
    expect(users.filter((u) => u.created_at === TIED_AT)).toHaveLength(tied);
    expect(totalOf(res)).toBe(users.length);
  });

  it.each([
    { name: 'at the millisecond', bound: '2024-09-09T09:09:09.999Z', from: true, to: false },
    { name: 'a tenth of a millisecond before', bound: '2024-09-09T09:09:09.9989Z', from: true, to: false },
    { name: 'a tenth of a millisecond after', bound: '2024-09-09T09:09:09.9991Z', from: false, to: true },
    { name: 'in +05:30', bound: '2024-09-09T14:39:09.999%2B05:30', from: true, to: false },
  ])('updated_at bound $name of emile.zola2 (updated 09:09:09.999Z)', async ({ bound, from, to }) => {
    const fromIds = idsOf(usersOf(await list(`updated_at_from=${bound}&page_size=100`)));
    const toIds = idsOf(usersOf(await list(`updated_at_to=${bound}&page_size=100`)));
    expect({ from: fromIds.includes(EMILE_PLAIN), to: toIds.includes(EMILE_PLAIN) }).toEqual({ from, to });
    expect(fromIds.length + toIds.length).toBe(43); // the two halves partition the users
  });

  it.each([{ name: 'created_at' }, { name: 'updated_at' }])(
    '$name: from == to → 200 [] with Data not found',
    async ({ name: field }) => {
      const res = await list(`${field}_from=${TIED_AT}&${field}_to=${TIED_AT}`);
      expect(usersOf(res)).toEqual([]);
      expect(totalOf(res)).toBe(0);
      expect(res.headers['x-message']).toBe('Data not found');
    },
  );

  it.each([
    { name: 'created_at', query: 'created_at_from=2024-01-02T00:00:00Z&created_at_to=2024-01-01T00:00:00Z' },
    {
      name: 'updated_at',
      query: 'updated_at_from=2025-01-01T00:00:00Z&updated_at_to=2024-12-31T23:59:59.999Z',
    },
    {
      name: 'created_at, after once offsets are applied',
      query: 'created_at_from=2024-01-01T00:00:00Z&created_at_to=2024-01-01T00:30:00%2B01:00',
    },
  ])('from > to ($name) → 400 invalid_range', async ({ query }) => {
    const body = expectError(await list(query), 400, 'invalid_range');
    expect(body.error).toMatch(/_from/);
  });

  it('from before to once offsets are applied is a valid range', async () => {
    const query = 'created_at_from=2023-01-01T00:30:00%2B01:00&created_at_to=2023-01-01T00:00:00Z';
    const res = await list(query);
    expect(usersOf(res).map((u) => u.created_at)).toEqual([]);
    expect(totalOf(res)).toBe(0);
    const inWindow = await list(
      'created_at_from=2022-12-31T23:30:00Z&created_at_to=2023-01-01T00:00:00.001Z',
    );
    expect(idsOf(usersOf(inWindow)).sort()).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ]);
  });

  const invalid = [
    '2024-01-01',
    '2024-02-30T00:00:00Z',
    '2023-02-29T12:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:00',
    '2024-01-01T00:00:00%2B0100',
    'yesterday',
    '1704067200',
  ];
  const invalidCases = DATE_PARAMS.flatMap((name) =>
    invalid.map((value) => ({ name: `${name}=${decodeURIComponent(value)}`, param: name, value })),
  );
  it.each(invalidCases)('$name → 400 invalid_request naming the parameter and the value', async (c) => {
    const detail = expectQueryDetail(await list(`${c.param}=${c.value}`), c.param);
    expect(detail.message).toContain(decodeURIComponent(c.value));
  });
});

describe('search', () => {
  it('an exact email ranks first, then prefixes, then substrings, whatever their created_at', async () => {
    const base = loadFixturesSync(SMALL_FIXTURES);
    const extra = (id: string, identifier: string, email: string, created: string): User => ({
      id,
      identifier,
      name: identifier,
      email,
      user_type: 'saas_user',
      status: 'active',
      created_at: created,
      updated_at: created,
    });
    const exact = extra(
      'aaaaaaaa-0000-4000-8000-000000000001',
      'kim.exact',
      'kim@example.com',
      '2025-12-01T00:00:00.000Z',
    );
    const prefix = extra(
      'aaaaaaaa-0000-4000-8000-000000000002',
      'kim.prefix',
      'kim@example.com.au',
      '2021-01-01T00:00:00.000Z',
    );
    const inside = extra(
      'aaaaaaaa-0000-4000-8000-000000000003',
      'kim.inside',
      'joakim@example.com',
      '2020-01-01T00:00:00.000Z',
    );
    const h2 = harness({ dataset: { ...base, users: [...base.users, inside, prefix, exact] } });
    const res = await h2.get('/users?search=KIM@example.com', { token: h2.token(ADMIN) });
    expect(usersOf(res).map((u) => u.identifier)).toEqual(['kim.exact', 'kim.prefix', 'kim.inside']);
  });

  it.each([
    { name: 'an email, any case', search: 'ZOE.ADAMS@example.NET', identifiers: ['zoe.adams3'] },
    { name: 'an exact name; "ed" inside a uuid is no match', search: 'Ed', identifiers: ['edx'] },
    { name: 'a one-edit typo (transposition)', search: 'Jonh', identifiers: ['jon.smith', 'john.smith'] },
    { name: 'accent-insensitive', search: 'zoe', identifiers: ['zoe.adams', 'zoe.adams3', 'zoe.adams2'] },
    { name: 'accent in the query', search: 'ZOË', identifiers: ['zoe.adams', 'zoe.adams3', 'zoe.adams2'] },
    { name: 'ß and Ł are letters of their own', search: 'groß', identifiers: ['jurgen.gross'] },
    { name: 'multi-term AND', search: 'ann example.org', identifiers: ['anne.lee'] },
    {
      name: 'multi-term: a prefix before a fuzzy match',
      search: 'smith john',
      identifiers: ['john.smith', 'jon.smith'],
    },
    { name: 'multi-term AND: every term must match', search: 'zoe smith', identifiers: [] },
    {
      name: 'ranked: prefix, then substring, then fuzzy (then created_at)',
      search: 'adam o',
      identifiers: ['zoe.adams2', 'zoe.adams', 'zoe.adams3', 'admin', 'ada.lovelace'],
    },
    {
      name: 'ranked: a later prefix before an earlier fuzzy match',
      search: 'a zola',
      identifiers: ['emile.zola', 'emile.zola2', 'lukasz.zolc'],
    },
    { name: 'an id prefix of 8 characters', search: 'EC9B26D6', identifiers: ['zoe.adams'] },
    { name: 'a whole id', search: ZOE_ACCENTED, identifiers: ['zoe.adams'] },
    { name: 'an id prefix of 7 characters is too short', search: 'ec9b26d', identifiers: [] },
    { name: 'a fragment from inside a uuid is no match', search: '4d15-82ec', identifiers: [] },
    { name: 'no match', search: 'qqqqzzzz', identifiers: [] },
  ])('$name: search=$search', async ({ search, identifiers }) => {
    const query = `search=${encodeURIComponent(search)}`;
    const res = await list(query);
    expect(usersOf(res).map((u) => u.identifier)).toEqual(identifiers);
    expect(idsOf(usersOf(res))).toEqual(idsOf(expected(query)));
    expect(totalOf(res)).toBe(identifiers.length);
    expect(res.headers['x-message']).toBe(
      identifiers.length > 0 ? 'Data retrieved successfully' : 'Data not found',
    );
  });

  it.each([
    { name: 'identifier desc', query: 'search=zoe&sort_by=identifier&sort_order=desc' },
    { name: 'created_at asc', query: 'search=adam%20o&sort_by=created_at' },
    { name: 'name asc', query: 'search=a%20zola&sort_by=name' },
  ])('search with sort_by uses that sort ($name)', async ({ query }) => {
    const users = usersOf(await list(query));
    expect(idsOf(users)).toEqual(idsOf(expected(query)));
    const params = new URLSearchParams(query);
    const reference = sortUsers(
      users,
      params.get('sort_by') as 'name',
      (params.get('sort_order') ?? 'asc') as 'asc',
    );
    expect(idsOf(users)).toEqual(idsOf(reference));
  });

  it('accepts 100 characters once trimmed, and surrounding spaces do not count', async () => {
    const hundred = 'a'.repeat(100);
    expect(usersOf(await list(`search=${hundred}`))).toEqual([]);
    expect(usersOf(await list(`search=${encodeURIComponent(`  ${hundred}  `)}`))).toEqual([]);
  });

  it.each([
    { name: '101 characters', value: 'a'.repeat(101) },
    { name: '150 characters with spaces inside', value: 'ab '.repeat(50) },
    { name: 'only spaces', value: '%20%20%20' },
    { name: 'only a tab and a newline', value: '%09%0A' },
    { name: 'empty', value: '' },
    { name: 'only control and format characters', value: '%00%E2%80%8B' },
  ])('$name → 400 invalid_request on search', async ({ value }) => {
    expectQueryDetail(await list(`search=${value}`), 'search');
  });
});

describe('pagination', () => {
  it('past the last page → 200 [] with Data not found and X-Total-Count still the total', async () => {
    const last = await list('page=3');
    expect(usersOf(last)).toHaveLength(3);
    expect(last.headers['x-message']).toBe('Data retrieved successfully');
    for (const page of [4, 5, 1_000_000_000]) {
      const res = await list(`page=${page}`);
      expect(usersOf(res)).toEqual([]);
      expect(totalOf(res)).toBe(43);
      expect(res.headers['x-message']).toBe('Data not found');
    }
  });

  it.each([
    { name: 'no filter', query: '' },
    { name: 'status', query: 'status=active' },
    { name: 'user_type and status', query: 'user_type=saas_user&status=onboarding' },
    { name: 'search', query: 'search=example.com' },
    { name: 'search and user_type', query: 'search=zoe&user_type=saas_user' },
    { name: 'created_at window and status', query: 'created_at_from=2024-01-01T00:00:00Z&status=active' },
    { name: 'updated_at upper bound', query: 'updated_at_to=2024-01-01T00:00:00Z' },
    { name: 'created_by and search', query: `created_by=${ADMIN_ID}&search=example` },
    { name: 'past the end of a filter', query: 'status=risky&page=2' },
  ])('X-Total-Count = the brute-force count ($name)', async ({ query }) => {
    const res = await list(query);
    const reference = expected(query);
    expect(totalOf(res)).toBe(reference.length);
    const page = Number(new URLSearchParams(query).get('page') ?? '1');
    expect(idsOf(usersOf(res))).toEqual(idsOf(reference.slice((page - 1) * 20, page * 20)));
  });

  it('saas_user: the list and count hold co-members and self only (row-level access)', async () => {
    const token = h.token(USER);
    const viewer = h.allUsers().find((u) => u.email === USER);
    if (viewer === undefined) throw new Error('no user@example.com');
    const visible = visibleTo(h.allUsers(), h.mock.state.dataset.workspaces, viewer);
    expect(visible.length).toBeLessThan(43);
    const res = await list('page_size=100', { token });
    expect(idsOf(usersOf(res))).toEqual(idsOf(sortUsers(visible, 'created_at', 'asc')));
    expect(totalOf(res)).toBe(visible.length);
    for (const query of [
      'status=active',
      'search=e',
      'search=zoe',
      'search=adam%20o',
      'sort_by=name&sort_order=desc',
      'search=a&sort_by=updated_at&created_at_from=2024-01-01T00:00:00Z',
    ]) {
      const res = await list(`${query}&page_size=100`, { token });
      const reference = expected(query, visible);
      expect(idsOf(usersOf(res)), query).toEqual(idsOf(reference));
      expect(totalOf(res), query).toBe(reference.length);
    }
  });

  describe('Link', () => {
    it.each([
      { name: 'total below page_size', query: 'status=risky' },
      { name: 'total equal to page_size', query: 'page_size=43' },
      { name: 'empty result', query: 'search=qqqqzzzz' },
    ])('is absent when the total fits one page ($name)', async ({ query }) => {
      expect((await list(query)).headers.link).toBeUndefined();
    });

    it('is present as soon as the total exceeds page_size', async () => {
      const links = parseLink((await list('page_size=42')).headers.link);
      expect(rels(links)).toEqual(['first', 'next', 'last']);
      expect(pageOf(links[2])).toBe('2');
    });

    it.each([
      { page: 1, rels: ['first', 'next', 'last'], pages: ['1', '2', '5'] },
      { page: 2, rels: ['first', 'prev', 'next', 'last'], pages: ['1', '1', '3', '5'] },
      { page: 4, rels: ['first', 'prev', 'next', 'last'], pages: ['1', '3', '5', '5'] },
      { page: 5, rels: ['first', 'prev', 'last'], pages: ['1', '4', '5'] },
      { page: 6, rels: ['first', 'prev', 'last'], pages: ['1', '5', '5'] },
    ])('page $page of 5 has $rels', async (c) => {
      const links = parseLink((await list(`page_size=10&page=${c.page}`)).headers.link);
      expect(rels(links)).toEqual(c.rels);
      expect(links.map(pageOf)).toEqual(c.pages);
    });

    it('uses absolute URLs on the request Host', async () => {
      const res = await list('page_size=10', { headers: { Host: 'identity.test:8443' } });
      for (const { url } of parseLink(res.headers.link)) {
        expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('http://identity.test:8443/users');
      }
    });

    it('keeps every other query parameter, values intact, and sets page', async () => {
      const query =
        'status=active&sort_by=name&sort_order=desc&search=a&page=2&page_size=5' +
        '&created_at_from=2023-01-01T00:00:00%2B00:00';
      const res = await list(query);
      const links = parseLink(res.headers.link);
      expect(rels(links)).toEqual(['first', 'prev', 'next', 'last']);
      const others = queryPairs(query).filter(([name]) => name !== 'page');
      expect(others).toContainEqual(['created_at_from', '2023-01-01T00:00:00+00:00']);
      for (const { url } of links) {
        expect(queryPairs(url).filter(([name]) => name !== 'page')).toEqual(others);
        expect(url.searchParams.getAll('page')).toHaveLength(1);
      }
    });

    it('carries page_size only when the request did', async () => {
      const without = parseLink((await list('status=active')).headers.link);
      expect(without.length).toBeGreaterThan(0);
      for (const { url } of without) expect(url.searchParams.has('page_size')).toBe(false);
      const withSize = parseLink((await list('status=active&page_size=20')).headers.link);
      for (const { url } of withSize) expect(url.searchParams.get('page_size')).toBe('20');
    });

    it.each([
      { name: 'all users, page_size 3', query: 'page_size=3', viewer: ADMIN },
      {
        name: 'a filter and a sort',
        query: 'status=active&sort_by=name&sort_order=desc&page_size=3',
        viewer: ADMIN,
      },
      { name: 'a search (ranked)', query: 'search=e&page_size=3', viewer: ADMIN },
      { name: 'as a saas_user', query: 'page_size=3&sort_by=email', viewer: USER },
    ])('following rel="next" visits every visible user exactly once ($name)', async ({ query, viewer }) => {
      const token = h.token(viewer);
      const seen: string[] = [];
      let path: string | undefined = `/users?${query}`;
      let pages = 0;
      let lastPage: string | null = null;
      while (path !== undefined) {
        const res = await h.get(path, { token });
        const users = usersOf(res);
        expect(users.length).toBeGreaterThan(0);
        expect(users.length).toBeLessThanOrEqual(3);
        seen.push(...idsOf(users));
        const links = parseLink(res.headers.link);
        lastPage ??= pageOf(links.find((l) => l.rel === 'last'));
        const next = links.find((l) => l.rel === 'next');
        path = next === undefined ? undefined : pathOf(next.url);
        pages++;
        expect(pages).toBeLessThan(50);
      }
      const me = h.allUsers().find((u) => u.email === viewer);
      if (me === undefined) throw new Error(`no ${viewer}`);
      const visible = visibleTo(h.allUsers(), h.mock.state.dataset.workspaces, me);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(idsOf(expected(query, visible)));
      expect(String(pages)).toBe(lastPage);
    });
  });

  describe('--trust-proxy', () => {
    const forwarded = {
      Host: 'internal:8080',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'api.example.com',
    };

    it('honours X-Forwarded-Proto and X-Forwarded-Host in Link when on', async () => {
      const proxied = harness({ trustProxy: true });
      const res = await proxied.get('/users?page_size=10', {
        token: proxied.token(ADMIN),
        headers: forwarded,
      });
      const links = parseLink(res.headers.link);
      expect(links).toHaveLength(3);
      for (const { url } of links) expect(url.origin).toBe('https://api.example.com');
    });

    it('ignores them when off', async () => {
      const links = parseLink((await list('page_size=10', { headers: forwarded })).headers.link);
      expect(links).toHaveLength(3);
      for (const { url } of links) expect(url.origin).toBe('http://internal:8080');
    });
  });
});

describe('on seeded data (seed 1: 500 faker users + 3 known accounts)', () => {
  let seeded: Harness;
  let token: string;

  beforeEach(() => {
    seeded = harnessFor(buildMock({ seed: 1, users: 500, validateResponses: true, now: () => NOW }));
    token = seeded.token(ADMIN);
  });

  it('a page is the same bytes with and without response validation (one serialiser)', async () => {
    const plain = harnessFor(buildMock({ seed: 1, users: 500, validateResponses: false, now: () => NOW }));
    for (const query of ['page=2&page_size=7', 'search=ann&sort_by=email', 'page=99']) {
      const checked = await seeded.get(`/users?${query}`, { token });
      const unchecked = await plain.get(`/users?${query}`, { token: plain.token(ADMIN) });
      expect(checked.status).toBe(200);
      expect(unchecked.text).toBe(checked.text);
      expect(unchecked.headers['content-length']).toBe(checked.headers['content-length']);
    }
  });

  /** Every user of a query, page by page. */
  async function everyUser(query: string): Promise<User[]> {
    const users: User[] = [];
    for (let page = 1; page <= 6; page++) {
      users.push(...usersOf(await seeded.get(`/users?${query}&page_size=100&page=${page}`, { token })));
    }
    return users;
  }

  function reference(query: string): readonly User[] {
    const result = runQuery(seeded.allUsers(), Object.fromEntries(new URLSearchParams(query)));
    if (!result.valid) throw new Error(result.reason);
    return result.users;
  }

  it.each(SORT_FIELDS.map((field) => ({ name: field, field })))(
    'sort_by=$name in both directions follows the reference comparator',
    async ({ field }) => {
      for (const order of SORT_ORDERS) {
        const query = `sort_by=${field}&sort_order=${order}`;
        expect(idsOf(await everyUser(query))).toEqual(idsOf(reference(query)));
      }
    },
  );

  it.each([
    { name: 'a short substring', search: 'an' },
    { name: 'a prefix', search: 'mar' },
    { name: 'a fuzzy word', search: 'smyth' },
    { name: 'two terms', search: 'a e' },
    { name: 'an email domain', search: 'example.com' },
    { name: 'a term and a filter', search: 'son', filter: '&status=active' },
    { name: 'a term and a sort', search: 'lee', filter: '&sort_by=email&sort_order=desc' },
  ])('search ($name) matches the reference, before and after the index is built', async (c) => {
    const query = `search=${encodeURIComponent(c.search)}${c.filter ?? ''}`;
    const expectedIds = idsOf(reference(query));
    expect(expectedIds.length).toBeGreaterThan(0);
    expect(idsOf(await everyUser(query))).toEqual(expectedIds);
    warmUp(seeded);
    expect(idsOf(await everyUser(query))).toEqual(expectedIds);
  });
});
