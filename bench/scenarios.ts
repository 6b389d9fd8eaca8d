/**
 * The bench's scenarios, built from the same seeded users every server holds, each with the answer its
 * first request must give (computed with the naive reference) so a fast wrong server cannot win.
 */
import type { User } from '../src/spec/types.ts';
import { naiveQuery, prepare, type NaiveQuery, type NaiveUser } from './naive.ts';

export const SCENARIOS = ['list', 'filter-sort', 'search', 'date-range', 'token'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
export const SEARCH_KINDS = [
  'exact-email',
  'name-prefix',
  'typo',
  'two-terms',
  'id-prefix',
  'no-match',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** Paths cycled through, in order. */
  readonly paths: readonly string[];
  readonly body?: string;
  readonly contentType?: string;
  /** What the first path must answer. */
  readonly expect: { readonly total: number; readonly items: number } | { readonly token: true };
  /** Whether the scenario needs a bearer token. */
  readonly authenticated: boolean;
}

const PAGE_SIZE = 20;

/** The password grant of the admin known account with the default client (docs/tokens.md), as a JSON body. */
export const PASSWORD_GRANT = JSON.stringify({
  grant_type: 'password',
  client_id: 'mock-client',
  client_secret: 'mock-secret',
  username: 'admin@example.com',
  password: 'Passw0rd!',
});

function path(query: NaiveQuery): string {
  const params = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return `/users?${params.toString()}`;
}

function expected(users: readonly NaiveUser[], query: NaiveQuery): { total: number; items: number } {
  const page = naiveQuery(users, query);
  return { total: page.total, items: page.items.length };
}

function pagesOf(total: number): number[] {
  return Array.from({ length: Math.max(1, Math.ceil(total / PAGE_SIZE)) }, (_, i) => i + 1);
}

/** The search terms of each kind, taken from the data (deterministic). */
export function searchTerms(users: readonly User[]): Readonly<Record<SearchKind, string>> {
  const pick = (k: number): User => users[Math.floor(users.length * k) % users.length] as User;
  const surname =
    users.map((u) => u.name.split(' ').at(-1) ?? '').find((s) => /^[a-z]{6,}$/i.test(s)) ?? 'johnson';
  const typo =
    `${surname.slice(0, 2)}${surname[3] ?? ''}${surname[2] ?? ''}${surname.slice(4)}`.toLowerCase();
  const twoTerms = pick(0.5).name.split(' ');
  return {
    'exact-email': pick(0.37).email,
    'name-prefix': (pick(0.61).name.split(' ')[0] ?? 'mar').slice(0, 3).toLowerCase(),
    typo,
    'two-terms': `${twoTerms[0] ?? ''} ${twoTerms.at(-1) ?? ''}`,
    'id-prefix': pick(0.23).id.slice(0, 8),
    'no-match': 'zzqxv',
  };
}

/** The query scenarios and the token scenario for a dataset. */
export function buildScenarios(records: readonly User[]): Scenario[] {
  const users = prepare(records);
  const all = naiveQuery(users, {}).total;
  const filter = { status: 'active', user_type: 'saas_user', sort_by: 'name', sort_order: 'desc' };
  const filtered = naiveQuery(users, filter).total;
  const terms = Object.values(searchTerms(records));
  const windows: [string, string][] = [
    ['2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z'],
    ['2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z'],
    ['2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'],
    ['2023-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
  ];
  const dateQuery = ([from, to]: [string, string]): NaiveQuery => ({
    created_at_from: from,
    created_at_to: to,
    sort_by: 'updated_at',
  });
  return [
    {
      name: 'list',
      method: 'GET',
      paths: pagesOf(all).map((page) => path({ page: String(page), page_size: String(PAGE_SIZE) })),
      expect: expected(users, { page: '1', page_size: String(PAGE_SIZE) }),
      authenticated: true,
    },
    {
      name: 'filter-sort',
      method: 'GET',
      paths: pagesOf(filtered).map((page) => path({ ...filter, page: String(page) })),
      expect: expected(users, { ...filter, page: '1' }),
      authenticated: true,
    },
    {
      name: 'search',
      method: 'GET',
      paths: terms.map((search) => path({ search })),
      expect: expected(users, { search: terms[0] ?? '' }),
      authenticated: true,
    },
    {
      name: 'date-range',
      method: 'GET',
      paths: windows.map((window) => path(dateQuery(window))),
      expect: expected(users, dateQuery(windows[0] ?? ['', ''])),
      authenticated: true,
    },
    {
      name: 'token',
      method: 'POST',
      paths: ['/oauth/token'],
      body: PASSWORD_GRANT,
      contentType: 'application/json',
      expect: { token: true },
      authenticated: false,
    },
  ];
}

/** One scenario per search kind, for the latency target on each. */
export function searchKindScenarios(records: readonly User[]): Scenario[] {
  const users = prepare(records);
  return Object.entries(searchTerms(records)).map(([kind, search]) => ({
    name: `search:${kind}`,
    method: 'GET',
    paths: [path({ search })],
    expect: expected(users, { search }),
    authenticated: true,
  }));
}
