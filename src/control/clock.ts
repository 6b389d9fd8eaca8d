/**
 * The test clock of one session (docs/tokens.md, "Steering the identity provider from a test"): real time by
 * default; frozen at an instant (`{now}`), moved on (`{advance}`), let run from where it is (`{frozen: false}`), or
 * back to real time. Everything of the session that depends on time reads it through `Session.now()`: token `iat`
 * and `exp` and their checks, codes, login sessions, refresh tokens, lock-outs and rate-limit windows.
 */
import { clockOutOfRange, invalidRequest, quote } from '../errors.ts';
import { parseDateTime } from '../spec/formats.ts';

/** How far a session's clock may be from real time, either way: 50 years. */
export const MAX_CLOCK_OFFSET_MS = 50 * 365 * 86_400_000;
/** The earliest instant a session's clock may show (tokens carry epoch seconds). */
export const EARLIEST_CLOCK_MS = 0;

/** What `GET /__admin/clock` shows. */
export interface ClockView {
  /** Now by this clock, epoch milliseconds. */
  readonly now: number;
  readonly frozen: boolean;
  /** This clock minus real time, in milliseconds. */
  readonly offsetMs: number;
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(\d{1,15})(ms|s|m|h|d)$/;
const ADVANCE_ACCEPTS =
  'a duration such as "90s", "15m", "1h", "7d", "500ms", or a whole number of milliseconds ≥ 0';

/**
 * Milliseconds of an `advance`: a duration with a unit (`90s`, `15m`, `1h`, `7d`, `500ms`) or a whole number of
 * milliseconds, never negative; undefined for anything else.
 *
 * @example advanceMs('1h') // 3600000
 */
export function advanceMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DURATION.exec(value.trim());
  if (match === null) return undefined;
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

export class SessionClock {
  readonly #real: () => number;
  /** Added to real time while the clock runs. */
  #offset = 0;
  /** The instant the clock is frozen at, or undefined while it runs. */
  #frozenAt: number | undefined;

  constructor(real: () => number) {
    this.#real = real;
  }

  /** Whether the clock is real time (never frozen or moved, or reset since). */
  isReal(): boolean {
    return this.#frozenAt === undefined && this.#offset === 0;
  }

  now(): number {
    return this.#frozenAt ?? this.#real() + this.#offset;
  }

  view(): ClockView {
    const now = this.now();
    return { now, frozen: this.#frozenAt !== undefined, offsetMs: now - this.#real() };
  }

  /** Freezes the clock at `text` (RFC 3339); 400 naming `now` when it is not one, or out of bounds. */
  freezeAt(text: string): void {
    const at = parseDateTime(text);
    if (at === undefined) {
      throw invalidRequest(
        `now must be an RFC 3339 date-time such as 2030-01-01T00:00:00Z (got ${quote(text)})`,
        [{ location: 'body', name: 'now', message: 'must be an RFC 3339 date-time' }],
      );
    }
    this.#frozenAt = this.#bounded(at, 'now');
  }

  /** Moves the clock on by `value` (see `advanceMs`), frozen or not; 400 naming `advance` otherwise. */
  advance(value: unknown): void {
    const ms = advanceMs(value);
    if (ms === undefined) {
      throw invalidRequest(`advance must be ${ADVANCE_ACCEPTS} (got ${quote(value)})`, [
        { location: 'body', name: 'advance', message: `must be ${ADVANCE_ACCEPTS}` },
      ]);
    }
    const target = this.#bounded(this.now() + ms, 'advance');
    if (this.#frozenAt !== undefined) this.#frozenAt = target;
    else this.#offset = target - this.#real();
  }

  /** Lets a frozen clock run on from where it stands. */
  run(): void {
    if (this.#frozenAt === undefined) return;
    this.#offset = this.#frozenAt - this.#real();
    this.#frozenAt = undefined;
  }

  /** Back to real time. */
  reset(): void {
    this.#offset = 0;
    this.#frozenAt = undefined;
  }

  /** `at` when it lies within the bounds; else the 400 that names `field` and the bounds. */
  #bounded(at: number, field: string): number {
    const offset = at - this.#real();
    if (at >= EARLIEST_CLOCK_MS && Math.abs(offset) <= MAX_CLOCK_OFFSET_MS) return at;
    const message = `a session's clock stays within 50 years of real time and not before 1970-01-01T00:00:00Z (${field} would set it to ${Number.isFinite(at) ? new Date(Math.min(Math.max(at, -8.64e15), 8.64e15)).toISOString() : String(at)})`;
    throw clockOutOfRange(message, [{ location: 'body', name: field, message: 'out of bounds' }]);
  }
}

/** A session's clock as `MockSession.clock` shows it (the admin API's `{now, frozen, offset_ms}`, in camel case). */
export interface ClockState {
  /** Now by the session's clock, RFC 3339. */
  readonly now: string;
  readonly frozen: boolean;
  /** The session's clock minus real time, in milliseconds. */
  readonly offsetMs: number;
}

/** The state of `clock`, as `GET /__admin/clock` answers it. */
export function clockState(clock: SessionClock): ClockState {
  const view = clock.view();
  return { now: new Date(view.now).toISOString(), frozen: view.frozen, offsetMs: view.offsetMs };
}
