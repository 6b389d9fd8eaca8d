/**
 * The CORS headers every answer carries (docs/responses.md) are declared on it in spec/openapi.yaml and
 * spec/admin.yaml (`components/headers`), so a contract tool that reports undeclared headers finds none: requests
 * with and without `Origin` to the identity API, the authorization server and the control plane (with and without
 * `--admin-cors`), each answer held to its documented response, headers included.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, harness, SPECS } from '../support/harness.ts';
import { answerProblems } from '../support/spec-answers.ts';
import { specTarget } from '../support/spec-requests.ts';
import type { RawResponse } from '../support/raw-http.ts';

const ORIGIN = 'http://localhost:5173';
const API = specTarget('spec/openapi.yaml', SPECS.api, '');
const ADMIN_TARGET = specTarget('spec/admin.yaml', SPECS.admin, '/__admin');
const CORS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'vary',
];

const REQUESTS = [
  { target: API, path: '/users', auth: true },
  { target: API, path: '/users?page_size=0', auth: true },
  { target: API, path: '/users', auth: false },
  { target: API, path: '/health', auth: false },
  { target: API, path: '/.well-known/openid-configuration', auth: false },
  { target: ADMIN_TARGET, path: '/requests', auth: false },
  { target: ADMIN_TARGET, path: '/sessions', auth: false },
] as const;

describe.each([
  { name: 'no Origin', origin: undefined, adminCors: undefined },
  { name: 'an Origin', origin: ORIGIN, adminCors: undefined },
  { name: 'an Origin named by --admin-cors', origin: ORIGIN, adminCors: ORIGIN },
])('CORS headers are declared: $name', ({ origin, adminCors }) => {
  const h = harness(adminCors === undefined ? {} : { adminCors });
  it.each(REQUESTS)('GET $target.prefix$path', async ({ target, path, auth }) => {
    const headers: Record<string, string> = origin === undefined ? {} : { Origin: origin };
    const res = await h.get(`${target.prefix}${path}`, {
      headers,
      ...(auth ? { token: h.token(ADMIN) } : {}),
      unchecked: true,
    });
    const raw: RawResponse = {
      status: res.status,
      headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v])),
      text: res.text,
    };
    const sent = CORS.filter((name) => raw.headers[name] !== undefined);
    // The requests do carry CORS headers, so the check below is not vacuous.
    if (target === API || origin !== undefined)
      expect(sent.length, JSON.stringify(raw.headers)).toBeGreaterThan(0);
    if (target === ADMIN_TARGET && adminCors !== undefined) {
      expect(raw.headers['access-control-allow-origin']).toBe(ORIGIN);
    }
    expect(answerProblems(target, { method: 'GET', path }, raw)).toEqual([]);
    // `vary` is a transport header to the generic check: its declaration is checked here.
    if (raw.headers.vary !== undefined) {
      const operation = target.responses.operationOf('GET', path);
      const responses = target.spec.model.deref(operation?.raw.responses ?? {});
      const documented = target.spec.model.deref(responses[String(res.status)] ?? responses.default ?? {});
      expect(Object.keys(target.spec.model.deref(documented.headers ?? {}))).toContain('Vary');
    }
  });
});
