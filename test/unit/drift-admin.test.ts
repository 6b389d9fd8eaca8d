/**
 * The drift guard's part of the control plane (src/drift/admin-answer.ts) against spec/admin.yaml: what it answers
 * conforms to the document, its kinds and bounds are the document's, and it refuses what the document says.
 */
import { describe, expect, it } from 'vitest';
import { answerAdmin, type AdminContext, type AdminRequest } from '../../src/drift/admin-answer.ts';
import { FINDING_KINDS, FINDING_TEXT_LIMIT, FindingStore, MAX_FINDINGS } from '../../src/drift/finding.ts';
import { resolvePointer } from '../../src/spec/document.ts';
import { ADMIN_SPEC_PATH, readSpecDocument } from '../../src/platform/node/document-file.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import { NODE_PLATFORM } from '../../src/platform/node/node-platform.ts';

const doc = readSpecDocument(ADMIN_SPEC_PATH);
const checker = new ResponseChecker(doc);
const ORIGIN = 'http://127.0.0.1:4010';

function context(store = new FindingStore(), adminToken?: string): AdminContext {
  return {
    store,
    origin: ORIGIN,
    adminToken,
    sameSecret: NODE_PLATFORM.hashing.sameSecret,
    hostAllowed: (host) => host === undefined || host.startsWith('127.0.0.1') || host.startsWith('localhost'),
    health: () => ({
      status: 'ok',
      mode: 'proxy',
      upstream: 'https://svc.test',
      requests: 3,
      findings: store.size,
    }),
  };
}

function ask(request: Partial<AdminRequest>, ctx = context()) {
  const answer = answerAdmin({ method: 'GET', path: '/__admin/drift', headers: {}, ...request }, ctx);
  if (answer === undefined) throw new Error('expected an answer');
  const problems = checker.check({
    method: request.method ?? 'GET',
    path: (request.path ?? '/__admin/drift').replace('/__admin', ''),
    status: answer.status,
    headers: answer.headers,
    body: answer.body,
  });
  expect(problems, 'the answer conforms to spec/admin.yaml').toEqual([]);
  return answer;
}

describe('answerAdmin', () => {
  it('answers /__admin/drift only for an allowed Host (403 host_not_allowed otherwise)', () => {
    const refused = ask({ headers: { host: 'evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'host_not_allowed' });
    expect((refused.body as { error: string }).error).toContain('--allowed-host');
    expect(ask({ headers: { host: '127.0.0.1:4010' } }).status).toBe(200);
  });

  it('compares the admin token by its digest (a token of another length or content is refused)', () => {
    const ctx = context(new FindingStore(), 'right-token');
    expect(ask({ headers: { authorization: 'Bearer right-token' } }, ctx).status).toBe(200);
    for (const wrong of ['Bearer right-tokem', 'Bearer r', 'Bearer right-token-and-more', 'Basic x']) {
      expect(ask({ headers: { authorization: wrong } }, ctx).status, wrong).toBe(401);
    }
  });

  const store = new FindingStore();
  store.add(
    { operation: 'listUsers', kind: 'link', where: 'Link', expected: 'present', actual: 'absent' },
    '4',
  );

  it('lists the findings at GET /__admin/drift', () => {
    const answer = ask({}, context(store));
    expect(answer).toMatchObject({
      status: 200,
      body: { findings: [{ kind: 'link', count: 1, first_request_id: '4' }] },
    });
    expect(answer.headers['X-Message']).toBe('OK');
  });

  it('says what it forwards to at GET /__admin/health', () => {
    expect(ask({ path: '/__admin/health' }, context(store)).body).toEqual({
      status: 'ok',
      mode: 'proxy',
      upstream: 'https://svc.test',
      requests: 3,
      findings: 1,
    });
  });

  it('clears them at DELETE /__admin/drift', () => {
    const own = new FindingStore();
    own.add({ operation: 'x', kind: 'header', where: 'X-Message', expected: 'a', actual: 'b' }, '1');
    expect(ask({ method: 'DELETE' }, context(own))).toMatchObject({ status: 204 });
    expect(own.size).toBe(0);
  });

  it.each([
    { name: 'another method', request: { method: 'POST' }, status: 405, code: 'method_not_allowed' },
    {
      name: 'a change from another origin',
      request: { method: 'DELETE', headers: { origin: 'http://evil.test' } },
      status: 403,
      code: 'cross_site_refused',
    },
    {
      name: 'a change a browser marks cross-site',
      request: { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } },
      status: 403,
      code: 'cross_site_refused',
    },
    {
      name: 'a body that is not JSON',
      request: { method: 'DELETE', headers: { 'content-length': '3', 'content-type': 'text/plain' } },
      status: 415,
      code: 'unsupported_media_type',
    },
  ])('refuses $name', ({ request, status, code }) => {
    const own = new FindingStore();
    own.add({ operation: 'x', kind: 'header', where: 'X-Message', expected: 'a', actual: 'b' }, '1');
    const answer = answerAdmin({ path: '/__admin/drift', headers: {}, ...request }, context(own));
    expect(answer).toMatchObject({ status, body: { code } });
    expect(own.size).toBe(1);
  });

  it('needs the admin token when one is set', () => {
    const ctx = context(new FindingStore(), 's3cret');
    expect(ask({}, ctx)).toMatchObject({ status: 401, body: { code: 'admin_token_required' } });
    expect(ask({ headers: { authorization: 'Bearer s3cret' } }, ctx).status).toBe(200);
  });

  it('leaves every other path to the service', () => {
    expect(answerAdmin({ method: 'POST', path: '/__admin/reset', headers: {} }, context())).toBeUndefined();
    expect(answerAdmin({ method: 'GET', path: '/users', headers: {} }, context())).toBeUndefined();
  });
});

describe('the findings and spec/admin.yaml agree', () => {
  const schema = (pointer: string) => resolvePointer(doc, pointer) as Record<string, unknown>;

  it('the kinds are the DriftFinding kinds, in the same order', () => {
    expect(FINDING_KINDS).toEqual(schema('#/components/schemas/DriftFinding/properties/kind').enum);
  });

  it('the bounds are the documented ones', () => {
    expect(MAX_FINDINGS).toBe(schema('#/components/schemas/DriftFindings/properties/findings').maxItems);
    expect(FINDING_TEXT_LIMIT).toBe(schema('#/components/schemas/DriftFinding/properties/actual').maxLength);
  });
});
