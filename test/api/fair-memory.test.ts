/**
 * State memory shared fairly (docs/sessions.md "Memory"): a named session holds at most `--max-session-memory`
 * (503 `session_memory_full` naming the flag), the default session keeps a reserve named sessions never take, and a
 * request that stores nothing (a grant without `offline_access`, a read) is never refused for memory.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminClient } from '../support/admin-client.ts';
import { expectOAuthError, expectToken, MOCK_CLIENT, passwordFields, postToken } from '../support/auth.ts';
import { harness, type Harness } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

const MB = 1024 * 1024;
/** A scope of 900 characters with offline_access: each grant keeps a refresh token. */
const LONG_SCOPE =
  `openid offline_access ${Array.from({ length: 110 }, (_, i) => `s${String(i).padStart(5, '0')}`).join(' ')}`.slice(
    0,
    900,
  );

function defaultLoginWorks(h: Harness): Promise<boolean> {
  return postToken(h, passwordFields('admin@example.com')).then((res) => res.status === 200);
}

describe('one client fills the state memory with refresh tokens over 90 session ids (every session was then refused)', () => {
  it('each session stops at its own share; the default session, client_credentials and a new id are still served', async () => {
    const h = harness({ maxStateMemory: 2 * MB, adminToken: 'secret-admin' });
    let grants = 0;
    let refused: Awaited<ReturnType<typeof postToken>> | undefined;
    for (let i = 0; i < 8_500 && refused === undefined; i++) {
      const res = await postToken(h, passwordFields('admin@example.com', undefined, { scope: LONG_SCOPE }), {
        headers: { 'X-Mock-Session': `filler-${i % 90}` },
      });
      if (res.status === 503) refused = res;
      else grants++;
    }
    expect(refused).toBeDefined();
    if (refused === undefined) return;
    expectOAuthError(refused, 503, 'temporarily_unavailable');
    expect((refused.body as { error_description: string }).error_description).toMatch(
      /--max-(session|state)-memory/,
    );
    expect(h.mock.services.memory.used()).toBeLessThanOrEqual(2 * MB);
    // The default session's plain grant, client_credentials and a read in a new session are never refused.
    expect(await defaultLoginWorks(h)).toBe(true);
    expectToken(
      await postToken(h, {
        grant_type: 'client_credentials',
        client_id: MOCK_CLIENT.id,
        client_secret: MOCK_CLIENT.secret,
      }),
    );
    expect((await h.get('/health', { headers: { 'X-Mock-Session': 'a-new-id' } })).status).toBe(200);
    // The default session's own writes use its reserve.
    const kept = await postToken(h, passwordFields('admin@example.com', undefined, { scope: LONG_SCOPE }));
    expect(expectToken(kept).refresh_token).toBeDefined();
    expect(grants).toBeGreaterThan(0);
  }, 60_000);

  it("a single session's grants stop at --max-session-memory with session_memory_full", async () => {
    const h = harness({ maxStateMemory: 8 * MB, maxSessionMemory: 64 * 1024 });
    let last: Awaited<ReturnType<typeof postToken>> | undefined;
    for (let i = 0; i < 200; i++) {
      last = await postToken(h, passwordFields('admin@example.com', undefined, { scope: LONG_SCOPE }), {
        headers: { 'X-Mock-Session': 'one' },
      });
      if (last.status === 503) break;
    }
    expect(last?.status).toBe(503);
    if (last === undefined) return;
    expectOAuthError(last, 503, 'temporarily_unavailable');
    expect((last.body as { error_description: string }).error_description).toContain('--max-session-memory');
    // The same session's grants that keep nothing go on.
    const plain = await postToken(h, passwordFields('admin@example.com'), {
      headers: { 'X-Mock-Session': 'one' },
    });
    expectToken(plain);
    // Elsewhere the API shape, naming the flag.
    const admin = adminClient(h.mock.app);
    const seeded = await admin.post(
      '/seed',
      { seed: 1, users: 100 },
      { headers: { 'X-Mock-Session': 'one' } },
    );
    expect(expectError(seeded, 503, 'session_memory_full').error).toContain('--max-session-memory');
  });
});

describe('POST /__admin/sessions/big {"seed":1,"users":340000} without an admin token (it took 996 MiB of 1 GiB)', () => {
  it("counts against that session's share: 503 session_memory_full before anything is seeded", async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const started = performance.now();
    const res = await admin.post('/sessions/big', { seed: 1, users: 340_000 });
    const body = expectError(res, 503, 'session_memory_full');
    expect(body.error).toContain('--max-session-memory');
    expect(body.error).toContain('340000 users');
    expect(h.mock.sessions.has('big')).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await defaultLoginWorks(h)).toBe(true);
  });
});

describe('any number of clients with random session ids and any mix of writes (property)', () => {
  type Step =
    | { kind: 'grant'; session: string; offline: boolean }
    | { kind: 'delete'; session: string; user: string }
    | { kind: 'rule'; session: string; size: number }
    | { kind: 'seed'; session: string; users: number }
    | { kind: 'read'; session: string };
  const sessionId = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/);
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('grant' as const), session: sessionId, offline: fc.boolean() }),
    fc.record({
      kind: fc.constant('delete' as const),
      session: sessionId,
      user: fc.constantFrom('zoe.adams', 'user@example.com', 'client@example.com'),
    }),
    fc.record({
      kind: fc.constant('rule' as const),
      session: sessionId,
      size: fc.integer({ min: 1, max: 20_000 }),
    }),
    fc.record({
      kind: fc.constant('seed' as const),
      session: sessionId,
      users: fc.integer({ min: 1, max: 2_000 }),
    }),
    fc.record({ kind: fc.constant('read' as const), session: sessionId }),
  );

  it("never makes the default session's password grant or GET /users answer 503", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), async (steps) => {
        const h = harness({ maxStateMemory: 1 * MB, maxSessions: 20 });
        const admin = adminClient(h.mock.app);
        const token = h.token('admin');
        for (const s of steps) {
          const headers = { 'X-Mock-Session': s.session };
          if (s.kind === 'grant') {
            const scope = s.offline ? LONG_SCOPE : 'openid';
            await postToken(h, passwordFields('admin@example.com', undefined, { scope }), { headers });
          } else if (s.kind === 'delete') {
            await h.send('DELETE', `/users/${s.user}`, { token, headers });
          } else if (s.kind === 'rule') {
            await admin.post('/faults', { path: `/r/${'x'.repeat(s.size)}`, status: 418 }, { headers });
          } else if (s.kind === 'seed') {
            await admin.post('/seed', { seed: 1, users: s.users }, { headers });
          } else {
            await h.get('/users?page_size=1', { token, headers });
          }
        }
        expect(await defaultLoginWorks(h)).toBe(true);
        expect((await h.get('/users?page_size=5', { token })).status).toBe(200);
      }),
      { seed: 37, numRuns: 25 },
    );
  }, 120_000);
});
