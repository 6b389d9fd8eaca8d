import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/users/paginate.ts';

describe('paginate', () => {
  it.each([
    { name: 'page 1 of 3', total: 45, page: 1, pageSize: 20, expected: { start: 0, end: 20, lastPage: 3 } },
    {
      name: 'a middle page',
      total: 45,
      page: 2,
      pageSize: 20,
      expected: { start: 20, end: 40, lastPage: 3 },
    },
    {
      name: 'the last, partial page',
      total: 45,
      page: 3,
      pageSize: 20,
      expected: { start: 40, end: 45, lastPage: 3 },
    },
    {
      name: 'the last page exactly full',
      total: 40,
      page: 2,
      pageSize: 20,
      expected: { start: 20, end: 40, lastPage: 2 },
    },
    {
      name: 'one past the end: empty',
      total: 45,
      page: 4,
      pageSize: 20,
      expected: { start: 45, end: 45, lastPage: 3 },
    },
    {
      name: 'far past the end: empty',
      total: 45,
      page: 1_000_000_000,
      pageSize: 100,
      expected: { start: 45, end: 45, lastPage: 1 },
    },
    {
      name: 'total below the page size: one page',
      total: 7,
      page: 1,
      pageSize: 20,
      expected: { start: 0, end: 7, lastPage: 1 },
    },
    {
      name: 'total equal to the page size: one page',
      total: 20,
      page: 1,
      pageSize: 20,
      expected: { start: 0, end: 20, lastPage: 1 },
    },
    {
      name: 'total 0: last page is 1, empty window',
      total: 0,
      page: 1,
      pageSize: 20,
      expected: { start: 0, end: 0, lastPage: 1 },
    },
    {
      name: 'total 0, page 2: empty window',
      total: 0,
      page: 2,
      pageSize: 20,
      expected: { start: 0, end: 0, lastPage: 1 },
    },
    { name: 'page size 1', total: 3, page: 3, pageSize: 1, expected: { start: 2, end: 3, lastPage: 3 } },
  ])('$name', ({ total, page, pageSize, expected }) => {
    expect(paginate(total, page, pageSize)).toEqual(expected);
  });
});
