/**
 * The `Prefer` control surface (docs/control-plane.md; RFC 7240, as Prism uses it): `code=<status>` answers with that
 * documented status, `delay=<ms>` (0–10000) delays the answer; combinable: `Prefer: code=500, delay=200`.
 */
import { invalidRequest, quote, type MockError } from '../errors.ts';

export const MAX_DELAY_MS = 10_000;

export interface Preferences {
  readonly code?: number;
  readonly delayMs?: number;
  /** The `Preference-Applied` value to echo (RFC 7240 §3). */
  readonly applied: string;
}

/**
 * Parses a `Prefer` header; other preferences (e.g. `return=minimal`) are ignored, as RFC 7240 allows.
 * Throws 400 `invalid_request` for a malformed code or an out-of-range delay; checking that the code is documented
 * for the operation is the caller's.
 *
 * @example parsePrefer('code=500, delay=200') // { code: 500, delayMs: 200, applied: 'code=500, delay=200' }
 */
export function parsePrefer(header: string | undefined): Preferences | undefined {
  if (header === undefined) return undefined;
  const text = header;
  let code: number | undefined;
  let delayMs: number | undefined;
  const applied: string[] = [];
  for (const part of text.split(/[,;]/)) {
    const [rawName = '', ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^\d{3}$/.test(value)) throw invalid(`Prefer code must be a 3-digit status (got ${quote(value)})`);
      code = Number(value);
      applied.push(`code=${value}`);
    } else if (name === 'delay') {
      const ms = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(ms <= MAX_DELAY_MS)) {
        throw invalid(`Prefer delay must be an integer from 0 to ${MAX_DELAY_MS} ms (got ${quote(value)})`);
      }
      delayMs = ms;
      applied.push(`delay=${value}`);
    }
  }
  if (code === undefined && delayMs === undefined) return undefined;
  return {
    ...(code === undefined ? {} : { code }),
    ...(delayMs === undefined ? {} : { delayMs }),
    applied: applied.join(', '),
  };
}

function invalid(message: string): MockError {
  return invalidRequest(message, [{ location: 'header', name: 'Prefer', message }]);
}
