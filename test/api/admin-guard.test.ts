/**
 * The control plane on a shared machine (docs/control-plane.md "Who may call it"): a browser's cross-site change is
 * refused whatever its content type, every client that sends no `Origin` just works (bodiless calls included), a
 * body must be JSON, and only requests that name this server in `Host` are answered (DNS rebinding).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMock } from '../../src/mock.ts';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { adminProblems } from '../support/admin-client.ts';
import { harness, SMALL_FIXTURES, SPECS } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

const EVIL = 'https://evil.example';

describe('a state-changing call a browser sends from another site: 403 cross_site_refused', () => {
  it.each([
    {
      name: 'an Origin of another site, JSON',
      headers: { Origin: EVIL, 'Content-Type': 'application/json' },
    },
    { name: 'an Origin of another site, no body', headers: { Origin: EVIL } },
    { name: 'an Origin of another port', headers: { Origin: 'http://127.0.0.1:3000' } },
    { name: 'Origin: null (a sandboxed frame, a file)', headers: { Origin: 'null' } },
    { name: 'Sec-Fetch-Site: cross-site, no Origin', headers: { 'Sec-Fetch-Site': 'cross-site' } },
    { name: 'Sec-Fetch-Site: same-site, no Origin', headers: { 'Sec-Fetch-Site': 'same-site' } },
  ])('$name', async ({ headers }) => {
    const h = harness();
    await h.mock.session().fault({ path: '/users', status: 503 });
    let test = request(h.mock.app).post('/__admin/reset').set('Host', 'localhost:8080');
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    const res = await test;
    expectError(res, 403, 'cross_site_refused');
    expect(adminProblems('POST', '/reset', res)).toEqual([]);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(h.mock.control.faults.size).toBe(1);
  });

  it.each([
    { name: "the server's own origin (the console)", origin: 'http://localhost:8080', adminCors: undefined },
    { name: 'an --admin-cors origin', origin: 'http://localhost:3000', adminCors: 'http://localhost:3000' },
  ])('$name may change state', async ({ origin, adminCors }) => {
    const h = harness(adminCors === undefined ? {} : { adminCors });
    await h.mock.session().fault({ path: '/users', status: 503 });
    const res = await request(h.mock.app)
      .delete('/__admin/faults')
      .set('Host', 'localhost:8080')
      .set('Origin', origin)
      .set('Sec-Fetch-Site', 'same-site');
    expect(res.status).toBe(204);
    expect(h.mock.control.faults.size).toBe(0);
  });

  it('reads are not refused (the browser cannot read them cross-origin anyway)', async () => {
    const h = harness();
    const res = await request(h.mock.app).get('/__admin/faults').set('Origin', EVIL);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('clients that send no Origin just work, with a body or without (bodiless calls were 415)', () => {
  let mock: RunningMockInternals;
  let base: string;
  beforeAll(async () => {
    mock = await startMockInternals({
      port: 0,
      specs: SPECS,
      fixtures: SMALL_FIXTURES,
      validateResponses: true,
    });
    base = mock.url;
  });
  afterAll(async () => {
    await mock.close(0);
  });

  it.each([
    {
      name: 'POST /reset, bodiless, as fetch and axios send it',
      method: 'POST',
      path: '/reset',
      status: 200,
    },
    { name: 'DELETE /faults, bodiless', method: 'DELETE', path: '/faults', status: 204 },
    { name: 'DELETE /requests, bodiless', method: 'DELETE', path: '/requests', status: 204 },
  ])('$name → $status', async ({ method, path, status }) => {
    const res = await fetch(`${base}/__admin${path}`, { method });
    expect(res.status).toBe(status);
  });

  it('DELETE /sessions/{id}, bodiless → 204', async () => {
    await fetch(`${base}/health`, { headers: { 'X-Mock-Session': 'to-drop' } });
    const res = await fetch(`${base}/__admin/sessions/to-drop`, { method: 'DELETE' });
    expect(res.status).toBe(204);
  });

  it('a bodiless call is not held to its Content-Type (a generated client sends one anyway)', async () => {
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${base}/__admin/reset`, { method: 'POST', headers: { 'Content-Type': type } });
      expect(res.status, type).toBe(200);
    }
  });

  it('a body that is not JSON: 415 unsupported_media_type, saying so', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await fetch(`${base}/__admin/reset`, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: 'a=1',
      });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { error: string }).error).toContain('application/json');
    }
  });

  it('a JSON body is read as before', async () => {
    const res = await fetch(`${base}/__admin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/nowhere', status: 503 }),
    });
    expect(res.status).toBe(201);
  });
});

describe('only requests that name this server in Host are answered (DNS rebinding)', () => {
  it.each([
    'localhost:8080',
    'localhost',
    '127.0.0.1:8080',
    '127.3.4.5',
    '[::1]:8080',
    'app.localhost:8080',
    'LOCALHOST:8080',
  ])('Host %s: answered', async (host) => {
    const res = await request(harness().mock.app).get('/__admin/health').set('Host', host);
    expect(res.status).toBe(200);
  });

  it.each([
    'evil.example',
    'evil.example:8080',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    '10.0.0.5',
  ])(
    'Host %s: 403 host_not_allowed, on reads and changes alike; the identity API does not care',
    async (host) => {
      const { app } = harness().mock;
      const read = await request(app).get('/__admin/requests').set('Host', host);
      const body = expectError(read, 403, 'host_not_allowed');
      expect(body.error).toContain('--allowed-host');
      expect(adminProblems('GET', '/requests', read)).toEqual([]);
      expectError(await request(app).post('/__admin/reset').set('Host', host), 403, 'host_not_allowed');
      expect((await request(app).get('/health').set('Host', host)).status).toBe(200);
    },
  );

  it('--allowed-host, the --host address and the issuer host are answered too', async () => {
    const mock = buildMock({
      specs: SPECS,
      fixtures: SMALL_FIXTURES,
      allowedHosts: ['ci-box'],
      host: '10.1.2.3',
      issuer: 'https://auth.ci.test/',
    });
    for (const host of ['ci-box:8080', 'CI-BOX', '10.1.2.3:8080', 'auth.ci.test']) {
      expect((await request(mock.app).get('/__admin/health').set('Host', host)).status, host).toBe(200);
    }
    expect((await request(mock.app).get('/__admin/health').set('Host', 'ci-box2')).status).toBe(403);
  });
});
