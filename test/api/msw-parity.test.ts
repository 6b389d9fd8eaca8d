/**
 * The MSW handlers answer as the HTTP server does (docs/msw.md): for the same state and request, the same status,
 * headers (bar what a socket adds) and body, errors included. Requests are generated for every operation of
 * spec/openapi.yaml and spec/admin.yaml from their own schemas (path, query, headers, body, sometimes another method
 * or session) and each is sent to two mocks built alike: `createHandlers()` behind MSW's `setupServer` (WebCrypto
 * keys, the request schemas compiled as the browser has them) and `createMock()` over a socket (jsonwebtoken,
 * express-openapi-validator). Their randomness repeats, so their states stay the same request after request.
 */
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlersFrom, type MswMock } from '../../src/adapters/msw/create-handlers.ts';
import { MSW_PARTS } from '../../src/adapters/msw/source-parts.ts';
import { UNSERVED } from '../../src/adapters/msw/unserved.ts';
import { buildMock, mintDefaultToken, type MockInternals } from '../../src/mock.ts';
import { WEB_PLATFORM } from '../../src/platform/web/web-platform.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { ADMIN, CLIENT, NOW, SPECS, USER } from '../support/harness.ts';
import { requestFor, sendFetch, sendHttp, whenPrepared, type Sent } from '../support/parity-requests.ts';
import { seededPlatform } from '../support/seeded-platform.ts';

const BASE = 'http://localhost:8080';

/** Repeatable randomness, and the browser's hashing on the MSW side. */
function platform(): Platform {
  return { random: seededPlatform(7).random, hashing: WEB_PLATFORM.hashing };
}

let msw: MswMock;
let overHttp: MockInternals;
let server: Server;
let port: number;
let tokens: readonly string[];
const intercepting = setupServer();

beforeAll(async () => {
  const built = createHandlersFrom(MSW_PARTS, { now: () => NOW }, platform());
  msw = built.mock;
  await msw.ready;
  intercepting.use(...built.handlers);
  intercepting.listen({ onUnhandledRequest: 'bypass' });
  overHttp = buildMock(
    { specs: SPECS, now: () => NOW, validateResponses: true },
    { platform: seededPlatform(7) },
  );
  server = createServer(overHttp.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // Minted alike on both, WebCrypto and jsonwebtoken: the same claims, the same jti, the same signature.
  const users = [ADMIN, USER, CLIENT];
  const minted: string[] = [];
  for (const user of users) minted.push((await msw.session().token({ user })).accessToken);
  const twins = users.map((user) => mintDefaultToken(overHttp, { user }).accessToken);
  expect(twins).toEqual(minted);
  tokens = minted;
  await Promise.all([whenPrepared(viaMsw), whenPrepared(viaHttp)]);
});

afterAll(async () => {
  intercepting.close();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
});

const viaMsw = (sent: Sent): ReturnType<typeof sendFetch> => sendFetch(fetch, BASE, sent);
const viaHttp = (sent: Sent): ReturnType<typeof sendHttp> => sendHttp(port, sent);

/**
 * Every operation of both documents the handlers serve, but the journal stream (an answer that does not end) and
 * adding a key (a new key is random: the two mocks would sign with different keys from then on).
 */
const SKIPPED = new Set([...UNSERVED.api, ...UNSERVED.admin, 'streamRequests', 'addKey']);
const OPERATIONS = [
  ...SPECS.api.model.operations.map((operation) => ({ document: 'api' as const, operation })),
  ...SPECS.admin.model.operations.map((operation) => ({ document: 'admin' as const, operation })),
].filter(({ operation }) => !SKIPPED.has(operation.id));

describe('createHandlers() behind MSW and the HTTP server give the same answers', () => {
  it('for generated requests to every operation of both specs', async () => {
    let sent = 0;
    for (const { document, operation } of OPERATIONS) {
      const requests = fc.sample(requestFor(document, operation, tokens), { seed: 20261125, numRuns: 8 });
      for (const request of requests) {
        const [msw, http] = [await viaMsw(request), await viaHttp(request)];
        expect(msw, `${operation.id}: ${request.method} ${request.target}`).toEqual(http);
        sent++;
      }
    }
    expect(sent).toBe(OPERATIONS.length * 8);
  }, 180_000);

  it('for generated sequences of requests, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc
            .constantFrom(...OPERATIONS)
            .chain(({ document, operation }) => requestFor(document, operation, tokens)),
          { minLength: 1, maxLength: 6 },
        ),
        async (requests) => {
          for (const request of requests) {
            const [msw, http] = [await viaMsw(request), await viaHttp(request)];
            expect(msw, `${request.method} ${request.target}`).toEqual(http);
          }
        },
      ),
      { seed: 20261125, numRuns: 60 },
    );
  }, 180_000);

  it('for a request dropped by a fault rule (status 0): both fail as a network error', async () => {
    const rule = { path: '/health', status: 0, times: 1 };
    await msw.session().fault(rule);
    await overHttp.session().fault(rule);
    const health: Sent = {
      method: 'GET',
      target: '/health',
      headers: { host: 'localhost:8080' },
      body: undefined,
    };
    expect(await viaMsw(health)).toBe('dropped');
    expect(await viaHttp(health)).toBe('dropped');
    expect(await viaMsw(health)).toEqual(await viaHttp(health));
  });
});
