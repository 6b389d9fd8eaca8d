/**
 * Determinism (docs/running.md): the same seed serves byte-identical users on any machine and at any time; another
 * seed serves other users; `--users N` makes N faker users plus the three known accounts.
 */
import { describe, expect, it } from 'vitest';
import { buildMock, type MockOptions } from '../../src/mock.ts';
import { ADMIN, NOW, harnessFor, type Harness } from '../support/harness.ts';
import { totalOf, usersOf } from '../support/responses.ts';

const HOST = { Host: 'identity.test' };
const QUERIES = [
  '',
  'page=2',
  'page=3&page_size=50',
  'sort_by=name&sort_order=desc&page_size=100',
  'sort_by=email&page=2&page_size=7',
  'status=active&user_type=saas_user',
  'search=an',
  'created_at_from=2020-01-01T00:00:00Z&sort_by=updated_at',
];

function seeded(options: MockOptions): Harness {
  return harnessFor(buildMock({ validateResponses: true, now: () => NOW, ...options }));
}

/** The body and the headers that must not vary, for each query. */
async function pages(h: Harness): Promise<string[]> {
  const token = h.token(ADMIN);
  const out: string[] = [];
  for (const query of QUERIES) {
    const res = await h.get(`/users?${query}`, { token, headers: HOST });
    expect(res.status).toBe(200);
    out.push(`${res.headers['x-total-count'] ?? ''}\n${res.headers.link ?? ''}\n${res.text}`);
  }
  return out;
}

describe('seeded data', () => {
  it('two mocks with the same seed serve byte-identical pages; another seed differs', async () => {
    const first = await pages(seeded({ seed: 7, users: 120 }));
    const second = await pages(seeded({ seed: 7, users: 120 }));
    expect(second).toEqual(first);
    const other = await pages(seeded({ seed: 8, users: 120 }));
    expect(other).toHaveLength(first.length);
    other.forEach((page, i) => {
      if (QUERIES[i] !== 'search=an') expect(page).not.toBe(first[i]);
    });
  });

  it('the clock does not change the data: a year later, the same bytes', async () => {
    const now = await pages(seeded({ seed: 7, users: 120 }));
    const later = await pages(seeded({ seed: 7, users: 120, now: () => NOW + 365 * 86_400_000 }));
    expect(later).toEqual(now);
  });

  it('the default seed is deterministic too', async () => {
    const a = seeded({});
    const b = seeded({});
    const one = await a.get('/users?page_size=100&sort_by=identifier', { token: a.token(ADMIN) });
    const two = await b.get('/users?page_size=100&sort_by=identifier', { token: b.token(ADMIN) });
    expect(two.text).toBe(one.text);
    expect(totalOf(one)).toBe(203);
  });

  it('buildMock({ seed: 1, users: 500 }) serves 503 users: 500 seeded + the 3 known accounts', async () => {
    const h = seeded({ seed: 1, users: 500 });
    const token = h.token(ADMIN);
    const res = await h.get('/users', { token });
    expect(totalOf(res)).toBe(503);
    expect(usersOf(res)).toHaveLength(20);
    const emails = new Set<string>();
    for (let page = 1; page <= 6; page++) {
      const users = usersOf(await h.get(`/users?page=${page}&page_size=100`, { token }));
      for (const u of users) emails.add(u.email.toLowerCase());
    }
    expect(emails.size).toBe(503);
    for (const known of ['admin@example.com', 'user@example.com', 'client@example.com']) {
      expect(emails.has(known)).toBe(true);
    }
    expect(totalOf(await h.get('/users?page=7&page_size=100', { token }))).toBe(503);
  });
});
