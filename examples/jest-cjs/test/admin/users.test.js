// Each test file has its own session, named after its path (test/admin/users.test.js here), reset before each test.
const { IdentityMockError, sessionClient, sessionIdFor } = require('identity-mock/client');

const session = sessionClient(process.env.IDENTITY_MOCK_URL, sessionIdFor(__filename, process.cwd()));
beforeEach(() => session.reset());
afterAll(() => session.drop());

async function total(accessToken) {
  const res = await session.fetch('/users?page_size=1', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(200);
  return Number(res.headers.get('X-Total-Count'));
}

test('deletes a user in its own session only', async () => {
  const { accessToken } = await session.token('admin@example.com');
  const before = await total(accessToken);
  const res = await session.fetch('/users/user', {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(204);
  expect(await total(accessToken)).toBe(before - 1);
});

test('starts every test from the seeded data again', async () => {
  const { accessToken } = await session.token('admin@example.com');
  const res = await session.fetch('/users/user', {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(204);
});

test('a refused call throws IdentityMockError', async () => {
  await expect(session.token('nobody@example.com')).rejects.toBeInstanceOf(IdentityMockError);
  await expect(session.token('nobody@example.com')).rejects.toMatchObject({
    status: 404,
    code: 'user_not_found',
  });
});
