/**
 * The request journal (DECISIONS §7): the last 1000 requests and their answers, newest first, with secrets
 * redacted as they are recorded (house rule 8): Authorization credentials, cookies, passwords, client secrets
 * and tokens never enter it.
 */
import { REDACTED } from '../http/log.ts';
import { pathPattern } from './faults.ts';

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  /** 0 when the connection was dropped before an answer. */
  readonly status: number;
  readonly duration_ms: number;
  readonly request: { readonly headers: Readonly<Record<string, unknown>>; readonly body?: unknown };
  readonly response: { readonly headers: Readonly<Record<string, unknown>> };
}

export interface JournalFilter {
  readonly method?: string;
  readonly path?: string;
  readonly status?: number;
  readonly limit?: number;
}

export const JOURNAL_CAPACITY = 1000;
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-admin-token',
]);
const SECRET_FIELDS = new Set([
  'password',
  'client_secret',
  'refresh_token',
  'access_token',
  'id_token',
  'adminToken',
]);

export class Journal {
  readonly #entries: JournalEntry[] = [];
  readonly #capacity: number;
  #next = 1;

  constructor(capacity = JOURNAL_CAPACITY) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.length;
  }

  /** Records an answered request (redacting it); the oldest entry goes past the capacity. */
  record(entry: Omit<JournalEntry, 'id'>): void {
    this.#entries.push({
      ...entry,
      id: this.#next++,
      // RFC 6750 §2.3 allows an access token in the query (`?access_token=…`).
      query: redactFields(entry.query, 0),
      request: {
        headers: redactHeaders(entry.request.headers),
        ...(entry.request.body === undefined ? {} : { body: redactBody(entry.request.body) }),
      },
      response: { headers: redactHeaders(entry.response.headers) },
    });
    if (this.#entries.length > this.#capacity) this.#entries.shift();
  }

  /** Entries matching `filter`, newest first, at most `limit`; `total` counts every match. */
  list(filter: JournalFilter = {}): { requests: JournalEntry[]; total: number } {
    const method = filter.method?.toUpperCase();
    const path = filter.path === undefined ? undefined : pathPattern(filter.path);
    const matches = this.#entries.filter(
      (e) =>
        (method === undefined || e.method === method) &&
        (path === undefined || path.test(e.path)) &&
        (filter.status === undefined || e.status === filter.status),
    );
    matches.reverse();
    return { requests: matches.slice(0, filter.limit ?? 100), total: matches.length };
  }

  clear(): void {
    this.#entries.length = 0;
  }
}

/** Headers with credentials replaced: `Authorization: Bearer [REDACTED]` keeps the scheme, drops the secret. */
export function redactHeaders(headers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (!SECRET_HEADERS.has(lower)) out[lower] = value;
    else if ((lower === 'authorization' || lower === 'proxy-authorization') && typeof value === 'string') {
      out[lower] = `${value.trim().split(/\s+/)[0] ?? ''} ${REDACTED}`;
    } else out[lower] = REDACTED;
  }
  return out;
}

/** A body with secret fields replaced, at any depth. */
export function redactBody(body: unknown, depth = 0): unknown {
  if (depth > 8 || typeof body !== 'object' || body === null) return body;
  if (Array.isArray(body)) return body.map((item) => redactBody(item, depth + 1));
  return redactFields(body, depth);
}

/** An object's fields with the secret ones replaced (query parameters, body objects). */
function redactFields(record: object, depth: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      SECRET_FIELDS.has(key) ? REDACTED : redactBody(value, depth + 1),
    ]),
  );
}
