/**
 * A deliberately divergent identity service for the drift guard's tests: twelve users served mostly as
 * docs/users.md says (default order, filters, pages, `Link`), except on known requests, each of which departs from
 * the spec or the documented behaviour in one way (`DRIFTS` names them). It checks no token, as a careless
 * service might. Plain `node:http` (or `node:https` with a self-signed certificate), on a free port.
 */
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { buildLink } from '../../src/users/link.ts';

const TLS = {
  key: readFileSync(new URL('./tls/self-signed-key.pem', import.meta.url)),
  cert: readFileSync(new URL('./tls/self-signed-cert.pem', import.meta.url)),
};

/** Twelve users, ids and created_at ascending together; names in the reverse order; three not active. */
export const USERS: readonly Record<string, unknown>[] = Array.from({ length: 12 }, (_, i) => {
  const created = new Date(Date.UTC(2024, 0, 2 + i)).toISOString();
  return {
    id: `d0000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    identifier: `person.${i + 1}`,
    name: `${String.fromCharCode(90 - i)}oe Person`,
    email: `person.${i + 1}@example.com`,
    user_type: i === 0 ? 'saas_admin' : 'saas_user',
    status: i === 3 ? 'inactive' : i === 7 ? 'suspended' : 'active',
    created_at: created,
    updated_at: created,
    created_by: 'd0000000-0000-4000-8000-000000000001',
  };
});

export const JWT_LIKE = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

type Answer = (req: IncomingMessage, res: ServerResponse, base: string) => void;

/** The known requests (method and target, as the client sends them) and how each departs. */
export const DRIFTS: Readonly<Record<string, { readonly kind: string; readonly where: string }>> = {
  'GET /users?page_size=101': { kind: 'request_accepted', where: 'query page_size' },
  'GET /users?sort_by=identifier': { kind: 'request_refused', where: 'status' },
  'GET /users/1/groups': { kind: 'undocumented_operation', where: 'route' },
  'GET /users?status=risky': { kind: 'undocumented_status', where: 'status' },
  'GET /users?status=onboarding': { kind: 'header', where: 'X-API-Version' },
  'GET /users?status=suspended': { kind: 'content_type', where: 'Content-Type' },
  'GET /users?user_type=saas_admin': { kind: 'body_schema', where: 'body[].email' },
  'POST /oauth/token': { kind: 'error_shape', where: 'body' },
  'GET /users?page_size=5': { kind: 'link', where: 'Link rel="next"' },
  'GET /users?page=2&page_size=5': { kind: 'total_count', where: 'X-Total-Count' },
  'GET /users?page_size=2': { kind: 'page_size', where: 'body' },
  'GET /users?sort_by=name': { kind: 'sort_order', where: 'body[].name' },
  'GET /users?status=active': { kind: 'filter', where: 'body[].status' },
  'GET /users?page_size=20': { kind: 'metadata', where: 'body[].created_by' },
  'GET /users?status=inactive': { kind: 'undocumented_status', where: 'status' },
  'GET /users?user_type=saas_user_client': { kind: 'body_schema', where: 'body[].access_token' },
};

const ANSWERS: Readonly<Record<string, Answer>> = {
  'GET /users?page_size=101': (_req, res, base) => {
    page(res, base, '/users?page_size=101', USERS, 1, 101);
  },
  'GET /users?sort_by=identifier': (_req, res) => {
    json(res, 400, { error: 'cannot sort by identifier', code: 'invalid_request' });
  },
  'GET /users/1/groups': (_req, res) => {
    json(res, 200, []);
  },
  'GET /users?status=risky': (_req, res) => {
    json(res, 422, { error: 'unprocessable', code: 'unprocessable' });
  },
  'GET /users?status=onboarding': (_req, res, base) => {
    page(res, base, '/users?status=onboarding', [], 1, 20, { 'X-API-Version': undefined });
  },
  'GET /users?status=suspended': (_req, res, base) => {
    const items = USERS.filter((u) => u.status === 'suspended');
    page(res, base, '/users?status=suspended', items, 1, 20, { 'Content-Type': 'application/vnd.api+json' });
  },
  'GET /users?user_type=saas_admin': (_req, res, base) => {
    const items = USERS.filter((u) => u.user_type === 'saas_admin').map((u) => ({
      ...u,
      email: 'not-an-email',
    }));
    page(res, base, '/users?user_type=saas_admin', items, 1, 20);
  },
  'POST /oauth/token': (req, res) => {
    req.resume();
    json(
      res,
      400,
      { error: 'grant_type is missing', code: 'invalid_request' },
      { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    );
  },
  'GET /users?page_size=5': (_req, res, base) => {
    const link =
      buildLink({ base: `${base}/users`, query: 'page_size=5', page: 1, pageSize: 5, total: 12 }) ?? '';
    page(res, base, '/users?page_size=5', USERS, 1, 5, {
      Link: link.replace(/, <[^>]*>; rel="next"/, ''),
    });
  },
  'GET /users?page=2&page_size=5': (_req, res, base) => {
    // Three items where a middle page has five.
    page(res, base, '/users?page=2&page_size=5', USERS.slice(0, 8), 2, 5, {}, USERS.length);
  },
  'GET /users?page_size=2': (_req, res, base) => {
    // Three items where the page size is two.
    const link =
      buildLink({ base: `${base}/users`, query: 'page_size=2', page: 1, pageSize: 2, total: 12 }) ?? '';
    page(res, base, '/users?page_size=2', USERS, 1, 3, { Link: link }, USERS.length);
  },
  'GET /users?sort_by=name': (_req, res, base) => {
    page(res, base, '/users?sort_by=name', USERS, 1, 20);
  },
  'GET /users?status=active': (_req, res, base) => {
    page(res, base, '/users?status=active', USERS, 1, 20);
  },
  'GET /users?status=inactive': (_req, res) => {
    res.writeHead(302, {
      Location: 'http://login.example.test/sign-in?code=s3cret-code',
      'X-API-Version': 'v1',
    });
    res.end();
  },
  'GET /users?user_type=saas_user_client': (_req, res, base) => {
    page(
      res,
      base,
      '/users?user_type=saas_user_client',
      [{ ...USERS[1], user_type: 'saas_user_client', access_token: JWT_LIKE }],
      1,
      20,
    );
  },
  // Never answers: the proxy's --upstream-timeout must.
  'GET /users?search=slow': () => undefined,
  // Starts an answer and then sends nothing more: the proxy's timeout cuts it.
  'GET /users?search=stall': (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': '1000',
      'X-API-Version': 'v1',
    });
    res.write('[');
  },
  // Promises 1000 bytes and stops after a few: the proxy must not pass a complete-looking answer on.
  'GET /users?search=cut': (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': '1000',
      'X-API-Version': 'v1',
    });
    res.write('[{"id":');
    setTimeout(() => res.destroy(), 20);
  },
};

export interface DivergentUpstream {
  readonly url: string;
  /** Requests the service received, as `METHOD target`. */
  readonly received: string[];
  close(): Promise<void>;
}

/** Starts the divergent service on a free port of 127.0.0.1, over https with a self-signed certificate if `tls`. */
export async function startDivergentUpstream(
  options: { readonly tls?: boolean } = {},
): Promise<DivergentUpstream> {
  const received: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const key = `${req.method ?? 'GET'} ${req.url ?? '/'}`;
    received.push(key);
    const base = `${options.tls === true ? 'https' : 'http'}://${req.headers.host ?? ''}`;
    const answer = ANSWERS[key] ?? conforming;
    answer(req, res, base);
  };
  const server: Server = options.tls === true ? createHttpsServer(TLS, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls === true ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Anything else: `/health`, and GET /users done right for the default order, `status`, `user_type` and pages. */
const conforming: Answer = (req, res, base) => {
  req.resume();
  const url = new URL(req.url ?? '/', base);
  if (url.pathname === '/health') {
    json(res, 200, { status: 'ok' }, { 'X-Message': 'OK' });
    return;
  }
  if (url.pathname !== '/users' || req.method !== 'GET') {
    json(res, 404, { error: `no route ${req.method ?? ''} ${url.pathname}`, code: 'not_found' });
    return;
  }
  const params = url.searchParams;
  const items = USERS.filter(
    (u) =>
      (params.get('status') === null || u.status === params.get('status')) &&
      (params.get('user_type') === null || u.user_type === params.get('user_type')),
  );
  const pageNumber = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('page_size') ?? 20) || 20;
  // The probe's walk sorted by name sees the total change between its two pages.
  const total = params.get('sort_by') === 'name' && pageNumber === 2 ? items.length + 1 : undefined;
  page(res, base, `${url.pathname}${url.search}`, items, pageNumber, pageSize, {}, total);
};

/** Page `pageNumber` of `all` as docs/users.md says (links, total, message), `headers` overriding (undefined removes). */
function page(
  res: ServerResponse,
  base: string,
  target: string,
  all: readonly unknown[],
  pageNumber: number,
  pageSize: number,
  headers: Readonly<Record<string, string | undefined>> = {},
  totalOverride?: number,
): void {
  const start = (pageNumber - 1) * pageSize;
  const items = all.slice(start, start + pageSize);
  const total = totalOverride ?? all.length;
  const link = buildLink({
    base: `${base}/users`,
    query: target.split('?')[1] ?? '',
    page: pageNumber,
    pageSize,
    total,
  });
  const merged: Record<string, string | undefined> = {
    'X-Total-Count': String(total),
    'X-Message': items.length > 0 ? 'Data retrieved successfully' : 'Data not found',
    ...(link === undefined ? {} : { Link: link }),
    ...headers,
  };
  json(res, 200, items, merged);
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string | undefined>> = {},
): void {
  const text = JSON.stringify(body);
  const message =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : 'OK';
  const all: Record<string, string | undefined> = {
    'Content-Type': 'application/json; charset=utf-8',
    'X-API-Version': 'v1',
    'X-Message': message,
    ...headers,
  };
  const defined = Object.fromEntries(
    Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
  );
  res.writeHead(status, { ...defined, 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}
