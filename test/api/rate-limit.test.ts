/**
 * Rate limiting (docs/control-plane.md) on an injected clock: `X-RateLimit-*` on every answer while on, 429 over the limit,
 * buckets per bearer token / client address / client_id, refill, the admin API, reset, and bounded memory.
 */
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rateLimitGate } from '../../src/pipeline/gates.ts';
import type { MockOptions } from '../../src/mock.ts';
import { adminClient } from '../support/admin-client.ts';
import type { Client } from '../../src/data/dataset.ts';
import {
  basicAuth,
  expectOAuthError,
  fixtureClient,
  MOCK_CLIENT,
  passwordFields,
  postToken,
  smallDatasetWith,
} from '../support/auth.ts';
import { ADMIN, harness, NOW, USER, type Harness } from '../support/harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { expectError } from '../support/responses.ts';

const NOW_SECONDS = NOW / 1000;
/** Buckets the limiter keeps at most (the default `maxKeys` of src/admin/rate-limit.ts). */
const MAX_KEYS = 10_000;

interface Limited {
  readonly h: Harness;
  readonly clock: ManualClock;
  readonly admin: ReturnType<typeof adminClient>;
}

/** A mock on the small fixtures with `rateLimit` at start (`off`: none) and a clock the test advances. */
function limited(rateLimit = '3/1s', options: MockOptions = {}): Limited {
  const clock = new ManualClock(NOW);
  const h = harness({ ...(rateLimit === 'off' ? {} : { rateLimit }), now: clock.now, ...options });
  return { h, clock, admin: adminClient(h.mock.app) };
}

interface RateHeaders {
  readonly limit: number;
  readonly remaining: number;
  readonly reset: number;
}

function rateHeaders(res: request.Response): RateHeaders {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(res.headers[name], `${name} of a ${res.status}`).toMatch(/^\d+$/);
  }
  return {
    limit: Number(res.headers['x-ratelimit-limit']),
    remaining: Number(res.headers['x-ratelimit-remaining']),
    reset: Number(res.headers['x-ratelimit-reset']),
  };
}

function expectNoRateHeaders(res: request.Response): void {
  expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  expect(res.headers['x-ratelimit-reset']).toBeUndefined();
}

/** One request of each kind of answer: success, 401, 403, 404 (route and user), 405, 400, 415 and the token endpoint. */
const ANSWERS: readonly {
  readonly name: string;
  readonly status: number;
  readonly send: (h: Harness) => Promise<request.Response>;
}[] = [
  { name: 'GET /health 200', status: 200, send: (h) => h.get('/health') },
  { name: 'GET /users 200', status: 200, send: (h) => h.get('/users', { token: h.token(ADMIN) }) },
  { name: 'GET /users without a token 401', status: 401, send: (h) => h.get('/users') },
  {
    name: 'GET /users without the permission 403',
    status: 403,
    send: (h) => h.get('/users', { token: h.token('client@example.com') }),
  },
  { name: 'GET /nope 404 (no route)', status: 404, send: (h) => h.get('/nope') },
  {
    name: 'DELETE /users/nobody.here 404 (no user)',
    status: 404,
    send: (h) => h.send('DELETE', '/users/nobody.here', { token: h.token(ADMIN) }),
  },
  { name: 'POST /health 405', status: 405, send: (h) => h.send('POST', '/health') },
  {
    name: 'GET /users?page_size=0 400',
    status: 400,
    send: (h) => h.get('/users?page_size=0', { token: h.token(ADMIN) }),
  },
  {
    name: 'GET /health with an image body 415',
    status: 415,
    send: (h) => h.get('/health', { headers: { 'Content-Type': 'image/png' } }),
  },
  { name: 'POST /oauth/token 200', status: 200, send: (h) => postToken(h, passwordFields(ADMIN)) },
  {
    name: 'POST /oauth/token wrong password 403',
    status: 403,
    send: (h) => postToken(h, passwordFields(ADMIN, 'wrong')),
  },
];

describe('X-RateLimit-* headers', () => {
  it.each(ANSWERS)('while on: $name carries them', async ({ send, status }) => {
    const { h } = limited();
    const res = await send(h);
    expect(res.status).toBe(status);
    expect(rateHeaders(res)).toEqual({ limit: 3, remaining: 2, reset: NOW_SECONDS + 1 });
  });

  it.each(ANSWERS)('while off (the default): $name carries none', async ({ send, status }) => {
    const { h } = limited('off');
    const res = await send(h);
    expect(res.status).toBe(status);
    expectNoRateHeaders(res);
  });
});

describe('over the limit', () => {
  it('the 4th request in the window is 429 rate_limited with Retry-After in seconds', async () => {
    const { h } = limited();
    const token = h.token(ADMIN);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.get('/users', { token });
      expect(res.status).toBe(200);
      remaining.push(rateHeaders(res).remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const res = await h.get('/users', { token });
    const body = expectError(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBe('1');
    expect(rateHeaders(res)).toEqual({ limit: 3, remaining: 0, reset: NOW_SECONDS + 1 });
    expect(body.error).toMatch(/3 requests per 1s/);
  });

  it('429 also on routes that do not exist and with invalid input: every request counts', async () => {
    const { h } = limited();
    await h.get('/nope');
    await h.get('/health', { headers: { 'X-API-Version': 'v9' } });
    await h.send('POST', '/health');
    expectError(await h.get('/health'), 429, 'rate_limited');
  });

  it('X-RateLimit-Reset is the epoch second when the bucket is full again; Retry-After the wait for one token', async () => {
    // 3 per 60 s: one token comes back every 20 s.
    const { h, clock } = limited('3/60s');
    const resets: number[] = [];
    for (let i = 0; i < 3; i++) resets.push(rateHeaders(await h.get('/health')).reset);
    expect(resets).toEqual([NOW_SECONDS + 20, NOW_SECONDS + 40, NOW_SECONDS + 60]);
    const refused = await h.get('/health');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('20');
    clock.advanceSeconds(20);
    const res = await h.get('/health');
    expect(res.status).toBe(200);
    expect(rateHeaders(res)).toEqual({ limit: 3, remaining: 0, reset: NOW_SECONDS + 80 });
  });

  it('refills after the window: a full bucket again', async () => {
    const { h, clock } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health');
    expect((await h.get('/health')).status).toBe(429);
    clock.advanceSeconds(1);
    const res = await h.get('/health');
    expect(res.status).toBe(200);
    expect(rateHeaders(res).remaining).toBe(2);
  });

  it('refills continuously: part of the window gives part of the bucket', async () => {
    const { h, clock } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health');
    clock.advanceSeconds(0.4); // 1.2 tokens back
    const res = await h.get('/health');
    expect(res.status).toBe(200);
    expect(rateHeaders(res).remaining).toBe(0);
    expect((await h.get('/health')).status).toBe(429);
  });

  it('waiting Retry-After seconds is enough', async () => {
    const { h, clock } = limited('2/1m');
    for (let i = 0; i < 2; i++) await h.get('/health');
    const refused = await h.get('/health');
    expect(refused.status).toBe(429);
    clock.advanceSeconds(Number(refused.headers['retry-after']));
    expect((await h.get('/health')).status).toBe(200);
  });
});

describe('buckets', () => {
  it('per bearer token: two tokens have separate buckets', async () => {
    const { h } = limited();
    const admin = h.token(ADMIN);
    for (let i = 0; i < 3; i++) await h.get('/users', { token: admin });
    expectError(await h.get('/users', { token: admin }), 429, 'rate_limited');
    const other = await h.get('/users', { token: h.token(USER) });
    expect(other.status).toBe(200);
    expect(rateHeaders(other).remaining).toBe(2);
  });

  it('per token string: two tokens of the same user are two buckets', async () => {
    const { h } = limited();
    const first = h.token(ADMIN);
    const second = h.token(ADMIN, { permissions: ['read:users'] });
    expect(second).not.toBe(first);
    for (let i = 0; i < 3; i++) await h.get('/users', { token: first });
    expect((await h.get('/users', { token: second })).status).toBe(200);
  });

  it('per client address without a token; a token uses its own bucket, not the address', async () => {
    const { h } = limited();
    await h.get('/health');
    await h.get('/users'); // 401, still counted for the address
    await h.get('/nope');
    expectError(await h.get('/health'), 429, 'rate_limited');
    const withToken = await h.get('/health', { token: h.token(ADMIN) });
    expect(withToken.status).toBe(200);
    expect(rateHeaders(withToken).remaining).toBe(2);
  });

  it('per client address behind a trusted proxy (X-Forwarded-For with --trust-proxy)', async () => {
    const { h } = limited('3/1s', { trustProxy: true });
    const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
    for (let i = 0; i < 3; i++) await h.get('/health', from('10.0.0.1'));
    expect((await h.get('/health', from('10.0.0.1'))).status).toBe(429);
    const other = await h.get('/health', from('10.0.0.2'));
    expect(other.status).toBe(200);
    expect(rateHeaders(other).remaining).toBe(2);
  });

  it('without --trust-proxy, X-Forwarded-For does not buy a fresh bucket', async () => {
    const { h } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health', { headers: { 'X-Forwarded-For': `10.0.0.${i}` } });
    expect((await h.get('/health', { headers: { 'X-Forwarded-For': '10.0.0.99' } })).status).toBe(429);
  });

  it('per client_id on /oauth/token, whether in a JSON body, a form or HTTP Basic: 429 too_many_requests', async () => {
    const { h } = limited();
    expect((await postToken(h, passwordFields(ADMIN))).status).toBe(200);
    expect((await postToken(h, passwordFields(USER), { form: true })).status).toBe(200);
    const basic = { grant_type: 'client_credentials' };
    const headers = { Authorization: basicAuth(MOCK_CLIENT.id, MOCK_CLIENT.secret) };
    const third = await postToken(h, basic, { headers });
    expect(third.status).toBe(200);
    expect(rateHeaders(third).remaining).toBe(0);
    const refused = await postToken(h, basic, { headers, form: true });
    expectOAuthError(refused, 429, 'too_many_requests');
    expect(refused.headers['retry-after']).toBe('1');
    expect(rateHeaders(refused).remaining).toBe(0);
    expectOAuthError(await postToken(h, passwordFields(ADMIN)), 429, 'too_many_requests');
  });

  it('a client_id that needs form-encoding in HTTP Basic (RFC 6749 §2.3.1) is still one bucket', async () => {
    const spa = {
      ...fixtureClient('mock-client'),
      client_id: 'spa client:1',
      client_secret: 'p@ss:w+rd',
    } satisfies Client;
    const { h } = limited('3/1s', { dataset: smallDatasetWith([spa]) });
    const inBody = {
      grant_type: 'client_credentials',
      client_id: spa.client_id,
      client_secret: spa.client_secret,
    };
    const basic = { headers: { Authorization: basicAuth(spa.client_id, spa.client_secret) } };
    expect((await postToken(h, inBody)).status).toBe(200);
    expect((await postToken(h, { grant_type: 'client_credentials' }, basic)).status).toBe(200);
    expect(rateHeaders(await postToken(h, inBody)).remaining).toBe(0);
    expectOAuthError(
      await postToken(h, { grant_type: 'client_credentials' }, basic),
      429,
      'too_many_requests',
    );
  });

  it('another client_id has its own bucket on /oauth/token, and the address bucket is untouched', async () => {
    const { h } = limited();
    for (let i = 0; i < 3; i++) await postToken(h, passwordFields(ADMIN));
    expectOAuthError(await postToken(h, passwordFields(ADMIN)), 429, 'too_many_requests');
    const other = await postToken(h, { ...passwordFields(ADMIN), client_id: 'other-client' });
    expectOAuthError(other, 401, 'invalid_client');
    expect(rateHeaders(other).remaining).toBe(2);
    const health = await h.get('/health');
    expect(health.status).toBe(200);
    expect(rateHeaders(health).remaining).toBe(2);
  });
});

describe('PUT / GET /__admin/rate-limit', () => {
  it('GET shows the limit of the start, or enabled false', async () => {
    expect((await limited().admin.get('/rate-limit')).body).toEqual({
      enabled: true,
      limit: 3,
      window: '1s',
    });
    expect((await limited('off').admin.get('/rate-limit')).body).toEqual({ enabled: false });
  });

  it('turns limiting on', async () => {
    const { h, admin } = limited('off');
    expectNoRateHeaders(await h.get('/health'));
    const res = await admin.put('/rate-limit', { limit: 2, window: '1m' });
    expect(res.body).toEqual({ enabled: true, limit: 2, window: '1m' });
    expect((await admin.get('/rate-limit')).body).toEqual({ enabled: true, limit: 2, window: '1m' });
    expect(rateHeaders(await h.get('/health'))).toMatchObject({ limit: 2, remaining: 1 });
    await h.get('/health');
    expectError(await h.get('/health'), 429, 'rate_limited');
  });

  it('changes the limit; counters restart', async () => {
    const { h, admin } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health');
    expect((await h.get('/health')).status).toBe(429);
    expect((await admin.put('/rate-limit', { limit: 5, window: '1h' })).status).toBe(200);
    const res = await h.get('/health');
    expect(res.status).toBe(200);
    expect(rateHeaders(res)).toEqual({ limit: 5, remaining: 4, reset: NOW_SECONDS + 720 });
  });

  it('the same limit again still restarts the counters', async () => {
    const { h, admin } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health');
    await admin.put('/rate-limit', { limit: 3, window: '1s' });
    expect(rateHeaders(await h.get('/health')).remaining).toBe(2);
  });

  it('turns limiting off: no headers, no 429', async () => {
    const { h, admin } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health');
    expect((await admin.put('/rate-limit', { enabled: false })).body).toEqual({ enabled: false });
    expect((await admin.get('/rate-limit')).body).toEqual({ enabled: false });
    for (let i = 0; i < 5; i++) {
      const res = await h.get('/health');
      expect(res.status).toBe(200);
      expectNoRateHeaders(res);
    }
  });

  it('enabled true with a limit and window turns it on', async () => {
    const { admin } = limited('off');
    const res = await admin.put('/rate-limit', { enabled: true, limit: 10, window: '30s' });
    expect(res.body).toEqual({ enabled: true, limit: 10, window: '30s' });
  });

  it.each([
    { name: 'limit 0', body: { limit: 0, window: '1s' } },
    { name: 'negative limit', body: { limit: -1, window: '1s' } },
    { name: 'fractional limit', body: { limit: 1.5, window: '1s' } },
    { name: 'limit as a string', body: { limit: '5', window: '1s' } },
    { name: 'unknown unit', body: { limit: 5, window: '1d' } },
    { name: 'window without a unit', body: { limit: 5, window: '60' } },
    { name: 'window 0s', body: { limit: 5, window: '0s' } },
    { name: 'limit without a window', body: { limit: 5 } },
    { name: 'window without a limit', body: { window: '1s' } },
    { name: 'enabled true alone', body: { enabled: true } },
    { name: 'empty object', body: {} },
    { name: 'unknown property', body: { limit: 5, window: '1s', burst: 2 } },
    { name: 'enabled not a boolean', body: { enabled: 'no' } },
  ])('bad input ($name): 400, and the limit in force is unchanged', async ({ body }) => {
    const { h, admin } = limited();
    await h.get('/health');
    const res = await admin.put('/rate-limit', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
    expect((await admin.get('/rate-limit')).body).toEqual({ enabled: true, limit: 3, window: '1s' });
    // The counters were not restarted either.
    expect(rateHeaders(await h.get('/health')).remaining).toBe(1);
  });
});

describe('reset', () => {
  it('restores the limit of the start and clears the counters', async () => {
    const { h, admin } = limited();
    await admin.put('/rate-limit', { limit: 2, window: '1h' });
    for (let i = 0; i < 2; i++) await h.get('/health');
    expect((await h.get('/health')).status).toBe(429);
    expect((await admin.post('/reset')).status).toBe(200);
    expect((await admin.get('/rate-limit')).body).toEqual({ enabled: true, limit: 3, window: '1s' });
    expect(rateHeaders(await h.get('/health'))).toMatchObject({ limit: 3, remaining: 2 });
  });

  it('clears the counters of the start limit too', async () => {
    const { h, admin } = limited();
    for (let i = 0; i < 3; i++) await h.get('/health');
    await admin.post('/reset');
    expect(rateHeaders(await h.get('/health')).remaining).toBe(2);
  });

  it('turns limiting off again when the mock started without it', async () => {
    const { h, admin } = limited('off');
    await admin.put('/rate-limit', { limit: 1, window: '1s' });
    await h.mock.session().reset();
    expect((await admin.get('/rate-limit')).body).toEqual({ enabled: false });
    expectNoRateHeaders(await h.get('/health'));
  });
});

describe('bounded memory', () => {
  /** Runs the rate-limit gate on a request bearing `token`, as the dispatcher does, without HTTP. */
  async function take(h: Harness, token: string): Promise<Record<string, string>> {
    const request = {
      method: 'GET',
      path: '/users',
      headers: { authorization: `Bearer ${token}` },
      clientAddress: '127.0.0.1',
      body: () => undefined,
    };
    const verdict = rateLimitGate(h.mock.control, request, 'api', h.mock.sessions.default.now());
    expect(verdict.refused).toBeUndefined();
    return Promise.resolve(
      Object.fromEntries(Object.entries(verdict.headers).map(([name, value]) => [name.toLowerCase(), value])),
    );
  }

  it('after 20 000 distinct tokens the limiter holds at most maxKeys buckets; a forgotten one starts full', async () => {
    const { h } = limited('1000/1h');
    const first = h.token(ADMIN);
    expect(rateHeaders(await h.get('/health', { token: first })).remaining).toBe(999);
    expect(rateHeaders(await h.get('/health', { token: first })).remaining).toBe(998);
    for (let i = 0; i < 20_000; i++) await take(h, `token-${i}`);
    expect(h.mock.control.limiter.keys).toBeLessThanOrEqual(MAX_KEYS);
    expect(h.mock.control.limiter.keys).toBeGreaterThan(0);
    // The least recently used buckets went first: `first` starts full again, the newest key is remembered.
    expect(rateHeaders(await h.get('/health', { token: first })).remaining).toBe(999);
    expect(rateHeaders(await h.get('/health', { token: 'token-19999' })).remaining).toBe(998);
    expect(h.mock.control.limiter.keys).toBeLessThanOrEqual(MAX_KEYS);
  });
});
