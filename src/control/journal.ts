/**
 * The request journal (docs/control-plane.md): the last 1000 requests and their answers, newest first, with secrets
 * redacted: Authorization credentials, cookies, passwords, client secrets and tokens never leave it. Recording is
 * cheap, as it happens on every request: the request line and the header records are kept as they came, and
 * redacted and shaped only when an entry leaves the journal (read, or sent to its streams); a body is redacted at
 * once, as the bounded text kept in its place. What it keeps is bounded and counted in bytes (`bytes`, for the
 * server's state memory, docs/sessions.md): a body as JSON text of at most JOURNAL_BODY_LIMIT bytes, a body nested
 * too deep not at all. When the server's state memory is full, the journal does not grow: it forgets its oldest
 * entries to make room for a new one. Each entry is serialised once for every listener (the journal streams), and a
 * listener that throws never fails the request that was recorded.
 */
import { answerFields, keptAnswer, type KeptAnswer } from './journal-answer.ts';
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
    /** Why the body is not kept at all (`too deep`: it was refused before it was read). */
    readonly body_omitted?: string;
  };
  readonly response: {
    readonly headers: Readonly<Record<string, unknown>>;
    /** A JSON answer's body (secrets redacted), kept up to JOURNAL_BODY_LIMIT bytes. */
    readonly body?: unknown;
    /** Present (true) when the body was longer than JOURNAL_BODY_LIMIT: `body` is then its first bytes, as text. */
    readonly body_truncated?: true;
    /** Why the body is not kept (`not JSON`: pages, documents and files are left out; `stream`). */
    readonly body_omitted?: string;
  };
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
/**
 * Bytes of a request body (as JSON text) and of a response body the journal keeps; a longer body is cut and marked
 * `body_truncated`.
 */
export const JOURNAL_BODY_LIMIT = 16 * 1024;
const UTF8 = new TextEncoder();
/** What the recorder captures per request: references, redacted, parsed and shaped only when the journal is read. */
export interface JournalRecord {
  /** Epoch milliseconds when the request arrived. */
  readonly startedAt: number;
  readonly method: string;
  /** Path and query string as sent (redacted when the entry is read). */
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly requestHeaders: Readonly<Record<string, unknown>>;
  readonly requestBody?: unknown;
  /** Why the body was not read (`too deep`); the entry then records the request without it. */
  readonly bodyOmitted?: string | undefined;
  readonly responseHeaders: Readonly<Record<string, unknown>>;
  /** The answer's body as sent (kept when it is JSON), or `stream` for server-sent events. */
  readonly responseBody?: Uint8Array | 'stream' | undefined;
  /** The session the request ran in (undefined: the default session). */
  readonly session?: string | undefined;
}

/**
 * What the ring keeps: the record without the parsed body, which is kept as bounded JSON text instead (a parsed
 * 100 kB body costs several times its size in objects; the text costs at most JOURNAL_BODY_LIMIT bytes).
 */
interface Stored {
  readonly id: number;
  readonly record: Omit<JournalRecord, 'requestBody' | 'responseBody'>;
  readonly body: { readonly text: string; readonly truncated: boolean } | undefined;
  /** The answer's JSON bytes, at most JOURNAL_BODY_LIMIT (redacted when read), or why none is kept. */
  readonly answer: KeptAnswer | undefined;
  /** What the entry holds, estimated: its strings (two bytes a character) and the objects around them. */
  readonly bytes: number;
}

/** Called with each entry as it is recorded (already redacted), and its JSON text, made once for every listener. */
export type JournalListener = (entry: JournalEntry, json: string) => void;

/** Bytes the server's state memory still has room for (`sessions/state-memory.ts`). */
export type JournalRoom = () => number;

/** An entry's objects, fields and numbers, beside its strings. */
const ENTRY_OVERHEAD_BYTES = 512;

export class Journal {
  /** A ring of the last `capacity` records; `#next` numbers them, `#oldest` is the oldest still kept. */
  readonly #ring: (Stored | undefined)[];
  readonly #capacity: number;
  #next = 1;
  #oldest = 1;
  /** The number the first entry recorded since the journal was last emptied got. */
  #since = 1;
  #bytes = 0;
  readonly #listeners = new Set<JournalListener>();
  readonly #room: JournalRoom;

  constructor(capacity = JOURNAL_CAPACITY, room: JournalRoom = () => Infinity) {
    this.#capacity = capacity;
    this.#ring = new Array<Stored | undefined>(capacity);
    this.#room = room;
  }

  get size(): number {
    return this.#next - this.#oldest;
  }

  /**
   * Requests recorded since the journal was last emptied (`clear`, a reset): the entries it keeps plus those it
   * has forgotten to stay within its bounds. What `GET /__admin/sessions` counts as a session's requests.
   */
  get recorded(): number {
    return this.#next - this.#since;
  }

  /** Bytes the kept entries hold, estimated. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Records an answered request. The header records are kept as given (the caller hands them over and changes them
   * no more) and redacted when the entry is read or streamed; the body is redacted here, as the text kept.
   */
  record(record: JournalRecord): void {
    const { requestBody } = record;
    // Spelled out rather than a rest copy: this runs on every request.
    const kept: Stored['record'] = {
      startedAt: record.startedAt,
      method: record.method,
      url: record.url,
      status: record.status,
      durationMs: record.durationMs,
      requestHeaders: record.requestHeaders,
      bodyOmitted: record.bodyOmitted,
      responseHeaders: record.responseHeaders,
      session: record.session,
    };
    const body = requestBody === undefined ? undefined : boundedText(redactBody(requestBody));
    const answer = keptAnswer(record.responseBody, record.responseHeaders, JOURNAL_BODY_LIMIT);
    const bytes =
      ENTRY_OVERHEAD_BYTES +
      2 * (kept.url.length + kept.method.length + (body?.text.length ?? 0)) +
      (answer !== undefined && 'bytes' in answer ? answer.bytes.length : 0) +
      headerBytes(kept.requestHeaders) +
      headerBytes(kept.responseHeaders);
    const id = this.#next;
    // The ring's oldest entry goes when it is full; then, while the state memory has no room, older ones too.
    if (id - this.#oldest >= this.#capacity) this.#forgetOldest();
    let short = bytes - this.#room();
    while (short > 0 && this.size > 0) short -= this.#forgetOldest();
    // Still no room: the answer's body is what gives way (the request is recorded as before).
    const answerBytes = answer !== undefined && 'bytes' in answer ? answer.bytes.length : 0;
    if (short - answerBytes > 0) {
      // Not even the request fits, and nothing is left to forget: the entry is counted, not kept.
      this.#next++;
      this.#oldest = this.#next;
      return;
    }
    const fits = short <= 0 || answerBytes === 0;
    const stored: Stored = fits
      ? { id, record: kept, body, answer, bytes }
      : { id, record: kept, body, answer: { omitted: 'state memory full' }, bytes: bytes - answerBytes };
    this.#next++;
    this.#ring[id % this.#capacity] = stored;
    this.#bytes += stored.bytes;
    if (this.#listeners.size === 0) return;
    const entry = toEntry(stored);
    const json = JSON.stringify(entry);
    for (const listener of [...this.#listeners]) {
      try {
        listener(entry, json);
      } catch {
        // A listener's failure (a stream whose reader went away) is its own; the request stays recorded.
      }
    }
  }

  /** Calls `listener` with every entry recorded from now on; returns the function that stops it. */
  subscribe(listener: JournalListener): () => void {
    const own: JournalListener = (entry, json) => {
      listener(entry, json);
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
    for (let id = this.#next - 1; id >= this.#oldest; id--) {
      const stored = this.#ring[id % this.#capacity];
      if (stored?.id !== id) break;
      const { record } = stored;
      if (method !== undefined && record.method !== method) continue;
      if (path !== undefined && !path.test(pathOf(redactUrl(record.url)))) continue;
      if (filter.status !== undefined && record.status !== filter.status) continue;
      total++;
      // Only the entries returned are shaped (their bodies parsed back from text).
      if (requests.length < limit) requests.push(toEntry(stored));
    }
    return { requests, total };
  }

  clear(): void {
    this.#ring.fill(undefined);
    this.#oldest = this.#next;
    this.#since = this.#next;
    this.#bytes = 0;
  }

  /** Forgets the oldest entry kept; returns the bytes that frees. */
  #forgetOldest(): number {
    const slot = this.#oldest % this.#capacity;
    const stored = this.#ring[slot];
    this.#oldest++;
    if (stored?.id !== this.#oldest - 1) return 0;
    this.#bytes -= stored.bytes;
    this.#ring[slot] = undefined;
    return stored.bytes;
  }
}

/** Bytes of a header record's names and values, estimated (two bytes a character). */
function headerBytes(headers: Readonly<Record<string, unknown>>): number {
  let chars = 0;
  // Every request's two header records are counted as they are recorded: a plain loop, no entry arrays.
  for (const name in headers) {
    const value = headers[name];
    chars += name.length + 16;
    if (typeof value === 'string') chars += value.length;
    else if (Array.isArray(value)) for (const item of value) chars += String(item).length + 8;
    else chars += 16;
  }
  return 2 * chars;
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

function bodyFields(
  body: Stored['body'],
  omitted: string | undefined,
): { body?: unknown; body_truncated?: true; body_omitted?: string } {
  if (omitted !== undefined) return { body_omitted: omitted };
  if (body === undefined) return {};
  return body.truncated
    ? { body: body.text, body_truncated: true }
    : { body: JSON.parse(body.text) as unknown };
}

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end < 0 ? url : url.slice(0, end);
}

/** The entry as it leaves the journal: its URL and headers redacted, its query and body shaped. */
function toEntry({ id, record, body, answer }: Stored): JournalEntry {
  const [path = '/', search = ''] = redactUrl(record.url).split('?', 2);
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
    request: { headers: redactHeaders(record.requestHeaders), ...bodyFields(body, record.bodyOmitted) },
    response: { headers: redactHeaders(record.responseHeaders), ...answerFields(answer) },
    ...(record.session === undefined ? {} : { session: record.session }),
  };
}
