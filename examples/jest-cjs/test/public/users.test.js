// Same file name as test/admin/users.test.js, another folder: another session, so those deletions never show here.
const { sessionClient, sessionIdFor } = require('identity-mock/client');

const session = sessionClient(process.env.IDENTITY_MOCK_URL, sessionIdFor(__filename, process.cwd()));
beforeEach(() => session.reset());
afterAll(() => session.drop());

test('sees every user while the other file deletes in its session', async () => {
  const { accessToken } = await session.token('user@example.com');
  for (let i = 0; i < 5; i++) {
    const res = await session.fetch('/users?search=user@example.com', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).map((u) => u.email)).toContain('user@example.com');
  }
});
