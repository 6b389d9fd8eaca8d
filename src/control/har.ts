/**
 * Journal entries as an HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/), oldest first, as
 * browsers' DevTools and `@msw/source`'s `fromTraffic` read it (docs/control-plane.md). The entries are the
 * journal's, already redacted; this only reshapes them. Pure.
 */
import type { JournalEntry } from './journal.ts';

export const HAR_TYPE = 'application/har+json';

interface NameValue {
  readonly name: string;
  readonly value: string;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly NameValue[];
    readonly headers: readonly NameValue[];
    readonly queryString: readonly NameValue[];
    readonly postData?: { readonly mimeType: string; readonly text: string; readonly comment?: string };
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly NameValue[];
    readonly headers: readonly NameValue[];
    readonly content: {
      readonly size: number;
      readonly mimeType: string;
      readonly text?: string;
      readonly comment?: string;
    };
    readonly redirectURL: string;
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly cache: Readonly<Record<string, never>>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  readonly comment?: string;
}

export interface Har {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
    readonly comment?: string;
  };
}

const UTF8 = new TextEncoder();
const FORM = 'application/x-www-form-urlencoded';

function pairs(record: Readonly<Record<string, unknown>>): NameValue[] {
  const out: NameValue[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? (value as unknown[]) : [value]) {
      out.push({ name, value: typeof one === 'string' ? one : JSON.stringify(one) });
    }
  }
  return out;
}

function header(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** A body as text: a string as it is (a cut body), a form's fields encoded, anything else as JSON. */
function bodyText(body: unknown, mimeType: string): string {
  if (typeof body === 'string') return body;
  if (mimeType.startsWith(FORM) && typeof body === 'object' && body !== null) {
    return new URLSearchParams(
      pairs(body as Record<string, unknown>).map((p): [string, string] => [p.name, p.value]),
    ).toString();
  }
  return JSON.stringify(body);
}

function queryText(entry: JournalEntry): string {
  const search = new URLSearchParams(
    pairs(entry.query).map((p): [string, string] => [p.name, p.value]),
  ).toString();
  return search === '' ? '' : `?${search}`;
}

function harEntry(entry: JournalEntry, scheme: string): HarEntry {
  const { request, response } = entry;
  const host = header(request.headers, 'host') ?? 'localhost';
  const requestType = header(request.headers, 'content-type') ?? 'application/json';
  const postText = request.body === undefined ? undefined : bodyText(request.body, requestType);
  const responseType = header(response.headers, 'content-type') ?? '';
  const responseText = response.body === undefined ? undefined : bodyText(response.body, responseType);
  const length = Number(header(response.headers, 'content-length') ?? responseText?.length ?? 0);
  const comment =
    response.body_truncated === true
      ? 'body cut at 16 KiB by the journal'
      : response.body_omitted === undefined
        ? undefined
        : `body not kept by the journal (${response.body_omitted})`;
  return {
    startedDateTime: entry.time,
    time: entry.duration_ms,
    request: {
      method: entry.method,
      url: `${scheme}://${host}${entry.path}${queryText(entry)}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(request.headers),
      queryString: pairs(entry.query),
      ...(postText === undefined
        ? {}
        : {
            postData: {
              mimeType: requestType,
              text: postText,
              ...(request.body_truncated === true ? { comment: 'body cut at 16 KiB by the journal' } : {}),
            },
          }),
      headersSize: -1,
      bodySize: postText === undefined ? 0 : UTF8.encode(postText).length,
    },
    response: {
      status: entry.status,
      statusText: header(response.headers, 'x-message') ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(response.headers),
      content: {
        size: Number.isFinite(length) ? length : 0,
        mimeType: responseType,
        ...(responseText === undefined ? {} : { text: responseText }),
        ...(comment === undefined ? {} : { comment }),
      },
      redirectURL: header(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: Number.isFinite(length) ? length : -1,
    },
    cache: {},
    timings: { send: 0, wait: entry.duration_ms, receive: 0 },
  };
}

/**
 * `entries` (newest first, as the journal lists them) as a HAR log, oldest first; `scheme` is how the client
 * reached the mock (the journal keeps each request's `Host`).
 */
export function toHar(entries: readonly JournalEntry[], scheme: string, version: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'identity-mock', version },
      entries: [...entries].reverse().map((entry) => harEntry(entry, scheme)),
    },
  };
}
