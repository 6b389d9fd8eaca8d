/**
 * The session client's claim rules and test clock, against a stub admin API that records what it is sent and
 * answers as the admin API documents (`POST /__admin/claims` → 201 with the rule and its id; `GET /__admin/clock` →
 * `{now, frozen, offset_ms}`; `PUT|DELETE /__admin/clock`). Also how refusals that are not in the error shape
 * become `IdentityMockError`s.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IdentityMockError } from '../../src/client/identity-mock-error.ts';
import { sessionClient } from '../../src/client/session-client.ts';

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly text?: string;
}

let server: Server;
let url = '';
let seen: Seen[] = [];
/** The stub's answers by `METHOD path`, used in turn (the last one repeats). */
let answers = new Map<string, Answer[]>();

const CLOCK = { now: '2030-01-01T00:00:00.000Z', frozen: true, offset_ms: 123_456 };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw === '' ? undefined : (JSON.parse(raw) as unknown),
      });
      const queue = answers.get(`${req.method ?? ''} ${req.url ?? ''}`) ?? [];
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 404, text: 'no route' };
      const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      res.writeHead(answer.status, answer.body === undefined ? {} : { 'Content-Type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  answers = new Map();
});

const session = () => sessionClient(url, 'stubbed', { adminToken: 'T' });

describe('claims(rule)', () => {
  it('sends the rule in the admin API’s names and gives back the stored rule in camelCase', async () => {
    answers.set('POST /__admin/claims', [
      {
        status: 201,
        body: {
          id: 'c1',
          match: { user: 'user@example.com', client_id: 'spa-client', grant_type: 'authorization_code' },
          set: { 'https://example.com/tenant': 't-1', email_verified: false },
          remove: ['name'],
          token: 'both',
          times: 2,
        },
      },
    ]);
    const rule = await session().claims({
      match: { user: 'user@example.com', clientId: 'spa-client', grantType: 'authorization_code' },
      set: { 'https://example.com/tenant': 't-1', email_verified: false },
      remove: ['name'],
      token: 'both',
      times: 2,
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/__admin/claims',
        headers: expect.objectContaining({
          'x-mock-session': 'stubbed',
          'content-type': 'application/json',
          authorization: 'Bearer T',
        }) as unknown,
        body: {
          match: { user: 'user@example.com', client_id: 'spa-client', grant_type: 'authorization_code' },
          set: { 'https://example.com/tenant': 't-1', email_verified: false },
          remove: ['name'],
          token: 'both',
          times: 2,
        },
      },
    ]);
    expect(rule).toEqual({
      id: 'c1',
      match: { user: 'user@example.com', clientId: 'spa-client', grantType: 'authorization_code' },
      set: { 'https://example.com/tenant': 't-1', email_verified: false },
      remove: ['name'],
      token: 'both',
      times: 2,
    });
  });

  it('sends an empty match when the rule has none', async () => {
    answers.set('POST /__admin/claims', [{ status: 201, body: { id: 7, match: {}, set: { a: 1 } } }]);
    expect(await session().claims({ set: { a: 1 } })).toEqual({ id: '7', match: {}, set: { a: 1 } });
    expect(seen[0]?.body).toEqual({ match: {}, set: { a: 1 } });
  });

  it('throws the refusal as IdentityMockError', async () => {
    answers.set('POST /__admin/claims', [
      { status: 400, body: { error: 'token must be access, id or both', code: 'invalid_request' } },
    ]);
    const error = await session()
      .claims({ set: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityMockError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});

describe('clock', () => {
  it('get() reads the session clock in camelCase', async () => {
    answers.set('GET /__admin/clock', [{ status: 200, body: CLOCK }]);
    expect(await session().clock.get()).toEqual({ now: CLOCK.now, frozen: true, offsetMs: 123_456 });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([['GET', '/__admin/clock', undefined]]);
    expect(seen[0]?.headers['x-mock-session']).toBe('stubbed');
  });

  it('set, advance and resume PUT the documented bodies and resolve to the state answered', async () => {
    answers.set('PUT /__admin/clock', [{ status: 200, body: CLOCK }]);
    const expected = { now: CLOCK.now, frozen: true, offsetMs: 123_456 };
    expect(await session().clock.set(new Date('2030-01-01T00:00:00Z'))).toEqual(expected);
    expect(await session().clock.set('2030-01-01T00:00:00Z')).toEqual(expected);
    expect(await session().clock.advance('90s')).toEqual(expected);
    expect(await session().clock.advance(1500)).toEqual(expected);
    expect(await session().clock.resume()).toEqual(expected);
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['PUT', '/__admin/clock', { now: '2030-01-01T00:00:00.000Z' }],
      ['PUT', '/__admin/clock', { now: '2030-01-01T00:00:00Z' }],
      ['PUT', '/__admin/clock', { advance: '90s' }],
      ['PUT', '/__admin/clock', { advance: 1500 }],
      ['PUT', '/__admin/clock', { frozen: false }],
    ]);
  });

  it('real() DELETEs the clock; an answer without a state is followed by a read', async () => {
    answers.set('DELETE /__admin/clock', [{ status: 204 }]);
    answers.set('GET /__admin/clock', [
      { status: 200, body: { now: CLOCK.now, frozen: false, offset_ms: 0 } },
    ]);
    expect(await session().clock.real()).toEqual({ now: CLOCK.now, frozen: false, offsetMs: 0 });
    expect(seen.map((s) => [s.method, s.path])).toEqual([
      ['DELETE', '/__admin/clock'],
      ['GET', '/__admin/clock'],
    ]);
  });

  it('a server without the clock refuses with its 404', async () => {
    answers.set('GET /__admin/clock', [
      { status: 404, body: { error: 'Not found: /__admin/clock', code: 'not_found' } },
    ]);
    await expect(session().clock.get()).rejects.toMatchObject({
      name: 'IdentityMockError',
      status: 404,
      code: 'not_found',
    });
  });
});

describe('refusals outside the error shape', () => {
  it('become IdentityMockError with the status and the start of the text', async () => {
    answers.set('POST /__admin/reset', [{ status: 502, text: 'Bad Gateway from the proxy' }]);
    await expect(session().reset()).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: expect.stringContaining('Bad Gateway from the proxy') as unknown,
    });
  });
});
