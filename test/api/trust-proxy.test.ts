/**
 * `--trust-proxy` and the client's address (docs/running.md): the address is the one the nearest proxy appended to
 * `X-Forwarded-For`, never an entry the client wrote itself, so a client cannot step around the lock-out or the rate
 * limit by sending a new first entry each time.
 */
import { describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from '../../src/oauth/lockout.ts';
import { expectOAuthError, passwordFields, postToken } from '../support/auth.ts';
import { harness } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

const PROXY_SAW = '203.0.113.9';
const spoofed = (i: number): Record<string, string> => ({
  'X-Forwarded-For': `10.0.${i}.${i}, ${PROXY_SAW}`,
});

describe('a client-supplied first X-Forwarded-For entry (it bypassed both)', () => {
  it(`the lock-out: ${LOCKOUT_THRESHOLD} wrong passwords with a new first entry each lock the account for the address the proxy saw`, async () => {
    const h = harness({ trustProxy: true });
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      const res = await postToken(h, passwordFields('admin@example.com', 'wrong'), { headers: spoofed(i) });
      expectOAuthError(res, 403, 'invalid_grant');
    }
    const right = await postToken(h, passwordFields('admin@example.com'), { headers: spoofed(99) });
    expectOAuthError(right, 429, 'too_many_attempts');
    // Another client behind the same proxy is another address.
    const other = await postToken(h, passwordFields('admin@example.com'), {
      headers: { 'X-Forwarded-For': `${PROXY_SAW}, 198.51.100.7` },
    });
    expect(other.status).toBe(200);
  });

  it('the rate limit: requests without a token are counted for the address the proxy saw', async () => {
    const h = harness({ trustProxy: true, rateLimit: '3/60s' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.get('/users', { headers: spoofed(i) })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const last = await h.get('/users', { headers: spoofed(7) });
    expectError(last, 429, 'rate_limited');
    expect((await h.get('/users', { headers: { 'X-Forwarded-For': '198.51.100.7' } })).status).toBe(401);
  });

  it('without --trust-proxy the header is not read at all', async () => {
    const h = harness({ rateLimit: '2/60s' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await h.get('/users', { headers: { 'X-Forwarded-For': `10.9.9.${i}` } })).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
