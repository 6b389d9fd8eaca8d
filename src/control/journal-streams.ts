/**
 * `GET /__admin/requests/stream` (spec/admin.yaml): the journal of the request's session as server-sent events, one
 * `request` event per entry recorded after the stream opened. At most MAX_STREAMS are open in the whole server
 * (one more is 503 `too_many_streams`). Each journal that has readers is followed once: an entry is serialised into
 * one event, encoded once, and the same bytes go to every reader of that journal. A stream ends when its reader goes
 * away, when its session is dropped (the reader reconnects to the session that id names next), or when the server
 * closes (a reader that has stopped reading is disconnected then, rather than left holding its connection); a
 * reader that falls more than MAX_UNREAD_BYTES behind is disconnected (it reconnects and lists the rest).
 * Nothing here throws into the request that was recorded or into a timer: a write to a stream that is gone is
 * dropped.
 */
import type { Answer, EventSink } from '../answer.ts';
import { tooManyStreams } from '../errors.ts';
import { NO_STORE_ONLY } from '../protocol/cache-headers.ts';
import type { Journal } from './journal.ts';

/** Journal streams open at once in the whole server. */
export const MAX_STREAMS = 32;
/** Events a slow reader may leave unread before it is disconnected. */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** A comment line this often keeps idle proxies from closing the stream. */
export const HEARTBEAT_MS = 15_000;

const UTF8 = new TextEncoder();
const HELLO = UTF8.encode(': identity-mock journal\n\n');
const KEEP_ALIVE = UTF8.encode(': keep-alive\n\n');

/** The readers of one journal, and the subscription that feeds them. */
interface Followed {
  readonly sinks: Set<EventSink>;
  readonly stop: () => void;
}

export class JournalStreams {
  readonly #followed = new Map<Journal, Followed>();
  #open = 0;
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  /** Streams currently open. */
  get size(): number {
    return this.#open;
  }

  /** The answer that streams `journal` from now on; 503 `too_many_streams` when MAX_STREAMS are open. */
  stream(journal: Journal): Answer {
    if (this.#open >= MAX_STREAMS) {
      throw tooManyStreams(
        `${MAX_STREAMS} journal streams are open on this server, the most it keeps; close one, or list the journal with GET /__admin/requests`,
      );
    }
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        ...NO_STORE_ONLY,
        'X-Accel-Buffering': 'no',
        'X-Message': 'Streaming the journal',
      },
      body: {
        kind: 'stream',
        open: (sink) => {
          this.#follow(journal, sink);
        },
      },
    };
  }

  #follow(journal: Journal, sink: EventSink): void {
    if (sink.ended) return;
    let followed = this.#followed.get(journal);
    if (followed === undefined) {
      const sinks = new Set<EventSink>();
      const stop = journal.subscribe((entry, json) => {
        const event = UTF8.encode(`event: request\nid: ${entry.id}\ndata: ${json}\n\n`);
        for (const reader of [...sinks]) send(reader, event);
      });
      followed = { sinks, stop };
      this.#followed.set(journal, followed);
    }
    const { sinks } = followed;
    sinks.add(sink);
    this.#open++;
    this.#beat();
    sink.onClose(() => {
      if (!sinks.delete(sink)) return;
      this.#open--;
      if (sinks.size === 0 && this.#followed.get(journal)?.sinks === sinks) {
        this.#followed.get(journal)?.stop();
        this.#followed.delete(journal);
      }
      if (this.#open === 0) this.#quiet();
    });
    send(sink, HELLO);
  }

  /** Ends the streams that follow `journal` (its session is gone: they would otherwise wait for nothing). */
  endFor(journal: Journal): void {
    const followed = this.#followed.get(journal);
    if (followed === undefined) return;
    // Unsubscribed first: a request of that session still in flight records into a journal nobody reads.
    followed.stop();
    this.#followed.delete(journal);
    for (const sink of [...followed.sinks]) end(sink);
  }

  /** Ends every open stream (the server is closing: a stream would otherwise hold it until its grace runs out). */
  endAll(): void {
    for (const journal of [...this.#followed.keys()]) this.endFor(journal);
    this.#quiet();
  }

  /** One heartbeat for every open stream, while any is open. */
  #beat(): void {
    if (this.#heartbeat !== undefined) return;
    this.#heartbeat = setInterval(() => {
      for (const { sinks } of this.#followed.values()) for (const sink of [...sinks]) send(sink, KEEP_ALIVE);
    }, HEARTBEAT_MS);
    // On Node, a heartbeat does not keep the process alive by itself.
    (this.#heartbeat as { unref?: () => void }).unref?.();
  }

  #quiet(): void {
    if (this.#heartbeat === undefined) return;
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}

/** Writes `bytes` to a reader, or disconnects it when it is too far behind; a reader that is gone is skipped. */
function send(sink: EventSink, bytes: Uint8Array): void {
  try {
    if (sink.ended) return;
    if (sink.buffered > MAX_UNREAD_BYTES) {
      sink.abort();
      return;
    }
    sink.write(bytes);
  } catch {
    // The reader went away between the check and the write: nothing to deliver.
  }
}

/** Ends a stream: at once for a reader that has stopped reading (what it has not taken would hold the connection). */
function end(sink: EventSink): void {
  try {
    if (sink.buffered > 0) sink.abort();
    else sink.end();
  } catch {
    // Already closed.
  }
}
