// Its own session (from its path, test/admin/users.test.ts), reset before each test: deleting here is seen by no
// other file, not even test/public/users.test.ts, which runs at the same time.
import { expect, inject, it } from 'vitest';
import { IdentityMockError } from 'identity-mock';
import { useIdentityMock } from 'identity-mock/vitest';

const mock = useIdentityMock();

async function total(accessToken: string): Promise<number> {
  const res = await mock.fetch('/users?page_size=1', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return Number(res.headers.get('X-Total-Count'));
}

it('deletes a user in its own session only', async () => {
  const { accessToken } = await mock.token('admin@example.com');
  const before = await total(accessToken);
  // `user` is one of the known accounts, present whatever the seed.
  const res = await mock.fetch('/users/user', {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(204);
  expect(await total(accessToken)).toBe(before - 1);
  expect(await mock.requests({ method: 'DELETE' })).toMatchObject([{ path: '/users/user', status: 204 }]);
});

it('starts every test from the seeded data again', async () => {
  const { accessToken } = await mock.token('admin@example.com');
  const res = await mock.fetch('/users/user', {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(204);
});

it('answers 503 once when a fault rule says so', async () => {
  const { accessToken } = await mock.token('admin@example.com', { permissions: ['read:users'] });
  await mock.fault({ method: 'GET', path: '/users', status: 503, times: 1 });
  const headers = { Authorization: `Bearer ${accessToken}` };
  expect((await mock.fetch('/users', { headers })).status).toBe(503);
  expect((await mock.fetch('/users', { headers })).status).toBe(200);
});

it('throws IdentityMockError for a user the data lacks', async () => {
  const refused = await mock.token('nobody@example.com').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(IdentityMockError);
  expect(refused).toMatchObject({ status: 404, code: 'user_not_found' });
  expect(inject('identityMockUrl')).toBe(mock.url);
});
