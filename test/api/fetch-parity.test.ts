/**
 * `createMock().fetch` answers as the HTTP server does (docs/running.md): for the same state and request, the same
 * status, headers (bar `Date`, `Connection`, `Keep-Alive`) and body bytes, errors included. Requests are generated
 * for every operation of spec/openapi.yaml and spec/admin.yaml from their own schemas (path, query, headers, body,
 * sometimes another method or session), and each is sent to two mocks built alike — one in-process through `fetch`,
 * one over a socket — whose randomness repeats, so their states stay the same request after request.
 */
import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMock, mintDefaultToken, type MockInternals } from '../../src/mock.ts';
import type { OperationSpec } from '../../src/spec/model.ts';
import { ADMIN, NOW, SMALL_FIXTURES, SPECS, USER } from '../support/harness.ts';
import {
  requestFor as requestWith,
  sendFetch as fetchWith,
  sendHttp as httpWith,
  whenPrepared,
  type Sent,
} from '../support/parity-requests.ts';
import { seededPlatform } from '../support/seeded-platform.ts';

const HOST = 'localhost:8080';

function build(): MockInternals {
  return buildMock(
    { specs: SPECS, fixtures: SMALL_FIXTURES, now: () => NOW, validateResponses: true },
    { platform: seededPlatform(7) },
  );
}

let inProcess: MockInternals;
let overHttp: MockInternals;
let server: Server;
let port: number;
let tokens: readonly string[];

beforeAll(async () => {
  inProcess = build();
  overHttp = build();
  server = createServer(overHttp.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // Minted alike on both: the same claims, the same jti from the same random sequence.
  const minted = [ADMIN, USER, 'client@example.com'].map(
    (user) => mintDefaultToken(inProcess, { user }).accessToken,
  );
  const twins = [ADMIN, USER, 'client@example.com'].map(
    (user) => mintDefaultToken(overHttp, { user }).accessToken,
  );
  expect(twins).toEqual(minted);
  tokens = minted;
  await Promise.all([whenPrepared(sendFetch), whenPrepared(sendHttp)]);
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
});

const sendHttp = (sent: Sent): ReturnType<typeof httpWith> => httpWith(port, sent);
const sendFetch = (sent: Sent): ReturnType<typeof fetchWith> =>
  fetchWith((request) => inProcess.fetch(request), `http://${HOST}`, sent);
const requestFor = (document: 'api' | 'admin', operation: OperationSpec): ReturnType<typeof requestWith> =>
  requestWith(document, operation, tokens);

/** Every operation of both documents, but the journal stream (an answer that does not end). */
const OPERATIONS = [
  ...SPECS.api.model.operations.map((operation) => ({ document: 'api' as const, operation })),
  ...SPECS.admin.model.operations
    .filter((operation) => operation.id !== 'streamRequests')
    .map((operation) => ({ document: 'admin' as const, operation })),
];

describe('createMock().fetch and HTTP give the same answers', () => {
  it('for generated requests to every operation of both specs', async () => {
    let sent = 0;
    for (const { document, operation } of OPERATIONS) {
      const requests = fc.sample(requestFor(document, operation), { seed: 20261125, numRuns: 5 });
      for (const request of requests) {
        const [viaFetch, viaHttp] = [await sendFetch(request), await sendHttp(request)];
        expect(viaFetch, `${operation.id}: ${request.method} ${request.target}`).toEqual(viaHttp);
        sent++;
      }
    }
    expect(sent).toBe(OPERATIONS.length * 5);
  }, 120_000);

  it('for generated sequences of requests, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom(...OPERATIONS).chain(({ document, operation }) => requestFor(document, operation)),
          { minLength: 1, maxLength: 6 },
        ),
        async (requests) => {
          for (const request of requests) {
            const [viaFetch, viaHttp] = [await sendFetch(request), await sendHttp(request)];
            expect(viaFetch, `${request.method} ${request.target}`).toEqual(viaHttp);
          }
        },
      ),
      { seed: 20261125, numRuns: 40 },
    );
  }, 120_000);

  it('for a request dropped by a fault rule (status 0): both fail as a network error', async () => {
    const rule = { path: '/health', status: 0, times: 1 };
    await inProcess.session().fault(rule);
    await overHttp.session().fault(rule);
    const health: Sent = {
      method: 'GET',
      target: '/health',
      headers: { host: HOST, connection: 'close' },
      body: undefined,
    };
    expect(await sendFetch(health)).toBe('dropped');
    expect(await sendHttp(health)).toBe('dropped');
    expect(await sendFetch(health)).toEqual(await sendHttp(health));
  });
});
