/**
 * The request journal (docs/control-plane.md): the last 1000 requests and their answers, newest first, with secrets
 * redacted as they are recorded: Authorization credentials, cookies, passwords, client secrets
 * and tokens never enter it.
 */
import { redactBody, redactHeaders, redactUrl } from './redaction.ts';
import { compileGlob } from './path-glob.ts';

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  /** 0 when the connection was dropped before an answer. */
  readonly status: number;
  readonly duration_ms: number;
  readonly request: {
    readonly headers: Readonly<Record<string, unknown>>;
    readonly body?: unknown;
    /** Present (true) when the body was longer than JOURNAL_BODY_LIMIT: `body` is then its first bytes, as text. */
    readonly body_truncated?: true;
  };
  readonly response: { readonly headers: Readonly<Record<string, unknown>> };
  /** The `X-Mock-Session` the request ran in (absent for the default session). */
  readonly session?: string;
}

export interface JournalFilter {
  readonly method?: string;
  readonly path?: string;
  readonly status?: number;
  readonly limit?: number;
}

export const JOURNAL_CAPACITY = 1000;
/** Bytes of a request body the journal keeps (as JSON text); a longer body is cut and marked `body_truncated`. */
export const JOURNAL_BODY_LIMIT = 16 * 1024;
const UTF8 = new TextEncoder();
/** What the recorder captures per request: cheap copies, parsed and shaped only when the journal is read. */
export interface JournalRecord {
  /** Epoch milliseconds when the request arrived. */
  readonly startedAt: number;
  readonly method: string;
  /** Path and query string as sent. */
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly requestHeaders: Readonly<Record<string, unknown>>;
  readonly requestBody?: unknown;
  readonly responseHeaders: Readonly<Record<string, unknown>>;
  /** The session the request ran in (undefined: the default session). */
  readonly session?: string | undefined;
}

/**
 * What the ring keeps: the record without the parsed body, which is kept as bounded JSON text instead (a parsed
 * 100 kB body costs several times its size in objects; the text costs at most JOURNAL_BODY_LIMIT bytes).
 */
interface Stored {
  readonly id: number;
  readonly record: Omit<JournalRecord, 'requestBody'>;
  readonly body: { readonly text: string; readonly truncated: boolean } | undefined;
}

/** Called with each entry as it is recorded (already redacted). */
export type JournalListener = (entry: JournalEntry) => void;

export class Journal {
  /** A ring of the last `capacity` records; `#next` numbers them. */
  readonly #ring: (Stored | undefined)[];
  readonly #capacity: number;
  #next = 1;
  readonly #listeners = new Set<JournalListener>();

  constructor(capacity = JOURNAL_CAPACITY) {
    this.#capacity = capacity;
    this.#ring = new Array<Stored | undefined>(capacity);
  }

  get size(): number {
    return Math.min(this.#next - 1, this.#capacity);
  }

  /** Records an answered request; secrets are redacted here, before anything is kept. */
  record(record: JournalRecord): void {
    const id = this.#next++;
    const { requestBody, ...rest } = record;
    const stored: Stored = {
      id,
      record: {
        ...rest,
        url: redactUrl(record.url),
        requestHeaders: redactHeaders(record.requestHeaders),
        responseHeaders: redactHeaders(record.responseHeaders),
      },
      body: requestBody === undefined ? undefined : boundedText(redactBody(requestBody)),
    };
    this.#ring[id % this.#capacity] = stored;
    if (this.#listeners.size === 0) return;
    const entry = toEntry(stored);
    for (const listener of this.#listeners) listener(entry);
  }

  /** Calls `listener` with every entry recorded from now on; returns the function that stops it. */
  subscribe(listener: JournalListener): () => void {
    const own = (entry: JournalEntry): void => {
      listener(entry);
    };
    this.#listeners.add(own);
    return () => {
      this.#listeners.delete(own);
    };
  }

  /** Listeners subscribed now. */
  get subscribers(): number {
    return this.#listeners.size;
  }

  /** Entries matching `filter`, newest first, at most `limit`; `total` counts every match. */
  list(filter: JournalFilter = {}): { requests: JournalEntry[]; total: number } {
    const method = filter.method?.toUpperCase();
    const path = filter.path === undefined ? undefined : compileGlob(filter.path);
    const limit = filter.limit ?? 100;
    const requests: JournalEntry[] = [];
    let total = 0;
    for (let id = this.#next - 1; id >= 1 && id > this.#next - 1 - this.#capacity; id--) {
      const stored = this.#ring[id % this.#capacity];
      if (stored?.id !== id) break;
      const { record } = stored;
      if (method !== undefined && record.method !== method) continue;
      if (path !== undefined && !path.test(pathOf(record.url))) continue;
      if (filter.status !== undefined && record.status !== filter.status) continue;
      total++;
      // Only the entries returned are shaped (their bodies parsed back from text).
      if (requests.length < limit) requests.push(toEntry(stored));
    }
    return { requests, total };
  }

  clear(): void {
    this.#ring.fill(undefined);
  }
}

/** The JSON text of `body`, cut to JOURNAL_BODY_LIMIT bytes (at a character boundary) when longer. */
function boundedText(body: unknown): { text: string; truncated: boolean } {
  const text = JSON.stringify(body);
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: a text this short cannot be over the limit.
  if (text.length * 3 <= JOURNAL_BODY_LIMIT) return { text, truncated: false };
  const bytes = UTF8.encode(text);
  if (bytes.length <= JOURNAL_BODY_LIMIT) return { text, truncated: false };
  const cut = new TextDecoder().decode(bytes.subarray(0, JOURNAL_BODY_LIMIT));
  return { text: cut.endsWith('\uFFFD') ? cut.slice(0, -1) : cut, truncated: true };
}

function bodyFields(body: Stored['body']): { body?: unknown; body_truncated?: true } {
  if (body === undefined) return {};
  return body.truncated
    ? { body: body.text, body_truncated: true }
    : { body: JSON.parse(body.text) as unknown };
}

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end < 0 ? url : url.slice(0, end);
}

function toEntry({ id, record, body }: Stored): JournalEntry {
  const [path = '/', search = ''] = record.url.split('?', 2);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const previous = query[name];
    query[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return {
    id,
    time: new Date(record.startedAt).toISOString(),
    method: record.method,
    path,
    query,
    status: record.status,
    duration_ms: Math.round(record.durationMs * 100) / 100,
    request: { headers: record.requestHeaders, ...bodyFields(body) },
    response: { headers: record.responseHeaders },
    ...(record.session === undefined ? {} : { session: record.session }),
  };
}
