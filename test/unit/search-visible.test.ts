/**
 * `search` needs at least one visible character (docs/users.md, spec/openapi.yaml `x-requires-visible-character`).
 * The spec's schema cannot say it in a form generators read, so the rule lives in code (src/users/query.ts): a
 * value made only of whitespace, control (Cc), format (Cf) or combining (M) characters is 400 `invalid_request`
 * naming `search`; any other value is searched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MockError } from '../../src/errors.ts';
import { toUsersQuery } from '../../src/users/query.ts';
import { LIST_USERS_SPEC } from '../support/spec-model.ts';

/** The rule, stated independently of the code: some character is none of whitespace, Cc, Cf, M. */
const visible = (value: string): boolean => /[^\s\p{Cc}\p{Cf}\p{M}]/u.test(value);

function refusal(search: string): MockError | undefined {
  try {
    toUsersQuery({ search }, LIST_USERS_SPEC);
    return undefined;
  } catch (error) {
    if (error instanceof MockError) return error;
    throw error;
  }
}

describe('search: at least one visible character', () => {
  it.each([
    { name: 'a space', search: ' ', refused: true },
    { name: 'a zero-width space (Cf)', search: '\u200b', refused: true },
    { name: 'a BOM between spaces', search: ' \ufeff ', refused: true },
    { name: 'a control character', search: '\u0007', refused: true },
    { name: 'a lone combining acute (M)', search: '\u0301', refused: true },
    { name: 'a letter with a combining mark', search: 'e\u0301', refused: false },
    { name: 'a letter among invisibles', search: '\u200b a \u0000', refused: false },
    { name: 'a symbol', search: '*', refused: false },
    { name: 'an emoji', search: '\u{1f600}', refused: false },
  ])('$name', ({ search, refused }) => {
    const error = refusal(search);
    expect(error !== undefined, JSON.stringify(search)).toBe(refused);
    if (error !== undefined) {
      expect(error.code).toBe('invalid_request');
      expect(error.details).toEqual([
        { location: 'query', name: 'search', message: 'must contain at least one visible character' },
      ]);
    }
  });

  it('refuses exactly the values without a visible character', () => {
    const unit = fc.oneof(
      fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\u0000', '\u007f', '\u200b', '\u2060', '\ufeff'),
      fc.constantFrom('\u0301', '\u0308', '\u20dd', '\u0903', 'a', 'É', '1', '*', '\u{1f600}'),
      // Any other character: a code point of the Basic Multilingual Plane or above, no lone surrogate.
      fc
        .integer({ min: 0, max: 0x10ffff - 0x800 })
        .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800)),
    );
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 8 }), (search) => {
        expect(refusal(search) !== undefined, JSON.stringify(search)).toBe(!visible(search));
      }),
      { seed: 20261124, numRuns: 200 },
    );
  });
});
