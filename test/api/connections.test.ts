/**
 * Connections (docs/running.md, `--max-connections`): at most that many open at once over every listener. A new
 * connection past it closes the longest-idle one with no request in flight, so idle sockets can neither use up the
 * process's file descriptors nor lock a new client out; only when every connection has a request in flight is the
 * new one closed at once.
 */
import { execFileSync } from 'node:child_process';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config.ts';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { SMALL_FIXTURES, SPECS } from '../support/harness.ts';
import { closedWithin, openSocket } from '../support/raw-socket.ts';

let mock: RunningMockInternals | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await mock?.close(0);
  mock = undefined;
});

/** The soft limit on open files of this process (its children inherit it). */
function openFileLimit(): number {
  const text = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  return text === 'unlimited' ? Infinity : Number(text);
}

async function start(maxConnections?: number): Promise<RunningMockInternals> {
  mock = await startMockInternals({
    port: 0,
    specs: SPECS,
    fixtures: SMALL_FIXTURES,
    ...(maxConnections === undefined ? {} : { maxConnections }),
  });
  return mock;
}

async function health(running: RunningMockInternals): Promise<number | string> {
  try {
    const res = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/health`, {
      signal: AbortSignal.timeout(2_000),
      headers: { Connection: 'close' },
    });
    return res.status;
  } catch (error) {
    return error instanceof Error ? error.name : 'failed';
  }
}

/** Sends the headers of a request whose body never comes: the request stays in flight. */
function inFlight(socket: Socket): void {
  socket.write(
    'POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
  );
}

describe('--max-connections', () => {
  it('idle connections give their place: a new client is served, the longest-idle socket is closed', async () => {
    const running = await start(5);
    for (let i = 0; i < 5; i++) sockets.push(await openSocket(running.port));
    expect(await health(running)).toBe(200);
    const [oldest] = sockets;
    if (oldest === undefined) throw new Error('no socket');
    expect(await closedWithin(oldest, 1_000)).toBe(true);
    expect(await closedWithin(sockets[4] ?? oldest, 200)).toBe(false);
  });

  it('one connection past the limit, while every one has a request in flight, is closed at once; once one ends, the next is served', async () => {
    const running = await start(5);
    for (let i = 0; i < 5; i++) {
      const socket = await openSocket(running.port);
      inFlight(socket);
      sockets.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = await openSocket(running.port);
    sockets.push(extra);
    expect(await closedWithin(extra, 1_000)).toBe(true);
    expect(await health(running)).not.toBe(200);
    sockets.shift()?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await health(running)).toBe(200);
  });

  it(`1 050 idle sockets against the default of ${DEFAULTS.maxConnections}: the 50 longest idle are closed, a new client is served at once (they locked everyone out for ~75 s)`, async () => {
    // Both ends of every socket live in this process: it needs twice as many descriptors.
    const limit = openFileLimit();
    const max = limit >= 2 * 1_050 + 200 ? DEFAULTS.maxConnections : Math.floor((limit - 200) / 2.1);
    const running = await start(max === DEFAULTS.maxConnections ? undefined : max);
    const total = Math.round(max * 1.05);
    // Opened 200 at a time: more at once overflow the listen backlog (511) on a busy machine, and the kernel then
    // completes some connections only seconds later, when it resends its SYN-ACK.
    const opened: Socket[] = [];
    for (let from = 0; from < total; from += 200) {
      const batch = Array.from({ length: Math.min(200, total - from) }, () => openSocket(running.port));
      opened.push(...(await Promise.all(batch)));
    }
    sockets.push(...opened);
    const closed = await Promise.all(opened.map((socket) => closedWithin(socket, 3_000)));
    expect(closed.filter(Boolean).length).toBeGreaterThanOrEqual(total - max);
    const started = performance.now();
    expect(await health(running)).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 60_000);
});
