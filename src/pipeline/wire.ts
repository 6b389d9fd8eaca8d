/**
 * An answer as it goes on the wire, the same for every transport: the body serialised (JSON once, here), its
 * `Content-Type` and `Content-Length`, the request's own headers added, and `X-Message` made header-safe. HTTP, the in-process `fetch` and MSW write
 * exactly these headers and bytes.
 */
import type { Answer, EventSink, HeaderValue } from '../answer.ts';
import { JSON_CONTENT_TYPE } from '../protocol/media-type.ts';
import { headerSafe } from '../protocol/header-text.ts';

export interface WireAnswer {
  readonly status: number;
  /** Header names as written; `Set-Cookie` may hold several values. */
  readonly headers: Readonly<Record<string, HeaderValue>>;
  /** The body bytes, or a stream to open once the headers are out; undefined for none. */
  readonly body: Uint8Array | { readonly open: (sink: EventSink) => void } | undefined;
  /** The body as JSON, when it is JSON (the response check reads it without parsing the bytes back). */
  readonly json: (() => unknown) | undefined;
}

const UTF8 = new TextEncoder();

/** Statuses that never carry a body (RFC 9110 §15.3.5, §15.4.5). */
const BODILESS = new Set([204, 304]);

const NONE: Readonly<Record<string, HeaderValue>> = Object.freeze({});

/**
 * `answer` as written, with `extra` (the headers every answer of the request carries) after its own headers: an
 * extra header the answer sets itself, in any case, is the answer's. One pass over each.
 */
export function toWire(answer: Answer, extra: Readonly<Record<string, HeaderValue>> = NONE): WireAnswer {
  const headers: Record<string, HeaderValue> = {};
  const own = Object.keys(answer.headers);
  const ownLower: string[] = [];
  for (const name of own) {
    const value = answer.headers[name] as HeaderValue;
    const lower = name.toLowerCase();
    ownLower.push(lower);
    headers[name] = lower === 'x-message' && typeof value === 'string' ? headerSafe(value) : value;
  }
  for (const name of Object.keys(extra)) {
    if (!ownLower.includes(name.toLowerCase())) headers[name] = extra[name] as HeaderValue;
  }
  const { body } = answer;
  if (body === undefined || BODILESS.has(answer.status)) {
    return { status: answer.status, headers, body: undefined, json: undefined };
  }
  switch (body.kind) {
    case 'stream':
      return { status: answer.status, headers, body: { open: body.open }, json: undefined };
    case 'json': {
      const bytes = UTF8.encode(JSON.stringify(body.value));
      headers['Content-Type'] = JSON_CONTENT_TYPE;
      headers['Content-Length'] = String(bytes.length);
      return { status: answer.status, headers, body: bytes, json: () => body.value };
    }
    case 'text': {
      const bytes = UTF8.encode(body.text);
      headers['Content-Length'] = String(bytes.length);
      return { status: answer.status, headers, body: bytes, json: body.json };
    }
    case 'bytes':
      headers['Content-Length'] = String(body.bytes.length);
      return { status: answer.status, headers, body: body.bytes, json: body.json };
  }
}
