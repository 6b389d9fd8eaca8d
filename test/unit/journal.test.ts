import { describe, expect, it } from 'vitest';
import { Journal, type JournalRecord } from '../../src/control/journal.ts';

function record(n: number, extra: Partial<JournalRecord> = {}): JournalRecord {
  return {
    startedAt: Date.parse('2026-01-15T12:00:00Z') + n,
    method: 'POST',
    url: `/oauth/token?n=${n}`,
    status: 400,
    durationMs: 1,
    requestHeaders: { 'content-type': 'application/json' },
    responseHeaders: {},
    ...extra,
  };
}

describe('Journal: what it keeps, in bytes', () => {
  it('counts the bytes of what it keeps, and frees them as the ring turns and on clear', () => {
    const journal = new Journal(3);
    journal.record(record(1, { requestBody: { pad: 'x'.repeat(1000) } }));
    const one = journal.bytes;
    expect(one).toBeGreaterThan(2000);
    journal.record(record(2));
    journal.record(record(3));
    journal.record(record(4));
    expect(journal.size).toBe(3);
    expect(journal.bytes).toBeLessThan(one + 2 * 1200);
    journal.clear();
    expect(journal.bytes).toBe(0);
    expect(journal.list().requests).toEqual([]);
  });

  it('counts what it recorded since it was last emptied, the forgotten entries included', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 5; i++) journal.record(record(i));
    expect(journal.size).toBe(3);
    expect(journal.recorded).toBe(5);
    journal.clear();
    expect(journal.recorded).toBe(0);
    journal.record(record(6));
    expect(journal.recorded).toBe(1);
    expect(journal.list().total).toBe(1);
  });

  it('without room in the state memory it does not grow: it forgets its oldest entries for a new one', () => {
    let room = Infinity;
    const journal = new Journal(1000, () => room);
    for (let i = 1; i <= 10; i++) journal.record(record(i));
    const full = journal.bytes;
    room = 0;
    for (let i = 11; i <= 20; i++) journal.record(record(i));
    expect(journal.bytes).toBeLessThanOrEqual(full);
    expect(journal.size).toBeLessThanOrEqual(10);
    expect(journal.list().requests[0]?.path).toBe('/oauth/token');
    expect(journal.list().requests[0]?.query).toEqual({ n: '20' });
  });

  it('a body refused as too deep is recorded as omitted, never kept', () => {
    const journal = new Journal();
    journal.record(record(1, { bodyOmitted: 'too deep' }));
    expect(journal.list().requests[0]?.request).toEqual({
      headers: { 'content-type': 'application/json' },
      body_omitted: 'too deep',
    });
  });

  it('serialises each entry once for every listener; a listener that throws fails nothing', () => {
    const journal = new Journal();
    const seen: string[] = [];
    journal.subscribe(() => {
      throw new Error('the reader went away');
    });
    journal.subscribe((_, json) => seen.push(json));
    journal.subscribe((_, json) => seen.push(json));
    expect(() => {
      journal.record(record(1));
    }).not.toThrow();
    expect(seen).toHaveLength(2);
    // The very same string: made once, not once per listener.
    expect(Object.is(seen[0], seen[1])).toBe(true);
    expect(JSON.parse(seen[0] ?? '')).toMatchObject({ id: 1, method: 'POST' });
  });
});

describe('Journal: the answer bodies it keeps', () => {
  const UTF8 = new TextEncoder();
  const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8' };

  it('keeps a JSON answer, redacts its tokens when read, and counts its bytes', () => {
    const journal = new Journal(3);
    const answer = {
      access_token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
      refresh_token: 'r-1',
      token_type: 'Bearer',
      pad: 'x'.repeat(4000),
    };
    journal.record(
      record(1, { responseHeaders: jsonHeaders, responseBody: UTF8.encode(JSON.stringify(answer)) }),
    );
    expect(journal.bytes).toBeGreaterThan(4000);
    const [entry] = journal.list().requests;
    expect(entry?.response.body).toMatchObject({
      access_token: '[REDACTED]',
      refresh_token: '[REDACTED]',
      token_type: 'Bearer',
    });
  });

  it("keeps an error body's code: it names the error, it is not an authorization code", () => {
    const journal = new Journal(3);
    const error = { error: 'no user "x"', code: 'user_not_found' };
    journal.record(
      record(1, { responseHeaders: jsonHeaders, responseBody: UTF8.encode(JSON.stringify(error)) }),
    );
    expect(journal.list().requests[0]?.response.body).toEqual(error);
  });

  it('cuts a body past 16 KiB, redacting what the cut text holds', () => {
    const journal = new Journal(3);
    const long = { id_token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig', items: 'y'.repeat(40_000) };
    journal.record(
      record(1, { responseHeaders: jsonHeaders, responseBody: UTF8.encode(JSON.stringify(long)) }),
    );
    const response = journal.list().requests[0]?.response;
    expect(response?.body_truncated).toBe(true);
    expect(typeof response?.body).toBe('string');
    expect(UTF8.encode(String(response?.body)).length).toBeLessThanOrEqual(16 * 1024);
    expect(String(response?.body)).toContain('"id_token":"[REDACTED]"');
    expect(journal.bytes).toBeLessThan(20 * 1024);
  });

  it('keeps no page, document or stream: only why', () => {
    const journal = new Journal(3);
    journal.record(
      record(1, {
        responseHeaders: { 'Content-Type': 'text/html' },
        responseBody: UTF8.encode('<p>code=abc</p>'),
      }),
    );
    journal.record(record(2, { responseHeaders: {}, responseBody: 'stream' }));
    const [second, first] = journal.list().requests;
    expect(first?.response).toEqual({ headers: { 'content-type': 'text/html' }, body_omitted: 'not JSON' });
    expect(second?.response.body_omitted).toBe('stream');
  });
});
