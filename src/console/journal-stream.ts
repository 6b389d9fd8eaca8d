/**
 * `GET /__admin/requests/stream` (spec/admin.yaml): the journal of the request's session as server-sent events, one
 * `request` event per entry recorded after the stream opened. Each open stream is one journal subscription, dropped
 * when its client goes away, when the client stops reading (its unread events pass `MAX_UNREAD_BYTES`), when its
 * session is dropped (the client reconnects to the session that id names next), or when the server closes.
 */
import type { Response } from 'express';
import type { Journal, JournalEntry } from '../admin/journal.ts';

/** Events a slow client may leave unread before its stream is ended (the reader reconnects and lists the rest). */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** A comment line this often keeps idle proxies from closing the stream. */
export const HEARTBEAT_MS = 15_000;

export class JournalStreams {
  readonly #journalOf: () => Journal;
  /** Each open stream, and the journal it follows. */
  readonly #open = new Map<Response, Journal>();

  /** `journalOf` answers the journal of the session of the request being served. */
  constructor(journalOf: () => Journal) {
    this.#journalOf = journalOf;
  }

  /** Streams currently open. */
  get size(): number {
    return this.#open.size;
  }

  /** Turns `res` into a stream of the request's session's journal; returns once the headers are out. */
  open(res: Response): void {
    const journal = this.#journalOf();
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      'X-Message': 'Streaming the journal',
    });
    res.write(': identity-mock journal\n\n');
    const end = (): void => {
      stop();
      clearInterval(heartbeat);
      this.#open.delete(res);
      if (!res.writableEnded) res.end();
    };
    const stop = journal.subscribe((entry: JournalEntry) => {
      res.write(`event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`);
      if (res.writableLength > MAX_UNREAD_BYTES) end();
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    this.#open.set(res, journal);
    res.once('close', end);
  }

  /** Ends the streams that follow `journal` (its session is gone: they would otherwise wait for nothing). */
  endFor(journal: Journal): void {
    for (const [res, followed] of [...this.#open]) if (followed === journal) res.end();
  }

  /** Ends every open stream (the server is closing: a stream would otherwise hold it until its grace runs out). */
  endAll(): void {
    for (const res of [...this.#open.keys()]) res.end();
  }
}
