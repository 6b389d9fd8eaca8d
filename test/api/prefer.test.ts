/**
 * `Prefer: code=<status>, delay=<ms>` (docs/control-plane.md): for every operation of spec/openapi.yaml and every status it
 * documents, the forced answer is spec-valid (the harness checks each one) and changes nothing in the store.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperationSpec } from '../../src/spec/model.ts';
import { concretePath } from '../support/admin-client.ts';
import { expectOAuthError, loginToken } from '../support/auth.ts';
import { ADMIN, harness, SPECS, type Harness } from '../support/harness.ts';
import { expectError, totalOf } from '../support/responses.ts';

const OPERATIONS = SPECS.api.model.operations;
const TOKEN_OPERATION = SPECS.api.model.operation('issueToken');
/** The operations whose errors have RFC 6749's shape (`x-error-shape: oauth`): the token endpoint and its kin. */
const OAUTH_SHAPED = OPERATIONS.filter((operation) => operation.raw['x-error-shape'] === 'oauth');

/** Every documented (operation, status) pair, read from the spec. */
const FORCED = OPERATIONS.flatMap((operation) =>
  operation.statuses.map((status) => ({
    name: `${operation.method.toUpperCase()} ${operation.path} → ${status}`,
    operation,
    status,
  })),
);

function pathOf(operation: OperationSpec): string {
  return concretePath(operation.path, operation.parameters);
}

/** Sends `operation` (with an admin token when it needs one) and a `Prefer` header. */
function sendPreferring(h: Harness, operation: OperationSpec, prefer: string) {
  return h.send(operation.method, pathOf(operation), {
    headers: { Prefer: prefer },
    ...(operation.secured ? { token: h.token(ADMIN) } : {}),
  });
}

/** The first media type the response documents (JSON for all but the documentation operations). */
function mediaTypeOf(operation: OperationSpec, status: number): string | undefined {
  const responses = SPECS.api.model.deref(operation.raw.responses);
  const response = SPECS.api.model.deref(responses[String(status)]);
  return response.content === undefined ? undefined : Object.keys(SPECS.api.model.deref(response.content))[0];
}

/** A status no operation documents: the smallest of 4xx not in its list. */
function undocumentedStatus(operation: OperationSpec): number {
  for (let status = 402; status < 600; status++) if (!operation.statuses.includes(status)) return status;
  throw new Error(`${operation.id} documents every status`);
}

async function elapsedOf<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/**
 * Lower bound of a `ms` delay as the client measures it: libuv timers have a 1 ms granularity, so a timer may fire
 * up to 1 ms before `ms` has passed on the high-resolution clock.
 */
const atLeast = (ms: number): number => ms - 1;

describe('Prefer: code=<status> for every documented status of every operation', () => {
  it('covers every operation of the spec', () => {
    expect(FORCED.length).toBeGreaterThanOrEqual(OPERATIONS.length);
    expect(new Set(FORCED.map((c) => c.operation.id))).toEqual(new Set(OPERATIONS.map((o) => o.id)));
  });

  it.each(FORCED)('$name', async ({ operation, status }) => {
    const h = harness();
    const res = await sendPreferring(h, operation, `code=${status}`);
    expect(res.status).toBe(status);
    expect(res.headers['preference-applied']).toBe(`code=${status}`);
    expect(res.headers['x-api-version']).toBe('v1');
    const mediaType = mediaTypeOf(operation, status);
    if (mediaType !== undefined) {
      expect(res.headers['content-type']?.startsWith(mediaType)).toBe(true);
      // Binary answers (the icon) come as a Buffer in `body`, without `text`.
      const text: unknown = res.text;
      expect(typeof text === 'string' ? text.length : (res.body as Buffer).length).toBeGreaterThan(0);
    } else {
      expect(res.text).toBe('');
    }
  });

  it('accepts the code inside a list of other preferences, quoted or not', async () => {
    const h = harness();
    const res = await h.get('/health', { headers: { Prefer: 'return=minimal, code="500"' } });
    expect(res.status).toBe(500);
    expect(res.headers['preference-applied']).toBe('code=500');
  });

  it('ignores a Prefer header without code or delay', async () => {
    const h = harness();
    const res = await h.get('/health', { headers: { Prefer: 'return=minimal' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['preference-applied']).toBeUndefined();
  });
});

describe('Prefer on POST /oauth/token: the RFC 6749 shape', () => {
  const errors = TOKEN_OPERATION.statuses.filter((s) => s >= 400);

  it.each(errors.map((status) => ({ status })))(
    'code=$status: {error, error_description}',
    async ({ status }) => {
      const h = harness();
      const res = await sendPreferring(h, TOKEN_OPERATION, `code=${status}`);
      expect(res.status).toBe(status);
      expect(Object.keys(res.body as object).sort()).toEqual(['error', 'error_description']);
      const body = res.body as { error: unknown; error_description: unknown };
      expect(typeof body.error).toBe('string');
      expect(typeof body.error_description).toBe('string');
    },
  );

  it('code=200: a token response with the no-store headers; its token is not a real one', async () => {
    const h = harness();
    const res = await sendPreferring(h, TOKEN_OPERATION, 'code=200');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    const forced = (res.body as { access_token: string }).access_token;
    expectError(await h.get('/users', { token: forced }), 401, 'invalid_token');
  });

  it.each(OAUTH_SHAPED.map((operation) => ({ name: operation.id, operation })))(
    '$name: an undocumented code is 400 invalid_request in the RFC 6749 shape, listing the documented ones',
    async ({ operation }) => {
      const h = harness();
      const status = undocumentedStatus(operation);
      const res = await sendPreferring(h, operation, `code=${status}`);
      const message = expectOAuthError(res, 400, 'invalid_request');
      for (const documented of operation.statuses) expect(message).toContain(String(documented));
    },
  );
});

describe('Prefer changes nothing in the store', () => {
  it.each([
    { name: 'code=204', prefer: 'code=204', status: 204 },
    { name: 'code=404', prefer: 'code=404', status: 404 },
    { name: 'code=500', prefer: 'code=500', status: 500 },
  ])('$name on DELETE /users/{id}: the user is still there', async ({ prefer, status }) => {
    const h = harness();
    const token = h.token(ADMIN);
    const before = totalOf(await h.get('/users', { token }));
    const forced = await h.send('DELETE', '/users/user', { token, headers: { Prefer: prefer } });
    expect(forced.status).toBe(status);
    expect(totalOf(await h.get('/users', { token }))).toBe(before);
    expect(totalOf(await h.get('/users?search=user%40example.com', { token }))).toBe(1);
    // The user really is there: deleting it for real succeeds, once.
    expect((await h.send('DELETE', '/users/user', { token })).status).toBe(204);
    expect(totalOf(await h.get('/users', { token }))).toBe(before - 1);
  });

  it('code=200 on GET /users answers the example; the next real answer has the real total', async () => {
    const h = harness();
    const token = h.token(ADMIN);
    const real = totalOf(await h.get('/users', { token }));
    expect(real).toBe(h.allUsers().length);
    const forced = await h.get('/users', { token, headers: { Prefer: 'code=200' } });
    expect(forced.headers['preference-applied']).toBe('code=200');
    expect(totalOf(forced)).toBe((forced.body as unknown[]).length);
    expect(totalOf(await h.get('/users', { token }))).toBe(real);
  });

  it('code=200 on POST /oauth/token starts no lock-out and issues nothing', async () => {
    const h = harness();
    for (let i = 0; i < 12; i++) {
      const res = await h.send('POST', '/oauth/token', {
        headers: { Prefer: 'code=403', 'Content-Type': 'application/json' },
        body: { grant_type: 'password', client_id: 'mock-client', username: ADMIN, password: 'wrong' },
      });
      expect(res.status).toBe(403);
    }
    // Twelve forced 403s are not twelve wrong passwords: the account is not locked out.
    expect(await loginToken(h, ADMIN)).toMatch(/^ey/);
  });
});

describe('Prefer: code the operation does not document', () => {
  const cases = OPERATIONS.filter((o) => !OAUTH_SHAPED.includes(o)).map((operation) => ({
    name: `${operation.method.toUpperCase()} ${operation.path}`,
    operation,
    status: undocumentedStatus(operation),
  }));

  it.each(cases)(
    '$name: 400 invalid_request listing the documented statuses',
    async ({ operation, status }) => {
      const h = harness();
      const res = await sendPreferring(h, operation, `code=${status}`);
      const body = expectError(res, 400, 'invalid_request');
      for (const documented of operation.statuses) expect(body.error).toContain(String(documented));
      expect(body.error).toContain(String(status));
      expect(body.details).toEqual([expect.objectContaining({ location: 'header', name: 'Prefer' })]);
      expect(res.headers['preference-applied']).toBeUndefined();
    },
  );

  it.each([
    { name: 'not a number', prefer: 'code=abc' },
    { name: 'two digits', prefer: 'code=50' },
    { name: 'empty', prefer: 'code=' },
  ])('malformed code ($name): 400 invalid_request', async ({ prefer }) => {
    const h = harness();
    const body = expectError(await h.get('/health', { headers: { Prefer: prefer } }), 400, 'invalid_request');
    expect(body.error).toMatch(/code/);
  });
});

describe('Prefer: delay=<ms>', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delay=30 delays the normal answer by at least 30 ms', async () => {
    const h = harness();
    const { value: res, ms } = await elapsedOf(() => h.get('/health', { headers: { Prefer: 'delay=30' } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['preference-applied']).toBe('delay=30');
    expect(ms).toBeGreaterThanOrEqual(atLeast(30));
  });

  it('delay=0 is accepted', async () => {
    const h = harness();
    const res = await h.get('/health', { headers: { Prefer: 'delay=0' } });
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('delay=0');
  });

  it('delay=10000 (the maximum) is accepted: answered once 10 000 ms have passed (fake timers)', async () => {
    const h = harness();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let answered = false;
    const pending = h.get('/health', { headers: { Prefer: 'delay=10000' } }).then((res) => {
      answered = true;
      return res;
    });
    // Wait (on real I/O turns, not on the faked clock) until the mock has scheduled the delay.
    while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
    vi.advanceTimersByTime(9_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    vi.advanceTimersByTime(1);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('delay=10000');
  });

  it.each([
    { name: 'above the maximum', value: '10001' },
    { name: 'negative', value: '-1' },
    { name: 'not a number', value: 'abc' },
    { name: 'a fraction', value: '1.5' },
  ])('delay=$value ($name): 400 invalid_request naming the accepted range', async ({ value }) => {
    const h = harness();
    const res = await h.get('/health', { headers: { Prefer: `delay=${value}` } });
    const body = expectError(res, 400, 'invalid_request');
    expect(body.error).toContain('10000');
    expect(body.details).toEqual([expect.objectContaining({ location: 'header', name: 'Prefer' })]);
  });

  it('code=500, delay=20 combined: the forced 500 after at least 20 ms', async () => {
    const h = harness();
    const token = h.token(ADMIN);
    const { value: res, ms } = await elapsedOf(() =>
      h.get('/users', { token, headers: { Prefer: 'code=500, delay=20' } }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'internal_error' });
    expect(res.headers['preference-applied']).toBe('code=500, delay=20');
    expect(ms).toBeGreaterThanOrEqual(atLeast(20));
  });

  it('a delay alone lets the operation run: DELETE with delay=0 deletes', async () => {
    const h = harness();
    const token = h.token(ADMIN);
    const res = await h.send('DELETE', '/users/user', { token, headers: { Prefer: 'delay=0' } });
    expect(res.status).toBe(204);
    expect(res.headers['preference-applied']).toBe('delay=0');
    expectError(await h.send('DELETE', '/users/user', { token }), 404, 'user_not_found');
  });
});
