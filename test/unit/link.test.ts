import { describe, expect, it } from 'vitest';
import { buildLink, type LinkInput } from '../../src/users/link.ts';

const BASE = 'http://localhost:8080/users';

/** The Link header's entries as `[rel, url]`, in order. */
function entries(header: string): [string, string][] {
  return header.split(', ').map((entry) => {
    const match = /^<([^>]*)>; rel="([a-z]+)"$/.exec(entry);
    if (match?.[1] === undefined || match[2] === undefined) throw new Error(`not a Link entry: ${entry}`);
    return [match[2], match[1]];
  });
}

function link(input: Partial<LinkInput>): string | undefined {
  return buildLink({ base: BASE, query: '', page: 1, pageSize: 20, total: 45, ...input });
}

describe('buildLink', () => {
  it.each([
    {
      name: 'page 1: first, next, last (no prev)',
      input: { page: 1 },
      expected: [
        ['first', `${BASE}?page=1`],
        ['next', `${BASE}?page=2`],
        ['last', `${BASE}?page=3`],
      ],
    },
    {
      name: 'a middle page: first, prev, next, last',
      input: { page: 2, query: 'page=2' },
      expected: [
        ['first', `${BASE}?page=1`],
        ['prev', `${BASE}?page=1`],
        ['next', `${BASE}?page=3`],
        ['last', `${BASE}?page=3`],
      ],
    },
    {
      name: 'the last page: first, prev, last (no next)',
      input: { page: 3, query: 'page=3' },
      expected: [
        ['first', `${BASE}?page=1`],
        ['prev', `${BASE}?page=2`],
        ['last', `${BASE}?page=3`],
      ],
    },
    {
      name: 'past the end: no next, prev is the page before the requested one',
      input: { page: 9, query: 'page=9' },
      expected: [
        ['first', `${BASE}?page=1`],
        ['prev', `${BASE}?page=8`],
        ['last', `${BASE}?page=3`],
      ],
    },
    {
      name: 'other parameters kept in their order, page set where it was',
      input: { page: 2, query: 'status=active&page=2&sort_by=name&sort_order=desc' },
      expected: [
        ['first', `${BASE}?status=active&page=1&sort_by=name&sort_order=desc`],
        ['prev', `${BASE}?status=active&page=1&sort_by=name&sort_order=desc`],
        ['next', `${BASE}?status=active&page=3&sort_by=name&sort_order=desc`],
        ['last', `${BASE}?status=active&page=3&sort_by=name&sort_order=desc`],
      ],
    },
    {
      name: 'page appended after the other parameters when the request had none',
      input: { page: 1, query: 'user_type=saas_user&status=active' },
      expected: [
        ['first', `${BASE}?user_type=saas_user&status=active&page=1`],
        ['next', `${BASE}?user_type=saas_user&status=active&page=2`],
        ['last', `${BASE}?user_type=saas_user&status=active&page=3`],
      ],
    },
    {
      name: 'repeated parameters all kept',
      input: { page: 1, query: 'status=active&status=risky' },
      expected: [
        ['first', `${BASE}?status=active&status=risky&page=1`],
        ['next', `${BASE}?status=active&status=risky&page=2`],
        ['last', `${BASE}?status=active&status=risky&page=3`],
      ],
    },
    {
      name: 'page_size kept when given',
      input: { page: 1, pageSize: 10, total: 25, query: 'page_size=10' },
      expected: [
        ['first', `${BASE}?page_size=10&page=1`],
        ['next', `${BASE}?page_size=10&page=2`],
        ['last', `${BASE}?page_size=10&page=3`],
      ],
    },
    {
      name: 'page_size not added when the default applied',
      input: { page: 2, pageSize: 20, total: 41, query: 'page=2' },
      expected: [
        ['first', `${BASE}?page=1`],
        ['prev', `${BASE}?page=1`],
        ['next', `${BASE}?page=3`],
        ['last', `${BASE}?page=3`],
      ],
    },
    {
      name: 'encoded values survive (search with a space, a date with colons)',
      input: { page: 1, total: 30, query: 'search=ann%20lee&created_at_from=2024-01-01T00%3A00%3A00Z' },
      expected: [
        ['first', `${BASE}?search=ann+lee&created_at_from=2024-01-01T00%3A00%3A00Z&page=1`],
        ['next', `${BASE}?search=ann+lee&created_at_from=2024-01-01T00%3A00%3A00Z&page=2`],
        ['last', `${BASE}?search=ann+lee&created_at_from=2024-01-01T00%3A00%3A00Z&page=2`],
      ],
    },
  ])('$name', ({ input, expected }) => {
    const header = link(input);
    expect(header).toBeDefined();
    expect(entries(header ?? '')).toEqual(expected);
  });

  it.each([
    { name: 'total below the page size', input: { total: 19 } },
    { name: 'total equal to the page size', input: { total: 20 } },
    { name: 'total 0', input: { total: 0 } },
    { name: 'total 0, page 2', input: { total: 0, page: 2, query: 'page=2' } },
    { name: 'total at a custom page size', input: { total: 100, pageSize: 100, query: 'page_size=100' } },
  ])('no Link when everything fits on one page: $name', ({ input }) => {
    expect(link(input)).toBeUndefined();
  });

  it.each([
    { name: 'the first page', page: 1, prev: undefined, next: 2 },
    { name: 'the second page', page: 2, prev: 1, next: 3 },
    { name: 'the second to last page', page: 4, prev: 3, next: 5 },
    { name: 'the last page', page: 5, prev: 4, next: undefined },
    { name: 'one past the last page', page: 6, prev: 5, next: undefined },
  ])('prev and next on $name of 5', ({ page, prev, next }) => {
    const rels = new Map(entries(link({ page, total: 100 }) ?? ''));
    expect(rels.get('first')).toBe(`${BASE}?page=1`);
    expect(rels.get('last')).toBe(`${BASE}?page=5`);
    expect(rels.get('prev')).toBe(prev === undefined ? undefined : `${BASE}?page=${prev}`);
    expect(rels.get('next')).toBe(next === undefined ? undefined : `${BASE}?page=${next}`);
  });
});
