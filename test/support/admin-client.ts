/**
 * A client of the control plane (`/__admin`, spec/admin.yaml) for HTTP tests: every answer is checked against
 * spec/admin.yaml before the test sees it, as `harness().send` checks the identity API against spec/openapi.yaml.
 */
import type { Express } from 'express';
import request from 'supertest';
import { bodyOf } from './response-body.ts';
import { expect } from 'vitest';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import type { SendOptions } from './harness.ts';
import { SPECS } from './harness.ts';

/** Checks responses against spec/admin.yaml (paths without the `/__admin` prefix). */
export const adminChecker = new ResponseChecker(SPECS.admin.doc);

export const ADMIN_PREFIX = '/__admin';

export interface AdminClient {
  /** Sends `method` to `/__admin{path}`; fails the test if the answer does not conform to spec/admin.yaml. */
  send(method: string, path: string, options?: SendOptions): Promise<request.Response>;
  get(path: string, options?: SendOptions): Promise<request.Response>;
  post(path: string, body?: object | string, options?: SendOptions): Promise<request.Response>;
  put(path: string, body?: object | string, options?: SendOptions): Promise<request.Response>;
  delete(path: string, options?: SendOptions): Promise<request.Response>;
}

/** Problems of an `/__admin` answer against spec/admin.yaml; empty when it conforms. */
export function adminProblems(method: string, path: string, res: request.Response): string[] {
  const body = res.noContent || res.text === '' ? undefined : bodyOf(res);
  return adminChecker.check({ method, path, status: res.status, headers: res.headers, body });
}

/** The control plane of `app` (a mock's `app`), by default with `token` as its `--admin-token`. */
export function adminClient(app: Express, token?: string): AdminClient {
  const send = async (method: string, path: string, o: SendOptions = {}): Promise<request.Response> => {
    let test = request(app)[method.toLowerCase() as 'get'](`${ADMIN_PREFIX}${path}`);
    const bearer = o.token ?? token;
    if (bearer !== undefined) test = test.set('Authorization', `Bearer ${bearer}`);
    // The control plane takes changes only as JSON (docs/control-plane.md), a body or none.
    if (!['GET', 'HEAD'].includes(method.toUpperCase())) test = test.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(o.headers ?? {})) test = test.set(name, value);
    if (o.body !== undefined) test = test.send(o.body);
    const res = await test;
    if (o.unchecked !== true) {
      expect(
        adminProblems(method, path, res),
        `answer of ${method} /__admin${path} must conform to spec/admin.yaml`,
      ).toEqual([]);
      expect(res.headers['x-message'], `X-Message of ${method} /__admin${path}`).toBeTruthy();
    }
    return res;
  };
  return {
    send,
    get: (path, o) => send('GET', path, o),
    post: (path, body, o = {}) => send('POST', path, body === undefined ? o : { ...o, body }),
    put: (path, body, o = {}) => send('PUT', path, body === undefined ? o : { ...o, body }),
    delete: (path, o) => send('DELETE', path, o),
  };
}

/** A concrete path for an operation's template: each `{param}` becomes its example, else `x1`. */
export function concretePath(
  path: string,
  parameters: readonly { name: string; in: string; raw: object }[],
): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = parameters.find((p) => p.in === 'path' && p.name === name);
    const example = param === undefined ? undefined : (param.raw as { example?: unknown }).example;
    return encodeURIComponent(typeof example === 'string' ? example : 'x1');
  });
}
