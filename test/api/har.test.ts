/**
 * The journal as HAR 1.2 (docs/control-plane.md): `?format=har` and `Accept: application/har+json` answer the
 * session's entries oldest first, valid against the HAR 1.2 structure and spec/admin.yaml, redacted as the
 * journal is, and `@msw/source`'s `fromTraffic` turns the archive into handlers that answer the recorded requests
 * as the mock did, with the mock gone.
 */
import { fromTraffic } from '@msw/source/traffic';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Har } from '../../src/control/har.ts';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { adminChecker } from '../support/admin-client.ts';
import { passwordFields } from '../support/auth.ts';
import { HAR_1_2 } from '../support/har-schema.ts';

const SESSION = 'har-suite';
let mock: RunningMockInternals;
let token: string;
/** What the mock answered, in order: method, URL, status, body text. */
const answered: { method: string; url: string; status: number; text: string }[] = [];

async function send(method: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-mock-session', SESSION);
  const url = `${mock.url}${path}`;
  const res = await fetch(url, { ...init, method, headers });
  answered.push({ method, url, status: res.status, text: await res.clone().text() });
  return res;
}

beforeAll(async () => {
  mock = await startMockInternals({ port: 0, users: 200 });
  const grant = await send('POST', '/oauth/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      passwordFields('admin@example.com', 'Passw0rd!', { scope: 'openid offline_access' }),
    ).toString(),
  });
  token = ((await grant.json()) as { access_token: string }).access_token;
  const auth = { authorization: `Bearer ${token}` };
  await send('GET', '/users?page_size=2', { headers: auth });
  await send('GET', '/users/00000000-0000-4000-8000-000000000000', { headers: auth });
  await send('GET', '/users?page_size=100', { headers: auth });
});

afterAll(async () => {
  await mock.close();
});

async function har(
  init: { query?: string; accept?: string } = {},
): Promise<{ res: Response; har: Har; text: string }> {
  const res = await fetch(`${mock.url}/__admin/requests${init.query ?? ''}`, {
    headers: { 'x-mock-session': SESSION, ...(init.accept === undefined ? {} : { accept: init.accept }) },
  });
  const text = await res.text();
  return { res, har: JSON.parse(text) as Har, text };
}

describe('GET /__admin/requests as HAR 1.2', () => {
  it('?format=har and Accept: application/har+json answer the same archive, oldest first', async () => {
    const byQuery = await har({ query: '?format=har' });
    const byAccept = await har({ accept: 'application/har+json' });
    expect(byQuery.res.status).toBe(200);
    expect(byQuery.res.headers.get('content-type')).toBe('application/har+json');
    expect(byAccept.har).toEqual(byQuery.har);
    const { entries } = byQuery.har.log;
    expect(entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual(
      answered.map((a) => `${a.method} ${new URL(a.url).pathname}`),
    );
    // `?format=json` keeps the journal's own shape whatever Accept says.
    const json = await har({ query: '?format=json', accept: 'application/har+json' });
    expect(json.res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('is valid against the HAR 1.2 structure and spec/admin.yaml', async () => {
    const { res, har: archive } = await har({ query: '?format=har' });
    const validate = new Ajv2020({ strict: false }).compile(HAR_1_2);
    expect(validate(archive), JSON.stringify(validate.errors)).toBe(true);
    const headers = Object.fromEntries(res.headers.entries());
    expect(
      adminChecker.check({ method: 'GET', path: '/requests', status: 200, headers, body: archive }),
    ).toEqual([]);
    expect(archive.log.creator.name).toBe('identity-mock');
  });

  it('is redacted as the journal is: credentials, passwords, secrets and tokens; an error code stays', async () => {
    const { har: archive, text } = await har({ query: '?format=har' });
    expect(text).not.toContain(token);
    expect(text).not.toContain('Passw0rd!');
    expect(text).not.toContain('mock-secret');
    const [grant, , missing, long] = archive.log.entries;
    expect(grant?.request.postData?.text).toContain('password=%5BREDACTED%5D');
    expect(JSON.parse(grant?.response.content.text ?? '{}')).toMatchObject({
      access_token: '[REDACTED]',
      refresh_token: '[REDACTED]',
      id_token: '[REDACTED]',
    });
    const authorization = archive.log.entries[1]?.request.headers.find((h) => h.name === 'authorization');
    expect(authorization?.value).toBe('Bearer [REDACTED]');
    expect(missing?.response.status).toBe(405);
    expect(JSON.parse(missing?.response.content.text ?? '{}')).toMatchObject({ code: 'method_not_allowed' });
    // A page past 16 KiB is kept as its first 16 KiB, and says so.
    expect(new TextEncoder().encode(long?.response.content.text ?? '').length).toBeLessThanOrEqual(16 * 1024);
    expect(long?.response.content.comment).toMatch(/16 KiB/);
  });

  it("turns into msw handlers (@msw/source's fromTraffic) that answer the recorded requests, without the mock", async () => {
    const { har: archive } = await har({ query: '?format=har' });
    // The cut page cannot be replayed whole; the others are answered as recorded.
    const replayable = {
      log: {
        ...archive.log,
        entries: archive.log.entries.filter((e) => e.response.content.comment === undefined),
      },
    };
    const server = setupServer(...fromTraffic(replayable as unknown as Parameters<typeof fromTraffic>[0]));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      for (const entry of replayable.log.entries) {
        const recorded = answered.find(
          (a) => a.url === entry.request.url && a.method === entry.request.method,
        );
        expect(recorded).toBeDefined();
        const res = await fetch(entry.request.url, {
          method: entry.request.method,
          ...(entry.request.postData === undefined
            ? {}
            : {
                body: entry.request.postData.text,
                headers: { 'content-type': entry.request.postData.mimeType },
              }),
        });
        expect(res.status).toBe(recorded?.status);
        const body = await res.json();
        expect(body).toEqual(JSON.parse(entry.response.content.text ?? 'null'));
        if (entry.request.method === 'GET') expect(body).toEqual(JSON.parse(recorded?.text ?? 'null'));
      }
    } finally {
      server.close();
    }
  });
});
