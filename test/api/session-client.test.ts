/**
 * The session API over HTTP (`sessionClient`, `startMock().session`) and in process (`inProcessSession` over the
 * mock's own `fetch(Request)`, no socket), against one mock: camelCase results, `IdentityMockError` on every refusal
 * (never an error body as a result), the session header on everything, and one interface for all three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityMockError, sessionClient, type SessionApi } from '../../src/index.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { inProcessSession } from '../../src/client/in-process-session.ts';
import { decodeToken } from '../support/auth.ts';
import { SPECS } from '../support/harness.ts';

let mock: RunningMock;
let guarded: RunningMock;

beforeAll(async () => {
  [mock, guarded] = await Promise.all([
    startMock({ port: 0, specs: SPECS, users: 20 }),
    startMock({ port: 0, specs: SPECS, users: 5, adminToken: 's3cret' }),
  ]);
});

afterAll(async () => {
  await Promise.all([mock.close(200), guarded.close(200)]);
});

/** The error a promise rejects with, which must be an IdentityMockError. */
async function refusal(promise: Promise<unknown>): Promise<IdentityMockError> {
  const outcome = await promise.then(
    (value: unknown) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.resolved)}`);
  expect(outcome.error).toBeInstanceOf(IdentityMockError);
  return outcome.error as IdentityMockError;
}

const handles: [string, (id: string) => SessionApi][] = [
  ['sessionClient(url, id)', (id) => sessionClient(mock.url, id)],
  ['startMock().session(id)', (id) => mock.session(id)],
  // No socket: the mock's own fetch(Request) → Response.
  [
    'inProcessSession({id, fetch: mock.fetch})',
    (id) => inProcessSession({ id, fetch: (r) => mock.fetch(r) }),
  ],
];

describe.each(handles)('%s', (name, open) => {
  const id = `client-${name.replace(/[^a-z]/gi, '')}`;
  const session = (): SessionApi => open(id);

  it('mints a token for a user, given as text or as an object, camelCase and usable', async () => {
    const byText = await session().token('admin@example.com', { permissions: ['read:users'] });
    expect(byText).toEqual({
      accessToken: expect.any(String) as unknown,
      tokenType: 'Bearer',
      expiresIn: 86400,
      claims: expect.objectContaining({ permissions: ['read:users'], gty: 'app_token' }) as unknown,
    });
    const res = await session().fetch('/users?page_size=1', {
      headers: { Authorization: `Bearer ${byText.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Mock-Session')).toBe(id);
    const byObject = await session().token({ user: 'user', expiresIn: -60, audience: 'https://elsewhere/' });
    expect(byObject.expiresIn).toBe(-60);
    expect(decodeToken(byObject.accessToken).claims).toMatchObject({ aud: 'https://elsewhere/' });
  });

  it('passes expiresAt (text or Date), claims and an ID token through', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const minted = await session().token('user@example.com', {
      expiresAt: at,
      claims: { iss: 'https://other.example/' },
      idToken: { clientId: 'spa-client', nonce: 'n-1' },
    });
    expect(minted.claims).toMatchObject({ exp: at.getTime() / 1000, iss: 'https://other.example/' });
    expect(decodeToken(minted.idToken ?? '').claims).toMatchObject({ aud: 'spa-client', nonce: 'n-1' });
    const text = await session().token('user@example.com', { expiresAt: '2031-01-01T00:00:00Z' });
    expect(text.claims.exp).toBe(Date.parse('2031-01-01T00:00:00Z') / 1000);
  });

  it('throws IdentityMockError with the server code and status, never resolving with the error body', async () => {
    expect(await refusal(session().token('nobody@example.com'))).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: expect.stringContaining('nobody@example.com') as unknown,
    });
    expect(
      await refusal(session().token('client@example.com', { permissions: ['delete:users'] })),
    ).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(
      await refusal(session().token('user', { expiresIn: 60, expiresAt: '2030-01-01T00:00:00Z' })),
    ).toMatchObject({
      status: 400,
    });
    expect(await refusal(session().fault({ path: '/users', status: 1000 }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('adds fault rules (camelCase) that fire in the session only', async () => {
    await session().reset();
    const { accessToken } = await session().token('admin@example.com');
    const rule = await session().fault({ method: 'GET', path: '/users*', status: 503, delayMs: 1, times: 1 });
    expect(rule).toEqual({
      id: expect.any(String) as unknown,
      method: 'GET',
      path: '/users*',
      status: 503,
      delayMs: 1,
      times: 1,
      probability: 1,
      fired: 0,
    });
    const headers = { Authorization: `Bearer ${accessToken}` };
    expect((await fetch(`${mock.url}/users`, { headers })).status).toBe(200);
    expect((await session().fetch('/users', { headers })).status).toBe(503);
    expect((await session().fetch('/users', { headers })).status).toBe(200);
  });

  it("lists the session's journal, newest first, camelCase, filtered", async () => {
    await session().reset();
    const { accessToken } = await session().token('admin@example.com');
    const headers = { Authorization: `Bearer ${accessToken}` };
    await session().fetch('/users?page_size=2', { headers });
    await session().fetch('/users/no-such-user', { method: 'DELETE', headers });
    await fetch(`${mock.url}/health`);
    const entries = await session().requests({ path: '/users*' });
    expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
      ['DELETE', '/users/no-such-user', 404],
      ['GET', '/users', 200],
    ]);
    expect(entries[1]).toMatchObject({
      id: expect.any(Number) as unknown,
      time: expect.any(String) as unknown,
      query: { page_size: '2' },
      durationMs: expect.any(Number) as unknown,
      session: id,
      request: {
        headers: expect.objectContaining({
          authorization: expect.stringMatching(/redacted/i) as unknown,
        }) as unknown,
      },
      response: { headers: expect.any(Object) as unknown },
    });
    expect(await session().requests({ method: 'DELETE', limit: 1 })).toHaveLength(1);
  });

  it('resets the session to its start and drops it (twice is fine)', async () => {
    const { accessToken } = await session().token('admin@example.com');
    const headers = { Authorization: `Bearer ${accessToken}` };
    expect((await session().fetch('/users/user', { method: 'DELETE', headers })).status).toBe(204);
    expect((await session().fetch('/users/user', { method: 'DELETE', headers })).status).toBe(404);
    await session().reset();
    expect(await session().requests()).toEqual([]);
    expect((await session().fetch('/users/user', { method: 'DELETE', headers })).status).toBe(204);
    await session().drop();
    expect(mock.sessions.list().map((s) => s.id)).not.toContain(id);
    await expect(session().drop()).resolves.toBeUndefined();
  });
});

describe('sessionClient', () => {
  it('keeps the caller’s headers, adds the session header, and takes absolute URLs as they are', async () => {
    const session = sessionClient(`${mock.url}/`, 'headers-kept');
    expect(session.url).toBe(mock.url);
    expect(session.headers).toEqual({ 'X-Mock-Session': 'headers-kept' });
    const res = await session.fetch(`${mock.url}/health`, { headers: { 'X-API-Version': 'v2' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('X-Mock-Session')).toBe('headers-kept');
    await session.drop();
  });

  it('refuses an id outside the header rule before sending anything', () => {
    expect(() => sessionClient(mock.url, 'no spaces')).toThrow(IdentityMockError);
    expect(() => sessionClient(mock.url, 'x'.repeat(65))).toThrow(/1 to 64 characters/);
  });

  it('reports a mock that cannot be reached as status 0, code unreachable', async () => {
    const closed = await startMock({ port: 0, specs: SPECS, users: 0 });
    await closed.close(0);
    expect(await refusal(sessionClient(closed.url, 'gone').reset())).toMatchObject({
      status: 0,
      code: 'unreachable',
    });
  });

  it('sends the admin token of a mock that has one; without it, the refusal names the code', async () => {
    expect(await refusal(sessionClient(guarded.url, 'no-token').reset())).toMatchObject({
      status: 401,
      code: 'admin_token_required',
    });
    await expect(
      sessionClient(guarded.url, 'token', { adminToken: 's3cret' }).reset(),
    ).resolves.toBeUndefined();
    const minted = await guarded.session('own').token('admin@example.com');
    expect(minted.tokenType).toBe('Bearer');
  });
});
