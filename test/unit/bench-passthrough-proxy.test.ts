/** The bench's pass-through proxy baseline forwards requests and answers unchanged (ports 0 only). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPassthroughProxy } from '../../bench/passthrough-proxy.ts';

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
    });
  });
const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  });

describe('createPassthroughProxy', () => {
  const upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(req.url === '/missing' ? 404 : 201, {
        'Content-Type': 'application/json',
        'X-Seen-Host': req.headers.host ?? '',
        'X-Total-Count': '7',
      });
      res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization, body }));
    });
  });
  let upstreamUrl = '';
  let proxy: Server | undefined;
  let proxyUrl = '';

  beforeAll(async () => {
    upstreamUrl = await listen(upstream);
    proxy = createPassthroughProxy(upstreamUrl);
    proxyUrl = await listen(proxy);
  });

  afterAll(async () => {
    if (proxy !== undefined) await close(proxy);
    await close(upstream);
  });

  it('forwards method, path, query, headers and body, and returns status, headers and body unchanged', async () => {
    const res = await fetch(`${proxyUrl}/users?page=2&search=a%20b`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-total-count')).toBe('7');
    expect(res.headers.get('x-seen-host')).toBe(new URL(upstreamUrl).host);
    expect(await res.json()).toEqual({
      method: 'POST',
      url: '/users?page=2&search=a%20b',
      auth: 'Bearer t',
      body: '{"x":1}',
    });
  });

  it('passes an error status through as is', async () => {
    expect((await fetch(`${proxyUrl}/missing`)).status).toBe(404);
  });

  it('answers 502 naming the cause when the upstream cannot be reached', async () => {
    const dead = createPassthroughProxy('http://127.0.0.1:1');
    const url = await listen(dead);
    try {
      const res = await fetch(`${url}/health`);
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(/^upstream: connect ECONNREFUSED/);
    } finally {
      await close(dead);
    }
  });
});
