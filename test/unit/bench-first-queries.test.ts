/** The event-loop hold the first-queries section reads from its /health samples. */
import { describe, expect, it } from 'vitest';
import { FIRST_QUERY_KINDS, longestHold } from '../../bench/first-queries.ts';

describe('longestHold', () => {
  const samples = [
    { sent: 0, answered: 1 }, // before the window
    { sent: 6, answered: 7 },
    { sent: 12, answered: 412 }, // held: sent before the query ended, answered after it
    { sent: 417, answered: 418 }, // after the window
  ];

  it.each([
    { name: 'the longest wait overlapping the request', from: 5, to: 400, expected: 400 },
    { name: 'a sample in flight when the request starts counts', from: 300, to: 350, expected: 400 },
    {
      name: 'a sample sent before the request ends and answered after it counts',
      from: 8,
      to: 13,
      expected: 400,
    },
    { name: 'samples wholly before or after do not', from: 2, to: 5, expected: 0 },
    { name: 'a window touching a sample at its ends includes it', from: 7, to: 7, expected: 1 },
  ])('$name', ({ from, to, expected }) => {
    expect(longestHold(samples, from, to)).toBe(expected);
  });

  it('is 0 with no samples: nothing was seen, not a hold of 0', () => {
    expect(longestHold([], 0, 100)).toBe(0);
  });
});

describe('FIRST_QUERY_KINDS', () => {
  it('covers a sort by name, a search, filtered sorts on strings and a date bound sorted by updated_at', () => {
    const queries = FIRST_QUERY_KINDS.map((k) => new URLSearchParams(k.query));
    expect(queries.map((q) => q.get('sort_by'))).toEqual(['name', null, 'email', 'identifier', 'updated_at']);
    expect(queries[1]?.get('search')).toBe('carey');
    expect(Date.parse(queries[4]?.get('created_at_from') ?? '')).not.toBeNaN();
    expect(new Set(FIRST_QUERY_KINDS.map((k) => k.kind)).size).toBe(FIRST_QUERY_KINDS.length);
  });
});
