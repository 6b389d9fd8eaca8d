/**
 * Requests generated for an operation from the schemas of its document (path, query, headers, body, sometimes another
 * method or session), and two ways of sending one: over a socket with exactly the headers given, or to a `fetch`
 * (an in-process mock's, or the global one behind MSW). The parity tests send each to two mocks built alike.
 */
import fc from 'fast-check';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { OperationSpec } from '../../src/spec/model.ts';
import { SPECS } from './harness.ts';
import { candidates } from './schema-arbitrary.ts';

export interface Sent {
  readonly method: string;
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | undefined;
}

export interface Received {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Headers the transport adds on the wire, which the in-process answer does not have. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const HOST = 'localhost:8080';

/** Sends over a socket exactly the headers given (no client adds its own). */
export function sendHttp(port: number, sent: Sent): Promise<Received | 'dropped'> {
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
          resolve(
            withoutTimings(sent, {
              status: res.statusCode ?? 0,
              headers: fromNode(res.headers),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
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

export async function sendFetch(
  send: (request: Request) => Promise<Response>,
  base: string,
  sent: Sent,
): Promise<Received | 'dropped'> {
  let res: Response;
  try {
    res = await send(
      new Request(`${base}${sent.target}`, {
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
  return withoutTimings(sent, {
    status: res.status,
    headers: withoutTransport(headers),
    body: await res.text(),
  });
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

/**
 * Resolves once the mock behind `send` has built its orders and search index (`/__admin/health` says `indexes:
 * "ready"`): a mock prepares its data in the background, and one that reuses an already prepared dataset is ready at
 * once, so two mocks compared answer alike only from then on.
 */
export async function whenPrepared(send: (sent: Sent) => Promise<Received | 'dropped'>): Promise<void> {
  const health: Sent = { method: 'GET', target: '/__admin/health', headers: { host: HOST }, body: undefined };
  for (;;) {
    const answer = await send(health);
    if (answer !== 'dropped' && answer.body.includes('"indexes":"ready"')) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The journal's `duration_ms` measures this run (how long each request took on a busy machine), it is not state the
 * two mocks share: it reads as 0, and the length of a journal answer (a HEAD has no body to normalise) is left out.
 */
function withoutTimings(sent: Sent, received: Received): Received {
  if (!(sent.target.split('?')[0] ?? '').startsWith('/__admin/requests')) return received;
  const headers = Object.fromEntries(
    Object.entries(received.headers).filter(([name]) => name !== 'content-length'),
  );
  return {
    ...received,
    headers,
    body: received.body.replace(/"duration_ms":[-+.0-9e]+/g, '"duration_ms":0'),
  };
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
export function requestFor(
  document: 'api' | 'admin',
  operation: OperationSpec,
  tokens: readonly string[],
): fc.Arbitrary<Sent> {
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
