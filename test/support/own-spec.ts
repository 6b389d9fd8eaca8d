/**
 * HTTP tests of a served document of a team's own (`spec`, docs/own-spec.md): a mock over it with
 * `validateResponses: true` and a fixed clock, tokens for the known accounts, and a `send` that checks EVERY
 * answer against the served document (status documented, headers and body by its schemas, `X-Message` on errors)
 * before the test sees it.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { expect } from 'vitest';
import { buildMock, mintDefaultToken, type MockInternals, type MockOptions } from '../../src/mock.ts';
import type { AppTokenRequest } from '../../src/oauth/app-tokens.ts';
import { parseSpecDocument, type SpecDocument } from '../../src/spec/document.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import { bodyOf } from './response-body.ts';
import { headerForm } from './responses.ts';
import { DEFAULT_HOST, NOW } from './harness.ts';

export const OWN_SPEC = new URL('../../examples/own-spec/openapi.yaml', import.meta.url).pathname;

/** The document of `file`, parsed as the mock parses it. */
export function readDocument(file: string): SpecDocument {
  return parseSpecDocument(readFileSync(file, 'utf8'), file);
}

export interface OwnSendOptions {
  readonly token?: string;
  readonly session?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | object;
  /** Content-Type of a body (JSON by default). */
  readonly type?: string;
}

export interface OwnHarness {
  readonly mock: MockInternals;
  readonly doc: SpecDocument;
  token(user: string, extra?: Omit<AppTokenRequest, 'user'>): string;
  send(method: string, path: string, options?: OwnSendOptions): Promise<request.Response>;
  get(path: string, options?: OwnSendOptions): Promise<request.Response>;
  /** A control-plane call (not checked against the served document: spec/admin.yaml answers it). */
  admin(method: string, path: string, body?: object, session?: string): Promise<request.Response>;
}

/** A mock serving `spec` (a file path or a parsed document), 20 faker users, answers checked against it. */
export function ownHarness(spec: string | SpecDocument = OWN_SPEC, options: MockOptions = {}): OwnHarness {
  const doc = typeof spec === 'string' ? readDocument(spec) : spec;
  const mock = buildMock({ users: 20, validateResponses: true, now: () => NOW, ...options, spec });
  const checker = new ResponseChecker(doc);
  const send = async (method: string, path: string, o: OwnSendOptions = {}): Promise<request.Response> => {
    let test = request(mock.app)[method.toLowerCase() as 'get'](path).set('Host', DEFAULT_HOST);
    if (o.token !== undefined) test = test.set('Authorization', `Bearer ${o.token}`);
    if (o.session !== undefined) test = test.set('X-Mock-Session', o.session);
    for (const [name, value] of Object.entries(o.headers ?? {})) test = test.set(name, value);
    if (o.body !== undefined) {
      test = test.set('Content-Type', o.type ?? 'application/json');
      test = test.send(typeof o.body === 'string' ? o.body : JSON.stringify(o.body));
    }
    const res = await test;
    const body = res.noContent || res.text === '' ? undefined : bodyOf(res);
    const problems = checker.check({ method, path, status: res.status, headers: res.headers, body });
    expect(
      problems,
      `${method} ${path} → ${String(res.status)} must conform to the served document: ${res.text}`,
    ).toEqual([]);
    expect(res.status, `${method} ${path} answered 500: ${res.text}`).not.toBe(500);
    if (res.status >= 400) expect(res.headers['x-message']).toBeTruthy();
    return res;
  };
  return {
    mock,
    doc,
    token: (user, extra = {}) => mintDefaultToken(mock, { user, ...extra }).accessToken,
    send,
    get: (path, o) => send('GET', path, o),
    async admin(method, path, body, session) {
      const verb = method.toLowerCase() as 'get';
      let test = request(mock.app)[verb](`/__admin${path}`).set('Host', DEFAULT_HOST);
      if (session !== undefined) test = test.set('X-Mock-Session', session);
      return body === undefined ? test : test.send(body);
    },
  };
}

/** The `error` and `code` of an answer of §2's shape, with `status` and `X-Message` checked. */
export function errorOf(
  res: request.Response,
  status: number,
  code: string,
): { error: string; code: string; details?: { location: string; name: string; message: string }[] } {
  expect({ status: res.status, body: res.body as unknown }, res.text).toMatchObject({
    status,
    body: { code },
  });
  const body = res.body as { error: string; code: string };
  expect(res.headers['x-message']).toBe(headerForm(body.error));
  return body;
}
