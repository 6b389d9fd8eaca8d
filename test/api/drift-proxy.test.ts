/**
 * The drift proxy (docs/drift.md) over real sockets: in front of the mock itself (a conforming service) a scripted
 * session finds nothing and every answer is byte for byte the one the mock gives directly; in front of a
 * deliberately divergent service each kind of drift fires on its known request; and what the proxy answers
 * itself: 502 for an unreachable service, 504 for one that hangs, a refused TLS certificate, 413, a cut answer.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriftProxy, type RunningProxy } from '../../src/adapters/node/drift-proxy.ts';
import { mintDefaultToken } from '../../src/mock.ts';
import { loadFixtures } from '../../src/data/fixtures.ts';
import { KNOWN_ACCOUNTS } from '../../src/data/known-accounts.ts';
import { checkUserRecord } from '../../src/data/user-schema.ts';
import type { Finding } from '../../src/drift/finding.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { adminChecker } from '../support/admin-client.ts';
import { freePort } from '../support/bin-process.ts';
import {
  DRIFTS,
  JWT_LIKE,
  startDivergentUpstream,
  type DivergentUpstream,
} from '../support/divergent-upstream.ts';
import { SPECS } from '../support/harness.ts';
import { comparableHeaders, rawRequest, type RawAnswer, type RawRequest } from '../support/raw-request.ts';

const doc = SPECS.api.doc;
const recording = { known: KNOWN_ACCOUNTS.users, check: checkUserRecord };

/** The proxy's own admin answers, checked against spec/admin.yaml. */
async function adminGet(proxy: RunningProxy, path: string): Promise<RawAnswer> {
  const answer = await rawRequest(`${proxy.url}/__admin${path}`);
  const body: unknown = answer.body.length === 0 ? undefined : JSON.parse(answer.body.toString('utf8'));
  const headers = Object.fromEntries(
    Array.from({ length: answer.rawHeaders.length / 2 }, (_, i) => [
      answer.rawHeaders[2 * i]?.toLowerCase() ?? '',
      answer.rawHeaders[2 * i + 1] ?? '',
    ]),
  );
  expect(adminChecker.check({ method: 'GET', path, status: answer.status, headers, body })).toEqual([]);
  return answer;
}

async function findingsOf(proxy: RunningProxy): Promise<Finding[]> {
  const answer = await adminGet(proxy, '/drift');
  return (JSON.parse(answer.body.toString('utf8')) as { findings: Finding[] }).findings;
}

function bearer(permissions: readonly string[]): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'RS256' })}.${part({ permissions })}.c2ln`;
}

describe('in front of the mock: nothing drifts, and every answer is the direct one, byte for byte', () => {
  let mock: RunningMock;
  let proxy: RunningProxy;

  beforeAll(async () => {
    mock = await startMock({ port: 0, logLevel: 'silent', users: 60 });
    proxy = await startDriftProxy({ upstream: mock.url, doc, record: true, recording });
  });

  afterAll(async () => {
    await proxy.close();
    await mock.close();
  });

  /** A session a test suite might run: tokens, lists in every shape, errors of every kind, deletions. */
  function session(): { readonly target: string; readonly init: RawRequest; readonly token?: true }[] {
    const admin = {
      Authorization: `Bearer ${mintDefaultToken(mock, { user: 'admin@example.com' }).accessToken}`,
    };
    const user = {
      Authorization: `Bearer ${mintDefaultToken(mock, { user: 'user@example.com' }).accessToken}`,
    };
    const json = { 'Content-Type': 'application/json' };
    const grant = (fields: Record<string, string>): RawRequest => ({
      method: 'POST',
      headers: json,
      body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret', ...fields }),
    });
    const get = (target: string, headers: Record<string, string> = admin) => ({ target, init: { headers } });
    return [
      get('/health', {}),
      {
        target: '/oauth/token',
        init: grant({ grant_type: 'password', username: 'admin@example.com', password: 'Passw0rd!' }),
        token: true,
      },
      {
        target: '/oauth/token',
        init: grant({ grant_type: 'password', username: 'admin@example.com', password: 'nope' }),
      },
      { target: '/oauth/token', init: grant({ grant_type: 'magic' }) },
      {
        target: '/oauth/token',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=password',
        },
      },
      get('/users'),
      get('/users?page=2&page_size=7&status=active'),
      get('/users?page=3&page_size=25'),
      get('/users?page=99&page_size=10'),
      get('/users?sort_by=name&sort_order=desc&page_size=100'),
      get('/users?sort_by=email&page_size=100'),
      get('/users?sort_by=updated_at&sort_order=desc&page_size=30&user_type=saas_user'),
      get('/users?created_at_from=2024-01-01T00:00:00Z&created_at_to=2025-06-01T00:00:00Z&page_size=100'),
      get('/users?search=ann'),
      get('/users?id=00000000-0000-4000-8000-000000000002'),
      get('/users?page_size=20', user),
      get('/users?id=00000000-0000-4000-8000-000000000002', user),
      get('/users?page_size=101'),
      get('/users?colour=red'),
      get('/users?created_at_from=2025-01-01T00:00:00Z&created_at_to=2024-01-01T00:00:00Z'),
      get('/users', {}),
      get('/users', { Authorization: 'Bearer not-a-token' }),
      get('/users', { ...admin, 'X-API-Version': 'v2' }),
      get('/users', { ...admin, Origin: 'http://localhost:3000' }),
      {
        target: '/users',
        init: {
          method: 'OPTIONS',
          headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
        },
      },
      { target: '/users', init: { method: 'HEAD', headers: admin } },
      get('/workspaces/ws-01/members?per_page=3&page=2'),
      get('/workspaces/ws-99/members'),
      { target: '/users/client', init: { method: 'DELETE', headers: admin } },
      { target: '/users/client', init: { method: 'DELETE', headers: admin } },
      { target: '/users/!!', init: { method: 'DELETE', headers: admin } },
      { target: '/users', init: { method: 'PATCH', headers: admin } },
      get('/no/such/route'),
      get('/.well-known/jwks.json', {}),
      get('/.well-known/openid-configuration', {}),
      get('/openapi.json', {}),
    ];
  }

  it('a scripted session finds nothing, and the answers match the direct ones', async () => {
    const steps = session();
    const proxied: RawAnswer[] = [];
    for (const step of steps) proxied.push(await rawRequest(`${proxy.url}${step.target}`, step.init));
    await rawRequest(`${mock.url}/__admin/reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    const direct: RawAnswer[] = [];
    for (const step of steps) direct.push(await rawRequest(`${mock.url}${step.target}`, step.init));

    expect(await findingsOf(proxy)).toEqual([]);
    steps.forEach((step, i) => {
      const [p, d] = [proxied[i], direct[i]];
      if (p === undefined || d === undefined) throw new Error('an answer is missing');
      const what = `${step.init.method ?? 'GET'} ${step.target}`;
      expect(p.status, what).toBe(d.status);
      if (step.token === true) {
        // A token answer differs from call to call (jti, iat): the same head, the same fields.
        expect(
          comparableHeaders(p).map((h) => h.split(':')[0]),
          what,
        ).toEqual(comparableHeaders(d).map((h) => h.split(':')[0]));
        expect(Object.keys(JSON.parse(p.body.toString()) as object), what).toEqual(
          Object.keys(JSON.parse(d.body.toString()) as object),
        );
        return;
      }
      expect(comparableHeaders(p), what).toEqual(comparableHeaders(d));
      expect(p.body.equals(d.body), `${what}: body bytes`).toBe(true);
    });
    expect(proxy.requests).toBe(steps.length);
  });

  it('records the users it saw as a fixtures file that loads as it is, anonymised', async () => {
    const recorded = proxy.recorder?.fixtures(false);
    expect(recorded?.skipped).toBe(0);
    const dir = await mkdtemp(join(tmpdir(), 'identity-mock-record-'));
    try {
      const file = join(dir, 'recorded.json');
      await writeFile(file, JSON.stringify(recorded?.users));
      const dataset = await loadFixtures(file);
      expect(dataset.users.length).toBeGreaterThan(KNOWN_ACCOUNTS.users.length + 20);
      expect(dataset.users.slice(0, 3).map((u) => u.email)).toEqual(KNOWN_ACCOUNTS.users.map((u) => u.email));
      const names = new Set(mock.state.store.users.map((u) => u.name));
      const others = dataset.users.slice(3);
      expect(others.filter((u) => names.has(u.name)).length).toBeLessThan(others.length / 4);
      const ids = new Set(mock.state.store.users.map((u) => u.id));
      expect(others.every((u) => ids.has(u.id))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the mock's own /__admin/drift has no findings, and DELETE answers 204", async () => {
    const answer = await rawRequest(`${mock.url}/__admin/drift`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ findings: [] });
    const cleared = await rawRequest(`${mock.url}/__admin/drift`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(cleared.status).toBe(204);
  });
});

describe('in front of a divergent service: each kind of drift fires on its known request', () => {
  let upstream: DivergentUpstream;
  let proxy: RunningProxy;
  const admin = bearer(['read:users', 'delete:users', 'read:user_metadata']);

  beforeAll(async () => {
    upstream = await startDivergentUpstream();
    proxy = await startDriftProxy({ upstream: upstream.url, doc, timeoutMs: 400 });
  });

  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it.each(Object.entries(DRIFTS))('%s', async (request, expected) => {
    await rawRequest(`${proxy.url}/__admin/drift`, { method: 'DELETE' });
    const [method = 'GET', target = '/'] = request.split(' ');
    const reader = expected.kind === 'metadata';
    const answer = await rawRequest(`${proxy.url}${target}`, {
      method,
      headers: {
        Authorization: reader ? bearer(['read:users']) : admin,
        ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: '{"grant_type":"password"}' } : {}),
    });
    expect(answer.status).toBeGreaterThan(0);
    const findings = await findingsOf(proxy);
    expect(findings.map(({ kind, where }) => ({ kind, where }))).toEqual([expected]);
    expect(findings[0]?.count).toBe(1);
  });

  it('counts a finding seen again, and names the request that first showed it', async () => {
    await rawRequest(`${proxy.url}/__admin/drift`, { method: 'DELETE' });
    const before = proxy.requests;
    for (let i = 0; i < 3; i++)
      await rawRequest(`${proxy.url}/users?sort_by=name`, { headers: { Authorization: admin } });
    const [finding] = await findingsOf(proxy);
    expect(finding).toMatchObject({ kind: 'sort_order', count: 3, first_request_id: String(before + 1) });
  });

  it('passes a redirect on as it came, without following it', async () => {
    const answer = await rawRequest(`${proxy.url}/users?status=inactive`, {
      headers: { Authorization: admin },
    });
    expect(answer.status).toBe(302);
    expect(comparableHeaders(answer)).toContain(
      'Location: http://login.example.test/sign-in?code=s3cret-code',
    );
    expect(upstream.received.filter((r) => r.includes('sign-in'))).toEqual([]);
  });

  it('redacts secrets in findings as the journal does', async () => {
    await rawRequest(`${proxy.url}/users?user_type=saas_user_client`, { headers: { Authorization: admin } });
    const text = (await adminGet(proxy, '/drift')).body.toString();
    expect(text).toContain('body[].access_token');
    expect(text).not.toContain(JWT_LIKE.slice(0, 20));
  });

  it('answers 504 when the service hangs past --upstream-timeout, counted, and goes on serving', async () => {
    const answer = await rawRequest(`${proxy.url}/users?search=slow`, { headers: { Authorization: admin } });
    expect(answer.status).toBe(504);
    const body = JSON.parse(answer.body.toString()) as { error: string; code: string };
    expect(body.code).toBe('upstream_timeout');
    expect(body.error).toContain('--upstream-timeout');
    expect((await findingsOf(proxy)).some((f) => f.kind === 'upstream_timeout')).toBe(true);
    expect((await rawRequest(`${proxy.url}/health`)).status).toBe(200);
  });

  it.each([
    {
      name: 'the service closes the connection',
      search: 'cut',
      kind: 'upstream_unreachable',
      says: 'before the end of its answer',
    },
    {
      name: 'the service stalls past the timeout',
      search: 'stall',
      kind: 'upstream_timeout',
      says: '--upstream-timeout',
    },
  ])(
    'cuts the client answer short when $name mid-answer, counts it, checks nothing of it',
    async ({ search, kind, says }) => {
      await rawRequest(`${proxy.url}/__admin/drift`, { method: 'DELETE' });
      await expect(
        rawRequest(`${proxy.url}/users?search=${search}`, { headers: { Authorization: admin } }),
      ).rejects.toThrow();
      const findings = await findingsOf(proxy);
      expect(findings.map((f) => [f.kind, f.where])).toEqual([[kind, 'connection']]);
      expect(findings[0]?.actual).toContain(says);
      expect((await rawRequest(`${proxy.url}/health`)).status).toBe(200);
    },
  );

  it('drops the request to the service when the client leaves, and counts nothing', async () => {
    await rawRequest(`${proxy.url}/__admin/drift`, { method: 'DELETE' });
    await expect(
      fetch(`${proxy.url}/users?search=slow`, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the proxy's 400 ms timeout
    expect(await findingsOf(proxy)).toEqual([]);
  });

  it('refuses a request body over 100 KiB with 413, without sending it on', async () => {
    const sent = upstream.received.length;
    const answer = await rawRequest(`${proxy.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'x'.repeat(110 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'payload_too_large' });
    expect(upstream.received.length).toBe(sent);
  });

  it('answers /__admin/health itself, and forwards every other /__admin path', async () => {
    const health = JSON.parse((await adminGet(proxy, '/health')).body.toString()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', mode: 'proxy', upstream: upstream.url });
    await rawRequest(`${proxy.url}/__admin/reset`, { method: 'POST' });
    expect(upstream.received).toContain('POST /__admin/reset');
  });
});

describe('no answer from the service', () => {
  it('answers 502 with a clear body when the service cannot be reached, counts it, and never crashes', async () => {
    const port = await freePort();
    const proxy = await startDriftProxy({ upstream: `http://127.0.0.1:${port}`, doc });
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await rawRequest(`${proxy.url}/users`);
        expect(answer.status).toBe(502);
        const body = JSON.parse(answer.body.toString()) as Record<string, string>;
        expect(Object.keys(body).sort()).toEqual(['code', 'error']);
        expect(body).toMatchObject({ code: 'upstream_unreachable' });
        expect(body.error).toContain(`127.0.0.1:${port}`);
        expect(body.error).toContain('refused');
        expect(comparableHeaders(answer)).toContain(`X-Message: ${body.error ?? ''}`);
      }
      expect(await findingsOf(proxy)).toMatchObject([
        {
          operation: 'listUsers',
          kind: 'upstream_unreachable',
          where: 'connection',
          count: 2,
          first_request_id: '1',
        },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a TLS certificate that does not verify, naming --insecure; with --insecure it forwards', async () => {
    const upstream = await startDivergentUpstream({ tls: true });
    const strict = await startDriftProxy({ upstream: upstream.url, doc });
    const lax = await startDriftProxy({ upstream: upstream.url, doc, insecure: true });
    try {
      const refused = await rawRequest(`${strict.url}/health`);
      expect(refused.status).toBe(502);
      const body = JSON.parse(refused.body.toString()) as Record<string, string>;
      expect(body.code).toBe('upstream_tls');
      expect(body.error).toContain('--insecure');
      expect((await findingsOf(strict)).map((f) => f.kind)).toEqual(['upstream_tls']);
      expect(upstream.received).toEqual([]);
      const forwarded = await rawRequest(`${lax.url}/health`);
      expect(forwarded.status).toBe(200);
      expect(JSON.parse(forwarded.body.toString())).toEqual({ status: 'ok' });
    } finally {
      await Promise.all([strict.close(), lax.close()]);
      await upstream.close();
    }
  });
});
