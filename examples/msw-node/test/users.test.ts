// The identity service mocked in this process with MSW's setupServer: no port, no server. The code under test calls
// `fetch` as it would in production; the handlers answer with the real engine (state, permissions, tokens).
import { setupServer } from 'msw/node';
import { createHandlers } from 'identity-mock/msw';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const API = 'http://localhost:8080';
const { handlers, mock } = createHandlers();
const server = setupServer(...handlers);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => mock.session().reset());
afterAll(() => {
  server.close();
});

/** The code under test: a small client of the identity service. */
async function deleteUser(token: string, id: string): Promise<number> {
  const res = await fetch(`${API}/users/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  return res.status;
}

it('lists users with a token from the password grant', async () => {
  const grant = await fetch(`${API}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin@example.com',
      password: 'Passw0rd!',
      client_id: 'mock-client',
      client_secret: 'mock-secret',
      audience: 'https://identity.example.com/admin/v1',
    }),
  });
  expect(grant.status).toBe(200);
  const { access_token } = (await grant.json()) as { access_token: string };
  const res = await fetch(`${API}/users?page_size=5`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('X-Total-Count')).toBe('203');
  expect(((await res.json()) as unknown[]).length).toBe(5);
});

it('keeps state: a deleted user is gone from the next list, until reset', async () => {
  const { accessToken } = await mock.session().token({ user: 'admin@example.com' });
  expect(await deleteUser(accessToken, 'user')).toBe(204);
  expect(await deleteUser(accessToken, 'user')).toBe(404);
  await mock.session().reset();
  expect(await deleteUser(accessToken, 'user')).toBe(204);
});

it('checks permissions and validates requests against the spec', async () => {
  const { accessToken } = await mock.session().token({ user: 'user@example.com' });
  expect(await deleteUser(accessToken, 'admin')).toBe(403);
  const bad = await fetch(`${API}/users?page_size=1000`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { code: string }).code).toBe('invalid_request');
});

it('answers a fault rule as the server would', async () => {
  await mock.session().fault({ path: '/users', status: 503, times: 1 });
  const { accessToken } = await mock.session().token({ user: 'admin@example.com' });
  const res = await fetch(`${API}/users`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(503);
  expect((await mock.session().requests({ path: '/users' }))[0]?.status).toBe(503);
});
