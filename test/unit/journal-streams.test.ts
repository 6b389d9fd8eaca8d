import { describe, expect, it } from 'vitest';
import type { EventSink } from '../../src/answer.ts';
import { Journal, type JournalRecord } from '../../src/control/journal.ts';
import { JournalStreams, MAX_STREAMS, MAX_UNREAD_BYTES } from '../../src/control/journal-streams.ts';
import { MockError } from '../../src/errors.ts';

/** A sink that keeps what it is given; `backlog` is what its reader has not taken. */
class FakeSink implements EventSink {
  readonly chunks: (string | Uint8Array)[] = [];
  ended = false;
  aborted = false;
  backlog = 0;
  readonly #listeners: (() => void)[] = [];

  write(chunk: string | Uint8Array): void {
    if (this.ended) throw new Error('write after end');
    this.chunks.push(chunk);
  }
  end(): void {
    this.ended = true;
    for (const listener of this.#listeners.splice(0)) listener();
  }
  abort(): void {
    this.aborted = true;
    this.end();
  }
  get buffered(): number {
    return this.backlog;
  }
  onClose(listener: () => void): void {
    this.#listeners.push(listener);
  }
}

const entry: JournalRecord = {
  startedAt: 0,
  method: 'GET',
  url: '/health',
  status: 200,
  durationMs: 1,
  requestHeaders: {},
  responseHeaders: {},
};

function open(streams: JournalStreams, journal: Journal): FakeSink {
  const answer = streams.stream(journal);
  const sink = new FakeSink();
  if (answer.body?.kind !== 'stream') throw new Error('not a stream');
  answer.body.open(sink);
  return sink;
}

describe('JournalStreams', () => {
  it('serialises and encodes each event once: every reader gets the same bytes', () => {
    const streams = new JournalStreams();
    const journal = new Journal();
    const readers = [open(streams, journal), open(streams, journal), open(streams, journal)];
    journal.record(entry);
    const events = readers.map((reader) => reader.chunks.at(-1));
    expect(events[0]).toBeInstanceOf(Uint8Array);
    expect(events[1]).toBe(events[0]);
    expect(events[2]).toBe(events[0]);
    expect(new TextDecoder().decode(events[0] as Uint8Array)).toMatch(/^event: request\nid: 1\ndata: \{/);
  });

  it(`keeps at most ${MAX_STREAMS} open in all; one more is 503 too_many_streams until one closes`, () => {
    const streams = new JournalStreams();
    const sinks = Array.from({ length: MAX_STREAMS }, (_, i) => open(streams, new Journal(i + 1)));
    expect(streams.size).toBe(MAX_STREAMS);
    let refused: unknown;
    try {
      streams.stream(new Journal());
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(MockError);
    expect(refused).toMatchObject({ status: 503, code: 'too_many_streams' });
    sinks[0]?.end();
    expect(streams.size).toBe(MAX_STREAMS - 1);
    expect(() => open(streams, new Journal())).not.toThrow();
  });

  it(`disconnects a reader more than ${MAX_UNREAD_BYTES} bytes behind, and only that one`, () => {
    const streams = new JournalStreams();
    const journal = new Journal();
    const slow = open(streams, journal);
    const quick = open(streams, journal);
    slow.backlog = MAX_UNREAD_BYTES + 1;
    journal.record(entry);
    expect(slow.aborted).toBe(true);
    expect(quick.ended).toBe(false);
    expect(streams.size).toBe(1);
  });

  it("a session's streams end when it is dropped; its requests still in flight record into nobody's stream", () => {
    const streams = new JournalStreams();
    const journal = new Journal();
    const reader = open(streams, journal);
    streams.endFor(journal);
    expect(reader.ended).toBe(true);
    // A late write: the request finishes after its session and stream are gone.
    expect(() => {
      journal.record(entry);
    }).not.toThrow();
    expect(journal.subscribers).toBe(0);
    expect(streams.size).toBe(0);
  });
});
