/**
 * Property: whatever a client sends to any operation of either document — JSON deep, wide or full of odd unicode,
 * any header shape, any path parameter — the server answers over its socket with a status that operation
 * documents, never 500 and never a dropped connection, and it is alive after. Runs over a real listener with
 * response validation on (an answer the spec does not describe would be a 500). Fixed seed, modest runs.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import type { OperationSpec } from '../../src/spec/model.ts';
import { SMALL_FIXTURES, SPECS } from '../support/harness.ts';

let mock: RunningMockInternals;
let token: string;

beforeAll(async () => {
  mock = await startMockInternals({
    port: 0,
    specs: SPECS,
    fixtures: SMALL_FIXTURES,
    validateResponses: true,
    maxSessions: 10_000,
  });
  token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
});

afterAll(async () => {
  await mock.close(0);
});

interface Target {
  readonly op: OperationSpec;
  readonly prefix: string;
}

const TARGETS: readonly Target[] = [
  ...SPECS.api.model.operations.map((op) => ({ op, prefix: '' })),
  ...SPECS.admin.model.operations.map((op) => ({ op, prefix: '/__admin' })),
];

/** Text with what breaks naive code: controls, surrogates, combining marks, RTL, emoji, quotes, brackets. */
const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u202e', '\u0301', '\ud83d', '😀', '"', '\\', '[', '{', '%', 'é'),
    maxLength: 20,
  }),
  fc.string({ maxLength: 20 }),
);

/** Arrays and objects nested up to 200 deep (past the 64 the server reads). */
const deepJson = fc.integer({ min: 1, max: 200 }).map((depth) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
});

const wideJson = fc.dictionary(oddText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 200 });

const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  deepJson.map((value) => JSON.stringify(value)),
  wideJson.map((value) => JSON.stringify(value)),
  oddText,
);

const headerValue = fc.string({
  unit: fc.constantFrom('a', ' ', ';', ',', '=', '"', '/', '*', '\t', '1', 'é'),
  maxLength: 30,
});

const headersArb = fc.record(
  {
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/x-www-form-urlencoded',
      'text/plain',
      'image/png',
      '',
      ';;;',
    ),
    apiVersion: fc.constantFrom('v1', 'v2', '', 'v1, v1'),
    authorization: fc.oneof(
      fc.constant('valid'),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic Og==', 'bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.e30.'),
      headerValue,
    ),
    session: fc.oneof(fc.constant('fresh'), fc.constantFrom('', 'a b', 'x'.repeat(65), 'shared')),
    origin: fc.constantFrom('http://localhost:3000', 'null', 'https://evil.example'),
    secFetchSite: fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none'),
    accept: fc.constantFrom('text/html', 'application/json', '*/*', 'x'),
    host: fc.constantFrom('localhost', '[::1]:1', 'evil.example', 'a b', 'x/y'),
    other: fc.tuple(fc.stringMatching(/^[a-z][a-z-]{0,15}$/), headerValue),
  },
  { requiredKeys: [] },
);

const paramArb = fc.oneof(
  oddText.filter((text) => text.length > 0),
  fc.constantFrom('ann.lee', 'ws-01', '00000000-0000-4000-8000-000000000001', 'docs.css', '..', '%'),
);

const queryArb = fc.array(fc.tuple(oddText, oddText), { maxLength: 4 });

interface Sent {
  readonly status: number;
}

let fresh = 0;

/** Sends one request; resolves with the status, or rejects when the connection drops or nothing comes back. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: mock.port, method, path, headers, timeout: 5_000 },
      (res) => {
        // A stream never ends by itself: its status is all we need.
        if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0 });
          return;
        }
        res.resume();
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0 });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`no answer to ${method} ${path} within 5 s`));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: sent as the raw bytes a careless client would send.
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

describe('any request to any operation of both documents', () => {
  it('is answered with a status the operation documents: never 500, never a dropped connection', async () => {
    const cases = fc.record({
      target: fc.constantFrom(...TARGETS),
      param: paramArb,
      query: queryArb,
      headers: headersArb,
      body: bodyArb,
      head: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ target, param, query, headers, body, head }) => {
        const { op, prefix } = target;
        const path =
          prefix +
          op.path.replace(/\{[^}]+\}/g, () => encodePart(param)) +
          (query.length === 0
            ? ''
            : `?${query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&')}`);
        const method = head && op.method === 'get' ? 'HEAD' : op.method.toUpperCase();
        const sent: Record<string, string> = { Host: headers.host ?? `127.0.0.1:${mock.port}` };
        if (headers.contentType !== undefined && body !== undefined)
          sent['Content-Type'] = headers.contentType;
        if (headers.apiVersion !== undefined) sent['X-API-Version'] = headers.apiVersion;
        if (headers.authorization !== undefined) {
          sent.Authorization = headers.authorization === 'valid' ? `Bearer ${token}` : headers.authorization;
        }
        if (headers.session !== undefined) {
          sent['X-Mock-Session'] = headers.session === 'fresh' ? `p-${fresh++}` : headers.session;
        }
        if (headers.origin !== undefined) sent.Origin = headers.origin;
        if (headers.secFetchSite !== undefined) sent['Sec-Fetch-Site'] = headers.secFetchSite;
        if (headers.accept !== undefined) sent.Accept = headers.accept;
        if (headers.other !== undefined) sent[`x-${headers.other[0]}`] = headers.other[1];
        const answer = await send(method, path, sent, method === 'HEAD' ? undefined : body);
        expect(answer.status, `${method} ${path}`).not.toBe(500);
        expect(
          op.statuses.includes(answer.status),
          `${method} ${path} answered ${answer.status}; ${op.id} documents ${op.statuses.join(', ')}`,
        ).toBe(true);
      }),
      { seed: 2026, numRuns: 800, endOnFailure: true },
    );
    expect((await send('GET', '/health', { Host: '127.0.0.1' }, undefined)).status).toBe(200);
  }, 120_000);
});
