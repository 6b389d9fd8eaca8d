/**
 * Sessions (docs/sessions.md): `X-Mock-Session` selects an isolated state. Each kind of state is checked for
 * isolation between two named sessions and the default one; then the header's rules, the admin routes, the bounds
 * (LRU and TTL, with the injected clock) and eight suites running at once.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, harness, NOW, type Harness } from '../support/harness.ts';
import { adminClient } from '../support/admin-client.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { passwordFields, postToken } from '../support/auth.ts';
import { authorize, authorizeParams, locationOf, loginCode } from '../support/login.ts';
import { expectError } from '../support/responses.ts';

/** The fields of the JSON answers these tests read. */
interface Body {
  readonly users?: number;
  readonly total?: number;
  readonly requests?: readonly { readonly session?: string }[];
  readonly faults?: readonly unknown[];
  readonly refresh_token?: string;
  readonly code?: string;
  readonly error?: string;
  readonly details?: unknown;
  readonly max_sessions?: number;
  readonly ttl_seconds?: number;
  readonly default?: { readonly users: number };
  readonly sessions?: readonly {
    readonly id: string;
    readonly users: number;
    readonly created: string;
    readonly requests: number;
  }[];
}

/** The harness with `X-Mock-Session: id` on every request it sends. */
function inSession(h: Harness, id: string): Harness {
  const send: Harness['send'] = (method, path, o = {}) =>
    h.send(method, path, { ...o, headers: { ...o.headers, 'X-Mock-Session': id } });
  return { ...h, send, get: (path, o) => send('GET', path, o) };
}

function body(res: { readonly body: unknown }): Body {
  return res.body as Body;
}

const A = { 'X-Mock-Session': 'suite-a' };
const B = { 'X-Mock-Session': 'suite-b' };

async function count(h: Harness, headers: Record<string, string> = {}): Promise<number> {
  const res = await h.get('/users?page_size=1', { token: h.token(ADMIN), headers });
  expect(res.status).toBe(200);
  return Number(res.headers['x-total-count']);
}

async function deleteUser(h: Harness, key: string, headers: Record<string, string> = {}): Promise<number> {
  return (await h.send('DELETE', `/users/${key}`, { token: h.token(ADMIN), headers })).status;
}

describe('X-Mock-Session: isolation of each kind of state', () => {
  it('deletions: seen by every later request of their session, by no other session, nor by the default', async () => {
    const h = harness();
    const start = await count(h);
    expect(await deleteUser(h, 'zoe.adams', A)).toBe(204);
    expect(await count(h, A)).toBe(start - 1);
    expect(await count(h, B)).toBe(start);
    expect(await count(h)).toBe(start);
    expect(await deleteUser(h, 'zoe.adams', A)).toBe(404);
    expect(await deleteUser(h, 'zoe.adams', B)).toBe(204);
    expect(await deleteUser(h, 'zoe.adams')).toBe(204);
    expect(await count(h)).toBe(start - 1);
  });

  it('a reset with the header resets that session only', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const start = await count(h);
    await deleteUser(h, 'zoe.adams', A);
    await deleteUser(h, 'zoe.adams', B);
    await deleteUser(h, 'zoe.adams');
    expect(body(await admin.post('/reset', {}, { headers: A })).users).toBe(start);
    expect(await count(h, A)).toBe(start);
    expect(await count(h, B)).toBe(start - 1);
    expect(await count(h)).toBe(start - 1);
  });

  it('the journal: each session records its own requests, and entries name their session', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    await h.get('/health', { headers: A });
    await h.get('/health', { headers: A });
    await h.get('/health');
    const a = await admin.get('/requests', { headers: A });
    expect(body(a).total).toBe(2);
    expect(body(a).requests?.every((e) => e.session === 'suite-a')).toBe(true);
    expect(body(await admin.get('/requests', { headers: B })).total).toBe(0);
    const plain = await admin.get('/requests');
    expect(body(plain).total).toBe(1);
    expect(body(plain).requests?.[0]?.session).toBeUndefined();
  });

  it('fault rules apply in their session only', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    expect((await admin.post('/faults', { path: '/health', status: 503 }, { headers: A })).status).toBe(201);
    // 503 is not a documented answer of /health: the fault's own error body, outside the spec.
    expect((await h.get('/health', { headers: A, unchecked: true })).status).toBe(503);
    expect((await h.get('/health', { headers: B })).status).toBe(200);
    expect((await h.get('/health')).status).toBe(200);
    expect(body(await admin.get('/faults', { headers: B })).faults).toEqual([]);
  });

  it('the rate limit and its counters belong to the session', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    await admin.put('/rate-limit', { limit: 2, window: '60s' }, { headers: A });
    const token = h.token(ADMIN);
    for (let i = 0; i < 2; i++) expect((await h.get('/users', { token, headers: A })).status).toBe(200);
    expect((await h.get('/users', { token, headers: A })).status).toBe(429);
    expect((await h.get('/users', { token, headers: B })).status).toBe(200);
    expect((await h.get('/users', { token })).headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('lock-outs: ten wrong passwords lock the account in that session only', async () => {
    const h = harness();
    const wrong = passwordFields('user@example.com', 'nope');
    for (let i = 0; i < 10; i++) await postToken(h, wrong, { headers: A });
    expect((await postToken(h, wrong, { headers: A })).status).toBe(429);
    expect((await postToken(h, wrong, { headers: B })).status).toBe(403);
    expect((await postToken(h, wrong)).status).toBe(403);
    expect((await postToken(h, passwordFields('user@example.com'), { headers: B })).status).toBe(200);
  });

  it('refresh tokens are valid in the session that issued them only', async () => {
    const h = harness();
    const issued = await postToken(h, passwordFields(ADMIN, undefined, { scope: 'offline_access' }), {
      headers: A,
    });
    const refresh = body(issued).refresh_token ?? '';
    expect(refresh).toBeTruthy();
    const fields = {
      grant_type: 'refresh_token',
      client_id: 'mock-client',
      client_secret: 'mock-secret',
      refresh_token: refresh,
    };
    expect((await postToken(h, fields, { headers: B })).status).toBe(403);
    expect((await postToken(h, fields)).status).toBe(403);
    expect((await postToken(h, fields, { headers: A })).status).toBe(200);
  });

  it('login sessions: the cookie of a browser login logs in again in its session only', async () => {
    const h = harness();
    const { cookie } = await loginCode(inSession(h, 'suite-a'));
    const silent = authorizeParams({ prompt: 'none' });
    const inA = locationOf(await authorize(inSession(h, 'suite-a'), silent, cookie));
    expect(inA.searchParams.get('code')).toBeTruthy();
    const inB = locationOf(await authorize(inSession(h, 'suite-b'), silent, cookie));
    expect(inB.searchParams.get('error')).toBe('login_required');
    const plain = locationOf(await authorize(h, silent, cookie));
    expect(plain.searchParams.get('error')).toBe('login_required');
    // A reset of session a ends its login sessions.
    await adminClient(h.mock.app).post('/reset', {}, { headers: A });
    const after = locationOf(await authorize(inSession(h, 'suite-a'), silent, cookie));
    expect(after.searchParams.get('error')).toBe('login_required');
  });

  it('provider states with the header set up that session only', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const start = await count(h);
    const res = await admin.post(
      '/provider-states',
      { state: 'no users exist', action: 'setup' },
      { headers: A },
    );
    expect(res.status).toBe(200);
    expect(await count(h, A)).toBe(3);
    expect(await count(h, B)).toBe(start);
    expect(await count(h)).toBe(start);
  });

  it('seed and fixtures with the header replace that session data only', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const start = await count(h);
    expect(body(await admin.post('/seed', { seed: 3, users: 7 }, { headers: A })).users).toBe(10);
    expect(await count(h, A)).toBe(10);
    expect(await count(h)).toBe(start);
    // A reset of the session goes back to the server's start, not to its seed.
    await admin.post('/reset', {}, { headers: A });
    expect(await count(h, A)).toBe(start);
  });

  it('a token is valid in every session; the user it names must exist in the session used', async () => {
    const h = harness();
    const token = h.token('zoe.adams');
    expect((await h.get('/users', { token, headers: A })).status).toBe(200);
    await deleteUser(h, 'zoe.adams', A);
    expect((await h.get('/users', { token, headers: A })).status).toBe(401);
    expect((await h.get('/users', { token, headers: B })).status).toBe(200);
  });
});

describe('X-Mock-Session: the header', () => {
  it('is echoed, and CORS allows and exposes it', async () => {
    const h = harness();
    const res = await h.get('/health', { headers: { ...A, Origin: 'http://localhost:3000' } });
    expect(res.headers['x-mock-session']).toBe('suite-a');
    expect(res.headers['access-control-expose-headers']).toContain('X-Mock-Session');
    const preflight = await h.send('OPTIONS', '/users', {
      unchecked: true,
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Mock-Session');
    expect((await h.get('/health')).headers['x-mock-session']).toBeUndefined();
  });

  it.each([
    { name: 'empty', value: '' },
    { name: '65 characters', value: 'a'.repeat(65) },
    { name: 'a space', value: 'suite a' },
    { name: 'a slash', value: 'a/b' },
    { name: 'a colon', value: 'a:b' },
  ])('$name → 400 invalid_request naming the header', async ({ value }) => {
    const h = harness();
    const res = await h.get('/users', { token: h.token(ADMIN), headers: { 'X-Mock-Session': value } });
    expect(res.status).toBe(400);
    expect(body(res).code).toBe('invalid_request');
    expect(body(res).error).toContain('X-Mock-Session');
    expect(body(res).details).toEqual([
      expect.objectContaining({ location: 'header', name: 'X-Mock-Session' }),
    ]);
    const admin = await adminClient(h.mock.app).post('/reset', {}, { headers: { 'X-Mock-Session': value } });
    expect(admin.status).toBe(400);
  });

  it.each(['a', 'A.b_c-9', 'x'.repeat(64)])('%s is a session id', async (id) => {
    const h = harness();
    expect((await h.get('/health', { headers: { 'X-Mock-Session': id } })).status).toBe(200);
  });
});

describe('/__admin/sessions', () => {
  it('lists the default and the named sessions with their figures', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    await deleteUser(h, 'zoe.adams', A);
    await h.get('/health', { headers: B });
    const res = await admin.get('/sessions');
    expect(res.status).toBe(200);
    expect(body(res).max_sessions).toBe(1000);
    expect(body(res).ttl_seconds).toBe(1800);
    const byId = Object.fromEntries((body(res).sessions ?? []).map((s) => [s.id, s]));
    expect(byId['suite-a']).toMatchObject({ users: (body(res).default?.users ?? 0) - 1, requests: 1 });
    expect(byId['suite-b']).toMatchObject({ users: body(res).default?.users, requests: 1 });
    expect(body(res).sessions?.[0]?.created).toBe(new Date(NOW).toISOString());
  });

  it("a session's request count is its journal's: admin calls are not counted, emptying the journal zeroes it", async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const requests = async (): Promise<number | undefined> =>
      (body(await admin.get('/sessions')).sessions ?? []).find((s) => s.id === 'suite-a')?.requests;
    await h.get('/health', { headers: A });
    await h.get('/users?page_size=1', { token: h.token(ADMIN), headers: A });
    await admin.post('/faults', { path: '/nowhere', status: 500 }, { headers: A });
    await admin.get('/faults', { headers: A });
    await admin.get('/requests', { headers: A });
    expect(await requests()).toBe(2);
    expect(body(await admin.get('/requests', { headers: A })).total).toBe(2);
    await admin.delete('/requests', { headers: A });
    expect(await requests()).toBe(0);
    await h.get('/health', { headers: A });
    expect(await requests()).toBe(1);
    await admin.post('/reset', {}, { headers: A });
    expect(await requests()).toBe(0);
  });

  it('DELETE drops a session (its id starts afresh), 404 for an unknown one', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const start = await count(h);
    await deleteUser(h, 'zoe.adams', A);
    expect((await admin.delete('/sessions/suite-a')).status).toBe(204);
    expect(await count(h, A)).toBe(start);
    const missing = await admin.delete('/sessions/nobody');
    expect(missing.status).toBe(404);
    expect(body(missing).code).toBe('session_not_found');
  });

  it('POST creates a session with seeded data, with fixtures, or over the start data', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const start = await count(h);
    const seeded = await admin.post('/sessions/seeded', { seed: 5, users: 20 });
    expect(seeded.status).toBe(201);
    expect(seeded.body).toMatchObject({ id: 'seeded', users: 23 });
    expect(await count(h, { 'X-Mock-Session': 'seeded' })).toBe(23);
    await deleteUser(h, 'admin', { 'X-Mock-Session': 'seeded' });
    // A reset of a session made with data returns to that data.
    await admin.post('/reset', {}, { headers: { 'X-Mock-Session': 'seeded' } });
    expect(await count(h, { 'X-Mock-Session': 'seeded' })).toBe(23);
    const fixtures = await admin.post('/sessions/tiny', { users: [] });
    expect(body(fixtures).users).toBe(3);
    expect(body(await admin.post('/sessions/plain', {})).users).toBe(start);
    const bad = await admin.post('/sessions/bad', { users: [{ id: 'x' }] });
    expect(bad.status).toBe(400);
  });
});

describe('bounds: --max-sessions and --session-ttl', () => {
  it('beyond max-sessions a new id takes the place of the least recently used session once it is idle 60 s', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ maxSessions: 2, now: clock.now });
    const start = await count(h);
    await deleteUser(h, 'zoe.adams', { 'X-Mock-Session': 's1' });
    clock.advanceSeconds(1);
    await deleteUser(h, 'zoe.adams', { 'X-Mock-Session': 's2' });
    clock.advanceSeconds(1);
    await count(h, { 'X-Mock-Session': 's1' }); // s1 is now the most recently used
    // s2 was used 1 s ago: the new id waits, and s2 keeps its deletion.
    const refused = await h.get('/users?page_size=1', {
      token: h.token('admin'),
      headers: { 'X-Mock-Session': 's3' },
    });
    expectError(refused, 503, 'too_many_sessions');
    expect(refused.headers['retry-after']).toBe('59');
    expect(await count(h, { 'X-Mock-Session': 's2' })).toBe(start - 1);
    clock.advanceSeconds(60);
    await count(h, { 'X-Mock-Session': 's1' });
    await count(h, { 'X-Mock-Session': 's3' }); // s2, idle for 60 s, makes room
    expect(h.mock.sessions.list().map((s) => s.id)).toEqual(['s3', 's1']);
    expect(await count(h, { 'X-Mock-Session': 's1' })).toBe(start - 1);
    clock.advanceSeconds(60);
    expect(await count(h, { 'X-Mock-Session': 's2' })).toBe(start);
  });

  it('a session unused for session-ttl is dropped; each use restarts its time', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ sessionTtl: 60, now: clock.now });
    const start = await count(h);
    await deleteUser(h, 'zoe.adams', A);
    clock.advanceSeconds(59);
    expect(await count(h, A)).toBe(start - 1);
    clock.advanceSeconds(59);
    expect(await count(h, A)).toBe(start - 1);
    clock.advanceSeconds(61);
    expect(h.mock.sessions.list()).toEqual([]);
    expect(await count(h, A)).toBe(start);
  });
});

describe('eight suites at once, each in its own session', () => {
  it('delete, count, reset, count, 20 times each: zero mismatches', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const start = await count(h);
    const keys = [
      'zoe.adams',
      'zoe.adams2',
      'zoe.adams3',
      'emile.zola',
      'alvarez',
      'bob',
      'ann.lee',
      'avila',
    ];
    const mismatches: string[] = [];
    await Promise.all(
      keys.map(async (key, n) => {
        const headers = { 'X-Mock-Session': `suite-${n}` };
        for (let round = 0; round < 20; round++) {
          const deleted = await deleteUser(h, key, headers);
          if (deleted !== 204) mismatches.push(`suite-${n} round ${round}: delete ${deleted}`);
          const after = await count(h, headers);
          if (after !== start - 1) mismatches.push(`suite-${n} round ${round}: ${after} after delete`);
          await admin.post('/reset', {}, { headers });
          const reset = await count(h, headers);
          if (reset !== start) mismatches.push(`suite-${n} round ${round}: ${reset} after reset`);
        }
      }),
    );
    expect(mismatches).toEqual([]);
    expect(await count(h)).toBe(start);
  });
});
