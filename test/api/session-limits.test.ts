/**
 * Sessions on a shared server (docs/sessions.md): a live suite never loses its session to other clients' new ids,
 * and every answer in a named session says when that session started, so a suite sees when it was dropped.
 */
import { describe, expect, it } from 'vitest';
import { harness, NOW } from '../support/harness.ts';
import { adminClient } from '../support/admin-client.ts';
import { expectToken, passwordFields, postToken } from '../support/auth.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { expectError } from '../support/responses.ts';

const VICTIM = { 'X-Mock-Session': 'victim-suite' };

describe('random X-Mock-Session ids (a fuzzer, a page) neither lock a suite out nor evict its state', () => {
  it('1 500 new ids past --max-sessions 1 000 are all answered; the suite keeps its deletions, fault rules and refresh tokens', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const token = h.token('admin');
    const started = performance.now();
    // The victim: a deletion, a fault rule and a refresh token of its own.
    expect((await h.send('DELETE', '/users/zoe.adams', { token, headers: VICTIM })).status).toBe(204);
    await admin.post('/faults', { path: '/nowhere', status: 418 }, { headers: VICTIM });
    const refresh = expectToken(
      await postToken(h, passwordFields('admin@example.com', undefined, { scope: 'offline_access' }), {
        headers: VICTIM,
      }),
    ).refresh_token;
    const answers = new Map<number, number>();
    for (let i = 0; i < 1_500; i++) {
      const res = await h.get('/health', { headers: { 'X-Mock-Session': `attacker-${i}` } });
      answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
    }
    // Light sessions (holding nothing of their own) give their place to new ids at once.
    expect(Object.fromEntries(answers)).toEqual({ 200: 1_500 });
    expect(h.mock.sessions.list()).toHaveLength(1_000);
    // The victim is intact.
    const gone = await h.send('DELETE', '/users/zoe.adams', { token, headers: VICTIM });
    expectError(gone, 404, 'user_not_found');
    expect(h.mock.sessions.peek('victim-suite').control.faults.size).toBe(1);
    const refreshed = await postToken(
      h,
      {
        grant_type: 'refresh_token',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
        refresh_token: refresh ?? '',
      },
      { headers: VICTIM },
    );
    expect(refreshed.status).toBe(200);
    // A new suite with state starts at once.
    const fresh = { 'X-Mock-Session': 'new-suite' };
    expect((await h.send('DELETE', '/users/zoe.adams', { token, headers: fresh })).status).toBe(204);
    expect((await admin.post('/faults', { path: '/x', status: 418 }, { headers: fresh })).status).toBe(201);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('when every session holds state, a new id waits for one idle 60 s (503 with Retry-After)', async () => {
    const h = harness({ maxSessions: 3 });
    const admin = adminClient(h.mock.app);
    for (const id of ['a', 'b', 'c']) {
      await admin.post('/faults', { path: '/nowhere', status: 418 }, { headers: { 'X-Mock-Session': id } });
    }
    const refused = await h.get('/health', { headers: { 'X-Mock-Session': 'd' } });
    const body = expectError(refused, 503, 'too_many_sessions');
    expect(body.error).toContain('--max-sessions');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(h.mock.sessions.list()).toHaveLength(3);
  });
});

describe('X-Mock-Session-Started', () => {
  it('is on every answer in a named session, the API and the control plane, errors included; never without the header', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now });
    const admin = adminClient(h.mock.app);
    const first = await h.get('/health', { headers: VICTIM });
    const startedAt = new Date(NOW).toISOString();
    expect(first.headers['x-mock-session-started']).toBe(startedAt);
    clock.advanceSeconds(5);
    const error = await h.get('/users', { headers: VICTIM });
    expect(error.status).toBe(401);
    expect(error.headers['x-mock-session-started']).toBe(startedAt);
    const adminAnswer = await admin.get('/faults', { headers: VICTIM });
    expect(adminAnswer.headers['x-mock-session-started']).toBe(startedAt);
    expect((await h.get('/health')).headers['x-mock-session-started']).toBeUndefined();
  });

  it('a session dropped and started afresh answers with its new start', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now, sessionTtl: 60 });
    const before = (await h.get('/health', { headers: VICTIM })).headers['x-mock-session-started'];
    clock.advanceSeconds(120);
    const after = (await h.get('/health', { headers: VICTIM })).headers['x-mock-session-started'];
    expect(before).toBe(new Date(NOW).toISOString());
    expect(after).toBe(new Date(NOW + 120_000).toISOString());
  });
});
