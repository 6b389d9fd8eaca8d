/**
 * The programmatic API of the public entry (`startMock` from src/index.ts): two mocks at once on port 0, each with
 * its own data, journal and fault rules; reset, seed, token, requests, fault, close with drain, and `authPort`.
 */
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionClient, startMock, type RunningMock } from '../../src/index.ts';
import type { User } from '../../src/spec/types.ts';
import { bearer, fetchChecked } from '../support/fetch-checked.ts';
import { ADMIN, SPECS } from '../support/harness.ts';

const started: RunningMock[] = [];

async function start(options: Parameters<typeof startMock>[0] = {}): Promise<RunningMock> {
  const mock = await startMock({ port: 0, specs: SPECS, users: 20, ...options });
  started.push(mock);
  return mock;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close(200)));
});

/** Two mocks started at once with different seeds. */
async function pair(): Promise<[RunningMock, RunningMock]> {
  const [a, b] = await Promise.all([start({ seed: 1 }), start({ seed: 2 })]);
  return [a, b];
}

async function adminToken(mock: RunningMock): Promise<string> {
  return (await mock.session().token({ user: ADMIN })).accessToken;
}

async function listUsers(mock: RunningMock): Promise<{ users: User[]; total: number; text: string }> {
  const res = await fetchChecked(mock.url, '/users?page_size=100&sort_by=id', bearer(await adminToken(mock)));
  expect(res.status).toBe(200);
  return { users: res.body as User[], total: Number(res.headers['x-total-count']), text: res.text };
}

describe('two mocks at once', () => {
  it('listen on distinct URLs of port 0', async () => {
    const [a, b] = await pair();
    expect(a.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(a.url).not.toBe(b.url);
    expect(a.port).not.toBe(b.port);
    expect(a.port).toBeGreaterThan(0);
    expect(a.authUrl).toBe(a.url);
    for (const mock of [a, b])
      expect((await fetchChecked(mock.url, '/health')).body).toEqual({ status: 'ok' });
  });

  it('serve their own seeded data: N + 3 users each, different users', async () => {
    const [a, b] = await pair();
    const [listA, listB] = await Promise.all([listUsers(a), listUsers(b)]);
    expect(listA.total).toBe(23);
    expect(listB.total).toBe(23);
    expect(listA.text).not.toBe(listB.text);
  });

  it('are independent: deleting in one leaves the other as it was', async () => {
    const [a, b] = await pair();
    const before = await listUsers(b);
    const victim = (await listUsers(a)).users.find(
      (u) => u.user_type === 'saas_user' && u.identifier !== 'user',
    );
    expect(victim).toBeDefined();
    const deleted = await fetchChecked(a.url, `/users/${victim?.id ?? ''}`, {
      method: 'DELETE',
      ...bearer(await adminToken(a)),
    });
    expect(deleted.status).toBe(204);
    expect((await listUsers(a)).total).toBe(22);
    expect(await listUsers(b)).toEqual(before);
  });

  it('each trusts only its own tokens (the issuer is its own URL)', async () => {
    const [a, b] = await pair();
    const token = await adminToken(a);
    expect((await fetchChecked(a.url, '/users', bearer(token))).status).toBe(200);
    const refused = await fetchChecked(b.url, '/users', bearer(token));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'invalid_token' });
  });

  it('keep separate journals and fault rules', async () => {
    const [a, b] = await pair();
    const rule = await a.session().fault({ path: '/health', status: 500 });
    expect(rule).toMatchObject({ path: '/health', status: 500, fired: 0 });
    expect((await fetchChecked(a.url, '/health')).status).toBe(500);
    expect((await fetchChecked(b.url, '/health')).status).toBe(200);
    expect((await a.session().requests()).map((e) => `${e.path} ${e.status}`)).toEqual(['/health 500']);
    expect((await b.session().requests()).map((e) => `${e.path} ${e.status}`)).toEqual(['/health 200']);
  });
});

describe('the methods of a running mock', () => {
  it('session() is the default session: no header, the same handle as sessionClient(url) and a named one', async () => {
    const mock = await start();
    const session = mock.session();
    expect(session.id).toBeUndefined();
    expect(session.headers).toEqual({});
    expect(session.authUrl).toBe(mock.url);
    await fetchChecked(mock.url, '/health');
    expect((await session.requests()).map((e) => e.path)).toEqual(['/health']);
    expect(await sessionClient(mock.url).requests()).toEqual(await session.requests());
    expect(await mock.session('other').requests()).toEqual([]);
    await session.drop(); // the default session cannot go: dropping it resets it
    expect(await session.requests()).toEqual([]);
  });

  it('reset() brings the data of the start back and clears journal and faults', async () => {
    const mock = await start({ seed: 5 });
    const before = await listUsers(mock);
    await fetchChecked(mock.url, '/users/user', { method: 'DELETE', ...bearer(await adminToken(mock)) });
    await mock.session().fault({ path: '/health', status: 500 });
    await mock.session().reset();
    expect(await mock.session().requests()).toEqual([]);
    expect((await fetchChecked(mock.url, '/health')).status).toBe(200);
    expect(await listUsers(mock)).toEqual(before);
  });

  it('seed() serves freshly seeded data: the seed of another mock gives its users', async () => {
    const [a, b] = await pair();
    await a.session().seed({ seed: 2, users: 20 });
    expect((await listUsers(a)).text).toBe((await listUsers(b)).text);
    await a.session().seed({ users: 7 });
    expect((await listUsers(a)).total).toBe(10);
    await a.session().seed();
    expect((await listUsers(a)).total).toBe(23);
  });

  it('token() mints an app token the mock accepts, issued by its URL', async () => {
    const mock = await start();
    const minted = await mock.session().token({ user: 'user@example.com', permissions: ['read:users'] });
    expect(minted.claims).toMatchObject({
      iss: `${mock.url}/`,
      gty: 'app_token',
      permissions: ['read:users'],
    });
    expect((await fetchChecked(mock.url, '/users', bearer(minted.accessToken))).status).toBe(200);
    const forbidden = await fetchChecked(mock.url, '/workspaces/ws-01/members', bearer(minted.accessToken));
    expect(forbidden.status).toBe(403);
  });

  it('requests() lists what the mock answered, newest first, with filters', async () => {
    const mock = await start();
    await fetchChecked(mock.url, '/health');
    await fetchChecked(mock.url, '/users');
    await fetchChecked(mock.url, '/nope');
    expect((await mock.session().requests()).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /nope 404',
      'GET /users 401',
      'GET /health 200',
    ]);
    expect(await mock.session().requests({ status: 401 })).toHaveLength(1);
    expect(await mock.session().requests({ limit: 1 })).toHaveLength(1);
  });

  it('close() stops the mock: fetch fails afterwards', async () => {
    const mock = await startMock({ port: 0, specs: SPECS, users: 5 });
    expect((await fetchChecked(mock.url, '/health')).status).toBe(200);
    await mock.close();
    await expect(fetch(`${mock.url}/health`)).rejects.toThrow();
  });

  it('close() drains a request in flight: it still completes with 200', async () => {
    const mock = await startMock({ port: 0, specs: SPECS, users: 5 });
    const arrived = once(mock.server, 'request');
    const pending = fetch(`${mock.url}/health`, { headers: { Prefer: 'delay=300' } });
    await arrived;
    const closing = mock.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('delay=300');
    expect(await res.json()).toEqual({ status: 'ok' });
    // The client keeps the connection alive; the next test is about that. Here, only the drain matters.
    mock.server.closeIdleConnections();
    await closing;
    await expect(fetch(`${mock.url}/health`)).rejects.toThrow();
  });

  it('a response finished after close() ends its keep-alive connection (Connection: close, RFC 9112 §9.6)', async () => {
    // Otherwise close() waits for the client to drop the idle connection (seconds) after the drain is done.
    const mock = await startMock({ port: 0, specs: SPECS, users: 5 });
    const arrived = once(mock.server, 'request');
    const pending = fetch(`${mock.url}/health`, { headers: { Prefer: 'delay=50' } });
    await arrived;
    const closing = mock.close();
    try {
      const res = await pending;
      expect(res.status).toBe(200);
      await res.text();
      expect(res.headers.get('connection')).toBe('close');
    } finally {
      mock.server.closeIdleConnections();
      await closing;
    }
  });
});

describe('authPort: 0', () => {
  it('serves the authorization server on a URL of its own', async () => {
    const mock = await start({ authPort: 0 });
    expect(mock.authUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(mock.authUrl).not.toBe(mock.url);

    const discovery = await fetchChecked(mock.authUrl, '/.well-known/openid-configuration');
    expect(discovery.body).toMatchObject({
      issuer: `${mock.authUrl}/`,
      token_endpoint: `${mock.authUrl}/oauth/token`,
      jwks_uri: `${mock.authUrl}/.well-known/jwks.json`,
    });
    const issued = await fetchChecked(mock.authUrl, '/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
        username: ADMIN,
        password: 'Passw0rd!',
      }),
    });
    expect(issued.status).toBe(200);
    const { access_token: token } = issued.body as { access_token: string };
    expect((await fetchChecked(mock.url, '/users', bearer(token))).status).toBe(200);
  });

  it.each([
    { name: 'no JWKS on the API listener', on: 'url', method: 'GET', path: '/.well-known/jwks.json' },
    { name: 'no token endpoint on the API listener', on: 'url', method: 'POST', path: '/oauth/token' },
    { name: 'no users on the auth listener', on: 'authUrl', method: 'GET', path: '/users' },
    {
      name: 'no members on the auth listener',
      on: 'authUrl',
      method: 'GET',
      path: '/workspaces/ws-01/members',
    },
  ] as const)(
    'each listener serves only its own routes: $name (404 not_found)',
    async ({ on, method, path }) => {
      const mock = await start({ authPort: 0 });
      // Not checked against the spec: it documents each route once, not which listener lacks it.
      const res = await fetch(`${mock[on]}${path}`, { method, ...bearer(await adminToken(mock)) });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    },
  );

  it('/health is served on both listeners', async () => {
    const mock = await start({ authPort: 0 });
    expect((await fetchChecked(mock.authUrl, '/health')).status).toBe(200);
    expect((await fetchChecked(mock.url, '/health')).status).toBe(200);
  });

  it('close() closes both listeners', async () => {
    const mock = await startMock({ port: 0, authPort: 0, specs: SPECS, users: 5 });
    await mock.close();
    await expect(fetch(`${mock.url}/health`)).rejects.toThrow();
    await expect(fetch(`${mock.authUrl}/health`)).rejects.toThrow();
  });
});
