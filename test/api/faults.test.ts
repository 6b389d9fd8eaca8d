/**
 * Fault rules (docs/control-plane.md) through POST/GET/DELETE /__admin/faults and `mock.fault()`: matching on method, path
 * and header; spec-valid bodies for documented statuses; delays, `times`, seeded probability, dropped connections.
 */
import type request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultRule } from '../../src/control/faults.ts';
import { IdentityMockError } from '../../src/client/identity-mock-error.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { passwordFields, postToken } from '../support/auth.ts';
import { ADMIN, harness, SMALL_FIXTURES, SPECS, type Harness } from '../support/harness.ts';
import { expectError, headerForm } from '../support/responses.ts';

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
  readonly token: string;
}

function setup(seed?: number): Setup {
  const h = harness(seed === undefined ? {} : { seed });
  return { h, admin: adminClient(h.mock.app), token: h.token(ADMIN) };
}

async function addFault(admin: AdminClient, rule: object): Promise<FaultRule> {
  const res = await admin.post('/faults', rule);
  expect(res.status).toBe(201);
  return res.body as FaultRule;
}

/** A fault answer for a status the spec does not document for the route (not checkable against the spec). */
function expectInjected(res: request.Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error: `fault injected: ${status}`, code: 'fault_injected' });
  expect(res.headers['x-message']).toBe(headerForm(`fault injected: ${status}`));
  expect(res.headers['x-api-version']).toBe('v1');
}

describe('fault rules: matching', () => {
  it.each([
    { name: 'method given: only that method', method: 'POST', get: 200, post: 502 },
    { name: 'method in lower case is the same method', method: 'post', get: 200, post: 502 },
    { name: 'method absent: any method', method: undefined, get: 502, post: 502 },
  ])('$name', async ({ method, get, post }) => {
    const { h, admin } = setup();
    const rule = await addFault(admin, {
      path: '/health',
      status: 502,
      ...(method === undefined ? {} : { method }),
    });
    if (method !== undefined) expect(rule.method).toBe(method.toUpperCase());
    const gotten = await h.get('/health', { unchecked: get === 502 });
    if (get === 502) expectInjected(gotten, 502);
    else expect(gotten.body).toEqual({ status: 'ok' });
    // POST /health is no operation of the spec (405 without a fault): a fault answers before routing.
    expectInjected(await h.send('POST', '/health', { unchecked: true }), post);
  });

  it.each([
    {
      name: 'exact path',
      path: '/users',
      faulted: ['/users'],
      spared: ['/users/user', '/users2', '/health'],
    },
    {
      name: 'trailing wildcard',
      path: '/users*',
      faulted: ['/users', '/users/user', '/users/ann.lee'],
      spared: ['/health', '/workspaces/ws-01/members'],
    },
    {
      name: 'wildcard segment',
      path: '/workspaces/*/members',
      faulted: ['/workspaces/ws-01/members', '/workspaces/ws-02/members'],
      spared: ['/users', '/health'],
    },
    { name: 'everything', path: '/*', faulted: ['/users', '/health', '/nope'], spared: [] },
  ])('$name ($path)', async ({ path, faulted, spared }) => {
    const { h, admin, token } = setup();
    await addFault(admin, { method: 'GET', path, status: 502 });
    for (const p of faulted) expectInjected(await h.get(p, { token, unchecked: true }), 502);
    for (const p of spared) expect((await h.get(p, { token })).status).not.toBe(502);
  });

  it('matches a header (name case-insensitive, value exact)', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', status: 502, header: { name: 'X-Test-Case', value: 'boom' } });
    expectInjected(await h.get('/health', { headers: { 'x-test-case': 'boom' }, unchecked: true }), 502);
    expect((await h.get('/health', { headers: { 'X-Test-Case': 'Boom' } })).status).toBe(200);
    expect((await h.get('/health', { headers: { 'X-Other': 'boom' } })).status).toBe(200);
    expect((await h.get('/health')).status).toBe(200);
  });

  it('rules are tried in order: the first that matches applies', async () => {
    const { h, admin, token } = setup();
    await addFault(admin, { path: '/users', status: 500 });
    await addFault(admin, { path: '/users*', status: 502 });
    expect((await h.get('/users', { token })).status).toBe(500);
    expectInjected(await h.send('DELETE', '/users/user', { token, unchecked: true }), 502);
  });

  it('the control plane itself is never faulted', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/*', status: 500 });
    await addFault(admin, { path: '/__admin*', status: 502 });
    expect((await admin.get('/health')).status).toBe(200);
    expect((await admin.get('/faults')).status).toBe(200);
    expect((await h.get('/health')).status).toBe(500);
  });
});

describe('fault rules: answers', () => {
  it('a status the spec documents for the route gives its spec-valid body (500 on GET /users)', async () => {
    const { h, admin, token } = setup();
    await addFault(admin, { method: 'GET', path: '/users', status: 500 });
    const res = await h.get('/users', { token });
    expectError(res, 500, 'internal_error');
  });

  it('a documented 401 carries its WWW-Authenticate header', async () => {
    const { h, admin, token } = setup();
    await addFault(admin, { method: 'GET', path: '/users', status: 401 });
    const res = await h.get('/users', { token });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('an undocumented status (502) gives {error, code: fault_injected}', async () => {
    const { h, admin, token } = setup();
    await addFault(admin, { method: 'GET', path: '/users', status: 502 });
    expectInjected(await h.get('/users', { token, unchecked: true }), 502);
  });

  it('on /oauth/token: a documented status has the RFC 6749 shape; an undocumented one is server_error', async () => {
    const { h, admin } = setup();
    const rule = await addFault(admin, { path: '/oauth/token', status: 401, times: 1 });
    expect(rule.times).toBe(1);
    expect((await postToken(h, passwordFields(ADMIN))).status).toBe(401);
    await addFault(admin, { path: '/oauth/token', status: 502 });
    // The spec does not document 502 for the token endpoint: checked here rather than by the harness.
    const raw = await h.send('POST', '/oauth/token', {
      headers: { 'Content-Type': 'application/json' },
      body: passwordFields(ADMIN),
      unchecked: true,
    });
    expect(raw.status).toBe(502);
    expect(raw.body).toEqual({ error: 'server_error', error_description: 'fault injected: 502' });
  });

  it('a delay-only rule delays, then the normal answer', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', delay_ms: 30 });
    const started = performance.now();
    const res = await h.get('/health');
    // libuv timers have 1 ms granularity: a 30 ms timer may fire 1 ms early on the high-resolution clock.
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('status and delay together: the status after the delay', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', status: 500, delay_ms: 20 });
    const started = performance.now();
    expectError(await h.get('/health'), 500, 'internal_error');
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
  });
});

describe('fault rules: times and probability', () => {
  it('times: fires N times, then stops; GET counts `fired`', async () => {
    const { h, admin } = setup();
    const rule = await addFault(admin, { path: '/health', status: 500, times: 2 });
    expect(rule).toMatchObject({ fired: 0, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.get('/health')).status);
    expect(statuses).toEqual([500, 500, 200, 200]);
    const list = await admin.get('/faults');
    expect(list.body).toEqual({ faults: [{ ...rule, fired: 2 }] });
  });

  it('fired counts every firing of an unlimited rule', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', status: 500 });
    for (let i = 0; i < 3; i++) await h.get('/health');
    expect((await admin.get('/faults')).body).toMatchObject({ faults: [{ fired: 3 }] });
  });

  /** Outcomes (true = faulted) of `n` GET /health with a probability rule. */
  async function outcomes(seed: number, probability: number, n: number): Promise<boolean[]> {
    const { h, admin } = setup(seed);
    await addFault(admin, { path: '/health', status: 500, probability });
    const out: boolean[] = [];
    for (let i = 0; i < n; i++) out.push((await h.get('/health')).status === 500);
    return out;
  }

  it('probability: two mocks with the same seed fault the same requests; the fraction is near p', async () => {
    const first = await outcomes(7, 0.3, 100);
    const second = await outcomes(7, 0.3, 100);
    expect(second).toEqual(first);
    const fraction = first.filter(Boolean).length / first.length;
    expect(fraction).toBeGreaterThan(0.15);
    expect(fraction).toBeLessThan(0.45);
  });

  it('probability: another seed gives another sequence', async () => {
    expect(await outcomes(8, 0.5, 100)).not.toEqual(await outcomes(9, 0.5, 100));
  });

  it('probability 0 never fires; a rule whose draw fails lets the next rule apply', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', status: 502, probability: 0 });
    await addFault(admin, { path: '/health', status: 500 });
    for (let i = 0; i < 5; i++) expect((await h.get('/health')).status).toBe(500);
    expect((await admin.get('/faults')).body).toMatchObject({ faults: [{ fired: 0 }, { fired: 5 }] });
  });

  it('a reset restarts the draws: the same rule then repeats its sequence', async () => {
    const { h, admin } = setup(11);
    const run = async (): Promise<number[]> => {
      await addFault(admin, { path: '/health', status: 500, probability: 0.5 });
      const out: number[] = [];
      for (let i = 0; i < 30; i++) out.push((await h.get('/health')).status);
      return out;
    };
    const before = await run();
    expect((await admin.post('/reset')).status).toBe(200);
    expect(await run()).toEqual(before);
  });
});

describe('fault rules: dropped connections (status 0)', () => {
  let running: RunningMock | undefined;
  afterEach(async () => {
    await running?.close(100);
    running = undefined;
  });

  it('status 0 drops the connection: fetch rejects, the journal records status 0', async () => {
    running = await startMock({ port: 0, specs: SPECS, fixtures: SMALL_FIXTURES });
    await running.session().fault({ path: '/health', status: 0, times: 1 });
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
    const next = await fetch(`${running.url}/health`);
    expect(next.status).toBe(200);
    const [answered, dropped] = await running.session().requests({ path: '/health' });
    expect(answered?.status).toBe(200);
    expect(dropped?.status).toBe(0);
  });
});

describe('fault rules: the admin API and mock.fault()', () => {
  it('POST answers 201 with the rule, its id and fired 0; GET lists rules in order', async () => {
    const { admin } = setup();
    const a = await addFault(admin, {
      method: 'GET',
      path: '/users',
      status: 502,
      probability: 0.5,
      times: 3,
    });
    const b = await addFault(admin, { path: '/health', delay_ms: 10 });
    expect(a).toEqual({
      id: a.id,
      method: 'GET',
      path: '/users',
      status: 502,
      probability: 0.5,
      times: 3,
      fired: 0,
    });
    // probability takes its documented default, 1.
    expect(b).toEqual({ id: b.id, path: '/health', delay_ms: 10, probability: 1, fired: 0 });
    expect(a.id).not.toBe(b.id);
    expect((await admin.get('/faults')).body).toEqual({ faults: [a, b] });
  });

  it.each([
    { name: 'neither status nor delay_ms', rule: { path: '/users' } },
    { name: 'status 42', rule: { path: '/users', status: 42 } },
    { name: 'status 600', rule: { path: '/users', status: 600 } },
    { name: 'probability 2', rule: { path: '/users', status: 500, probability: 2 } },
    { name: 'negative probability', rule: { path: '/users', status: 500, probability: -0.1 } },
    { name: 'unknown property', rule: { path: '/users', status: 500, color: 'red' } },
    { name: 'no path', rule: { status: 500 } },
    { name: 'relative path', rule: { path: 'users', status: 500 } },
    { name: 'bare wildcard (paths start with /)', rule: { path: '*', status: 500 } },
    { name: 'times 0', rule: { path: '/users', status: 500, times: 0 } },
    { name: 'negative delay', rule: { path: '/users', delay_ms: -5 } },
    { name: 'header without value', rule: { path: '/users', status: 500, header: { name: 'X-A' } } },
    { name: 'method with a digit', rule: { path: '/users', status: 500, method: 'G3T' } },
  ])('invalid rule ($name): 400, and no rule added', async ({ rule }) => {
    const { admin } = setup();
    const res = await admin.post('/faults', rule);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: expect.any(String) as unknown,
      error: expect.any(String) as unknown,
    });
    expect((await admin.get('/faults')).body).toEqual({ faults: [] });
  });

  it('DELETE /faults/{id}: 204, then 404; an unknown id is 404', async () => {
    const { h, admin } = setup();
    const rule = await addFault(admin, { path: '/health', status: 500 });
    const kept = await addFault(admin, { path: '/users', status: 500 });
    expect((await admin.delete(`/faults/${rule.id}`)).status).toBe(204);
    expect((await admin.get('/faults')).body).toEqual({ faults: [kept] });
    expect((await h.get('/health')).status).toBe(200);
    const again = await admin.delete(`/faults/${rule.id}`);
    expect(again.status).toBe(404);
    expect((again.body as { error: string }).error).toContain(rule.id);
    expect((await admin.delete('/faults/no-such-rule')).status).toBe(404);
  });

  it('DELETE /faults removes every rule', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', status: 500 });
    await addFault(admin, { path: '/users', status: 500 });
    expect((await admin.delete('/faults')).status).toBe(204);
    expect((await admin.get('/faults')).body).toEqual({ faults: [] });
    expect((await h.get('/health')).status).toBe(200);
  });

  it('a reset removes every rule', async () => {
    const { h, admin } = setup();
    await addFault(admin, { path: '/health', status: 500 });
    await h.mock.session().fault({ path: '/users', status: 502 });
    expect((await admin.post('/reset')).status).toBe(200);
    expect((await admin.get('/faults')).body).toEqual({ faults: [] });
    expect((await h.get('/health')).status).toBe(200);
  });

  it('mock.fault() adds a rule the admin API lists and the next request meets', async () => {
    const { h, admin, token } = setup();
    const rule = await h.mock.session().fault({ method: 'get', path: '/users', status: 500, times: 1 });
    expect(rule).toMatchObject({ method: 'GET', path: '/users', status: 500, times: 1, fired: 0 });
    expect((await admin.get('/faults')).body).toEqual({ faults: [rule] });
    expectError(await h.get('/users', { token }), 500, 'internal_error');
    expect((await h.get('/users', { token })).status).toBe(200);
    expect(h.mock.control.faults.list()).toEqual([{ ...rule, fired: 1 }]);
  });

  it.each([
    { name: 'neither status nor delay_ms', rule: { path: '/users' } },
    { name: 'status 42', rule: { path: '/users', status: 42 } },
  ])('mock.session().fault() refuses an invalid rule ($name) with a 400', async ({ rule }) => {
    const { h } = setup();
    let thrown: unknown;
    try {
      await h.mock.session().fault(rule);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IdentityMockError);
    expect(thrown).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(h.mock.control.faults.size).toBe(0);
  });

  it('a rule that would do nothing: the message says what a rule needs', async () => {
    const { admin } = setup();
    const res = await admin.post('/faults', { path: '/users' });
    expect(res.body).toMatchObject({ code: 'invalid_request' });
    expect((res.body as { error: string }).error).toMatch(/status|delay_ms/);
  });
});

describe('fault rules on the token endpoint keep the RFC 6749 shape', () => {
  it.each([400, 403, 429, 500].map((status) => ({ status })))(
    'a forced $status is {error, error_description}',
    async ({ status }) => {
      const { h, admin } = setup();
      await addFault(admin, { path: '/oauth/token', status });
      const res = await postToken(h, passwordFields(ADMIN));
      expect(res.status).toBe(status);
      expect(Object.keys(res.body as object).sort()).toEqual(['error', 'error_description']);
    },
  );
});
