/**
 * The drift proxy's own bounds (docs/drift.md): an absolute-form request line is 400 and never forwarded (with the
 * client's Authorization); the server's connection rule; `/__admin/drift` only for an allowed Host; a client that
 * stops reading is no `upstream_timeout`; `--report`/`--record` never written through a symlink, 0600 with PII.
 * And `identity-mock drift` stops reading an endless answer (16 MiB, `--upstream-timeout` in all).
 */
import { mkdtempSync, lstatSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriftProxy, type RunningProxy } from '../../src/adapters/node/drift-proxy.ts';
import { probeSender, ANSWER_LIMIT } from '../../src/adapters/node/probe-sender.ts';
import { createUpstream } from '../../src/adapters/node/upstream.ts';
import { UpstreamFailure } from '../../src/drift/upstream-failure.ts';
import { writeFileAtomic } from '../../src/platform/node/atomic-file.ts';
import { SPECS } from '../support/harness.ts';
import { closedWithin, openSocket, rawRequest } from '../support/raw-socket.ts';

const doc = SPECS.api.doc;

/** A service that records what it got, answers `/big` with `size` bytes, and `/endless` forever. */
function service(): Promise<{ server: Server; url: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    received.push(`${req.method ?? ''} ${req.url ?? ''} ${req.headers.authorization ?? ''}`);
    res.once('close', () => received.push(`closed ${req.url ?? ''}`));
    if (req.url === '/endless') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = (): void => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      pump();
      return;
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(Buffer.alloc(32 * 1024 * 1024, 120));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received });
    });
  });
}

describe('the drift proxy', () => {
  let upstream: Awaited<ReturnType<typeof service>>;
  let proxy: RunningProxy;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    upstream = await service();
    proxy = await startDriftProxy({ upstream: upstream.url, doc, timeoutMs: 500, maxConnections: 4 });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await proxy.close(0);
    upstream.server.closeAllConnections();
    upstream.server.close();
  });

  it('answers an absolute-form request line with 400 and forwards nothing (it sent the Authorization on)', async () => {
    const answer = await rawRequest(
      proxy.port,
      'GET http://internal-admin.example/ HTTP/1.1\r\nHost: internal-admin.example\r\nAuthorization: Bearer secret\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('origin-form');
    expect(upstream.received.filter((line) => line.includes('secret'))).toEqual([]);
  });

  it('answers /__admin/drift only for an allowed Host', async () => {
    const evil = await rawRequest(proxy.port, 'GET /__admin/drift HTTP/1.1\r\nHost: evil.example\r\n\r\n');
    expect(evil.status).toBe(403);
    expect(evil.text).toContain('host_not_allowed');
    const own = await rawRequest(proxy.port, 'GET /__admin/drift HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(own.status).toBe(200);
  });

  it('keeps the connection rule: idle sockets give their place to a new client', async () => {
    for (let i = 0; i < 4; i++) sockets.push(await openSocket(proxy.port));
    const answer = await rawRequest(proxy.port, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 1_000);
    expect(answer.status).toBe(200);
    expect(await closedWithin(sockets[0] ?? (await openSocket(proxy.port)), 1_000)).toBe(true);
  });

  it('counts no upstream_timeout when the client stops reading', async () => {
    await rawRequest(proxy.port, 'DELETE /__admin/drift HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const reader = await openSocket(proxy.port);
    sockets.push(reader);
    reader.pause();
    reader.write('GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Held back past the 500 ms timeout: the proxy gives up on the exchange (its request to the service ends), and
    // blames nobody.
    for (let i = 0; i < 100 && !upstream.received.includes('closed /big'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(upstream.received).toContain('closed /big');
    const listing = await rawRequest(proxy.port, 'GET /__admin/drift HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(listing.text).not.toContain('upstream_timeout');
  }, 15_000);
});

describe('drift: an endless answer (32.7 GB were read in 60 s)', () => {
  let upstream: Awaited<ReturnType<typeof service>>;

  beforeAll(async () => {
    upstream = await service();
  });

  afterAll(() => {
    upstream.server.closeAllConnections();
    upstream.server.close();
  });

  it(`stops reading after ${ANSWER_LIMIT / 1024 / 1024} MiB: answer_too_large`, async () => {
    const send = probeSender(
      createUpstream(new URL(upstream.url), { timeoutMs: 30_000, insecure: false }),
      undefined,
    );
    const failure = await send({ method: 'GET', target: '/big' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect((failure as UpstreamFailure).kind).toBe('answer_too_large');
  });

  it('stops reading after --upstream-timeout in all: upstream_timeout', async () => {
    const send = probeSender(
      createUpstream(new URL(upstream.url), { timeoutMs: 300, insecure: false }),
      undefined,
    );
    const started = performance.now();
    // An endless answer at a trickle: never more than the size limit within the time limit.
    const failure = await send({ method: 'GET', target: '/endless' }).catch((error: unknown) => error);
    expect((failure as UpstreamFailure).kind).toMatch(/^(upstream_timeout|answer_too_large)$/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('--report and --record files', () => {
  it('are written to a new file renamed into place: a symlink at the path is replaced, never written through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'identity-mock-atomic-'));
    try {
      const victim = join(dir, 'victim.txt');
      writeFileSync(victim, 'keep me');
      const path = join(dir, 'drift-report.json');
      symlinkSync(victim, path);
      writeFileAtomic(path, '{"findings":[]}\n');
      expect(readFileSync(victim, 'utf8')).toBe('keep me');
      expect(lstatSync(path).isSymbolicLink()).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe('{"findings":[]}\n');
      const pii = join(dir, 'users.json');
      writeFileAtomic(pii, '[]\n', 0o600);
      expect(statSync(pii).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
