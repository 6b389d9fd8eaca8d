/**
 * Journal streams on a shared server (docs/control-plane.md "The journal, live"): at most 32 open in the whole
 * server, a reader that stops reading is let go, and HEAD of the stream ends at once. What one event costs the
 * server with 32 readers against none is measured in docs/performance.md, not here.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS } from '../../src/control/journal-streams.ts';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { passwordFields } from '../support/auth.ts';
import { SMALL_FIXTURES, SPECS } from '../support/harness.ts';
import { rawRequest } from '../support/raw-socket.ts';

let mock: RunningMockInternals;
let base: string;

beforeAll(async () => {
  mock = await startMockInternals({ port: 0, specs: SPECS, fixtures: SMALL_FIXTURES });
  base = mock.url.replace('localhost', '127.0.0.1');
});

afterAll(async () => {
  await mock.close(0);
});

async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('journal streams', () => {
  it(`${MAX_STREAMS} open at once in the whole server; one more is 503 too_many_streams until one closes (1 000 streams made each request cost 22 ms)`, async () => {
    const controllers = Array.from({ length: MAX_STREAMS }, () => new AbortController());
    const open = await Promise.all(
      controllers.map((controller, i) =>
        fetch(`${base}/__admin/requests/stream`, {
          signal: controller.signal,
          headers: { 'X-Mock-Session': `reader-${i % 4}` },
        }),
      ),
    );
    expect(open.map((res) => res.status)).toEqual(Array.from({ length: MAX_STREAMS }, () => 200));
    const refused = await fetch(`${base}/__admin/requests/stream`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_streams');
    // Every reader still gets each event.
    await fetch(`${base}/health`, { headers: { 'X-Mock-Session': 'reader-0' } });
    controllers[0]?.abort();
    await until(() => mock.services.streams.size === MAX_STREAMS - 1, 5_000);
    const again = new AbortController();
    const reopened = await fetch(`${base}/__admin/requests/stream`, { signal: again.signal });
    expect(reopened.status).toBe(200);
    again.abort();
    for (const controller of controllers) controller.abort();
    await until(() => mock.services.streams.size === 0, 5_000);
  }, 20_000);

  it('a reader that stops reading is disconnected once more than 1 MiB behind; the others carry on', async () => {
    const stalled = connect(mock.port, '127.0.0.1');
    stalled.write('GET /__admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mock-Session: slow\r\n\r\n');
    stalled.pause();
    await until(() => mock.services.streams.size === 1, 2_000);
    // A reader of the same session that keeps up.
    const healthy = new AbortController();
    const reading = await fetch(`${base}/__admin/requests/stream`, {
      signal: healthy.signal,
      headers: { 'X-Mock-Session': 'slow' },
    });
    let events = 0;
    void (async () => {
      const reader = reading.body?.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (chunk === undefined || chunk.done) return;
        events += (chunk.value.match(/event: request/g) ?? []).length;
      }
    })();
    const big = JSON.stringify({ ...passwordFields('admin@example.com'), pad: 'x'.repeat(15_500) });
    let sent = 0;
    // The socket buffers take the first few MiB; then the server's own backlog passes 1 MiB and it lets go.
    while (mock.services.streams.size > 1 && sent < 2_000) {
      const res = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'slow' },
        body: big,
      });
      await res.arrayBuffer();
      sent++;
    }
    expect(mock.services.streams.size).toBe(1);
    await until(() => events === sent, 10_000);
    healthy.abort();
    expect((await fetch(`${base}/health`)).status).toBe(200);
    stalled.destroy();
  }, 60_000);

  it('HEAD of the stream answers its headers and ends at once', async () => {
    const raw = await rawRequest(
      mock.port,
      'HEAD /__admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      2_000,
    );
    expect(raw.status).toBe(200);
    expect(raw.closed).toBe(true);
    expect(raw.text).toContain('text/event-stream');
    expect(mock.services.streams.size).toBe(0);
  });
});
