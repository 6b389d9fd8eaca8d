/**
 * Test harness for HTTP tests: a mock on the small committed dataset (or any options), a fixed clock, tokens for
 * the known accounts, and a `send` that checks EVERY response against spec/openapi.yaml before the test sees it.
 */
import request from 'supertest';
import { bodyOf } from './response-body.ts';
import { expect } from 'vitest';
import { runToEnd } from '../../src/data/sliced-work.ts';
import { buildMock, mintDefaultToken, type MockInternals, type MockOptions } from '../../src/mock.ts';
import type { AppTokenRequest } from '../../src/oauth/app-tokens.ts';
import { loadSpecs } from '../../src/adapters/express/specs.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import type { User } from '../../src/spec/types.ts';

/** The instant every test mock believes it is (tokens are issued and checked against it). */
export const NOW = Date.parse('2026-01-15T12:00:00.000Z');
export const SMALL_FIXTURES = new URL('../../fixtures/small', import.meta.url).pathname;
export const ADMIN = 'admin@example.com';
export const USER = 'user@example.com';
export const CLIENT = 'client@example.com';
/** The address harness requests name in `Host`, as a client of `npm start` does. */
export const DEFAULT_HOST = 'localhost:8080';

/** The documents, read and checked once per test file (each mock of the file reuses them). */
export const SPECS = loadSpecs();
export const checker = new ResponseChecker(SPECS.api.doc);

export interface SendOptions {
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | object;
  /** Skip the spec check (only for responses the spec cannot describe, e.g. a CORS preflight). */
  readonly unchecked?: boolean;
}

export interface Harness {
  readonly mock: MockInternals;
  /** An access token for a user (email, id or identifier), by default with every permission of their role. */
  token(user: string, extra?: Omit<AppTokenRequest, 'user'>): string;
  /** Sends a request; fails the test if the response does not conform to the spec. */
  send(method: string, path: string, options?: SendOptions): Promise<request.Response>;
  get(path: string, options?: SendOptions): Promise<request.Response>;
  /** Every live user, as an admin sees them (brute-force reference for filters and counts). */
  allUsers(): User[];
}

export function harness(options: MockOptions = {}): Harness {
  return harnessFor(
    buildMock({
      specs: SPECS,
      fixtures: SMALL_FIXTURES,
      validateResponses: true,
      now: () => NOW,
      ...options,
    }),
  );
}

/**
 * The harness around a mock built elsewhere (e.g. seeded: `buildMock({ seed: 1, users: 500, … })`). Build it with
 * `validateResponses: true` and a fixed `now`, as `harness()` does.
 */
export function harnessFor(mock: MockInternals): Harness {
  const send = async (method: string, path: string, o: SendOptions = {}): Promise<request.Response> => {
    let test = request(mock.app)[method.toLowerCase() as 'get'](path);
    // The mock as a client reaches it at its default address (the issuer follows the Host a client used); a test
    // of another address sets its own Host.
    const ownHost = Object.keys(o.headers ?? {}).some((name) => name.toLowerCase() === 'host');
    if (!ownHost) test = test.set('Host', DEFAULT_HOST);
    if (o.token !== undefined) test = test.set('Authorization', `Bearer ${o.token}`);
    for (const [name, value] of Object.entries(o.headers ?? {})) test = test.set(name, value);
    if (o.body !== undefined) test = test.send(o.body);
    const res = await test;
    if (o.unchecked !== true) {
      const body = res.noContent || res.text === '' ? undefined : bodyOf(res);
      const problems = checker.check({ method, path, status: res.status, headers: res.headers, body });
      expect(problems, `response of ${method} ${path} must conform to the spec`).toEqual([]);
      if (res.status >= 400 && res.status !== 405) expect(res.headers['x-message']).toBeTruthy();
    }
    return res;
  };
  return {
    mock,
    token: (user, extra = {}) => mintDefaultToken(mock, { user, ...extra }).accessToken,
    send,
    get: (path, o) => send('GET', path, o),
    allUsers: () => {
      const { store } = mock.state;
      return store.users.filter((_, slot) => store.alive[slot] === 1);
    },
  };
}

/**
 * Prepares the mock's data now (orders, lookups, search index), as a listening server does in the background
 * once it starts (`startMock`): afterwards queries take the indexed paths instead of scans.
 */
export function warmUp(h: Harness): void {
  runToEnd(h.mock.state.store.base.prepare());
}
