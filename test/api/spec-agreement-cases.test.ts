/**
 * The disagreements between the server and its documents that the agreement property (spec-agreement.test.ts)
 * found, each reproduced as written: a refused X-Mock-Session on the token endpoint, bodiless and cross-site
 * requests of the control plane, methods a path does not document, the login's error page, the token endpoint's
 * rate-limit headers and its messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../src/spec/model.ts';
import { agreementRig } from '../support/agreement-rig.ts';
import { answerProblems, parsedBody } from '../support/spec-answers.ts';
import type { GeneratedRequest } from '../support/spec-requests.ts';
import { authorizeParams } from '../support/login.ts';

const rig = agreementRig();
const [API, ADMIN_SPEC] = rig.TARGETS;

beforeAll(rig.start);
afterAll(rig.stop);

/** A bodiless request of an admin operation, as curl, axios or fetch send it: no body, no Content-Type. */
function bodiless(
  operation: OperationSpec,
  path: string,
  headers: Record<string, string> = {},
): GeneratedRequest {
  return { operation, method: operation.method.toUpperCase(), path, query: '', headers, body: undefined };
}

describe('session-header-outside-the-pipeline: reproductions', () => {
  it('the token endpoint answers an empty X-Mock-Session in the RFC 6749 shape, with Cache-Control and Pragma', async () => {
    // curl -X POST -H 'X-Mock-Session: ' -H 'Content-Type: application/json' -d '{"grant_type":"password",…}' …/oauth/token
    const res = await rig.server.send({
      method: 'POST',
      path: '/oauth/token',
      headers: { 'X-Mock-Session': '', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
        username: 'admin@example.com',
        password: 'Passw0rd!',
      }),
    });
    expect(res.status).toBe(400);
    const body = parsedBody(res).body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
    expect(body.error).toBe('invalid_request');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    expect(answerProblems(API, { method: 'POST', path: '/oauth/token', rateLimited: true }, res)).toEqual([]);
  });

  it('a refused X-Mock-Session answer carries the rate-limit headers while limiting is on', async () => {
    // curl -H 'X-Mock-Session: no spaces' …/health
    const res = await rig.server.send({
      method: 'GET',
      path: '/health',
      headers: { 'X-Mock-Session': 'no spaces' },
    });
    expect(res.status).toBe(400);
    expect(answerProblems(API, { method: 'GET', path: '/health', rateLimited: true }, res)).toEqual([]);
  });
});

describe('admin-media-type-guard: reproductions', () => {
  const operation = (id: string): OperationSpec => ADMIN_SPEC.spec.model.operation(id);

  it.each([
    { id: 'reset', path: '/reset', status: 200 },
    { id: 'createSession', path: '/sessions/suite-1', status: 201 },
    { id: 'dropSession', path: '/sessions/suite-1', status: 204 },
    { id: 'clearFaults', path: '/faults', status: 204 },
    { id: 'deleteFault', path: '/faults/f-404', status: 404 },
    { id: 'clearRequests', path: '/requests', status: 204 },
  ])('$id: bodiless, without Content-Type → $status', async ({ id, path, status }) => {
    // curl -X POST …/__admin/reset (no body, no Content-Type)
    const req = bodiless(operation(id), path);
    const res = await rig.server.send({ method: req.method, path: `/__admin${path}` });
    expect(res.status).toBe(status);
    expect(await rig.exchange(ADMIN_SPEC, req)).toEqual([]);
  });

  const paths = [...new Set(ADMIN_SPEC.spec.model.operations.map((op) => op.path))];
  it.each(paths)('TRACE and PATCH %s → 405 with Allow', async (path) => {
    // curl -X TRACE …/__admin/health
    const concrete = path.replace(/\{[^}]+\}/g, 'x');
    for (const method of ['TRACE', 'PATCH']) {
      const res = await rig.server.send({ method, path: `/__admin${concrete}` });
      expect(res.status, `${method} /__admin${concrete}`).toBe(405);
      expect(res.headers.allow).toBeTruthy();
      expect(answerProblems(ADMIN_SPEC, { method, path: concrete }, res)).toEqual([]);
    }
  });
});

describe('admin cross-site rule (spec/admin.yaml CrossSiteRefused)', () => {
  it.each([
    { name: 'an Origin of another site', headers: { Origin: 'http://evil.example' } },
    { name: 'Sec-Fetch-Site: cross-site without Origin', headers: { 'Sec-Fetch-Site': 'cross-site' } },
    { name: 'Sec-Fetch-Site: same-site without Origin', headers: { 'Sec-Fetch-Site': 'same-site' } },
  ])('$name: 403 cross_site_refused, whatever the content type', async ({ headers }) => {
    // curl -X POST -H 'Origin: http://evil.example' …/__admin/reset
    for (const contentType of [undefined, 'text/plain', 'application/json']) {
      const res = await rig.server.send({
        method: 'POST',
        path: '/__admin/reset',
        headers: { ...headers, ...(contentType === undefined ? {} : { 'Content-Type': contentType }) },
        ...(contentType === undefined ? {} : { body: contentType === 'text/plain' ? 'x' : '{}' }),
      });
      expect(res.status, `Content-Type ${contentType ?? 'none'}`).toBe(403);
      expect(parsedBody(res).body).toMatchObject({ code: 'cross_site_refused' });
      expect(answerProblems(ADMIN_SPEC, { method: 'POST', path: '/reset' }, res)).toEqual([]);
    }
  });

  it('the server’s own origin (the console) and requests without Origin are not cross-site', async () => {
    for (const headers of [{ Origin: rig.server.origin }, {}, { 'Sec-Fetch-Site': 'same-origin' }]) {
      const res = await rig.server.send({ method: 'POST', path: '/__admin/reset', headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(answerProblems(ADMIN_SPEC, { method: 'POST', path: '/reset' }, res)).toEqual([]);
    }
  });

  it('a body, when there is one, must be JSON: 415', async () => {
    const res = await rig.server.send({
      method: 'POST',
      path: '/__admin/reset',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(415);
  });
});

describe('login-schema-refusals-as-page: reproductions', () => {
  // What the schema of GET /authorize and POST /authorize/login refuses is, like what only the data refuses, an
  // HTML error page that redirects nowhere (spec/openapi.yaml AuthorizationPageError, text/html).
  it.each([
    { name: 'no client_id', params: authorizeParams({ client_id: undefined }), message: /client_id/ },
    { name: 'an empty client_id', params: authorizeParams({ client_id: '' }), message: /client_id/ },
    {
      name: 'no redirect_uri',
      params: authorizeParams({ redirect_uri: undefined }),
      message: /redirect_uri/,
    },
    {
      name: 'a relative redirect_uri',
      params: authorizeParams({ redirect_uri: '/callback' }),
      message: /redirect_uri/,
    },
  ])('GET /authorize with $name: the error page (400, text/html)', async ({ params, message }) => {
    // curl -i 'http://127.0.0.1:8080/authorize?redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback&response_type=code'
    const path = `/authorize?${new URLSearchParams(params).toString()}`;
    const res = await rig.server.send({ method: 'GET', path });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['x-message']).toMatch(message);
    expect(res.text).toContain('role="alert"');
    expect(answerProblems(API, { method: 'GET', path, rateLimited: true }, res)).toEqual([]);
  });

  it('POST /authorize/login with empty fields: the error page (400, text/html)', async () => {
    // curl -i -d 'client_id=&redirect_uri=' http://127.0.0.1:8080/authorize/login
    const res = await rig.server.send({
      method: 'POST',
      path: '/authorize/login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'client_id=&redirect_uri=&email=&password=',
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('token-rate-key-before-headers: reproduction', () => {
  it('a token request whose JSON body is not an object still carries the rate-limit headers', async () => {
    // curl -i -H 'Content-Type: application/json' -d '0' http://127.0.0.1:8080/oauth/token (with --rate-limit)
    const res = await rig.server.send({
      method: 'POST',
      path: '/oauth/token',
      headers: { 'Content-Type': 'application/json' },
      body: '0',
    });
    expect(res.status).toBe(400);
    expect(answerProblems(API, { method: 'POST', path: '/oauth/token', rateLimited: true }, res)).toEqual([]);
  });
});

describe('token-validation-messages: reproductions', () => {
  // The TokenRequest schema (one branch per grant) refuses a grant without its fields before the grant runs; the
  // answer names the missing field as Auth0 does, not every branch's complaint.
  it.each([
    { name: 'password without username', body: { grant_type: 'password', password: 'x' }, field: 'username' },
    {
      name: 'refresh_token without refresh_token',
      body: { grant_type: 'refresh_token' },
      field: 'refresh_token',
    },
    { name: 'authorization_code without code', body: { grant_type: 'authorization_code' }, field: 'code' },
    { name: 'no grant_type', body: { client_id: 'mock-client' }, field: 'grant_type' },
  ])('$name: "Missing required parameter: $field"', async ({ body, field }) => {
    // curl -i -H 'Content-Type: application/json' -d '{"grant_type":"password","password":"x"}' …/oauth/token
    const res = await rig.server.send({
      method: 'POST',
      path: '/oauth/token',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret', ...body }),
    });
    expect(res.status).toBe(400);
    expect(parsedBody(res).body).toEqual({
      error: 'invalid_request',
      error_description: `Missing required parameter: ${field}`,
    });
  });
});
