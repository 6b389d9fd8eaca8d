/**
 * The error catalogue (src/errors.ts) against the documentation: every code the mock can answer is in a table of
 * docs/ at its status, and every code the tables name is in the catalogue. The named constructors build errors of
 * those codes and statuses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  injectedBearerError,
  injectedFault,
  injectedOAuthError,
  API_ERROR_CODES,
  invalidClient,
  invalidToken,
  methodNotAllowed,
  missingToken,
  MockError,
  notFound,
  OAUTH_ERROR_CODES,
  OAUTH_STATUS,
  quote,
} from '../../src/errors.ts';

const doc = (name: string): string => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

/** `status → codes` of the rows of a markdown table whose first cell is a status and second lists codes. */
function statusTable(markdown: string): Map<number, Set<string>> {
  const table = new Map<number, Set<string>>();
  for (const line of markdown.split('\n')) {
    const cells = /^\|\s*(\d{3})\s*\|([^|]*)\|/.exec(line);
    if (cells === null) continue;
    const status = Number(cells[1]);
    const codes = table.get(status) ?? new Set<string>();
    for (const code of (cells[2] ?? '').matchAll(/`([a-z_]+)`/g)) codes.add(code[1] ?? '');
    table.set(status, codes);
  }
  return table;
}

function merged(...tables: Map<number, Set<string>>[]): Map<number, string[]> {
  const out = new Map<number, Set<string>>();
  for (const table of tables)
    for (const [status, codes] of table) out.set(status, new Set([...(out.get(status) ?? []), ...codes]));
  return new Map([...out].map(([status, codes]) => [status, [...codes].sort()]));
}

describe('the API shape: every code at its status in docs/responses.md or docs/control-plane.md', () => {
  const documented = merged(statusTable(doc('responses.md')), statusTable(doc('control-plane.md')));
  // A fault rule's undocumented status is explained in prose beside the control plane's table.
  const catalogue = new Map(
    Object.entries(API_ERROR_CODES).map(([status, codes]) => [
      Number(status),
      [...codes].filter((code) => code !== 'fault_injected').sort(),
    ]),
  );

  it('the catalogue and the tables name the same codes at the same statuses', () => {
    expect(Object.fromEntries(catalogue)).toEqual(Object.fromEntries(documented));
  });

  it('fault_injected is explained in docs/control-plane.md', () => {
    expect(doc('control-plane.md')).toContain('`fault_injected`');
  });
});

describe("the authorization server's codes: each in docs/tokens.md or docs/login.md", () => {
  it.each(OAUTH_ERROR_CODES)('%s', (code) => {
    expect(`${doc('tokens.md')}\n${doc('login.md')}`).toContain(`\`${code}\``);
  });

  it("the token endpoint's table gives each code the status of the catalogue", () => {
    for (const [status, codes] of statusTable(doc('tokens.md'))) {
      for (const code of codes) {
        if (code === 'invalid_request') continue; // 400, and 413 for a body over the limit
        // 403 as Auth0 answers it, and RFC 6749's own 400 for a refresh token shown by another client.
        if (code === 'invalid_grant' && status === 400) continue;
        expect({ code, status: OAUTH_STATUS[code as keyof typeof OAUTH_STATUS] }).toEqual({ code, status });
      }
    }
  });
});

describe('named constructors', () => {
  it.each([
    {
      name: 'notFound',
      error: notFound('user_not_found', 'no user "x"'),
      status: 404,
      code: 'user_not_found',
    },
    { name: 'missingToken', error: missingToken('no token'), status: 401, code: 'missing_token' },
    {
      name: 'methodNotAllowed',
      error: methodNotAllowed('PUT', '/users', ['GET']),
      status: 405,
      code: 'method_not_allowed',
    },
    {
      name: 'invalidClient',
      error: invalidClient('wrong secret', true),
      status: 401,
      code: 'invalid_client',
    },
  ])('$name: status and code', ({ error, status, code }) => {
    expect(error).toBeInstanceOf(MockError);
    expect(error).toMatchObject({ status, code });
  });

  it('methodNotAllowed names the allowed methods in Allow', () => {
    expect(methodNotAllowed('PUT', '/users', ['GET', 'DELETE']).headers).toEqual({ Allow: 'GET, DELETE' });
  });

  it('invalidToken keeps its challenge ASCII without quotes', () => {
    expect(invalidToken('its issuer "é" is wrong').headers['WWW-Authenticate']).toBe(
      `Bearer realm="identity", error="invalid_token", error_description="its issuer '?' is wrong"`,
    );
  });

  it('invalidClient over HTTP Basic carries a Basic challenge, and none otherwise', () => {
    expect(invalidClient('x', true).headers).toEqual({ 'WWW-Authenticate': 'Basic realm="identity"' });
    expect(invalidClient('x', false).headers).toEqual({});
  });

  it('quote cuts a long value to 80 characters', () => {
    expect(quote('a'.repeat(100))).toBe(JSON.stringify(`${'a'.repeat(77)}...`));
  });
});

describe('the answers fault rules ask for: built by the catalogue, in the shape of the route', () => {
  it("an undocumented status: fault_injected in the API shape, server_error in RFC 6749's, no body at 204", () => {
    expect(injectedFault(502, false)).toMatchObject({
      status: 502,
      body: { kind: 'json', value: { error: 'fault injected: 502', code: 'fault_injected' } },
    });
    expect(injectedFault(502, true)).toMatchObject({
      body: { kind: 'json', value: { error: 'server_error', error_description: 'fault injected: 502' } },
    });
    expect(injectedFault(204, false)).toEqual({
      status: 204,
      headers: { 'X-Message': 'fault injected: 204' },
    });
  });

  it("an oauth_error on the token endpoint: the code's own status, 400 for a code the server never answers", () => {
    expect(injectedOAuthError('temporarily_unavailable', 'later', undefined)).toMatchObject({
      status: 503,
      headers: { 'Cache-Control': 'no-store' },
    });
    expect(injectedOAuthError('mfa_required', 'x', undefined).status).toBe(400);
    expect(injectedOAuthError('mfa_required', 'x', 401).status).toBe(401);
  });

  it('an oauth_error on a resource: the code in the Bearer challenge, made header-safe', () => {
    const answer = injectedBearerError('invalid_token', 'its "é"', undefined);
    expect(answer.status).toBe(401);
    expect(answer.headers['WWW-Authenticate']).toBe(
      `Bearer realm="identity", error="invalid_token", error_description="its '?'"`,
    );
  });
});
