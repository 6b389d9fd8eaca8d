/**
 * Memory bounded for the whole server (docs/sessions.md "Memory"): what every session writes is counted, the sum
 * stays under `--max-state-memory`, a request that would create or grow a session past it gets 503
 * `state_memory_full` naming the flag (`session_memory_full` past one session's `--max-session-memory`), and
 * everyone else is still served, reads included.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { adminClient } from '../support/admin-client.ts';
import { expectOAuthError, passwordFields, postToken } from '../support/auth.ts';
import { harness, SPECS } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

const MB = 1024 * 1024;

describe('--max-state-memory on a small dataset', () => {
  it('new sessions are refused once the sum is reached; the others keep reading; dropping one makes room', async () => {
    const h = harness({ maxStateMemory: 3 * MB, maxSessions: 10_000 });
    const admin = adminClient(h.mock.app);
    const token = h.token('admin');
    let created = 0;
    let refused: Awaited<ReturnType<typeof h.get>> | undefined;
    // Sessions with state of their own (a fault rule each): light ones would give their place to new ids.
    while (refused === undefined && created < 1_000) {
      const res = await admin.post(
        '/faults',
        { path: '/nowhere', status: 418 },
        { headers: { 'X-Mock-Session': `s${created}` } },
      );
      if (res.status === 503) refused = res;
      else created++;
    }
    expect(created).toBeGreaterThan(10);
    expect(created).toBeLessThan(1_000);
    const body = expectError(refused ?? (await h.get('/health')), 503, 'state_memory_full');
    expect(body.error).toContain('--max-state-memory');
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(h.mock.services.memory.used()).toBeLessThanOrEqual(3 * MB);
    // Every live session still reads, and its journal goes on (it forgets its oldest entries instead of growing).
    for (const id of ['s0', `s${created - 1}`]) {
      expect((await h.get('/users?page_size=1', { token, headers: { 'X-Mock-Session': id } })).status).toBe(
        200,
      );
    }
    expect(h.mock.services.memory.used()).toBeLessThanOrEqual(3 * MB);
    // A change that would grow a session is refused: past its own share (its copy of the users is larger than
    // 1/8 of 3 MB), or past what the server has left; on the token endpoint in its own shape.
    const del = await h.send('DELETE', '/users/zoe.adams', { token, headers: { 'X-Mock-Session': 's0' } });
    expect(expectError(del, 503, 'session_memory_full').error).toContain('--max-session-memory');
    const grant = await postToken(
      h,
      passwordFields('admin@example.com', undefined, { scope: 'openid offline_access' }),
      { headers: { 'X-Mock-Session': 's0' } },
    );
    expectOAuthError(grant, 503, 'temporarily_unavailable');
    expect((grant.body as { error_description: string }).error_description).toContain('--max-state-memory');
    // A grant that keeps nothing is never refused for memory.
    expect(
      (await postToken(h, passwordFields('admin@example.com'), { headers: { 'X-Mock-Session': 's0' } }))
        .status,
    ).toBe(200);
    // Freeing state is never refused, and makes room.
    for (let i = 1; i < 100; i++) expect((await admin.delete(`/sessions/s${i}`)).status).toBe(204);
    expect(
      (
        await postToken(
          h,
          passwordFields('admin@example.com', undefined, { scope: 'openid offline_access' }),
          {
            headers: { 'X-Mock-Session': 's0' },
          },
        )
      ).status,
    ).toBe(200);
  });

  it('a dataset that would not fit is refused before it is built', async () => {
    const h = harness({ maxStateMemory: 64 * MB });
    const admin = adminClient(h.mock.app);
    const seed = await admin.post(
      '/seed',
      { seed: 1, users: 1_000_000 },
      { headers: { 'X-Mock-Session': 'big' } },
    );
    expect(expectError(seed, 503, 'session_memory_full').error).toContain('--max-session-memory');
    const session = await admin.post('/sessions/big2', { seed: 1, users: 1_000_000 });
    expectError(session, 503, 'session_memory_full');
    expect(h.mock.sessions.has('big2')).toBe(false);
  });
});

describe('a scope longer than 1 KiB (2 000 grants with a 66 KB scope held 143 MB)', () => {
  it('is 400 invalid_scope in the RFC 6749 shape, and nothing is kept for it', async () => {
    const h = harness();
    const scope = `offline_access ${Array.from({ length: 6_000 }, (_, i) => `s${i}xyyyyy`).join(' ')}`;
    for (let i = 0; i < 20; i++) {
      const res = await postToken(h, passwordFields('admin@example.com', undefined, { scope }));
      expectOAuthError(res, 400, 'invalid_scope');
    }
    expect(h.mock.state.oauth.refreshTokens.size).toBe(0);
    const justUnder = `offline_access ${'s'.repeat(1024 - 'offline_access '.length)}`;
    expect(
      (await postToken(h, passwordFields('admin@example.com', undefined, { scope: justUnder }))).status,
    ).toBe(200);
    const justOver = `${justUnder}s`;
    expectOAuthError(
      await postToken(h, passwordFields('admin@example.com', undefined, { scope: justOver })),
      400,
      'invalid_scope',
    );
  });
});

describe('sessions that delete at 100 000 users, until refused (100 of them held 1.37 GB)', () => {
  const LIMIT = 64 * MB;
  let mock: RunningMockInternals;
  let base: string;
  let gc: () => void;

  beforeAll(async () => {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
    mock = await startMockInternals({
      port: 0,
      specs: SPECS,
      users: 100_000,
      maxStateMemory: LIMIT,
      maxSessionMemory: LIMIT / 2,
    });
    base = mock.url.replace('localhost', '127.0.0.1');
  }, 120_000);

  afterAll(async () => {
    await mock.close(0);
  });

  function rss(): number {
    for (let i = 0; i < 3; i++) gc();
    return process.memoryUsage().rss;
  }

  it('RSS stays under the limit plus a margin; refused sessions leave the others served', async () => {
    const token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
    const auth = { Authorization: `Bearer ${token}` };
    const get = async (path: string, session: string): Promise<number> => {
      const res = await fetch(`${base}${path}`, { headers: { ...auth, 'X-Mock-Session': session } });
      await res.arrayBuffer();
      return res.status;
    };
    // What the default session's first queries build is the start's, not any session's.
    for (const field of ['name', 'email', 'created_at'])
      expect(await get(`/users?sort_by=${field}`, 'warm')).toBe(200);
    const before = rss();
    let deleted = 0;
    let status = 204;
    for (let i = 0; i < 100 && status === 204; i++) {
      const session = `deleter-${i}`;
      const res = await fetch(`${base}/users/client`, {
        method: 'DELETE',
        headers: { ...auth, 'X-Mock-Session': session },
      });
      status = res.status;
      await res.arrayBuffer();
      if (status !== 204) break;
      deleted++;
      for (const query of ['sort_by=name', 'sort_by=email&sort_order=desc', 'search=ann', 'status=active']) {
        expect(await get(`/users?${query}`, session)).toBe(200);
      }
    }
    expect(status).toBe(503);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(mock.services.memory.used()).toBeLessThanOrEqual(LIMIT);
    // The refused ones are not kept half-made; everyone still reads.
    expect(await get('/users?page_size=1', 'deleter-0')).toBe(200);
    expect(await get('/users?page_size=1', 'warm')).toBe(200);
    const grown = rss() - before;
    expect(grown).toBeLessThan(LIMIT + 64 * MB);
  }, 120_000);
});
