/**
 * Formats many uuids or timestamps at once. Seeding 100 000 users makes 300 000 such strings; built one by one
 * (`toISOString`, concatenation) they cost more than all the random draws together, mostly in garbage
 * collection of rope strings. Here each batch is written as bytes and decoded once; every value is a slice of
 * that one flat string. The bytes are all ASCII, which UTF-8 decodes as they are.
 */
const ASCII = new TextDecoder();
const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');
const DASH = 0x2d;
/** Byte offset in the 36-character uuid text of each of the 16 bytes. */
const UUID_POSITIONS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const UUID_LENGTH = 36;

/**
 * Lower-case uuid strings from 128-bit values, four 32-bit words each (`words.length / 4` uuids). Version and
 * variant bits are set to make them UUID v4 (RFC 9562 §5.4).
 *
 * @example
 * uuidStrings(Uint32Array.of(1, 2, 3, 4)); // ['00000001-0000-4002-8000-000300000004']
 */
export function uuidStrings(words: Uint32Array): string[] {
  const count = Math.floor(words.length / 4);
  const bytes = new Uint8Array(count * UUID_LENGTH).fill(DASH);
  for (let uuid = 0; uuid < count; uuid++) {
    const start = uuid * UUID_LENGTH;
    for (let index = 0; index < 16; index++) {
      const word = words[uuid * 4 + (index >> 2)] ?? 0;
      let byte = (word >>> (24 - 8 * (index & 3))) & 0xff;
      if (index === 6) byte = (byte & 0x0f) | 0x40;
      else if (index === 8) byte = (byte & 0x3f) | 0x80;
      const at = start + (UUID_POSITIONS[index] ?? 0);
      bytes[at] = HEX_DIGITS[byte >> 4] ?? 0;
      bytes[at + 1] = HEX_DIGITS[byte & 0x0f] ?? 0;
    }
  }
  return slices(ASCII.decode(bytes), UUID_LENGTH, count);
}

const DAY_MS = 86_400_000;
const ISO_LENGTH = 24;
/** Days from 0000-03-01 to 1970-01-01 in the proleptic Gregorian calendar. */
const EPOCH_FROM_MARCH_0000 = 719_468;
const DAYS_PER_400_YEARS = 146_097;

/**
 * `Date#toISOString()` of each instant (milliseconds since the epoch, years 0–9999), e.g.
 * `2025-03-04T05:06:07.089Z`. The calendar date is computed from the day number (H. Hinnant's `civil_from_days`),
 * not through a `Date`: a batch of seeded instants spreads over years, so they rarely share a day.
 *
 * @example
 * isoTimestamps([0]); // ['1970-01-01T00:00:00.000Z']
 */
export function isoTimestamps(times: ArrayLike<number>): string[] {
  const bytes = new Uint8Array(times.length * ISO_LENGTH);
  for (let index = 0; index < times.length; index++) {
    const time = times[index] ?? 0;
    const day = Math.floor(time / DAY_MS);
    // The year runs from March, so that February's leap day ends it.
    const shifted = day + EPOCH_FROM_MARCH_0000;
    const era = Math.floor(shifted / DAYS_PER_400_YEARS);
    const dayOfEra = shifted - era * DAYS_PER_400_YEARS;
    const yearOfEra = Math.floor(
      (dayOfEra -
        Math.floor(dayOfEra / 1460) +
        Math.floor(dayOfEra / 36_524) -
        Math.floor(dayOfEra / 146_096)) /
        365,
    );
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
    const dayOfMonth = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
    const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);

    let rest = time - day * DAY_MS;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    const millis = rest - seconds * 1000;

    const at = index * ISO_LENGTH;
    const century = Math.floor(year / 100);
    writePair(bytes, at, century);
    writePair(bytes, at + 2, year - century * 100);
    bytes[at + 4] = 0x2d; // '-'
    writePair(bytes, at + 5, month);
    bytes[at + 7] = 0x2d;
    writePair(bytes, at + 8, dayOfMonth);
    bytes[at + 10] = 0x54; // 'T'
    writePair(bytes, at + 11, hours);
    bytes[at + 13] = 0x3a; // ':'
    writePair(bytes, at + 14, minutes);
    bytes[at + 16] = 0x3a;
    writePair(bytes, at + 17, seconds);
    bytes[at + 19] = 0x2e; // '.'
    const tenths = Math.floor(millis / 10);
    writePair(bytes, at + 20, tenths);
    bytes[at + 22] = 0x30 + (millis - tenths * 10);
    bytes[at + 23] = 0x5a; // 'Z'
  }
  return slices(ASCII.decode(bytes), ISO_LENGTH, times.length);
}

/** The two ASCII digits of each number 0–99. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, k) =>
  k % 2 === 0 ? 0x30 + Math.floor(k / 20) : 0x30 + (Math.floor(k / 2) % 10),
);

/** Writes `value` (0–99) as two digits at `at`. */
function writePair(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = DIGIT_PAIRS[value * 2] ?? 0x30;
  bytes[at + 1] = DIGIT_PAIRS[value * 2 + 1] ?? 0x30;
}

function slices(text: string, width: number, count: number): string[] {
  const values = new Array<string>(count);
  for (let index = 0; index < count; index++) values[index] = text.slice(index * width, (index + 1) * width);
  return values;
}
