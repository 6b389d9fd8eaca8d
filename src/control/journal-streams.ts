/**
 * `GET /__admin/requests/stream` (spec/admin.yaml): the journal of the request's session as server-sent events, one
 * `request` event per entry recorded after the stream opened. Each open stream is one journal subscription, dropped
 * when its reader goes away, when the reader stops reading (its unread events pass `MAX_UNREAD_BYTES`), when its
 * session is dropped (the reader reconnects to the session that id names next), or when the server closes.
 */
import type { Answer, EventSink } from '../answer.ts';
import { NO_STORE_ONLY } from '../protocol/cache-headers.ts';
import type { Journal, JournalEntry } from './journal.ts';

/** Events a slow reader may leave unread before its stream is ended (the reader reconnects and lists the rest). */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** A comment line this often keeps idle proxies from closing the stream. */
export const HEARTBEAT_MS = 15_000;

export class JournalStreams {
  /** Each open stream, and the journal it follows. */
  readonly #open = new Map<EventSink, Journal>();

  /** Streams currently open. */
  get size(): number {
    return this.#open.size;
  }

  /** The answer that streams `journal` from now on. */
  stream(journal: Journal): Answer {
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
    sink.write(': identity-mock journal\n\n');
    const stop = journal.subscribe((entry: JournalEntry) => {
      if (sink.ended) return;
      sink.write(`event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`);
      if (sink.buffered > MAX_UNREAD_BYTES) sink.end();
    });
    const heartbeat = setInterval(() => {
      if (!sink.ended) sink.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    // On Node, a heartbeat does not keep the process alive by itself.
    (heartbeat as { unref?: () => void }).unref?.();
    this.#open.set(sink, journal);
    sink.onClose(() => {
      stop();
      clearInterval(heartbeat);
      this.#open.delete(sink);
    });
  }

  /** Ends the streams that follow `journal` (its session is gone: they would otherwise wait for nothing). */
  endFor(journal: Journal): void {
    for (const [sink, followed] of [...this.#open]) if (followed === journal) sink.end();
  }

  /** Ends every open stream (the server is closing: a stream would otherwise hold it until its grace runs out). */
  endAll(): void {
    for (const sink of [...this.#open.keys()]) sink.end();
  }
}
