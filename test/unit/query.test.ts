import { describe, expect, it } from 'vitest';
import type { UsersQuery } from '../../src/users/engine.ts';
import { readListUsersSpec, toUsersQuery } from '../../src/users/query.ts';
import { MockError } from '../../src/errors.ts';
import { API_MODEL, LIST_USERS_SPEC } from '../support/spec-model.ts';
import { thrownBy } from '../support/thrown.ts';

const DEFAULT_SORT: UsersQuery['sort'] = { field: 'created_at', direction: 'asc' };

describe('readListUsersSpec', () => {
  it('reads the defaults of listUsers: page 1, page_size 20, created_at, asc', () => {
    expect(LIST_USERS_SPEC.defaults).toEqual({
      page: 1,
      pageSize: 20,
      sortBy: 'created_at',
      sortOrder: 'asc',
    });
  });

  it('guards the metadata filters with read:user_metadata', () => {
    expect(new Map(LIST_USERS_SPEC.guardedParams)).toEqual(
      new Map([
        ['id', 'read:user_metadata'],
        ['created_by', 'read:user_metadata'],
        ['updated_by', 'read:user_metadata'],
      ]),
    );
  });

  it('guards the metadata fields of User with read:user_metadata', () => {
    expect(new Map(LIST_USERS_SPEC.guardedFields)).toEqual(
      new Map([
        ['created_by', 'read:user_metadata'],
        ['updated_by', 'read:user_metadata'],
      ]),
    );
  });

  it('reads every sortable field of sort_by, date-times compared as time, the rest as text', () => {
    expect(new Map(LIST_USERS_SPEC.sortKinds)).toEqual(
      new Map([
        ['id', 'text'],
        ['identifier', 'text'],
        ['name', 'text'],
        ['email', 'text'],
        ['user_type', 'text'],
        ['status', 'text'],
        ['created_at', 'time'],
        ['updated_at', 'time'],
      ]),
    );
  });

  it('gives the same result for the listUsers operation passed explicitly', () => {
    expect(readListUsersSpec(API_MODEL, API_MODEL.operation('listUsers'))).toEqual(LIST_USERS_SPEC);
  });

  it('refuses an operation without the list parameters, naming the missing one', () => {
    expect(() => readListUsersSpec(API_MODEL, API_MODEL.operation('deleteUser'))).toThrow(
      'spec: listUsers has no query parameter sort_by',
    );
  });
});

describe('toUsersQuery', () => {
  it.each<{ name: string; raw: Record<string, unknown>; expected: Partial<UsersQuery> }>([
    {
      name: 'no parameters: the spec defaults',
      raw: {},
      expected: { filter: {}, terms: [], sort: DEFAULT_SORT, page: 1, pageSize: 20 },
    },
    { name: 'page and page_size', raw: { page: '3', page_size: '50' }, expected: { page: 3, pageSize: 50 } },
    {
      name: 'sort_by alone: ascending',
      raw: { sort_by: 'name' },
      expected: { sort: { field: 'name', direction: 'asc' } },
    },
    {
      name: 'sort_by and sort_order',
      raw: { sort_by: 'updated_at', sort_order: 'desc' },
      expected: { sort: { field: 'updated_at', direction: 'desc' } },
    },
    {
      name: 'sort_order alone applies to the default field',
      raw: { sort_order: 'desc' },
      expected: { sort: { field: 'created_at', direction: 'desc' } },
    },
    {
      name: 'search without sort_by: ranked',
      raw: { search: 'ann' },
      expected: { terms: ['ann'], sort: 'ranked' },
    },
    {
      name: 'search with sort_order but no sort_by: still ranked',
      raw: { search: 'ann', sort_order: 'desc' },
      expected: { terms: ['ann'], sort: 'ranked' },
    },
    {
      name: 'search with sort_by: the sort wins',
      raw: { search: 'ann', sort_by: 'email', sort_order: 'desc' },
      expected: { terms: ['ann'], sort: { field: 'email', direction: 'desc' } },
    },
    {
      name: 'search folded, split, deduplicated',
      raw: { search: '  Émile   ZOLA émile ' },
      expected: { terms: ['emile', 'zola'] },
    },
    {
      name: 'search with control characters around a term',
      raw: { search: '\u0000ann\u200b' },
      expected: { terms: ['ann'] },
    },
    {
      name: 'exact-match filters',
      raw: {
        id: '8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b',
        created_by: '00000000-0000-4000-8000-000000000001',
        updated_by: '00000000-0000-4000-8000-000000000002',
        user_type: 'saas_user',
        status: 'active',
      },
      expected: {
        filter: {
          id: '8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b',
          createdBy: '00000000-0000-4000-8000-000000000001',
          updatedBy: '00000000-0000-4000-8000-000000000002',
          userType: 'saas_user',
          status: 'active',
        },
      },
    },
    {
      name: 'both created_at bounds',
      raw: { created_at_from: '2024-01-01T00:00:00Z', created_at_to: '2024-02-01T00:00:00+01:00' },
      expected: {
        filter: {
          createdAt: { from: Date.parse('2024-01-01T00:00:00Z'), to: Date.parse('2024-01-31T23:00:00Z') },
        },
      },
    },
    {
      name: 'only a lower bound',
      raw: { updated_at_from: '2024-01-01T00:00:00.5Z' },
      expected: { filter: { updatedAt: { from: Date.parse('2024-01-01T00:00:00.500Z') } } },
    },
    {
      name: 'only an upper bound',
      raw: { updated_at_to: '2024-01-01T00:00:00Z' },
      expected: { filter: { updatedAt: { to: Date.parse('2024-01-01T00:00:00Z') } } },
    },
    {
      name: 'equal bounds are allowed (an empty range)',
      raw: { created_at_from: '2024-01-01T00:00:00Z', created_at_to: '2024-01-01T01:00:00+01:00' },
      expected: {
        filter: {
          createdAt: { from: Date.parse('2024-01-01T00:00:00Z'), to: Date.parse('2024-01-01T00:00:00Z') },
        },
      },
    },
    {
      name: 'a sub-millisecond bound is rounded up',
      raw: { created_at_from: '2024-01-01T00:00:00.0001Z' },
      expected: { filter: { createdAt: { from: Date.parse('2024-01-01T00:00:00.001Z') } } },
    },
  ])('$name', ({ raw, expected }) => {
    expect(toUsersQuery(raw, LIST_USERS_SPEC)).toMatchObject(expected);
  });

  it('returns exactly the filter fields given (no undefined keys)', () => {
    const q = toUsersQuery({ status: 'active' }, LIST_USERS_SPEC);
    expect(Object.keys(q.filter)).toEqual(['status']);
  });

  it.each([
    {
      name: 'created_at one second reversed',
      raw: { created_at_from: '2024-01-01T00:00:01Z', created_at_to: '2024-01-01T00:00:00Z' },
      param: 'created_at',
    },
    {
      name: 'updated_at reversed by a year',
      raw: { updated_at_from: '2025-01-01T00:00:00Z', updated_at_to: '2024-01-01T00:00:00Z' },
      param: 'updated_at',
    },
    {
      name: 'reversed only once offsets are applied',
      raw: { created_at_from: '2024-01-01T00:30:00Z', created_at_to: '2024-01-01T01:00:00+01:00' },
      param: 'created_at',
    },
    {
      name: 'reversed by a sub-millisecond fraction',
      raw: { created_at_from: '2024-01-01T00:00:00.0001Z', created_at_to: '2024-01-01T00:00:00Z' },
      param: 'created_at',
    },
  ])('from > to is an invalid_range MockError (400): $name', ({ raw, param }) => {
    const error = thrownBy(() => toUsersQuery(raw, LIST_USERS_SPEC), MockError);
    expect(error.code).toBe('invalid_range');
    const values = Object.values(raw);
    for (const value of values) expect(error.message).toContain(value);
    expect(error.message).toContain(`${param}_from <= ${param} < ${param}_to`);
    expect(error.details).toEqual([
      { location: 'query', name: `${param}_from`, message: `must not be after ${param}_to` },
    ]);
  });

  it('a search whose characters all fold away (format or combining above U+FFFF) is one term, as it is', () => {
    // The spec's pattern counts such characters as visible (docs/users.md): the search is kept, never dropped.
    expect(toUsersQuery({ search: ' \u{e0001} ' }, LIST_USERS_SPEC).terms).toEqual(['\u{e0001}']);
    expect(toUsersQuery({ search: '\u{1d167}' }, LIST_USERS_SPEC).terms).toEqual(['\u{1d167}']);
  });
});
