/**
 * The connection rule of the server and the drift proxy (`adapters/node/connection-cap.ts`): a new connection past
 * the cap closes the longest-idle one; a connection that sends no complete request line and headers within the
 * header timeout of connecting, or of its last answer, is closed (a short timeout here; 10 s by default).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { capConnections, HEADER_TIMEOUT_MS } from '../../src/adapters/node/connection-cap.ts';
import { closedWithin, openSocket } from '../support/raw-socket.ts';

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => {
    if (server === undefined) resolve();
    else
      server.close(() => {
        resolve();
      });
  });
  server = undefined;
});

async function serve(
  max: number,
  headerTimeoutMs: number,
): Promise<{ port: number; cap: ReturnType<typeof capConnections> }> {
  // Answers once the request's body has come: a request whose body never comes stays in flight.
  const listener = createServer((req, res) => {
    req.resume();
    req.once('end', () => res.end('ok'));
  });
  server = listener;
  const cap = capConnections([listener], { max, headerTimeoutMs });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return { port: (listener.address() as AddressInfo).port, cap };
}

describe('capConnections', () => {
  it('is 10 s by default', () => {
    expect(HEADER_TIMEOUT_MS).toBe(10_000);
  });

  it('closes a connection that sends nothing, or only part of its headers, within the timeout', async () => {
    const { port } = await serve(10, 300);
    const silent = await openSocket(port);
    const slow = await openSocket(port);
    sockets.push(silent, slow);
    slow.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => {
      slow.write('X-A: b\r\n');
    }, 50);
    try {
      expect(await closedWithin(silent, 2_000)).toBe(true);
      expect(await closedWithin(slow, 2_000)).toBe(true);
    } finally {
      clearInterval(drip);
    }
  });

  it('keeps a connection whose request came in time, and times it again from its answer', async () => {
    const { port } = await serve(10, 300);
    const socket = await openSocket(port);
    sockets.push(socket);
    const answered = new Promise<string>((resolve) =>
      socket.once('data', (chunk: Buffer) => {
        resolve(chunk.toString());
      }),
    );
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    expect(await closedWithin(socket, 2_000)).toBe(true);
  });

  it('replaces the longest-idle connection; refuses a new one only when every one has a request in flight', async () => {
    const { port, cap } = await serve(2, 5_000);
    const first = await openSocket(port);
    const second = await openSocket(port);
    sockets.push(first, second);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await openSocket(port);
    sockets.push(third);
    expect(await closedWithin(first, 1_000)).toBe(true);
    expect(cap.replaced).toBe(1);
    for (const busy of [second, third])
      busy.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fourth = await openSocket(port);
    sockets.push(fourth);
    expect(await closedWithin(fourth, 1_000)).toBe(true);
    expect(cap.refused).toBe(1);
    expect(await closedWithin(second, 100)).toBe(false);
  });
});
