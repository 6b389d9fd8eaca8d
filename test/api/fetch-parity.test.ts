/**
 * `createMock().fetch` answers as the HTTP server does (docs/running.md): for the same state and request, the same
 * status, headers (bar `Date`, `Connection`, `Keep-Alive`) and body bytes, errors included. Requests are generated
 * for every operation of spec/openapi.yaml and spec/admin.yaml from their own schemas (path, query, headers, body,
 * sometimes another method or session), and each is sent to two mocks built alike — one in-process through `fetch`,
 * one over a socket — whose randomness repeats, so their states stay the same request after request.
 */
import fc from 'fast-check';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMock, type MockInternals } from '../../src/mock.ts';
import type { OperationSpec } from '../../src/spec/model.ts';
import { ADMIN, NOW, SMALL_FIXTURES, SPECS, USER } from '../support/harness.ts';
import { candidates } from '../support/schema-arbitrary.ts';
import { seededPlatform } from '../support/seeded-platform.ts';

interface Sent {
  readonly method: string;
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | undefined;
}

interface Received {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Headers the transport adds on the wire, which the in-process answer does not have. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
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
  const minted = [ADMIN, USER, 'client@example.com'].map((user) => inProcess.token({ user }).accessToken);
  const twins = [ADMIN, USER, 'client@example.com'].map((user) => overHttp.token({ user }).accessToken);
  expect(twins).toEqual(minted);
  tokens = minted;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
});

/** Sends over a socket exactly the headers given (no client adds its own). */
function sendHttp(sent: Sent): Promise<Received | 'dropped'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: sent.method,
        path: sent.target,
        headers: sent.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
        });
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: fromNode(res.headers),
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', () => {
          resolve('dropped');
        });
      },
    );
    req.on('error', () => {
      resolve('dropped');
    });
    req.end(sent.body === undefined ? undefined : Buffer.from(sent.body));
  });
}

async function sendFetch(sent: Sent): Promise<Received | 'dropped'> {
  let res: Response;
  try {
    res = await inProcess.fetch(
      new Request(`http://${HOST}${sent.target}`, {
        method: sent.method,
        headers: sent.headers,
        ...(sent.body === undefined ? {} : { body: sent.body }),
      }),
    );
  } catch {
    return 'dropped';
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies.join('\n');
  return { status: res.status, headers: withoutTransport(headers), body: await res.text() };
}

function fromNode(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return withoutTransport(out);
}

function withoutTransport(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

/** A value a schema allows (or nearly), as the text a URL or header carries. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Bounds on what a generated body may ask for, so a run stays fast: small seeds, short delays. */
function bounded(operation: OperationSpec, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...body };
  if (typeof copy.users === 'number') copy.users = Math.min(copy.users, 30);
  if (typeof copy.delay_ms === 'number') copy.delay_ms = Math.min(copy.delay_ms, 5);
  if (operation.id === 'providerState' && typeof copy.state === 'string')
    copy.state = copy.state.slice(0, 80);
  const params = copy.params;
  if (typeof params === 'object' && params !== null && 'count' in params) {
    copy.params = { ...params, count: 3 };
  }
  return copy;
}

/** A request to `operation` generated from the schemas of its document. */
function requestFor(document: 'api' | 'admin', operation: OperationSpec): fc.Arbitrary<Sent> {
  const doc = (document === 'api' ? SPECS.api.doc : SPECS.admin.doc) as unknown;
  const base = document === 'api' ? '' : '/__admin';
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParams.map((p) => candidates(doc, p.schema)))
    .map((values) =>
      pathParams.reduce(
        (at, p, i) => at.replace(`{${p.name}}`, encodeURIComponent(asText(values[i]))),
        operation.path,
      ),
    );
  const query = fc
    .tuple(...queryParams.map((p) => fc.option(candidates(doc, p.schema), { nil: undefined })))
    .map((values) => {
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => {
        if (values[i] !== undefined) search.set(p.name, asText(values[i]));
      });
      return search.size === 0 ? '' : `?${search.toString()}`;
    });
  const bodySchema =
    operation.bodyMediaTypes.length === 0
      ? undefined
      : ((
          (operation.raw.requestBody as Record<string, unknown> | undefined)?.content as Record<
            string,
            unknown
          >
        )[operation.bodyMediaTypes[0] ?? ''] as { schema?: unknown } | undefined);
  const body =
    bodySchema?.schema === undefined
      ? fc.constant<unknown>(undefined)
      : fc.option(candidates(doc, bodySchema.schema), { nil: undefined });
  return fc
    .record({
      path,
      query,
      body,
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(operation.method.toUpperCase()) },
        // Methods an operation may not document (TRACE is not one a WHATWG Request can carry).
        { weight: 1, arbitrary: fc.constantFrom('PATCH', 'PUT', 'HEAD', 'OPTIONS') },
      ),
      authorization: fc.constantFrom<string | undefined>(
        undefined,
        `Bearer ${tokens[0] ?? ''}`,
        `Bearer ${tokens[1] ?? ''}`,
        `Bearer ${tokens[2] ?? ''}`,
        'Bearer not-a-token',
        'Basic bW9jay1jbGllbnQ6bW9jay1zZWNyZXQ=',
      ),
      contentType: fc.constantFrom<string | undefined>(
        'application/json',
        'application/x-www-form-urlencoded',
        'text/plain',
        undefined,
      ),
      session: fc.constantFrom<string | undefined>(undefined, undefined, 'suite-a', 'suite b'),
      version: fc.constantFrom<string | undefined>(undefined, undefined, 'v1', 'v2'),
      origin: fc.constantFrom<string | undefined>(undefined, 'http://localhost:3000'),
      accept: fc.constantFrom<string | undefined>(undefined, 'text/html', 'application/json'),
    })
    .map((r): Sent => {
      // A WHATWG Request with GET or HEAD carries no body.
      const bodyless = r.method === 'GET' || r.method === 'HEAD';
      const json = r.body === undefined || bodyless ? undefined : bounded(operation, r.body);
      const text =
        json === undefined
          ? undefined
          : r.contentType === 'application/x-www-form-urlencoded' && typeof json === 'object' && json !== null
            ? new URLSearchParams(
                Object.entries(json).map(([k, v]): [string, string] => [k, asText(v)]),
              ).toString()
            : JSON.stringify(json);
      const bytes = text === undefined ? undefined : new TextEncoder().encode(text);
      const headers: Record<string, string> = { host: HOST, connection: 'close' };
      if (bytes !== undefined) headers['content-length'] = String(bytes.length);
      if (bytes !== undefined && r.contentType !== undefined) headers['content-type'] = r.contentType;
      if (r.authorization !== undefined) headers.authorization = r.authorization;
      if (r.session !== undefined) headers['x-mock-session'] = r.session;
      if (r.version !== undefined) headers['x-api-version'] = r.version;
      if (r.origin !== undefined) headers.origin = r.origin;
      if (r.accept !== undefined) headers.accept = r.accept;
      return { method: r.method, target: `${base}${r.path}${r.query}`, headers, body: bytes };
    });
}

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
    inProcess.fault(rule);
    overHttp.fault(rule);
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
