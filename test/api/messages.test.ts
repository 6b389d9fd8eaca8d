/**
 * Refusals a newcomer can act on (docs/responses.md): each says what was wrong and what is accepted, or what to do
 * instead. Every finding reproduced as it was met.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { adminClient } from '../support/admin-client.ts';
import { expectOAuthError, MOCK_CLIENT } from '../support/auth.ts';
import { buildMock } from '../../src/mock.ts';
import { harness, harnessFor, NOW, SPECS } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

describe('refusals that say what to do', () => {
  it('PUT /__admin/clock {"advance":"1 day"} names the accepted forms of a duration (it said "must NOT have additional properties")', async () => {
    const admin = adminClient(harness().mock.app);
    const body = expectError(await admin.put('/clock', { advance: '1 day' }), 400, 'invalid_request');
    expect(body.error).toBe(
      'advance must be a duration: a whole number and a unit, no space (90s, 15m, 1h, 7d, 500ms), or a whole number of milliseconds (got "1 day")',
    );
  });

  it.each([
    {
      body: { path: '/users', stauts: 500 },
      says: 'stauts is not a field of the body of POST /faults; did you mean status?',
    },
    {
      body: { pat: '/users', status: 500 },
      says: 'pat is not a field of the body of POST /faults; did you mean path?',
    },
  ])(
    'a fault-rule typo is one clear line: $says (it was four "must have required property" lines)',
    async ({ body, says }) => {
      const admin = adminClient(harness().mock.app);
      const refused = expectError(await admin.post('/faults', body), 400, 'invalid_request');
      expect(refused.error).toBe(says);
      expect(refused.details).toHaveLength(1);
    },
  );

  it('a fault rule with neither status, delay_ms nor oauth_error names the alternatives once', async () => {
    const admin = adminClient(harness().mock.app);
    const refused = expectError(await admin.post('/faults', { path: '/users' }), 400, 'invalid_request');
    expect(refused.error).toBe('needs one of the fields status, delay_ms, oauth_error');
  });

  it('JSON sent to /oauth/token as a form (curl -d) is named as such (it said only "Missing required parameter")', async () => {
    const h = harness();
    const json = JSON.stringify({
      grant_type: 'client_credentials',
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
    });
    const res = await h.send('POST', '/oauth/token', {
      body: json,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectOAuthError(res, 400, 'invalid_request');
    const description = (res.body as { error_description: string }).error_description;
    expect(description).toContain('Missing required parameter: grant_type');
    expect(description).toContain('send Content-Type: application/json');
  });

  it('a token request with one wrong-typed field names that field only (it listed every oneOf branch)', async () => {
    const h = harness();
    const res = await h.send('POST', '/oauth/token', {
      body: {
        grant_type: 'password',
        username: 'admin@example.com',
        password: 'Passw0rd!',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
        scope: 5,
      },
    });
    expectOAuthError(res, 400, 'invalid_request');
    expect((res.body as { error_description: string }).error_description).toBe('scope must be string');
  });

  it('unknown query parameters: "did you mean", --lenient-query, and the accepted list once', async () => {
    const h = harness();
    const body = expectError(
      await h.get('/users?pagesize=5&sortby=name', { token: h.token('admin') }),
      400,
      'invalid_request',
    );
    expect(body.error).toContain('pagesize is not a query parameter of GET /users; did you mean page_size?');
    expect(body.error).toContain('sortby is not a query parameter of GET /users; did you mean sort_by?');
    expect(body.error).toContain('--lenient-query');
    expect(body.error.split('page_size, ').length).toBeLessThanOrEqual(2);
    expect(body.error.match(/the query parameters of GET \/users are/g)).toHaveLength(1);
  });

  it.each([
    ['/v2/logout?returnTo=not%20a%20uri', 'returnTo'],
    ['/oidc/logout?post_logout_redirect_uri=nope', 'post_logout_redirect_uri'],
  ])(
    '%s says an absolute URI is expected (it said "must be 0–any number of characters long")',
    async (path, name) => {
      const h = harness();
      const res = await h.get(path, { unchecked: true });
      expect(res.status).toBe(400);
      const message = decodeURIComponent((res.headers['x-message'] ?? '').replace(/^UTF-8''/, ''));
      expect(message).toContain(`${name} must be an absolute URI such as https://app.example/signed-out`);
    },
  );

  it('npm start --port 18520 (npm eats --port) hints npm start -- --port N and PORT=N', () => {
    let error: unknown;
    try {
      parseConfig(['18520'], {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('unexpected argument "18520"');
    expect((error as Error).message).toContain('npm start -- --port 18520');
    expect((error as Error).message).toContain('PORT=18520 npm start');
  });
});

describe('the document as the server is', () => {
  it('the DELETE example names a user of the default data (ann.lee was not one)', async () => {
    const operation = SPECS.api.model.operation('deleteUser');
    const example = operation.parameters.find((p) => p.in === 'path')?.raw.example;
    expect(typeof example).toBe('string');
    const h = harnessFor(buildMock({ specs: SPECS, validateResponses: true, now: () => NOW }));
    expect((await h.send('DELETE', `/users/${String(example)}`, { token: h.token('admin') })).status).toBe(
      204,
    );
  });
});
