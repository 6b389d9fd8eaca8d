// `api` sends every request to the worker's mock in the test's own session; `identitySession` steers that session.
import { expect, test } from 'identity-mock/playwright';

test('an admin lists users, then deletes one, in this test only', async ({ api, identitySession }) => {
  const { accessToken } = await identitySession.token('admin@example.com');
  const headers = { Authorization: `Bearer ${accessToken}` };
  const before = await api.get('/users', { headers, params: { page_size: 1 } });
  expect(before.status()).toBe(200);
  const total = Number(before.headers()['x-total-count']);
  expect((await api.delete('/users/user', { headers })).status()).toBe(204);
  const after = await api.get('/users', { headers, params: { page_size: 1 } });
  expect(Number(after.headers()['x-total-count'])).toBe(total - 1);
});

test('the next test starts from the seeded data', async ({ api, identitySession }) => {
  const { accessToken } = await identitySession.token('admin@example.com');
  expect(
    (await api.delete('/users/user', { headers: { Authorization: `Bearer ${accessToken}` } })).status(),
  ).toBe(204);
});

test('a fault rule answers the next list with 503', async ({ api, identitySession }) => {
  await identitySession.fault({ method: 'GET', path: '/users', status: 503, times: 1 });
  const { accessToken } = await identitySession.token('user@example.com', { permissions: ['read:users'] });
  const headers = { Authorization: `Bearer ${accessToken}` };
  expect((await api.get('/users', { headers })).status()).toBe(503);
  expect((await api.get('/users', { headers })).status()).toBe(200);
  const journal = await identitySession.requests({ path: '/users' });
  expect(journal.map((entry) => entry.status)).toEqual([200, 503]);
});
