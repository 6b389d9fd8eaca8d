/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Reads a server-sent event stream with `fetch`, which can send the admin token's `Authorization` header (the
 * browser's `EventSource` cannot). One connection: when it ends, `ended` says so and the page's timer decides
 * whether to open another (live-state.ts), so that a stream never reopens, and so restarts, a session that was
 * dropped.
 */

export interface StreamEvent {
  readonly event: string;
  readonly id: string | undefined;
  readonly data: string;
}

export interface StreamOptions {
  readonly url: string;
  readonly headers: () => Record<string, string>;
  readonly onEvent: (event: StreamEvent) => void;
  /** Called with true once the stream is open, false when it ends or is refused (`status`: the refusing answer). */
  readonly onState: (open: boolean, status?: number) => void;
}

export interface Stream {
  stop(): void;
  /** Whether the connection has ended (stopped, refused, or closed by the server). */
  readonly ended: boolean;
}

export function openStream(options: StreamOptions): Stream {
  const controller = new AbortController();
  let ended = false;
  const run = async (): Promise<void> => {
    try {
      const res = await fetch(options.url, { headers: options.headers(), signal: controller.signal });
      if (!res.ok || res.body === null) {
        options.onState(false, res.status);
        return;
      }
      options.onState(true);
      await readEvents(res.body, options.onEvent);
      options.onState(false);
    } catch {
      if (!controller.signal.aborted) options.onState(false);
    }
  };
  void run().finally(() => {
    ended = true;
  });
  return {
    stop: () => {
      ended = true;
      controller.abort();
    },
    get ended() {
      return ended;
    },
  };
}

/** Splits a stream into events at blank lines (the HTML standard's event-stream format). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const reader = body
    .pipeThrough<string>(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>)
    .getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseEvent(block);
      if (event !== undefined) onEvent(event);
      end = buffer.indexOf('\n\n');
    }
  }
}

function parseEvent(block: string): StreamEvent | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? undefined : { event, id, data: data.join('\n') };
}
