/**
 * Formats the spec uses whose stock validators are looser than the mock promises. `date-time` is RFC 3339 §5.6
 * exactly (docs/users.md: "RFC 3339 only"): ajv-formats also takes `+0100` and `+01` offsets, which RFC 3339 does
 * not. The same functions validate requests, fixtures and responses, and parse the bounds of date filters.
 * Integers that travel as text (query parameters, headers) are decimal digits: `Number()` would also read `0x2`,
 * `1e1`, ` 3` and `2.0`.
 */

/** Whether `text` is a whole number in decimal digits (a sign allowed, so a range check can name `-1`). */
export function isDecimalInteger(text: string): boolean {
  return /^-?[0-9]+$/.test(text);
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

interface Parts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly fraction: string;
  readonly offsetMinutes: number;
}

function parts(text: string): Parts | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number);
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  const offsetHours = Number(m[10] ?? 0);
  const offsetMins = Number(m[11] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  if (offsetHours > 23 || offsetMins > 59) return undefined;
  const sign = m[9] === '-' ? -1 : 1;
  // RFC 3339 §5.7: a leap second is 23:59:60 in UTC, whatever the local offset.
  const utcMinute = (((hour * 60 + minute - sign * (offsetHours * 60 + offsetMins)) % 1440) + 1440) % 1440;
  if (second === 60 && utcMinute !== 23 * 60 + 59) return undefined;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction: m[7] ?? '',
    offsetMinutes: sign * (offsetHours * 60 + offsetMins),
  };
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether `text` is an RFC 3339 date-time (`2024-01-31T23:59:59.5+01:00`, `...Z`; `T`/`Z` in any case). */
export function isDateTime(text: string): boolean {
  return parts(text) !== undefined;
}

/**
 * The instant of an RFC 3339 date-time in epoch milliseconds, rounded UP to the millisecond: stored instants
 * have millisecond precision, so for a bound `b`, `t >= b` and `t < b` then hold exactly for every stored `t`.
 * A leap second (`:60`) counts as the first instant of the next minute.
 *
 * @example parseDateTime('2024-01-01T00:00:00.0001Z') // 1704067200001
 */
export function parseDateTime(text: string): number | undefined {
  const p = parts(text);
  if (p === undefined) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day);
  date.setUTCHours(p.hour, p.minute, p.second, 0);
  const millis = Number(p.fraction.slice(0, 3).padEnd(3, '0'));
  const beyond = /[1-9]/.test(p.fraction.slice(3)) ? 1 : 0;
  return date.getTime() + millis + beyond - p.offsetMinutes * 60_000;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid in its string form only (RFC 9562 §4; docs/users.md: "exact uuid match, 400 if not a uuid"). ajv-formats'
 * `uuid` also takes `urn:uuid:…`, which the id filters would then match against nothing.
 */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** Formats for the request validators and ajv: name → validate function. */
export const STRICT_FORMATS: Readonly<Record<string, (value: string) => boolean>> = Object.freeze({
  'date-time': isDateTime,
  uuid: isUuid,
});
