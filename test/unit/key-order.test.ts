import { describe, expect, it } from 'vitest';
import { withActive, withKey, withoutKey } from '../../src/platform/key-order.ts';

const key = (kid: string, created = 0): { kid: string; created: number } => ({ kid, created });
const kids = (keys: readonly { kid: string }[]): string[] => keys.map((k) => k.kid);

describe('withKey', () => {
  it.each([
    { name: 'an active key goes first', activate: true, add: 'c', expected: ['c', 'a', 'b'] },
    { name: 'a published key goes last', activate: false, add: 'c', expected: ['a', 'b', 'c'] },
    { name: 'a known key activated moves first', activate: true, add: 'b', expected: ['b', 'a'] },
    {
      name: 'a known key published again stays where it is',
      activate: false,
      add: 'b',
      expected: ['a', 'b'],
    },
  ])('$name', ({ activate, add, expected }) => {
    const keys = expected.includes('c') ? [key('a'), key('b')] : [key('a'), key('b', 5)];
    expect(kids(withKey(keys, key(add, 9), activate).keys)).toEqual(expected);
  });

  it('keeps when a known key first joined', () => {
    expect(withKey([key('a'), key('b', 5)], key('b', 9), true).added.created).toBe(5);
  });
});

describe('withActive and withoutKey', () => {
  const keys = [key('a'), key('b'), key('c')];

  it('puts the activated key first, the others in their order', () => {
    expect(kids(withActive(keys, 'c') ?? [])).toEqual(['c', 'a', 'b']);
    expect(withActive(keys, 'x')).toBeUndefined();
  });

  it('removes a key, but neither an unknown one nor the last', () => {
    expect(withoutKey(keys, 'b')).toEqual([key('a'), key('c')]);
    expect(withoutKey(keys, 'x')).toBe('unknown');
    expect(withoutKey([key('a')], 'a')).toBe('last');
  });
});
