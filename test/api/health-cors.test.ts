/**
 * GET /health (docs/running.md), the headers of every response (X-API-Version, X-Message) and CORS (docs/responses.md).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { EXPOSED_HEADERS } from '../../src/pipeline/cors.ts';
import { API_SPEC_PATH, readSpecDocument } from '../../src/platform/node/document-file.ts';
import { ADMIN, CLIENT, harness, type Harness, type SendOptions } from '../support/harness.ts';
import { headerForm } from '../support/responses.ts';

/** Response headers a browser lets any page read without listing them (Fetch standard, CORS-safelisted). */
const SAFELISTED = [
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
];

/** Response headers no page may ever read, exposed or not (Fetch standard, forbidden response header names). */
const FORBIDDEN = ['set-cookie', 'set-cookie2'];

/** Policies of the API reference page and its files, which the browser applies and no script reads. */
const PAGE_POLICIES = ['x-content-type-options', 'referrer-policy', 'content-security-policy'];

/** The CORS protocol's own headers, which the browser's CORS check and caches read, not scripts. */
const CORS_PROTOCOL = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'vary',
];

/** Every header name that some response of spec/openapi.yaml documents. */
function documentedResponseHeaders(node: unknown, found = new Set<string>()): Set<string> {
  if (typeof node !== 'object' || node === null) return found;
  const record = node as Record<string, unknown>;
  const headers = record.headers;
  if ('description' in record && typeof headers === 'object' && headers !== null)
    for (const name of Object.keys(headers)) found.add(name.toLowerCase());
  for (const value of Object.values(record)) documentedResponseHeaders(value, found);
  return found;
}
const ORIGIN = 'http://localhost:5173';

let h: Harness;

beforeEach(() => {
  h = harness();
});

function headerList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

describe('exposed headers', () => {
  it('cover every response header spec/openapi.yaml documents, except the CORS-safelisted and forbidden ones', () => {
    const documented = [...documentedResponseHeaders(readSpecDocument(API_SPEC_PATH))];
    expect(documented).toEqual(
      expect.arrayContaining(['x-total-count', 'link', 'x-message', ...CORS_PROTOCOL]),
    );
    const exposed = EXPOSED_HEADERS.map((name) => name.toLowerCase());
    const unexposed = documented.filter(
      (name) =>
        !SAFELISTED.includes(name) &&
        !FORBIDDEN.includes(name) &&
        !PAGE_POLICIES.includes(name) &&
        !CORS_PROTOCOL.includes(name) &&
        !exposed.includes(name),
    );
    expect(unexposed).toEqual([]);
  });
});

describe('GET /health', () => {
  it('→ 200 {"status":"ok"} without a token', async () => {
    const res = await h.get('/health');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe('{"status":"ok"}');
    expect(res.headers['x-api-version']).toBe('v1');
    expect(res.headers['x-message']).toBeTruthy();
  });

  it('ignores a token, even an invalid one', async () => {
    expect((await h.get('/health', { token: 'garbage' })).status).toBe(200);
    expect((await h.get('/health', { token: h.token(CLIENT) })).status).toBe(200);
  });
});

describe('X-API-Version and X-Message on every response', () => {
  type Case = {
    name: string;
    method: string;
    path: string;
    status: number;
    options: (h: Harness) => SendOptions;
  };
  const admin = (x: Harness): SendOptions => ({ token: x.token(ADMIN) });
  const cases: Case[] = [
    { name: 'health', method: 'GET', path: '/health', status: 200, options: () => ({}) },
    { name: 'a list with items', method: 'GET', path: '/users', status: 200, options: admin },
    { name: 'a list past its end', method: 'GET', path: '/users?page=99', status: 200, options: admin },
    {
      name: 'a delete',
      method: 'DELETE',
      path: '/users/zoe.adams',
      status: 204,
      options: admin,
    },
    { name: 'no token', method: 'GET', path: '/users', status: 401, options: () => ({}) },
    { name: 'a bad token', method: 'GET', path: '/users', status: 401, options: () => ({ token: 'x' }) },
    { name: 'a bad query', method: 'GET', path: '/users?page=0', status: 400, options: admin },
    {
      name: 'a bad range',
      method: 'GET',
      path: '/users?created_at_from=2025-01-01T00:00:00Z&created_at_to=2024-01-01T00:00:00Z',
      status: 400,
      options: admin,
    },
    {
      name: 'a missing permission',
      method: 'GET',
      path: '/users',
      status: 403,
      options: (x) => ({ token: x.token(CLIENT) }),
    },
    { name: 'an unknown user', method: 'DELETE', path: '/users/no.such.user', status: 404, options: admin },
    { name: 'an unknown route', method: 'GET', path: '/nope', status: 404, options: admin },
    { name: 'a wrong method', method: 'POST', path: '/users', status: 405, options: admin },
    {
      name: 'a wrong media type',
      method: 'GET',
      path: '/users',
      status: 415,
      options: (x) => ({ token: x.token(ADMIN), headers: { 'Content-Type': 'image/png' } }),
    },
    {
      name: 'a wrong API version',
      method: 'GET',
      path: '/health',
      status: 400,
      options: () => ({ headers: { 'X-API-Version': 'v0' } }),
    },
  ];

  it.each(cases)('$name → $status with X-API-Version: v1 and an X-Message', async (c) => {
    const res = await h.send(c.method, c.path, c.options(h));
    expect(res.status).toBe(c.status);
    expect(res.headers['x-api-version']).toBe('v1');
    expect(res.headers['x-message']).toMatch(/\S/);
    if (res.status >= 400)
      expect(res.headers['x-message']).toBe(headerForm((res.body as { error: string }).error));
  });
});

describe('CORS', () => {
  it.each([
    { name: 'a list', path: '/users', status: 200 },
    { name: 'an error', path: '/users?page=0', status: 400 },
    { name: 'health', path: '/health', status: 200 },
  ])(
    'a simple request with Origin ($name) gets Allow-Origin and the exposed headers',
    async ({ path, status }) => {
      const res = await h.get(path, { token: h.token(ADMIN), headers: { Origin: ORIGIN } });
      expect(res.status).toBe(status);
      expect([ORIGIN, '*']).toContain(res.headers['access-control-allow-origin']);
      const exposed = headerList(res.headers['access-control-expose-headers']);
      expect(exposed).toEqual(EXPOSED_HEADERS.map((name) => name.toLowerCase()));
    },
  );

  it('a 401 without a token is readable cross-origin too', async () => {
    const res = await h.get('/users', { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect([ORIGIN, '*']).toContain(res.headers['access-control-allow-origin']);
    expect(headerList(res.headers['access-control-expose-headers'])).toContain('x-message');
  });

  it.each([
    { name: 'GET /users', path: '/users', method: 'GET' },
    { name: 'DELETE /users/{id}', path: '/users/zoe.adams', method: 'DELETE' },
  ])('a preflight for $name → 204 allowing the method and our request headers', async ({ path, method }) => {
    const res = await h.send('OPTIONS', path, {
      unchecked: true,
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'authorization, x-api-version, prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect([ORIGIN, '*']).toContain(res.headers['access-control-allow-origin']);
    expect(headerList(res.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
    const allowed = headerList(res.headers['access-control-allow-headers']);
    for (const name of ['authorization', 'content-type', 'x-api-version', 'prefer'])
      expect(allowed).toContain(name);
    expect(res.headers['x-api-version']).toBe('v1');
    expect(h.allUsers()).toHaveLength(43); // a preflight deletes nothing
  });
});
