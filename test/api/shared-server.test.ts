/**
 * A shared server's safety (docs/control-plane.md, README "Limits"): each bad input that once hung, opened or grew the
 * mock, reproduced, with the answer it gets now. Time bounds here are "answers vs hangs" timeouts, not speed checks.
 */
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAULT_RULES } from '../../src/control/faults.ts';
import { JOURNAL_BODY_LIMIT } from '../../src/control/journal.ts';
import { MAX_REFRESH_TOKENS, RefreshTokens } from '../../src/oauth/refresh-tokens.ts';
import { Revocations } from '../../src/oauth/revocations.ts';
import { NODE_PLATFORM } from '../../src/platform/node/node-platform.ts';
import { specsReady } from '../../src/adapters/express/specs.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { adminClient } from '../support/admin-client.ts';
import { passwordFields, postToken } from '../support/auth.ts';
import { ADMIN, harness, SMALL_FIXTURES, SPECS } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

const EVIL = 'https://evil.example';

describe('fault path patterns: linear time, at most 1000 rules', () => {
  // The documents are loaded and checked first: the time bounds below are about the requests, not the start.
  beforeAll(() => specsReady(SPECS));

  it('a backtracking-hostile pattern answers the next request at once (was: 43 s for 50 characters)', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const rule = await admin.post('/faults', { path: '/*a*a*a*a*a*a*a*a*!', status: 500 });
    expect(rule.status).toBe(201);
    const res = await h.get(`/${'a'.repeat(5_000)}`, { unchecked: true });
    expect(res.status).toBe(404);
    expect((await h.get('/health')).status).toBe(200);
  }, 1_000);

  it('the journal path filter is a pattern of the same kind, never a regular expression', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    await h.get(`/${'a'.repeat(5_000)}`, { unchecked: true });
    const hostile = await admin.get(`/requests?path=${encodeURIComponent('/*a*a*a*a*a*a*a*a*!')}`);
    expect(hostile.body).toMatchObject({ total: 0 });
    const glob = await admin.get(`/requests?path=${encodeURIComponent('/*a*a')}`);
    expect(glob.body).toMatchObject({ total: 1 });
    // Regular-expression syntax is literal text.
    const literal = await admin.get(`/requests?path=${encodeURIComponent('/a+')}`);
    expect(literal.body).toMatchObject({ total: 0 });
  }, 1_000);

  it(`rule ${MAX_FAULT_RULES + 1} is refused with a 400 naming the limit`, async () => {
    const h = harness();
    for (let i = 0; i < MAX_FAULT_RULES; i++)
      await h.mock.session().fault({ path: `/nowhere/${i}`, status: 503 });
    const admin = adminClient(h.mock.app);
    const res = await admin.post('/faults', { path: '/users', status: 503 });
    const body = expectError(res, 400, 'invalid_request');
    expect(body.error).toContain(`at most ${MAX_FAULT_RULES} fault rules`);
    await admin.delete('/faults/f1');
    expect((await admin.post('/faults', { path: '/users', status: 503 })).status).toBe(201);
  });
});

describe('/__admin and other origins', () => {
  it('sends no CORS headers to another origin; the identity API sends credentialed CORS', async () => {
    const { app } = harness().mock;
    const admin = await request(app).get('/__admin/health').set('Origin', EVIL);
    expect(admin.status).toBe(200);
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
    expect(admin.headers['access-control-allow-credentials']).toBeUndefined();
    const api = await request(app).get('/health').set('Origin', EVIL);
    expect(api.headers['access-control-allow-origin']).toBe(EVIL);
    expect(api.headers['access-control-allow-credentials']).toBe('true');
    expect(api.headers.vary).toContain('Origin');
  });

  it('refuses a preflight from another origin (no Access-Control-Allow-*)', async () => {
    const { app } = harness().mock;
    const res = await request(app)
      .options('/__admin/tokens')
      .set('Origin', EVIL)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['x-message']).toContain('--admin-cors');
  });

  it('--admin-cors ORIGIN lets that one origin in, and no other', async () => {
    const { app } = harness({ adminCors: 'http://localhost:3000' }).mock;
    const allowed = await request(app)
      .options('/__admin/reset')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await request(app).get('/__admin/health').set('Origin', 'http://localhost:3001');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    {
      name: 'a text/plain token request',
      method: 'post',
      path: '/tokens',
      type: 'text/plain',
      body: '{"user":"admin"}',
    },
    {
      name: 'a form reset',
      method: 'post',
      path: '/reset',
      type: 'application/x-www-form-urlencoded',
      body: 'a=1',
    },
    {
      name: 'a reset without a body or Content-Type',
      method: 'post',
      path: '/reset',
      type: undefined,
      body: undefined,
    },
    {
      name: 'a DELETE of the journal without Content-Type',
      method: 'delete',
      path: '/requests',
      type: undefined,
      body: undefined,
    },
  ])(
    '"simple" requests from another site change nothing: $name → 403 cross_site_refused',
    async ({ method, path, type, body }) => {
      const h = harness();
      await h.mock.session().fault({ path: '/users', status: 503 });
      let test = request(h.mock.app)[method as 'post'](`/__admin${path}`).set('Origin', EVIL);
      if (type !== undefined) test = test.set('Content-Type', type);
      const res = await (body === undefined ? test : test.send(body));
      const error = expectError(res, 403, 'cross_site_refused');
      expect(error.error).toContain(EVIL);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(h.mock.control.faults.size).toBe(1);
    },
  );
});

describe('spec and server agree on a search of nothing visible', () => {
  it.each([
    { name: 'a zero-width space', search: '\u200b' },
    { name: 'a control character and a BOM', search: '\u0007\ufeff' },
    { name: 'a lone combining accent', search: ' \u0301 ' },
  ])('$name: 400 naming search, as the spec pattern documents', async ({ search }) => {
    const h = harness();
    const res = await h.get(`/users?search=${encodeURIComponent(search)}`, { token: h.token(ADMIN) });
    const body = expectError(res, 400, 'invalid_request');
    expect(body.details?.[0]).toMatchObject({ location: 'query', name: 'search' });
    expect(body.details?.[0]?.message).toMatch(/^must contain at least one visible character \(got /);
  });
});

describe('bounds in bytes', () => {
  it('journal bodies are kept up to 16 KiB of JSON, longer ones cut with body_truncated (100 KB bodies)', async () => {
    const h = harness();
    const big = { ...passwordFields(ADMIN), padding: 'x'.repeat(100_000) };
    for (let i = 0; i < 20; i++) await postToken(h, big);
    const small = await postToken(h, passwordFields(ADMIN));
    expect(small.status).toBe(200);
    const { requests } = h.mock.control.journal.list({ limit: 1000 });
    expect(requests).toHaveLength(21);
    const [newest, ...rest] = requests;
    expect(newest?.request.body).toMatchObject({ password: '[REDACTED]', grant_type: 'password' });
    expect(newest?.request.body_truncated).toBeUndefined();
    for (const entry of rest) {
      expect(entry.request.body_truncated).toBe(true);
      expect(typeof entry.request.body).toBe('string');
      expect(Buffer.byteLength(entry.request.body as string)).toBeLessThanOrEqual(JOURNAL_BODY_LIMIT);
      // Secrets are redacted before the cut.
      expect(entry.request.body as string).not.toContain('Passw0rd!');
      expect(entry.request.body as string).toContain('[REDACTED]');
    }
    const bytes = Buffer.byteLength(JSON.stringify(requests));
    expect(bytes).toBeLessThan(21 * (JOURNAL_BODY_LIMIT + 4_096));
  });

  it(`refresh tokens: at most ${MAX_REFRESH_TOKENS} live, the oldest dropped`, () => {
    const tokens = new RefreshTokens(NODE_PLATFORM.random, new Revocations());
    const grant = {
      userId: 'u',
      clientId: 'c',
      audience: 'a',
      scope: undefined,
      authTime: 0,
      sid: undefined,
    };
    const first = tokens.issue(grant, false, 0).token;
    for (let i = 0; i < MAX_REFRESH_TOKENS; i++) tokens.issue(grant, false, 0);
    expect(tokens.size).toBe(MAX_REFRESH_TOKENS);
    expect(() => tokens.redeem(first, 'c', 0)).toThrow('Unknown or invalid refresh token.');
  });

  it('a 12 KB bearer token costs the rate limiter one digest-keyed bucket', async () => {
    const h = harness({ rateLimit: '100/60s' });
    const huge = `${'a'.repeat(12_000)}.b.c`;
    for (let i = 0; i < 5; i++) {
      const res = await h.get('/users', { token: `${huge}${String(i)}` });
      expect(res.status).toBe(401);
    }
    expect(h.mock.control.limiter.keys).toBe(5);
  });
});

describe('store builds yield to the event loop', () => {
  let running: RunningMock | undefined;
  afterEach(async () => {
    await running?.close(0);
    running = undefined;
  });

  it('/health answers throughout POST /__admin/seed of 100 000 users; the seed answers when done', async () => {
    running = await startMock({ port: 0, specs: SPECS, fixtures: SMALL_FIXTURES });
    const { url } = running;
    const progress: { seeded: boolean } = { seeded: false };
    const seededYet = (): boolean => progress.seeded;
    const seeding = fetch(`${url}/__admin/seed`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seed: 3, users: 100_000 }),
    }).then(async (res) => {
      progress.seeded = true;
      const body: unknown = await res.json();
      return { status: res.status, body };
    });
    let answeredDuring = 0;
    while (!seededYet()) {
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      if (!seededYet()) answeredDuring++;
    }
    const done = await seeding;
    expect(done).toEqual({ status: 200, body: { users: 100_003, workspaces: 10, clients: 3 } });
    // A blocked event loop answers no /health until the seed is done.
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
