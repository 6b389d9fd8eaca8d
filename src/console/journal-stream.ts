/**
 * `GET /__admin/requests/stream` (spec/admin.yaml): the journal as server-sent events, one `request` event per entry
 * recorded after the stream opened. Each open stream is one journal subscription, dropped when its client goes
 * away, when the client stops reading (its unread events pass `MAX_UNREAD_BYTES`), or when the server closes.
 */
import type { Response } from 'express';
import type { Journal, JournalEntry } from '../admin/journal.ts';

/** Events a slow client may leave unread before its stream is ended (the reader reconnects and lists the rest). */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** A comment line this often keeps idle proxies from closing the stream. */
export const HEARTBEAT_MS = 15_000;

export class JournalStreams {
  readonly #journal: Journal;
  readonly #open = new Set<Response>();

  constructor(journal: Journal) {
    this.#journal = journal;
  }

  /** Streams currently open. */
  get size(): number {
    return this.#open.size;
  }

  /** Turns `res` into a stream of the journal; returns once the headers are out. */
  open(res: Response): void {
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
    const stop = this.#journal.subscribe((entry: JournalEntry) => {
      res.write(`event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`);
      if (res.writableLength > MAX_UNREAD_BYTES) end();
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    this.#open.add(res);
    res.once('close', end);
  }

  /** Ends every open stream (the server is closing: a stream would otherwise hold it until its grace runs out). */
  endAll(): void {
    for (const res of [...this.#open]) res.end();
  }
}
