/**
 * The documents as served, `/docs`, the console's routes for browsers and for JSON clients, and the journal as
 * server-sent events (docs/console.md).
 */
import { load } from 'js-yaml';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMock } from '../../src/mock.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { harness, SPECS, SMALL_FIXTURES, NOW } from '../support/harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { passwordFields } from '../support/auth.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

type Doc = Record<string, unknown> & { paths: Record<string, Record<string, { operationId?: string }>> };

/** The URLs of a document's top-level `servers`. */
function serverUrls(doc: Doc): string[] {
  return (doc['servers'] as { url: string }[]).map((server) => server.url);
}

/** `path method operationId` of every operation of a document. */
function operations(doc: Doc): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => `${path} ${method} ${op.operationId ?? ''}`),
    )
    .sort();
}

describe('the served documents', () => {
  const h = harness();

  it('GET /openapi.json: the paths and operationIds of spec/openapi.yaml, servers set to the URL reached', async () => {
    const res = await h.get('/openapi.json', { headers: { Host: 'mock.test:9999' } });
    expect(res.status).toBe(200);
    const doc = res.body as Doc;
    expect(operations(doc)).toEqual(operations(SPECS.api.doc as Doc));
    expect(serverUrls(doc)).toEqual(['http://mock.test:9999']);
    // The authorization server's operations share this listener, so they name the same URL.
    const token = doc.paths['/oauth/token'] as unknown as { servers: { url: string }[] };
    expect(token.servers.map((s) => s.url)).toEqual(['http://mock.test:9999']);
  });

  it('GET /openapi.yaml: the same document as YAML', async () => {
    const res = await h.get('/openapi.yaml', { headers: { Host: 'localhost:8080' }, unchecked: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    const doc = load(res.text) as Doc;
    expect(operations(doc)).toEqual(operations(SPECS.api.doc as Doc));
    expect(serverUrls(doc)).toEqual(['http://localhost:8080']);
    expect(doc['components']).toEqual(SPECS.api.doc['components']);
  });

  it('GET /__admin/openapi.yaml: spec/admin.yaml with servers at /__admin of the URL reached', async () => {
    // The control plane answers only the names of this server (`--allowed-host` adds one).
    const mock = buildMock({ specs: SPECS, fixtures: SMALL_FIXTURES, allowedHosts: ['mock.test'] });
    const res = await request(mock.app).get('/__admin/openapi.yaml').set('Host', 'mock.test:7');
    expect(res.status).toBe(200);
    const doc = load(res.text) as Doc;
    expect(operations(doc)).toEqual(operations(SPECS.admin.doc as Doc));
    expect(serverUrls(doc)).toEqual(['http://mock.test:7/__admin']);
  });

  it('names the authorization server of its own listener in its operations', async () => {
    const mock = buildMock({
      specs: SPECS,
      fixtures: SMALL_FIXTURES,
      separateAuthServer: true,
      issuer: 'http://auth.test:7000/',
    });
    const doc = (await request(mock.app).get('/openapi.json').set('Host', 'api.test:6000')).body as Doc;
    expect(serverUrls(doc)).toEqual(['http://api.test:6000']);
    for (const path of ['/oauth/token', '/.well-known/jwks.json', '/.well-known/openid-configuration']) {
      const item = doc.paths[path] as unknown as { servers: { url: string }[] };
      expect(
        item.servers.map((s) => s.url),
        path,
      ).toEqual(['http://auth.test:7000']);
    }
  });

  it('honours X-Forwarded-* only behind a trusted proxy', async () => {
    const trusted = buildMock({ specs: SPECS, fixtures: SMALL_FIXTURES, trustProxy: true });
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'mock.example' };
    const viaProxy = await request(trusted.app).get('/openapi.json').set(forwarded);
    expect(serverUrls(viaProxy.body as Doc)).toEqual(['https://mock.example']);
    const direct = await request(h.mock.app).get('/openapi.json').set(forwarded).set('Host', 'mock.test');
    expect(serverUrls(direct.body as Doc)).toEqual(['http://mock.test']);
  });
});

describe('GET /docs', () => {
  const h = harness();

  it('is an HTML page that loads only this server, with the known accounts for its token control', async () => {
    const res = await h.get('/docs', { unchecked: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const sources = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.every((url) => url?.startsWith('/'))).toBe(true);
    const data = JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(res.text)?.[1] ?? '{}',
    ) as {
      accounts: { email: string }[];
      client: { id: string };
    };
    expect(data.accounts.map((a) => a.email)).toEqual([
      'admin@example.com',
      'user@example.com',
      'client@example.com',
    ]);
    expect(data.client.id).toBe('mock-client');
  });

  it.each([
    ['swagger-ui-bundle.js', /^text\/javascript/],
    ['swagger-ui.css', /^text\/css/],
    ['docs.js', /^text\/javascript/],
    ['docs.css', /^text\/css/],
  ])('serves %s', async (name, type) => {
    const res = await h.get(`/docs/${name}`, { unchecked: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
  });

  // spec/openapi.yaml lists the files by name (`asset` is an enum): any other name is refused before a file is read.
  it.each(['index.html', 'package.json', '..%2Fpackage.json', '.env'])('refuses %s (400)', async (name) => {
    const res = await h.get(`/docs/${name}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      details: [{ location: 'path', name: 'asset' }],
    });
  });
});

describe('GET /favicon.ico', () => {
  const h = harness();

  it('answers with a 32×32 icon, kept a day, recorded in the journal like any page file', async () => {
    const res = await h.get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const icon = res.body as Buffer;
    // An ICO directory of one image (type 1, count 1), 32×32, holding a PNG.
    expect([...icon.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
    expect(icon.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
    const head = await h.send('HEAD', '/favicon.ico', { unchecked: true });
    expect(head.status).toBe(200);
    expect(h.mock.control.journal.list({ path: '/favicon.ico' }).total).toBe(2);
  });
});

describe('GET / and the console page', () => {
  it('sends a browser to the console; JSON clients keep the JSON 404', async () => {
    const h = harness();
    const browser = await h.get('/', { headers: { Accept: BROWSER_ACCEPT }, unchecked: true });
    expect(browser.status).toBe(302);
    expect(browser.headers['location']).toBe('/__admin/ui/');
    for (const accept of [undefined, '*/*', 'application/json']) {
      const res = await h.get('/', accept === undefined ? {} : { headers: { Accept: accept } });
      expect(res.status, `Accept: ${String(accept)}`).toBe(404);
      expect(res.body).toEqual({
        error: 'no route GET "/"; the routes are in spec/openapi.yaml',
        code: 'not_found',
      });
    }
  });

  it('serves the console page and its files; other names are 400', async () => {
    const { mock } = harness();
    const page = await request(mock.app).get('/__admin/ui/').set('Accept', BROWSER_ACCEPT);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script src="console.js"></script>');
    expect((await request(mock.app).get('/__admin/ui/console.js')).status).toBe(200);
    expect((await request(mock.app).get('/__admin/ui/console.css')).headers['content-type']).toMatch(
      /^text\/css/,
    );
    expect((await request(mock.app).get('/__admin/ui/secret.txt')).status).toBe(400);
  });

  it('with --admin-token: the page loads without the token, the admin API still needs it', async () => {
    const { mock } = harness({ adminToken: 'T0ken' });
    expect((await request(mock.app).get('/__admin/ui/')).status).toBe(200);
    expect((await request(mock.app).get('/__admin/openapi.yaml')).status).toBe(200);
    expect((await request(mock.app).get('/__admin/requests/stream')).status).toBe(401);
    expect((await request(mock.app).get('/__admin/requests')).status).toBe(401);
  });

  it('with --no-admin: no console; a browser at / is sent to /docs', async () => {
    const { mock } = harness({ admin: false });
    expect((await request(mock.app).get('/__admin/ui/')).status).toBe(404);
    const home = await request(mock.app).get('/').set('Accept', BROWSER_ACCEPT);
    expect(home.status).toBe(302);
    expect(home.headers['location']).toBe('/docs');
    expect((await request(mock.app).get('/docs')).status).toBe(200);
  });
});

describe('GET /__admin/requests/stream', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ specs: SPECS, fixtures: SMALL_FIXTURES, now: () => NOW });
  });
  afterAll(async () => {
    await mock.close();
  });

  /** Opens the stream; `next()` resolves to the next `request` event's entry. */
  async function subscribe(
    session?: string,
    url = mock.url,
  ): Promise<{ next(): Promise<Record<string, unknown>>; ended(): Promise<boolean>; close(): void }> {
    const controller = new AbortController();
    const res = await fetch(`${url}/__admin/requests/stream`, {
      signal: controller.signal,
      headers: session === undefined ? {} : { 'X-Mock-Session': session },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-api-version')).toBe('v1');
    if (res.body === null) throw new Error('the stream has no body');
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    return {
      async next() {
        for (;;) {
          const match = /event: request\nid: (\d+)\ndata: (.*)\n\n/.exec(buffer);
          if (match !== null) {
            buffer = buffer.slice(match.index + match[0].length);
            const entry = JSON.parse(match[2] ?? '') as Record<string, unknown>;
            expect(entry['id']).toBe(Number(match[1]));
            return entry;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('the stream ended');
          buffer += value;
        }
      },
      async ended() {
        for (;;) {
          const { done } = await reader.read();
          if (done) return true;
        }
      },
      close: () => {
        controller.abort();
      },
    };
  }

  it('sends each request answered after subscribing, secrets redacted', async () => {
    const stream = await subscribe();
    const token = await fetch(`${mock.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(passwordFields('admin@example.com')),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    await fetch(`${mock.url}/users?page_size=2`, { headers: { Authorization: `Bearer ${access_token}` } });
    const first = await stream.next();
    expect(first).toMatchObject({ method: 'POST', path: '/oauth/token', status: 200 });
    expect(first['request']).toMatchObject({ body: { password: '[REDACTED]', client_secret: '[REDACTED]' } });
    const second = await stream.next();
    expect(second).toMatchObject({ method: 'GET', path: '/users', query: { page_size: '2' }, status: 200 });
    expect(second['request']).toMatchObject({ headers: { authorization: 'Bearer [REDACTED]' } });
    expect(JSON.stringify([first, second])).not.toContain(access_token);
    expect(JSON.stringify([first, second])).not.toContain('Passw0rd!');
    stream.close();
  });

  it("follows the X-Mock-Session of its request: a session's requests reach its stream only", async () => {
    const inA = await subscribe('suite-a');
    const inDefault = await subscribe();
    const token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
    const auth = { Authorization: `Bearer ${token}` };
    const a = await fetch(`${mock.url}/users?page_size=1`, {
      headers: { ...auth, 'X-Mock-Session': 'suite-a' },
    });
    expect(a.status).toBe(200);
    expect((await fetch(`${mock.url}/users?page_size=2`, { headers: auth })).status).toBe(200);
    // The default stream's first event is the default request: session A's went to A's stream only.
    const seenByDefault = await inDefault.next();
    expect(seenByDefault).toMatchObject({ path: '/users', query: { page_size: '2' } });
    expect(seenByDefault).not.toHaveProperty('session');
    expect(await inA.next()).toMatchObject({ path: '/users', query: { page_size: '1' }, session: 'suite-a' });
    // Dropping the session ends its stream (a reader reconnects to the session its id names next).
    const dropped = await fetch(`${mock.url}/__admin/sessions/suite-a`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(dropped.status).toBe(204);
    expect(await inA.ended()).toBe(true);
    inDefault.close();
    inA.close();
  });

  it('ends the stream of a session evicted past --max-sessions, or expired', async () => {
    const clock = new ManualClock(NOW);
    const small = await startMock({
      specs: SPECS,
      fixtures: SMALL_FIXTURES,
      maxSessions: 1,
      sessionTtl: 120,
      now: clock.now,
    });
    try {
      const inA = await subscribe('suite-a', small.url);
      // A second named session evicts suite-a, the least recently used, once it has been idle 60 s.
      clock.advanceSeconds(60);
      expect((await fetch(`${small.url}/health`, { headers: { 'X-Mock-Session': 'suite-b' } })).status).toBe(
        200,
      );
      expect(await inA.ended()).toBe(true);
      const inB = await subscribe('suite-b', small.url);
      clock.advanceSeconds(121);
      // Listing the sessions finds suite-b expired.
      const listed = (await (await fetch(`${small.url}/__admin/sessions`)).json()) as { sessions: unknown[] };
      expect(listed.sessions).toEqual([]);
      expect(await inB.ended()).toBe(true);
    } finally {
      await small.close();
    }
  });

  /** Waits (at most 2 s) until the journal has `count` subscribers; resolves to the number it has then. */
  async function subscribersSettleAt(count: number): Promise<number> {
    for (let i = 0; i < 200 && mock.control.journal.subscribers !== count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return mock.control.journal.subscribers;
  }

  it('frees the subscription of a client that closes', async () => {
    expect(await subscribersSettleAt(0)).toBe(0);
    const stream = await subscribe();
    expect(mock.control.journal.subscribers).toBe(1);
    stream.close();
    expect(await subscribersSettleAt(0)).toBe(0);
  });

  it('lets the server close while a stream is open', async () => {
    const other = await startMock({ specs: SPECS, fixtures: SMALL_FIXTURES });
    const res = await fetch(`${other.url}/__admin/requests/stream`);
    expect(other.control.journal.subscribers).toBe(1);
    // A grace longer than the test's timeout: closing must not wait for the stream.
    await other.close(600_000);
    expect(other.control.journal.subscribers).toBe(0);
    await res.body?.cancel().catch(() => undefined);
  });
});
