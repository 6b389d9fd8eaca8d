/**
 * No request ends the process or answers 500 (docs/responses.md, docs/control-plane.md): each way that once took the
 * server down, reproduced over a real socket as it was found, with the answer it gets now and the server still
 * answering after. Time bounds here tell "answers" from "hangs", not speed.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/pipeline/body.ts';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { passwordFields } from '../support/auth.ts';
import { SMALL_FIXTURES, SPECS } from '../support/harness.ts';
import { rawRequest } from '../support/raw-socket.ts';

let mock: RunningMockInternals;
let base: string;

beforeAll(async () => {
  mock = await startMockInternals({
    port: 0,
    specs: SPECS,
    fixtures: SMALL_FIXTURES,
    validateResponses: true,
  });
  base = mock.url.replace('localhost', '127.0.0.1');
});

afterAll(async () => {
  await mock.close(0);
});

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/** Resolves once `condition()` holds; fails the test if it does not within `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function alive(): Promise<number> {
  return (await fetch(`${base}/health`)).status;
}

describe('a JSON body nested 5 000 deep (10 KB, no token)', () => {
  it('POST /oauth/token: 400 invalid_request in the RFC 6749 shape, and /health answers after (it ended the process)', async () => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'deep' },
      body: nested(5_000),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('levels deep');
    expect(await alive()).toBe(200);
    // Recorded without the body: nothing 5 000 deep is kept, serialised or streamed.
    const [entry] = await mock.session('deep').requests();
    expect(entry).toMatchObject({ method: 'POST', path: '/oauth/token', status: 400 });
    expect(Object.keys(entry?.request ?? {}).sort()).toEqual(['bodyOmitted', 'headers']);
    expect(entry?.request.bodyOmitted).toBe('too deep');
  }, 10_000);

  it('to the control plane: 400 invalid_body naming the limit; the server still answers', async () => {
    const res = await fetch(`${base}/__admin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"path":"/users","status":503,"x":${nested(5_000)}}`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe('invalid_body');
    expect(body.error).toContain(`at most ${MAX_JSON_DEPTH}`);
    expect(mock.control.faults.size).toBe(0);
    expect(await alive()).toBe(200);
  }, 10_000);

  it(`${MAX_JSON_DEPTH} levels are read as any body; ${MAX_JSON_DEPTH + 1} are not`, async () => {
    const send = async (depth: number): Promise<unknown> => {
      const res = await fetch(`${base}/__admin/seed`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"seed":1,"x":${nested(depth - 1)}}`,
      });
      expect(res.status).toBe(400);
      return res.json();
    };
    // Read, then refused by the schema for its unknown field.
    expect(await send(MAX_JSON_DEPTH)).toMatchObject({ code: 'invalid_request' });
    expect(await send(MAX_JSON_DEPTH + 1)).toMatchObject({ code: 'invalid_body' });
  });

  it('a deep body sent to an operation that reads none is not read at all', async () => {
    const res = await fetch(`${base}/health`, {
      method: 'GET',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(10_000) },
      body: null,
    });
    expect(res.status).toBe(200);
    const raw = await rawRequest(
      mock.port,
      `DELETE /users/ann.lee HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\nConnection: close\r\n\r\n${nested(5_000)}`,
    );
    expect(raw.status).toBe(401);
    expect(await alive()).toBe(200);
  });
});

describe('a stalled journal reader, a request in flight, and its session dropped', () => {
  it('the late request is answered and recorded into nothing; the stalled reader is let go; the process lives (it exited with ERR_STREAM_WRITE_AFTER_END)', async () => {
    const session = 'victim';
    // A reader that opens the stream and never reads from it.
    const stalled: Socket = connect(mock.port, '127.0.0.1');
    stalled.write(
      `GET /__admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mock-Session: ${session}\r\n\r\n`,
    );
    stalled.pause();
    await until(() => mock.services.streams.size === 1, 2_000);
    // Entries of 16 KiB fill its socket buffers.
    const big = JSON.stringify({ ...passwordFields('admin@example.com'), pad: 'x'.repeat(15_000) });
    const post = (): Promise<number> =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Mock-Session': session },
        body: big,
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    for (let i = 0; i < 40; i++) expect(await post()).toBe(200);
    const inFlight = fetch(`${base}/health`, { headers: { 'X-Mock-Session': session, Prefer: 'delay=500' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const dropped = await fetch(`${base}/__admin/sessions/${session}`, { method: 'DELETE' });
    expect(dropped.status).toBe(204);
    expect((await inFlight).status).toBe(200);
    for (let i = 0; i < 10; i++) expect(await post()).toBe(200);
    // The stream ended with its session: the server holds nothing more for the stalled reader.
    await until(() => mock.services.streams.size === 0, 2_000);
    expect(await alive()).toBe(200);
    stalled.destroy();
  }, 15_000);
});

describe('HEAD answers as GET without a body, on every route of both documents', () => {
  const ops = [
    ...SPECS.api.model.operations.map((op) => ({ op, prefix: '' })),
    ...SPECS.admin.model.operations.map((op) => ({ op, prefix: '/__admin' })),
  ].filter(({ op }) => op.method === 'get');
  const concrete: Readonly<Record<string, string>> = {
    '{workspace}': 'ws-01',
    '{asset}': 'x.css',
    '{file}': 'identity-web-identity-service.json',
  };

  it.each(ops.map(({ op, prefix }) => ({ name: `${prefix}${op.path}`, op, prefix })))(
    'HEAD $name',
    async ({ op, prefix }) => {
      const path = prefix + op.path.replace(/\{[^}]+\}/g, (param) => concrete[param] ?? 'x');
      const token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
      const headers = { Authorization: `Bearer ${token}` };
      const head = await rawRequest(
        mock.port,
        `HEAD ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        3_000,
      );
      const get = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(3_000) }).catch(
        () => undefined,
      );
      expect(head.closed, `HEAD ${path} ends at once`).toBe(true);
      expect(head.status).not.toBe(500);
      expect(head.status).toBe(get?.status);
      const [, after = ''] = head.text.split('\r\n\r\n');
      expect(after, `HEAD ${path} has no body`).toBe('');
      await get?.body?.cancel();
    },
    10_000,
  );
});

describe('request lines and Host headers no client library sends', () => {
  it('an absolute-form request line: 400 invalid_request, never 500', async () => {
    const raw = await rawRequest(
      mock.port,
      `GET http://127.0.0.1:${mock.port}/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(raw.status).toBe(400);
    expect(raw.text).toContain('absolute-form');
    expect(await alive()).toBe(200);
  });

  it.each([
    { name: 'a space', host: 'a b' },
    { name: 'angle brackets', host: '<script>' },
    { name: 'a slash', host: 'evil.example/x' },
    { name: 'a quote', host: 'a"b' },
    { name: 'an @', host: 'user@host' },
    { name: 'no value', host: '' },
  ])(
    'a Host with $name: 400 on /docs, /users, the console, never 500 (/docs answered 500)',
    async ({ host }) => {
      for (const path of ['/docs', '/users', '/__admin/ui/', '/.well-known/openid-configuration']) {
        const raw = await rawRequest(
          mock.port,
          `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        expect(raw.status, `${path} with Host ${JSON.stringify(host)}`).toBe(400);
      }
      expect(await alive()).toBe(200);
    },
  );

  it.each([
    { name: 'no Host at all (HTTP/1.1)', request: 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n' },
    { name: 'a NUL in Host', request: 'GET /health HTTP/1.1\r\nHost: a\u0000b\r\nConnection: close\r\n\r\n' },
    { name: 'a bare LF in a header', request: 'GET /health HTTP/1.1\r\nHost: a\nX: y\r\n\r\n' },
    { name: 'a broken request line', request: 'GET  HTTP/1.1\r\n\r\n' },
    {
      name: 'Content-Length and Transfer-Encoding',
      request:
        'POST /oauth/token HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    },
  ])("$name: Node's own parser answers 400; the server lives", async ({ request }) => {
    const raw = await rawRequest(mock.port, request);
    expect(raw.status).toBe(400);
    expect(await alive()).toBe(200);
  });
});
