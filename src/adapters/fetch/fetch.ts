/**
 * The in-process adapter: a WHATWG `Request` answered by the pipeline, with no socket, as a WHATWG `Response` with
 * the same status, headers and body bytes the HTTP adapter writes (Node adds only `Date`, `Connection` and
 * `Keep-Alive` on the wire). A dropped connection (a fault rule with `status: 0`) rejects as `fetch` itself does.
 */
import { BODY_LIMIT_BYTES } from '../../errors.ts';
import type { RequestHandler } from '../../pipeline/handle.ts';
import type { MockRequest, RequestBody } from '../../protocol/request.ts';
import type { WireAnswer } from '../../pipeline/wire.ts';

/** Where an in-process request comes from: the loopback, as a test runner on the same machine. */
const IN_PROCESS_ADDRESS = '127.0.0.1';
const UTF8 = new TextEncoder();

export function fetchAdapter(handle: RequestHandler): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers = Object.create(null) as Record<string, string>;
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (!('host' in headers)) headers.host = url.host;
    const mock: MockRequest = {
      method: request.method.toUpperCase(),
      target: `${url.pathname}${url.search}`,
      headers,
      body: await readBody(request),
      remoteAddress: IN_PROCESS_ADDRESS,
      secure: url.protocol === 'https:',
    };
    return responseOf(mock.method, await handle(mock));
  };
}

/** The body, read up to BODY_LIMIT_BYTES (a longer one is marked too large and left unread). */
async function readBody(request: Request): Promise<RequestBody | undefined> {
  if (request.body === null) return undefined;
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > BODY_LIMIT_BYTES) {
      await reader.cancel();
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes };
}

function responseOf(method: string, wire: WireAnswer): Response {
  if (wire.status < 200) throw new TypeError('fetch failed: the mock dropped the connection');
  const headers = new Headers();
  for (const [name, value] of Object.entries(wire.headers)) {
    if (typeof value === 'string') headers.append(name, value);
    else for (const one of value) headers.append(name, one);
  }
  const { body } = wire;
  if (body === undefined || method === 'HEAD') return new Response(null, { status: wire.status, headers });
  if (body instanceof Uint8Array) return new Response(body, { status: wire.status, headers });
  return new Response(eventStream(body.open), { status: wire.status, headers });
}

/** A stream of server-sent events: what the sink writes, queued for the reader; the reader's backlog in bytes. */
function eventStream(
  open: Extract<WireAnswer['body'], { open: unknown }>['open'],
): ReadableStream<Uint8Array> {
  let ended = false;
  const listeners: (() => void)[] = [];
  const close = (): void => {
    if (ended) return;
    ended = true;
    for (const listener of listeners.splice(0)) listener();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        open({
          write: (text) => {
            if (!ended) controller.enqueue(UTF8.encode(text));
          },
          end: () => {
            if (ended) return;
            controller.close();
            close();
          },
          get buffered() {
            return Math.max(0, -(controller.desiredSize ?? 0));
          },
          get ended() {
            return ended;
          },
          onClose: (listener) => {
            if (ended) listener();
            else listeners.push(listener);
          },
        });
      },
      cancel: close,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
}
