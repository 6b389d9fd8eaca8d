/**
 * Consumer contracts of `identity-web`, the frontend, against `identity-service` (Pact V3). Each interaction runs
 * the typed client of src/client against Pact's mock server, so the pact records what a real frontend sends.
 * Every interaction has a provider state (TOOLING.md, Pact trap 5), and tokens come from the provider
 * (`fromProviderState`), so the verifier sends real ones.
 *
 * `npm test` writes the pact to a temp dir and `contract-files.test.ts` fails if contracts/ is stale;
 * `npm run contracts` writes it to contracts/.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3, PactV3, SpecificationVersion } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { IdentityApiError, IdentityClient, OAuthClientError } from '../../src/client/identity-client.ts';
import {
  CONSUMER,
  CONTRACTS_DIR,
  normalizedPact,
  PACT_FILE,
  PROVIDER,
  writtenPactDir,
} from '../support/contracts.ts';

const { eachLike, fromProviderState, integer, like, regex, string, uuid } = MatchersV3;

const dir = writtenPactDir() ?? mkdtempSync(join(tmpdir(), 'identity-web-pact-'));

const pact = new PactV3({
  consumer: CONSUMER,
  provider: PROVIDER,
  dir,
  spec: SpecificationVersion.SPECIFICATION_VERSION_V3,
  logLevel: 'warn',
});

const EXAMPLE_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhdXRoMHwxIn0.c2lnbmF0dXJl';
const asAdmin = { Authorization: fromProviderState('Bearer ${adminToken}', `Bearer ${EXAMPLE_TOKEN}`) };
const asUser = { Authorization: fromProviderState('Bearer ${userToken}', `Bearer ${EXAMPLE_TOKEN}`) };
const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

/** A User record as the frontend relies on it (created_by/updated_by are not relied on). */
const user = {
  id: uuid('8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b'),
  identifier: regex('^[a-z0-9][a-z0-9._-]{2,63}$', 'ann.lee'),
  name: string('Ann Lee'),
  email: regex('^[^@\\s]+@[^@\\s]+$', 'ann.lee@example.com'),
  user_type: regex('^(saas_admin|saas_user|saas_user_client)$', 'saas_user'),
  status: regex('^(active|onboarding|inactive|suspended|risky)$', 'active'),
  created_at: regex(ISO_INSTANT, '2024-03-05T10:20:30.000Z'),
  updated_at: regex(ISO_INSTANT, '2025-01-07T08:00:00.000Z'),
};
const listHeaders = {
  'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8'),
  'X-Total-Count': regex('^\\d+$', '203'),
  'X-Message': string('Data retrieved successfully'),
  'X-API-Version': 'v1',
};
const link = regex(
  '^<https?://[^>]+[?&]page=1[^>]*>; rel="first".*rel="last"$',
  '<http://localhost:8080/users?page=1>; rel="first", <http://localhost:8080/users?page=2>; rel="next", <http://localhost:8080/users?page=11>; rel="last"',
);
const apiError = (code: string, message: string) => ({
  headers: {
    'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8'),
    'X-Message': string(message),
  },
  body: { error: string(message), code },
});

/**
 * `pact.executeTest`, then a wait until Pact's mock server has recorded what it matched. Its Rust core records a
 * match on a task of its own, after the answer has gone out: on a busy machine the check that follows the test
 * could run first and report a request it had answered as never received (pact-foundation/pact-reference#535,
 * seen here in CI). The wait asks the mock server itself (`mockServerMatchedSuccessfully`, which pact-js reads
 * right after the test) for up to 5 s; a request never sent still fails, after that wait.
 */
function executeTest(
  test: (server: { readonly port: number; readonly url: string }) => Promise<void>,
): Promise<void> {
  const core = (pact as unknown as { pact: { mockServerMatchedSuccessfully(port: number): boolean } }).pact;
  return pact.executeTest(async (server) => {
    await test(server);
    const until = Date.now() + 5_000;
    while (!core.mockServerMatchedSuccessfully(server.port) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

function client(url: string, token = EXAMPLE_TOKEN): IdentityClient {
  return new IdentityClient({ baseUrl: url, token });
}

describe('identity-web → identity-service', () => {
  it('lists the first page of users', async () => {
    pact
      .given('users exist')
      .uponReceiving('a request for the first page of users')
      .withRequest({ method: 'GET', path: '/users', headers: asAdmin })
      .willRespondWith({ status: 200, headers: { ...listHeaders, Link: link }, body: eachLike(user) });
    await executeTest(async (server) => {
      const page = await client(server.url).listUsers();
      expect(page.items[0]?.identifier).toBe('ann.lee');
      expect(page.total).toBe(203);
      expect(page.links.next).toContain('page=2');
    });
  });

  it('lists a later page with a page size', async () => {
    pact
      .given('users exist')
      .uponReceiving('a request for page 2 of users, 5 per page')
      .withRequest({ method: 'GET', path: '/users', query: { page: '2', page_size: '5' }, headers: asAdmin })
      .willRespondWith({
        status: 200,
        headers: {
          ...listHeaders,
          Link: regex(
            '^<[^>]+page_size=5[^>]*>; rel="first", <[^>]+>; rel="prev", <[^>]+>; rel="next", <[^>]+>; rel="last"$',
            '<http://localhost:8080/users?page=1&page_size=5>; rel="first", <http://localhost:8080/users?page=1&page_size=5>; rel="prev", <http://localhost:8080/users?page=3&page_size=5>; rel="next", <http://localhost:8080/users?page=41&page_size=5>; rel="last"',
          ),
        },
        body: eachLike(user, 5),
      });
    await executeTest(async (server) => {
      const page = await client(server.url).listUsers({ page: 2, page_size: 5 });
      expect(page.items).toHaveLength(5);
      expect(page.links.prev).toContain('page=1');
    });
  });

  it('filters users by status and type', async () => {
    pact
      .given('users exist')
      .uponReceiving('a request for active saas_user users')
      .withRequest({
        method: 'GET',
        path: '/users',
        query: { status: 'active', user_type: 'saas_user' },
        headers: asAdmin,
      })
      .willRespondWith({
        status: 200,
        headers: listHeaders,
        body: eachLike({ ...user, status: 'active', user_type: 'saas_user' }),
      });
    await executeTest(async (server) => {
      const page = await client(server.url).listUsers({ status: 'active', user_type: 'saas_user' });
      expect(page.items.every((u) => u.status === 'active' && u.user_type === 'saas_user')).toBe(true);
    });
  });

  it('searches users, best match first', async () => {
    pact
      .given('a user with identifier ann.lee exists')
      .uponReceiving('a search for ann.lee')
      .withRequest({ method: 'GET', path: '/users', query: { search: 'ann.lee' }, headers: asAdmin })
      .willRespondWith({
        status: 200,
        headers: listHeaders,
        body: eachLike({ ...user, identifier: 'ann.lee' }),
      });
    await executeTest(async (server) => {
      const page = await client(server.url).listUsers({ search: 'ann.lee' });
      expect(page.items[0]?.identifier).toBe('ann.lee');
    });
  });

  it('sorts users by name, descending', async () => {
    pact
      .given('users exist')
      .uponReceiving('a request for users sorted by name, descending')
      .withRequest({
        method: 'GET',
        path: '/users',
        query: { sort_by: 'name', sort_order: 'desc' },
        headers: asAdmin,
      })
      .willRespondWith({ status: 200, headers: listHeaders, body: eachLike(user, 2) });
    await executeTest(async (server) => {
      const page = await client(server.url).listUsers({ sort_by: 'name', sort_order: 'desc' });
      expect(page.items.length).toBeGreaterThanOrEqual(2);
    });
  });

  it('answers 400 for a page size over 100', async () => {
    pact
      .given('users exist')
      .uponReceiving('a request with page_size 101')
      .withRequest({ method: 'GET', path: '/users', query: { page_size: '101' }, headers: asAdmin })
      .willRespondWith({
        status: 400,
        ...apiError('invalid_request', 'page_size must be between 1 and 100 (got "101")'),
      });
    await executeTest(async (server) => {
      await expect(client(server.url).listUsers({ page_size: 101 })).rejects.toMatchObject({
        status: 400,
        code: 'invalid_request',
      });
    });
  });

  it('answers 401 without a token', async () => {
    pact
      .given('users exist')
      .uponReceiving('a request for users without a token')
      .withRequest({ method: 'GET', path: '/users' })
      .willRespondWith({
        status: 401,
        headers: {
          ...apiError('missing_token', 'the Authorization header is missing').headers,
          'WWW-Authenticate': regex('^Bearer realm="identity".*$', 'Bearer realm="identity"'),
        },
        body: apiError('missing_token', 'the Authorization header is missing').body,
      });
    await executeTest(async (server) => {
      const anonymous = new IdentityClient({ baseUrl: server.url });
      await expect(anonymous.listUsers()).rejects.toMatchObject({ status: 401, code: 'missing_token' });
    });
  });

  it('answers 403 to a delete without the permission', async () => {
    pact
      .given('a user with identifier ann.lee exists')
      .uponReceiving('a delete by a saas_user, who lacks delete:users')
      .withRequest({ method: 'DELETE', path: '/users/ann.lee', headers: asUser })
      .willRespondWith({
        status: 403,
        ...apiError('insufficient_permissions', 'this operation needs the permission delete:users'),
      });
    await executeTest(async (server) => {
      const error: unknown = await client(server.url)
        .deleteUser('ann.lee')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IdentityApiError);
      expect(error).toMatchObject({ status: 403, code: 'insufficient_permissions' });
    });
  });

  it('deletes a user by id', async () => {
    const id = '3f4c2a1e-9b7d-4e21-8c55-0a1b2c3d4e5f';
    pact
      .given('a user with id {id} exists', { id })
      .uponReceiving('a delete of a user by id')
      .withRequest({ method: 'DELETE', path: `/users/${id}`, headers: asAdmin })
      .willRespondWith({ status: 204, headers: { 'X-Message': 'User deleted successfully' } });
    await executeTest(async (server) => {
      await expect(client(server.url).deleteUser(id)).resolves.toBeUndefined();
    });
  });

  it('deletes a user by identifier', async () => {
    pact
      .given('a user with identifier ann.lee exists')
      .uponReceiving('a delete of a user by identifier')
      .withRequest({ method: 'DELETE', path: '/users/ann.lee', headers: asAdmin })
      .willRespondWith({ status: 204, headers: { 'X-Message': 'User deleted successfully' } });
    await executeTest(async (server) => {
      await expect(client(server.url).deleteUser('ann.lee')).resolves.toBeUndefined();
    });
  });

  it('answers 404 to the delete of an unknown user', async () => {
    const id = '0badc0de-0000-4000-8000-000000000404';
    pact
      .given('user {id} does not exist', { id })
      .uponReceiving('a delete of a user that does not exist')
      .withRequest({ method: 'DELETE', path: `/users/${id}`, headers: asAdmin })
      .willRespondWith({
        status: 404,
        ...apiError('user_not_found', `no user with id or identifier "${id}"`),
      });
    await executeTest(async (server) => {
      await expect(client(server.url).deleteUser(id)).rejects.toMatchObject({
        status: 404,
        code: 'user_not_found',
      });
    });
  });

  it('lists the members of a workspace', async () => {
    pact
      .given('a workspace {workspace} with {count} members exists', { workspace: 'ws-01', count: 3 })
      .uponReceiving('a request for the members of ws-01')
      .withRequest({ method: 'GET', path: '/workspaces/ws-01/members', headers: asAdmin })
      .willRespondWith({
        status: 200,
        headers: { ...listHeaders, 'X-Total-Count': '3' },
        body: eachLike(user, 3),
      });
    await executeTest(async (server) => {
      const page = await client(server.url).listWorkspaceMembers('ws-01');
      expect(page.total).toBe(3);
      expect(page.items).toHaveLength(3);
    });
  });

  it('gets a token with the password grant', async () => {
    const form =
      'grant_type=password&client_id=mock-client&client_secret=mock-secret&username=admin%40example.com&password=Passw0rd%21';
    pact
      .given('users exist')
      .uponReceiving('a password grant for the admin')
      .withRequest({
        method: 'POST',
        path: '/oauth/token',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      })
      .willRespondWith({
        status: 200,
        headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
        body: { access_token: like(EXAMPLE_TOKEN), token_type: 'Bearer', expires_in: integer(86400) },
      });
    await executeTest(async (server) => {
      const token = await new IdentityClient({ baseUrl: server.url }).passwordToken({
        clientId: 'mock-client',
        clientSecret: 'mock-secret',
        username: 'admin@example.com',
        password: 'Passw0rd!',
      });
      expect(token.token_type).toBe('Bearer');
    });
  });

  it('gets invalid_grant for a wrong password', async () => {
    const form =
      'grant_type=password&client_id=mock-client&client_secret=mock-secret&username=admin%40example.com&password=wrong';
    pact
      .given('users exist')
      .uponReceiving('a password grant with a wrong password')
      .withRequest({
        method: 'POST',
        path: '/oauth/token',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      })
      .willRespondWith({
        status: 403,
        headers: { 'Cache-Control': 'no-store' },
        body: { error: 'invalid_grant', error_description: 'Wrong email or password.' },
      });
    await executeTest(async (server) => {
      const error: unknown = await new IdentityClient({ baseUrl: server.url })
        .passwordToken({
          clientId: 'mock-client',
          clientSecret: 'mock-secret',
          username: 'admin@example.com',
          password: 'wrong',
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OAuthClientError);
      expect(error).toMatchObject({ status: 403, body: { error: 'invalid_grant' } });
    });
  });
});

describe('contracts/', () => {
  it('holds the pact these consumer tests write (else: npm run contracts)', () => {
    const written = normalizedPact(join(dir, PACT_FILE));
    const committed = normalizedPact(join(CONTRACTS_DIR, PACT_FILE));
    expect(committed, `contracts/${PACT_FILE} is stale: run npm run contracts`).toEqual(written);
  });
});
