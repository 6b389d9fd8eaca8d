/**
 * An answer of the mock to one request, as handlers return it and before any transport writes it: a status,
 * headers, and a body that is JSON (serialised once, at the edge of the pipeline), bytes or text already made, or a
 * stream of server-sent events. The constructors below are the only way handlers build one.
 */

export type HeaderValue = string | readonly string[];
export type AnswerHeaders = Readonly<Record<string, HeaderValue>>;

/** Where a stream writes; `buffered` is what its reader has not taken yet, in bytes. */
export interface EventSink {
  write(chunk: string | Uint8Array): void;
  /** Ends the stream once what is written has gone out. */
  end(): void;
  /** Ends the stream at once, dropping what its reader has not taken (a reader too far behind). */
  abort(): void;
  readonly buffered: number;
  readonly ended: boolean;
  /** Called once when the reader goes away or the stream ends. */
  onClose(listener: () => void): void;
}

export type AnswerBody =
  /** A JSON value, written as `application/json; charset=utf-8`. */
  | { readonly kind: 'json'; readonly value: unknown }
  /** Bytes already serialised; `json` is the same body parsed when it is JSON (for the response check). */
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly json?: () => unknown }
  /** Text already made; `json` is what it encodes when it is a document (YAML, JSON), for the response check. */
  | { readonly kind: 'text'; readonly text: string; readonly json?: () => unknown }
  /** Server-sent events: `open` starts writing to the sink once the headers are out. */
  | { readonly kind: 'stream'; readonly open: (sink: EventSink) => void };

export interface Answer {
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly body?: AnswerBody | undefined;
}

/** The answer that answers nothing: the connection is dropped (a fault rule with `status: 0`). */
export const DROP: Answer = Object.freeze({ status: 0, headers: {} });

export const HTML_TYPE = 'text/html; charset=utf-8';

/** A JSON answer with `X-Message`. */
export function json(status: number, value: unknown, message: string, headers: AnswerHeaders = {}): Answer {
  return { status, headers: { 'X-Message': message, ...headers }, body: { kind: 'json', value } };
}

/** An answer without a body (204, 302 …). */
export function empty(status: number, message: string, headers: AnswerHeaders = {}): Answer {
  return { status, headers: { 'X-Message': message, ...headers } };
}

/** A text answer of `contentType` (HTML pages, YAML, JSON already serialised). */
export function text(
  status: number,
  contentType: string,
  body: string,
  message: string,
  headers: AnswerHeaders = {},
  parsed?: () => unknown,
): Answer {
  return {
    status,
    headers: { 'Content-Type': contentType, 'X-Message': message, ...headers },
    body: parsed === undefined ? { kind: 'text', text: body } : { kind: 'text', text: body, json: parsed },
  };
}

/** An answer whose body is bytes already made (a page of users, a file). */
export function bytes(
  status: number,
  contentType: string,
  body: Uint8Array,
  message: string,
  headers: AnswerHeaders = {},
  parsed?: () => unknown,
): Answer {
  return {
    status,
    headers: { 'Content-Type': contentType, 'X-Message': message, ...headers },
    body:
      parsed === undefined ? { kind: 'bytes', bytes: body } : { kind: 'bytes', bytes: body, json: parsed },
  };
}

/** A 302 to `location`, without a body. */
export function redirect(location: string, message: string, headers: AnswerHeaders = {}): Answer {
  return { status: 302, headers: { ...headers, Location: location, 'X-Message': message } };
}

/** `answer` with `headers` added (an existing header of the same name, in any case, is replaced). */
export function withHeaders(answer: Answer, headers: AnswerHeaders): Answer {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const kept = Object.entries(answer.headers).filter(([name]) => !names.has(name.toLowerCase()));
  return { ...answer, headers: { ...Object.fromEntries(kept), ...headers } };
}
