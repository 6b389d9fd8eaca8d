/**
 * The drift guard's checks (src/drift/guard.ts) on hand-made exchanges: a conforming answer gives no finding, and
 * each departure from spec/openapi.yaml or docs/users.md gives the finding of its kind, at its place.
 */
import { describe, expect, it } from 'vitest';
import { DriftGuard } from '../../src/drift/guard.ts';
import type { Exchange } from '../../src/drift/exchange.ts';
import { buildLink } from '../../src/users/link.ts';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';

const guard = new DriftGuard(readSpecDocument());
const BASE = 'http://svc.test/users';

/** A fake bearer JWT with these permissions (the guard reads the claim, it does not verify). */
function bearer(permissions: readonly string[]): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'RS256', typ: 'JWT' })}.${part({ permissions })}.c2ln`;
}
const ADMIN = bearer(['read:users', 'delete:users', 'read:user_metadata']);
const READER = bearer(['read:users']);

/** User number `n`: valid, active, created `n` days after 2024-01-01, ids ascending with `n`. */
function user(n: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const created = new Date(Date.UTC(2024, 0, 1 + n)).toISOString();
  return {
    id,
    identifier: `user.${n}`,
    name: `User ${n}`,
    email: `user.${n}@example.com`,
    user_type: 'saas_user',
    status: 'active',
    created_at: created,
    updated_at: created,
    created_by: '00000000-0000-4000-8000-000000000001',
    ...over,
  };
}

interface PageOptions {
  readonly query?: string;
  readonly page?: number;
  readonly pageSize?: number;
  readonly total?: number;
  readonly items?: readonly unknown[];
  readonly authorization?: string;
  readonly headers?: Record<string, string | undefined>;
}

/** A conforming page of GET /users: `total` users, `page` of `pageSize`, the items numbered from the page start. */
function page(options: PageOptions = {}): Exchange {
  const { query = 'page=2&page_size=5&status=active', page: n = 2, pageSize = 5, total = 12 } = options;
  const start = (n - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - start));
  const items = options.items ?? Array.from({ length: count }, (_, i) => user(start + i + 10));
  const link = buildLink({ base: BASE, query, page: n, pageSize, total });
  return {
    method: 'GET',
    target: `/users?${query}`,
    requestHeaders: { authorization: options.authorization ?? ADMIN },
    status: 200,
    responseHeaders: {
      'content-type': 'application/json; charset=utf-8',
      'x-api-version': 'v1',
      'x-total-count': String(total),
      'x-message': items.length > 0 ? 'Data retrieved successfully' : 'Data not found',
      ...(link === undefined ? {} : { link }),
      ...options.headers,
    },
    responseBody: JSON.stringify(items),
  };
}

function error(
  method: string,
  target: string,
  status: number,
  body: Record<string, unknown>,
  extra: Partial<Exchange> = {},
): Exchange {
  const message = typeof body.error_description === 'string' ? body.error_description : String(body.error);
  return {
    method,
    target,
    requestHeaders: { authorization: ADMIN },
    status,
    responseHeaders: {
      'content-type': 'application/json; charset=utf-8',
      'x-api-version': 'v1',
      'x-message': message,
      ...(status === 401 ? { 'www-authenticate': 'Bearer realm="identity"' } : {}),
      ...(method === 'POST' && target === '/oauth/token'
        ? { 'cache-control': 'no-store', pragma: 'no-cache' }
        : {}),
    },
    responseBody: JSON.stringify(body),
    ...extra,
  };
}

function findings(exchange: Exchange): { kind: string; where: string }[] {
  return guard.inspect(exchange).findings.map(({ kind, where }) => ({ kind, where }));
}

function withLink(exchange: Exchange, edit: (link: string) => string): Exchange {
  return {
    ...exchange,
    responseHeaders: { ...exchange.responseHeaders, link: edit(exchange.responseHeaders.link ?? '') },
  };
}

describe('DriftGuard: conforming answers give no finding', () => {
  it.each([
    { name: 'a middle page with filters and links', exchange: page() },
    {
      name: 'page 1 without page_size: links without it',
      exchange: page({ query: 'status=active', page: 1, pageSize: 20, total: 45 }),
    },
    { name: 'the last page', exchange: page({ query: 'page=3&page_size=5', page: 3 }) },
    {
      name: 'past the last page: [] and Data not found',
      exchange: page({ query: 'page=9&page_size=5', page: 9 }),
    },
    { name: 'one page only: no Link', exchange: page({ query: 'page_size=50', page: 1, pageSize: 50 }) },
    {
      name: 'name descending, accents and case ignored, ties by id ascending',
      exchange: page({
        query: 'sort_by=name&sort_order=desc',
        page: 1,
        pageSize: 20,
        total: 4,
        items: [
          user(3, { name: 'Zoë' }),
          user(5, { name: 'zoe' }),
          user(4, { name: 'Émile' }),
          user(1, { name: 'adam' }),
        ],
      }),
    },
    {
      name: 'a half-open created_at range',
      exchange: page({
        query: 'created_at_from=2024-01-11T00:00:00Z&created_at_to=2024-01-13T00:00:00Z',
        page: 1,
        pageSize: 20,
        total: 2,
        items: [user(10), user(11)],
      }),
    },
    {
      name: 'without the metadata permission, records without created_by',
      exchange: page({
        query: 'page_size=5',
        page: 1,
        total: 2,
        authorization: READER,
        items: [user(10, { created_by: undefined }), user(11, { created_by: undefined })],
      }),
    },
    {
      name: 'a request the spec refuses, answered 400',
      exchange: error('GET', '/users?page_size=101', 400, {
        error: 'page_size must be at most 100',
        code: 'invalid_request',
      }),
    },
    {
      name: 'an inverted range, answered 400 invalid_range',
      exchange: error(
        'GET',
        '/users?created_at_from=2025-01-01T00:00:00Z&created_at_to=2024-01-01T00:00:00Z',
        400,
        { error: 'created_at_from is after created_at_to', code: 'invalid_range' },
      ),
    },
    {
      name: 'a token error in the RFC 6749 shape',
      exchange: error(
        'POST',
        '/oauth/token',
        403,
        { error: 'invalid_grant', error_description: 'Wrong email or password.' },
        {
          requestHeaders: { 'content-type': 'application/json' },
          requestBody: '{"grant_type":"password"}',
        },
      ),
    },
    {
      name: 'a deletion',
      exchange: {
        method: 'DELETE',
        target: '/users/ann.lee',
        requestHeaders: { authorization: ADMIN },
        status: 204,
        responseHeaders: { 'x-api-version': 'v1', 'x-message': 'User deleted successfully' },
      },
    },
    {
      name: 'the control plane of a mock is left alone',
      exchange: {
        method: 'POST',
        target: '/__admin/reset',
        requestHeaders: {},
        status: 418,
        responseHeaders: {},
      },
    },
    {
      name: 'a CORS preflight is left alone',
      exchange: {
        method: 'OPTIONS',
        target: '/users',
        requestHeaders: { 'access-control-request-method': 'GET' },
        status: 204,
        responseHeaders: {},
      },
    },
  ])('$name', ({ exchange }) => {
    expect(guard.inspect(exchange).findings).toEqual([]);
  });
});

describe('DriftGuard: each departure is a finding of its kind, at its place', () => {
  it.each([
    {
      name: 'Link without next on a middle page',
      exchange: withLink(page(), (l) => l.replace(/, <[^>]*>; rel="next"/, '')),
      expected: [{ kind: 'link', where: 'Link rel="next"' }],
    },
    {
      name: 'next leads to the wrong page',
      exchange: withLink(page(), (l) =>
        l.replace(
          'page=3&page_size=5&status=active>; rel="next"',
          'page=4&page_size=5&status=active>; rel="next"',
        ),
      ),
      expected: [{ kind: 'link', where: 'Link rel="next" page' }],
    },
    {
      name: 'prev on page 1',
      exchange: withLink(page({ query: 'page=1&page_size=5', page: 1 }), (l) =>
        l.replace('rel="first"', 'rel="first", <http://svc.test/users?page=0&page_size=5>; rel="prev"'),
      ),
      expected: [{ kind: 'link', where: 'Link rel="prev"' }],
    },
    {
      name: 'links drop a filter of the request',
      exchange: withLink(page(), (l) =>
        l.replace('page=3&page_size=5&status=active>; rel="next"', 'page=3&page_size=5>; rel="next"'),
      ),
      expected: [{ kind: 'link', where: 'Link rel="next" status' }],
    },
    {
      name: 'links carry page_size the request did not send',
      exchange: withLink(page({ query: 'status=active', page: 1, pageSize: 20, total: 45 }), (l) =>
        l.replace('page=2>', 'page=2&page_size=20>'),
      ),
      expected: [{ kind: 'link', where: 'Link rel="next" page_size' }],
    },
    {
      name: 'links in the wrong order',
      exchange: withLink(page(), () =>
        [3, 1, 1, 3]
          .map(
            (n, i) =>
              `<${BASE}?status=active&page=${n}&page_size=5>; rel="${['next', 'first', 'prev', 'last'][i] ?? ''}"`,
          )
          .join(', '),
      ),
      expected: [{ kind: 'link', where: 'Link' }],
    },
    {
      name: 'a relative Link URL',
      exchange: withLink(page(), (l) =>
        l.replace(`<${BASE}?page=1&page_size=5&status=active>; rel="first"`, '</users?page=1>; rel="first"'),
      ),
      expected: [{ kind: 'link', where: 'Link rel="first" url' }],
    },
    {
      name: 'a Link header on a single page',
      exchange: page({
        query: 'page_size=50',
        page: 1,
        pageSize: 50,
        headers: { link: `<${BASE}?page=1>; rel="first"` },
      }),
      expected: [{ kind: 'link', where: 'Link' }],
    },
    {
      name: 'a middle page short of page_size',
      exchange: page({ items: [user(10), user(11), user(12), user(13)] }),
      expected: [{ kind: 'total_count', where: 'X-Total-Count' }],
    },
    {
      name: 'items past the last page',
      exchange: page({ query: 'page=9&page_size=5', page: 9, items: [user(10)] }),
      expected: [{ kind: 'total_count', where: 'X-Total-Count' }],
    },
    {
      name: 'more items than page_size',
      exchange: page({ items: [10, 11, 12, 13, 14, 15].map((n) => user(n)) }),
      expected: [{ kind: 'page_size', where: 'body' }],
    },
    {
      name: 'items out of created_at order',
      exchange: page({ items: [10, 12, 11, 13, 14].map((n) => user(n)) }),
      expected: [{ kind: 'sort_order', where: 'body[].created_at' }],
    },
    {
      name: 'a tie broken by id descending',
      exchange: page({
        query: 'page_size=5&sort_by=status',
        page: 1,
        total: 2,
        items: [user(11), user(10)],
      }),
      expected: [{ kind: 'sort_order', where: 'body[].id' }],
    },
    {
      name: 'names sorted case-sensitively (Zoë after zoe in byte order, before adam descending)',
      exchange: page({
        query: 'sort_by=name&sort_order=desc',
        page: 1,
        pageSize: 20,
        total: 3,
        items: [user(1, { name: 'adam' }), user(2, { name: 'Zoë' }), user(3, { name: 'Bea' })],
      }),
      expected: [{ kind: 'sort_order', where: 'body[].name' }],
    },
    {
      name: 'an item that the status filter excludes',
      exchange: page({ items: [user(10), user(11), user(12, { status: 'inactive' }), user(13), user(14)] }),
      expected: [{ kind: 'filter', where: 'body[].status' }],
    },
    {
      name: 'a date range treated as closed: an item at its upper bound',
      exchange: page({
        query: 'created_at_from=2024-01-11T00:00:00Z&created_at_to=2024-01-13T00:00:00Z',
        page: 1,
        pageSize: 20,
        total: 3,
        items: [user(10), user(11), user(12)],
      }),
      expected: [{ kind: 'filter', where: 'body[].created_at' }],
    },
    {
      name: 'metadata fields for a token without read:user_metadata',
      exchange: page({
        query: 'page_size=5',
        page: 1,
        total: 2,
        authorization: READER,
        items: [user(10), user(11)],
      }),
      expected: [{ kind: 'metadata', where: 'body[].created_by' }],
    },
    {
      name: 'X-Message of an empty page',
      exchange: page({
        query: 'page=9&page_size=5',
        page: 9,
        headers: { 'x-message': 'Data retrieved successfully' },
      }),
      expected: [{ kind: 'header', where: 'X-Message' }],
    },
    {
      name: 'no X-API-Version',
      exchange: page({ headers: { 'x-api-version': undefined } }),
      expected: [{ kind: 'header', where: 'X-API-Version' }],
    },
    {
      name: 'a negative X-Total-Count',
      exchange: page({ query: 'page_size=5', page: 1, total: 2, headers: { 'x-total-count': '-2' } }),
      expected: [{ kind: 'header', where: 'X-Total-Count' }],
    },
    {
      name: 'an invalid email and an undeclared field',
      exchange: page({
        items: [
          user(10),
          user(11, { email: 'not-an-email' }),
          user(12, { nickname: 'x' }),
          user(13),
          user(14),
        ],
      }),
      expected: [
        { kind: 'body_schema', where: 'body[].email' },
        { kind: 'body_schema', where: 'body[].nickname' },
      ],
    },
    {
      name: 'a body that is not JSON',
      exchange: { ...page(), responseBody: '<html>oops</html>' },
      expected: [{ kind: 'body_schema', where: 'body' }],
    },
    {
      name: 'a list answered as HTML',
      exchange: { ...page(), responseHeaders: { ...page().responseHeaders, 'content-type': 'text/html' } },
      expected: [
        { kind: 'content_type', where: 'Content-Type' },
        { kind: 'body_schema', where: 'body' },
      ],
    },
    {
      name: 'an undocumented status',
      exchange: error('GET', '/users', 422, { error: 'bad', code: 'unprocessable' }),
      expected: [{ kind: 'undocumented_status', where: 'status' }],
    },
    {
      name: 'the API error shape on the token endpoint',
      exchange: error(
        'POST',
        '/oauth/token',
        400,
        { error: 'missing grant_type', code: 'invalid_request' },
        {
          requestHeaders: { 'content-type': 'application/json' },
          requestBody: '{}',
        },
      ),
      expected: [{ kind: 'error_shape', where: 'body' }],
    },
    {
      name: 'the RFC 6749 error shape on the API',
      exchange: error('GET', '/users', 401, { error: 'invalid_token', error_description: 'expired' }),
      expected: [{ kind: 'error_shape', where: 'body' }],
    },
    {
      name: 'an error code outside the documented ones',
      exchange: error('GET', '/users', 401, { error: 'no token', code: 'unauthorized' }),
      expected: [{ kind: 'body_schema', where: 'body.code' }],
    },
    {
      name: 'X-Message other than the error message',
      exchange: {
        ...error('GET', '/users', 401, { error: 'no token', code: 'missing_token' }),
        responseHeaders: {
          ...error('GET', '/users', 401, { error: 'no token', code: 'missing_token' }).responseHeaders,
          'x-message': 'Unauthorized',
        },
      },
      expected: [{ kind: 'header', where: 'X-Message' }],
    },
    {
      name: 'page_size=101 accepted',
      exchange: page({ query: 'page_size=101', page: 1, pageSize: 101, total: 3 }),
      expected: [{ kind: 'request_accepted', where: 'query page_size' }],
    },
    {
      name: 'an unknown query parameter accepted',
      exchange: page({ query: 'page_size=5&colour=red', page: 1, total: 3 }),
      expected: [{ kind: 'request_accepted', where: 'query colour' }],
    },
    {
      name: 'a list without a token answered 200',
      exchange: { ...page(), requestHeaders: {} },
      expected: [{ kind: 'request_accepted', where: 'Authorization' }],
    },
    {
      name: 'a valid request refused with 400',
      exchange: error('GET', '/users?sort_by=identifier', 400, {
        error: 'cannot sort by identifier',
        code: 'invalid_request',
      }),
      expected: [{ kind: 'request_refused', where: 'status' }],
    },
    {
      name: 'a route the spec does not have, answered 200',
      exchange: {
        method: 'GET',
        target: '/users/123/groups',
        requestHeaders: {},
        status: 200,
        responseHeaders: {},
      },
      expected: [{ kind: 'undocumented_operation', where: 'route' }],
    },
    {
      name: 'a deletion with the list message',
      exchange: {
        method: 'DELETE',
        target: '/users/ann.lee',
        requestHeaders: { authorization: ADMIN },
        status: 204,
        responseHeaders: { 'x-api-version': 'v1', 'x-message': 'Data retrieved successfully' },
      },
      expected: [{ kind: 'header', where: 'X-Message' }],
    },
  ])('$name', ({ exchange, expected }) => {
    expect(findings(exchange)).toEqual(expected);
  });

  it('names an unknown route by its method and path, ids as {id}', () => {
    const [finding] = guard.inspect({
      method: 'GET',
      target: '/users/123/groups',
      requestHeaders: {},
      status: 200,
      responseHeaders: {},
    }).findings;
    expect(finding?.operation).toBe('GET /users/{id}/groups');
  });

  it('quotes no name or email in a sort finding, only ids and non-personal fields', () => {
    const [finding] = guard.inspect(
      page({
        query: 'sort_by=email',
        page: 1,
        pageSize: 20,
        total: 2,
        items: [user(2, { email: 'zed@example.com' }), user(1, { email: 'amy@example.com' })],
      }),
    ).findings;
    expect(finding?.kind).toBe('sort_order');
    expect(finding?.actual).not.toMatch(/zed|amy/);
    expect(finding?.actual).toContain(String(user(2).id));
  });
});
