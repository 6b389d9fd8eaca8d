/**
 * `search` needs at least one visible character (docs/users.md "Search"), and the spec says so in a form generators
 * read: the second `allOf` pattern of spec/openapi.yaml's `search` parameter, explicit code-point ranges without
 * `\p{…}` or look-around. The server's rule is that pattern (its validators compile it from the spec), so the
 * server refuses exactly the values the patterns refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { ADMIN, harness } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

interface Branch {
  readonly pattern: string;
}
const doc = readSpecDocument() as unknown as {
  components: { parameters: { search: { schema: { allOf: readonly Branch[] } } } };
};
const [lengthBranch, visibleBranch] = doc.components.parameters.search.schema.allOf;
const LENGTH = new RegExp(lengthBranch?.pattern ?? '^$', 'u');
const VISIBLE = new RegExp(visibleBranch?.pattern ?? '^$', 'u');
const VISIBLE_MESSAGE = 'must contain at least one visible character';

const h = harness();
const search = (value: string) =>
  h.get(`/users?search=${encodeURIComponent(value)}`, { token: h.token(ADMIN) });

describe('search: at least one visible character, as the spec pattern says', () => {
  it.each([
    { name: 'a NUL (%00)', value: '\u0000', refused: true },
    { name: 'a right-to-left override (U+202E)', value: '\u202e', refused: true },
    { name: 'a lone combining acute (U+0301)', value: '\u0301', refused: true },
    { name: 'a zero-width space and a BOM', value: '\u200b\ufeff', refused: true },
    { name: 'a soft hyphen and a word joiner', value: '\u00ad\u2060', refused: true },
    { name: 'a C1 control', value: '\u0085\u009f', refused: true },
    { name: 'a letter with a combining mark', value: 'e\u0301', refused: false },
    { name: 'a letter among invisibles', value: '\u200b a \u0000', refused: false },
    { name: 'an emoji', value: '\u{1f600}', refused: false },
    { name: 'a tag character above U+FFFF (visible, by the pattern)', value: '\u{e0001}', refused: false },
  ])('$name', async ({ value, refused }) => {
    expect(VISIBLE.test(value)).toBe(!refused);
    const res = await search(value);
    if (!refused) {
      expect(res.status).toBe(200);
      return;
    }
    const body = expectError(res, 400, 'invalid_request');
    expect(body.details).toHaveLength(1);
    expect(body.details?.[0]).toMatchObject({ location: 'query', name: 'search' });
    expect(body.details?.[0]?.message).toMatch(new RegExp(`^${VISIBLE_MESSAGE} \\(got `));
    // Non-ASCII in the value: X-Message is RFC 8187-encoded (docs/responses.md).
    const header = String(res.headers['x-message']);
    expect(decodeURIComponent(header.replace(/^UTF-8''/, ''))).toContain(`search ${VISIBLE_MESSAGE}`);
  });

  it('a tab alone is refused for its trimmed length, the first rule it breaks', async () => {
    expect(VISIBLE.test('\t')).toBe(false);
    const body = expectError(await search('\t'), 400, 'invalid_request');
    expect(body.details?.[0]?.message).toMatch(/^must be 1–100 characters once trimmed/);
  });

  it('a search whose only visible character is above U+FFFF is searched for as it is (no user has it)', async () => {
    const res = await search('\u{e0001}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('the server accepts exactly what the spec patterns accept', async () => {
    const unit = fc.oneof(
      fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\u0000', '\u007f', '\u0085', '\u00ad', '\u200b'),
      fc.constantFrom(
        '\u200e',
        '\u202a',
        '\u202e',
        '\u2060',
        '\u2064',
        '\ufeff',
        '\u0301',
        '\u20dd',
        '\u0903',
      ),
      fc.constantFrom('a', 'É', '1', '*', '\u{1f600}', '\u{e0001}', '\u{1d167}'),
      // Any other character: a code point of the Basic Multilingual Plane or above, no lone surrogate.
      fc
        .integer({ min: 0, max: 0x10ffff - 0x800 })
        .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800)),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit, minLength: 1, maxLength: 6 }), async (value) => {
        const res = await search(value);
        const accepted = LENGTH.test(value) && VISIBLE.test(value);
        expect(res.status, JSON.stringify(value)).toBe(accepted ? 200 : 400);
        if (!accepted && LENGTH.test(value)) {
          const body = expectError(res, 400, 'invalid_request');
          expect(body.details?.[0]?.message, JSON.stringify(value)).toMatch(
            new RegExp(`^${VISIBLE_MESSAGE}`),
          );
        }
      }),
      { seed: 20261201, numRuns: 150 },
    );
  });
});

describe('the search patterns are generator-friendly and linear', () => {
  it('use no \\p{…}, look-around or back-reference', () => {
    for (const { pattern } of [lengthBranch, visibleBranch] as Branch[]) {
      expect(pattern).not.toMatch(/\\(?:[pPk]|[1-9])|\(\?[=!<]/);
    }
  });

  it('read alike with and without the u flag (no character class relies on code points)', () => {
    const plain = new RegExp(visibleBranch?.pattern ?? '^$');
    for (const value of ['\u0000', '\u202e', 'a', '\u{1f600}', '\u{e0001}', ' \u0301 ', '\u200bx']) {
      expect(plain.test(value), JSON.stringify(value)).toBe(VISIBLE.test(value));
    }
  });

  it('answer a 100-character adversarial value in well under a millisecond each (bound: 50 ms for 100)', () => {
    const adversarial = [
      '\u200b'.repeat(100),
      ' '.repeat(99) + '\u0301',
      `x${' '.repeat(98)}\u0000`,
      '\u0300\u200b'.repeat(50),
      `${' '.repeat(50)}x${' '.repeat(49)}`,
    ];
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      for (const value of adversarial) {
        LENGTH.test(value);
        VISIBLE.test(value);
      }
    }
    expect(performance.now() - started).toBeLessThan(50);
  });
});
