/**
 * `--har FILE` of the proxy (docs/drift.md): the real service's traffic as HAR 1.2, the way the mock's journal
 * answers it (`GET /__admin/requests?format=har`). The exchanges go into a journal of their own, so they are
 * bounded (the last 1000, bodies up to 16 KiB) and redacted exactly as the mock's journal is; unless PII is kept,
 * the names, emails and identifiers of the users in the service's answers are replaced by the stand-ins that
 * `--record` gives them (`anonymise.ts`), the known accounts keeping their documented ones.
 */
import { toHar, type Har } from '../control/har.ts';
import { Journal } from '../control/journal.ts';
import type { User } from '../spec/types.ts';
import { standIn } from './anonymise.ts';
import type { Exchange } from './exchange.ts';

export interface HarRecordingOptions {
  /** The real service, e.g. `https://staging.example.com`: the archive's URLs name it. */
  readonly upstream: string;
  readonly keepPii: boolean;
  /** The documented known accounts (docs/tokens.md): they keep their records. */
  readonly known: readonly User[];
  readonly now: () => number;
  readonly version: string;
}

const UTF8 = new TextEncoder();
const PII = ['name', 'email', 'identifier'] as const;
/** Nesting walked into for users, at most (answers are small documents; deeper values are left as they are). */
const MAX_DEPTH = 16;

export class HarRecording {
  readonly #journal = new Journal();
  readonly #options: HarRecordingOptions;
  readonly #host: string;
  readonly #scheme: string;
  readonly #known: ReadonlySet<string>;

  constructor(options: HarRecordingOptions) {
    this.#options = options;
    const url = new URL(options.upstream);
    this.#host = url.host;
    this.#scheme = url.protocol.replace(/:$/, '');
    this.#known = new Set(options.known.map((user) => user.id));
  }

  /** Records one exchange that the proxy forwarded; `durationMs` is how long the service took. */
  add(exchange: Exchange, durationMs = 0): void {
    const type = exchange.responseHeaders['content-type'] ?? '';
    const body = exchange.responseBody;
    const isJson = /\bjson\b/i.test(type);
    const answer =
      body === undefined || exchange.responseBodyCut === true
        ? undefined
        : UTF8.encode(isJson && !this.#options.keepPii ? this.#anonymised(body) : body);
    this.#journal.record({
      startedAt: this.#options.now() - durationMs,
      method: exchange.method.toUpperCase(),
      url: exchange.target,
      status: exchange.status,
      durationMs,
      requestHeaders: { ...exchange.requestHeaders, host: this.#host },
      ...(exchange.requestBody === undefined ? {} : { requestBody: parsedRequest(exchange) }),
      responseHeaders: exchange.responseHeaders,
      ...(answer === undefined ? {} : { responseBody: answer }),
    });
  }

  get size(): number {
    return this.#journal.size;
  }

  har(): Har {
    return toHar(
      this.#journal.list({ limit: this.#journal.size }).requests,
      this.#scheme,
      this.#options.version,
    );
  }

  /** A JSON answer with the users in it anonymised; text that does not parse is kept as it came. */
  #anonymised(text: string): string {
    try {
      return JSON.stringify(this.#walk(JSON.parse(text) as unknown, 0));
    } catch {
      return text;
    }
  }

  #walk(value: unknown, depth: number): unknown {
    if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
    if (Array.isArray(value)) return value.map((item: unknown) => this.#walk(item, depth + 1));
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) out[key] = this.#walk(field, depth + 1);
    const { id } = record;
    if (
      typeof id !== 'string' ||
      this.#known.has(id) ||
      !PII.some((field) => typeof record[field] === 'string')
    ) {
      return out;
    }
    const stand = standIn(id);
    for (const field of PII) if (typeof record[field] === 'string') out[field] = stand[field];
    return out;
  }
}

/** The request body as the journal keeps it: JSON or form fields parsed, other text as it is. */
function parsedRequest(exchange: Exchange): unknown {
  const text = exchange.requestBody ?? '';
  const type = exchange.requestHeaders['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
