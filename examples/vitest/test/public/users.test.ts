// The same file name as test/admin/users.test.ts in another folder: another session, so the deletions there never
// show here.
import { expect, it } from 'vitest';
import { useIdentityMock } from 'identity-mock/vitest';

const mock = useIdentityMock();

it('sees every user while the other file deletes in its session', async () => {
  const { accessToken } = await mock.token('user@example.com');
  for (let i = 0; i < 5; i++) {
    const res = await mock.fetch('/users?search=user@example.com', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }[]).map((u) => u.email)).toContain('user@example.com');
  }
  expect(mock.id).toMatch(/^test-public-users\.test\.ts-[0-9a-f]{12}$/);
});
