import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDateTime, parseDateTime, STRICT_FORMATS } from '../../src/spec/formats.ts';

const ms = (iso: string): number => Date.parse(iso);

describe('isDateTime / parseDateTime: valid RFC 3339 date-times', () => {
  it.each([
    { name: 'Z', text: '2024-01-31T23:59:59Z', expected: ms('2024-01-31T23:59:59.000Z') },
    { name: 'lower-case z', text: '2024-01-31T23:59:59z', expected: ms('2024-01-31T23:59:59.000Z') },
    { name: 'lower-case t', text: '2024-01-31t23:59:59Z', expected: ms('2024-01-31T23:59:59.000Z') },
    { name: 'space separator', text: '2024-01-31 23:59:59Z', expected: ms('2024-01-31T23:59:59.000Z') },
    { name: 'offset +01:00', text: '2024-01-31T23:59:59+01:00', expected: ms('2024-01-31T22:59:59.000Z') },
    { name: 'offset -05:30', text: '2024-01-31T23:59:59-05:30', expected: ms('2024-02-01T05:29:59.000Z') },
    { name: 'offset +00:00', text: '2024-01-31T00:00:00+00:00', expected: ms('2024-01-31T00:00:00.000Z') },
    { name: 'offset -00:00', text: '2024-01-31T00:00:00-00:00', expected: ms('2024-01-31T00:00:00.000Z') },
    { name: 'offset +23:59', text: '2024-01-31T00:00:00+23:59', expected: ms('2024-01-30T00:01:00.000Z') },
    { name: '1 fraction digit', text: '2024-01-01T00:00:00.5Z', expected: ms('2024-01-01T00:00:00.500Z') },
    { name: '2 fraction digits', text: '2024-01-01T00:00:00.25Z', expected: ms('2024-01-01T00:00:00.250Z') },
    { name: '3 fraction digits', text: '2024-01-01T00:00:00.123Z', expected: ms('2024-01-01T00:00:00.123Z') },
    {
      name: '4 digits, rounded up',
      text: '2024-01-01T00:00:00.0001Z',
      expected: ms('2024-01-01T00:00:00.001Z'),
    },
    {
      name: '6 digits, exact ms',
      text: '2024-01-01T00:00:00.123000Z',
      expected: ms('2024-01-01T00:00:00.123Z'),
    },
    {
      name: '6 digits, rounded up',
      text: '2024-01-01T00:00:00.123001Z',
      expected: ms('2024-01-01T00:00:00.124Z'),
    },
    {
      name: '9 digits, rounded up',
      text: '2024-01-01T00:00:00.999999999Z',
      expected: ms('2024-01-01T00:00:01.000Z'),
    },
    {
      name: '9 zero digits',
      text: '2024-01-01T00:00:00.000000000Z',
      expected: ms('2024-01-01T00:00:00.000Z'),
    },
    {
      name: 'fraction with offset',
      text: '2024-01-01T01:00:00.5+01:00',
      expected: ms('2024-01-01T00:00:00.500Z'),
    },
    { name: 'leap second, UTC', text: '1990-12-31T23:59:60Z', expected: ms('1991-01-01T00:00:00.000Z') },
    {
      name: 'leap second, RFC 3339 example -08:00',
      text: '1990-12-31T15:59:60-08:00',
      expected: ms('1991-01-01T00:00:00.000Z'),
    },
    // RFC 3339 §5.7: the seconds may be 60 wherever a leap second falls; at +05:30 that is minute 29 locally.
    {
      name: 'leap second, half-hour offset +05:30',
      text: '1991-01-01T05:29:60+05:30',
      expected: ms('1991-01-01T00:00:00.000Z'),
    },
    {
      name: 'Feb 29 in a leap year (2024)',
      text: '2024-02-29T00:00:00Z',
      expected: ms('2024-02-29T00:00:00.000Z'),
    },
    {
      name: 'Feb 29 in 2000 (divisible by 400)',
      text: '2000-02-29T12:00:00Z',
      expected: ms('2000-02-29T12:00:00.000Z'),
    },
    {
      name: 'Dec 31, last second of the day',
      text: '2023-12-31T23:59:59Z',
      expected: ms('2023-12-31T23:59:59.000Z'),
    },
    { name: 'Apr 30', text: '2023-04-30T00:00:00Z', expected: ms('2023-04-30T00:00:00.000Z') },
    { name: 'the epoch', text: '1970-01-01T00:00:00Z', expected: 0 },
    { name: 'before the epoch', text: '1969-12-31T23:59:59.999Z', expected: -1 },
    { name: 'year 0001', text: '0001-01-01T00:00:00Z', expected: -62135596800000 },
    { name: 'year 9999', text: '9999-12-31T23:59:59.999Z', expected: ms('9999-12-31T23:59:59.999Z') },
  ])('$name: $text', ({ text, expected }) => {
    expect(isDateTime(text)).toBe(true);
    expect(parseDateTime(text)).toBe(expected);
  });
});

describe('isDateTime / parseDateTime: refused', () => {
  it.each([
    { name: 'Feb 29 in a non-leap year (2023)', text: '2023-02-29T00:00:00Z' },
    { name: 'Feb 29 in 1900 (divisible by 100, not 400)', text: '1900-02-29T00:00:00Z' },
    { name: 'Feb 30', text: '2024-02-30T00:00:00Z' },
    { name: 'Apr 31', text: '2024-04-31T00:00:00Z' },
    { name: 'month 00', text: '2024-00-10T00:00:00Z' },
    { name: 'month 13', text: '2024-13-10T00:00:00Z' },
    { name: 'day 00', text: '2024-01-00T00:00:00Z' },
    { name: 'day 32', text: '2024-01-32T00:00:00Z' },
    { name: 'hour 24', text: '2024-01-01T24:00:00Z' },
    { name: 'minute 60', text: '2024-01-01T23:60:00Z' },
    { name: 'second 61', text: '2024-01-01T23:59:61Z' },
    { name: 'second 60 outside minute 59', text: '2024-01-01T23:58:60Z' },
    { name: 'offset hour 24', text: '2024-01-01T00:00:00+24:00' },
    { name: 'offset minute 60', text: '2024-01-01T00:00:00+01:60' },
    { name: 'offset without colon (+0100)', text: '2024-01-01T00:00:00+0100' },
    { name: 'offset hours only (+01)', text: '2024-01-01T00:00:00+01' },
    { name: 'missing offset', text: '2024-01-01T00:00:00' },
    { name: 'missing offset, with fraction', text: '2024-01-01T00:00:00.123' },
    { name: 'date only', text: '2024-01-01' },
    { name: 'time only', text: '00:00:00Z' },
    { name: 'empty fraction', text: '2024-01-01T00:00:00.Z' },
    { name: 'no seconds', text: '2024-01-01T00:00Z' },
    { name: 'other separator', text: '2024-01-01_00:00:00Z' },
    { name: 'two-digit year', text: '24-01-01T00:00:00Z' },
    { name: 'five-digit year', text: '12024-01-01T00:00:00Z' },
    { name: 'single-digit month', text: '2024-1-01T00:00:00Z' },
    { name: 'leading space', text: ' 2024-01-01T00:00:00Z' },
    { name: 'trailing space', text: '2024-01-01T00:00:00Z ' },
    { name: 'trailing newline', text: '2024-01-01T00:00:00Z\n' },
    { name: 'non-ASCII digits', text: '٢٠٢٤-01-01T00:00:00Z' },
    { name: 'epoch milliseconds', text: '1704067200000' },
    { name: 'empty', text: '' },
  ])('$name: $text', ({ text }) => {
    expect(isDateTime(text)).toBe(false);
    expect(parseDateTime(text)).toBeUndefined();
  });
});

describe('STRICT_FORMATS', () => {
  it('validates date-time with isDateTime', () => {
    expect(STRICT_FORMATS['date-time']?.('2024-01-01T00:00:00Z')).toBe(true);
    expect(STRICT_FORMATS['date-time']?.('2024-01-01T00:00:00+0100')).toBe(false);
  });
});

describe('parseDateTime agrees with Date.parse on valid timestamps with 0–3 fraction digits', () => {
  const two = (n: number): string => String(n).padStart(2, '0');
  const timestamp = fc
    .record({
      year: fc.integer({ min: 1000, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      fraction: fc.stringMatching(/^\d{0,3}$/),
      offset: fc.oneof(
        fc.constant('Z'),
        fc
          .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
          .map(([sign, h, m]) => `${sign}${two(h)}:${two(m)}`),
      ),
    })
    .filter(({ year, month, day }) => day <= new Date(Date.UTC(year, month, 0)).getUTCDate())
    .map(
      (t) =>
        `${String(t.year)}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}:${two(t.second)}` +
        `${t.fraction === '' ? '' : `.${t.fraction}`}${t.offset}`,
    );

  it('for 1 000 generated timestamps', () => {
    fc.assert(
      fc.property(timestamp, (text) => {
        expect(isDateTime(text)).toBe(true);
        expect(parseDateTime(text)).toBe(Date.parse(text));
      }),
      { seed: 20240131, numRuns: 1000 },
    );
  });
});
