/**
 * The "One server, many suites" examples of docs/guide.md, run: a server started once (vitest's globalSetup, Jest's
 * globalSetup, a Playwright webServer), and test files that each use their own session through `sessionClient`,
 * resetting only it before each test, all at once. Also `startMock().session(id)`, the in-process handle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionClient, type SessionApi } from '../../src/index.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { SPECS } from '../support/harness.ts';

let mock: RunningMock;

beforeAll(async () => {
  // What the guide's globalSetup does.
  mock = await startMock({ port: 0, specs: SPECS, users: 30 });
});

afterAll(async () => {
  await mock.close(200);
});

async function total(session: { url: string; headers: Readonly<Record<string, string>> }, token: string) {
  const res = await fetch(`${session.url}/users?page_size=1`, {
    headers: { ...session.headers, Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-mock-session')).toBe(session.headers['X-Mock-Session'] ?? null);
  return Number(res.headers.get('x-total-count'));
}

/** One test file of the guide's example: its own session, reset before each of its tests. */
async function testFile(session: SessionApi, victim: string, tests: number): Promise<string[]> {
  const problems: string[] = [];
  for (let t = 0; t < tests; t++) {
    await session.reset(); // beforeEach
    const { accessToken } = await session.token('admin@example.com');
    const before = await total(session, accessToken);
    const deleted = await session.fetch(`/users/${victim}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (deleted.status !== 204) problems.push(`${session.id} test ${t}: delete ${deleted.status}`);
    const after = await total(session, accessToken);
    if (after !== before - 1) problems.push(`${session.id} test ${t}: ${before} then ${after}`);
  }
  return problems;
}

describe('README: one shared server, one session per test file', () => {
  it('three files at once, each deleting and resetting in its own session: no test sees another', async () => {
    const { accessToken } = await sessionClient(mock.url, 'probe').token({ user: 'admin@example.com' });
    const page = await fetch(`${mock.url}/users?page_size=10&sort_by=identifier`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const victims = ((await page.json()) as { identifier: string }[])
      .map((user) => user.identifier)
      .filter((identifier) => !['admin', 'user', 'client'].includes(identifier));
    const files = ['users.test.ts', 'workspaces.test.ts', 'login.test.ts'].map((file, i) =>
      testFile(sessionClient(mock.url, file), victims[i] ?? '', 5),
    );
    expect((await Promise.all(files)).flat()).toEqual([]);
    await Promise.all(
      ['users.test.ts', 'workspaces.test.ts', 'login.test.ts'].map((f) => sessionClient(mock.url, f).drop()),
    );
    expect(mock.sessions.list().map((s) => s.id)).toEqual(['probe']);
  });
});

describe('startMock().session(id)', () => {
  it('gives the URL, the header and the session API of one session', async () => {
    const session = mock.session('in-process');
    expect(session.url).toBe(mock.url);
    expect(session.authUrl).toBe(mock.authUrl);
    expect(session.headers).toEqual({ 'X-Mock-Session': 'in-process' });
    const token = (await session.token('admin@example.com')).accessToken;
    const start = await total(session, token);
    await session.fetch('/users/user', { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(await total(session, token)).toBe(start - 1);
    expect(await total({ url: mock.url, headers: {} }, token)).toBe(start);
    expect(await session.requests({ method: 'DELETE' })).toHaveLength(1);
    await session.reset();
    expect(await total(session, token)).toBe(start);
    expect(() => mock.session('no spaces')).toThrow(/session id may hold only/);
    await session.drop();
  });
});
