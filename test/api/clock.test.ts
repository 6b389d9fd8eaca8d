/**
 * The session's test clock (docs/tokens.md, "Steering the identity provider from a test"): `GET|PUT|DELETE
 * /__admin/clock` and `mock.session(id).clock`, and every rule that reads it: token `iat`/`exp` and their checks with
 * the 30 s leeway, codes, login sessions, refresh tokens, lock-outs and rate-limit windows.
 */
import { describe, expect, it } from 'vitest';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import {
  decodeToken,
  expectOAuthError,
  expectToken,
  MOCK_CLIENT,
  passwordFields,
  postToken,
} from '../support/auth.ts';
import { ADMIN, harness, NOW, USER, type Harness } from '../support/harness.ts';
import { authorize, authorizeParams, codeFields, locationOf, loginCode } from '../support/login.ts';
import { expectError } from '../support/responses.ts';

const ISO = new Date(NOW).toISOString();
const T = Date.parse('2030-06-01T00:00:00.000Z');

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
}

function setup(): Setup {
  const h = harness();
  return { h, admin: adminClient(h.mock.app) };
}

async function setClock(
  admin: AdminClient,
  body: object,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const res = await admin.put('/clock', body, { headers });
  expect(res.status).toBe(200);
  return res.body;
}

async function accessToken(h: Harness, headers: Record<string, string> = {}): Promise<string> {
  return expectToken(await postToken(h, passwordFields(ADMIN), { headers })).access_token;
}

describe('GET / PUT / DELETE /__admin/clock', () => {
  it('real time by default; {now} freezes; {advance} moves on; {frozen: false} runs on; DELETE goes back', async () => {
    const { admin } = setup();
    expect((await admin.get('/clock')).body).toEqual({ now: ISO, frozen: false, offset_ms: 0 });
    expect(await setClock(admin, { now: '2030-06-01T00:00:00Z' })).toEqual({
      now: new Date(T).toISOString(),
      frozen: true,
      offset_ms: T - NOW,
    });
    expect(await setClock(admin, { advance: '90s' })).toMatchObject({
      now: new Date(T + 90_000).toISOString(),
    });
    expect(await setClock(admin, { advance: 500 })).toMatchObject({
      now: new Date(T + 90_500).toISOString(),
    });
    expect(await setClock(admin, { advance: '1h' })).toMatchObject({
      frozen: true,
      offset_ms: T + 3_690_500 - NOW,
    });
    expect(await setClock(admin, { frozen: false })).toEqual({
      now: new Date(T + 3_690_500).toISOString(),
      frozen: false,
      offset_ms: T + 3_690_500 - NOW,
    });
    // Running, {advance} moves the offset.
    expect(await setClock(admin, { advance: '1d' })).toMatchObject({
      frozen: false,
      offset_ms: T + 90_090_500 - NOW,
    });
    const reset = await admin.delete('/clock');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ now: ISO, frozen: false, offset_ms: 0 });
  });

  it('a session has its own clock; POST /__admin/reset returns it to real time', async () => {
    const { admin } = setup();
    const session = { 'X-Mock-Session': 'clock-a' };
    await setClock(admin, { advance: '7d' }, session);
    expect((await admin.get('/clock')).body).toMatchObject({ offset_ms: 0 });
    expect((await admin.get('/clock', { headers: session })).body).toMatchObject({
      offset_ms: 7 * 86_400_000,
    });
    await admin.post('/reset', undefined, { headers: session });
    expect((await admin.get('/clock', { headers: session })).body).toMatchObject({ offset_ms: 0 });
  });

  it('mock.session(id).clock in process: get, set, advance, resume, real', async () => {
    const { h } = setup();
    const { clock } = h.mock.session('clock-in-process');
    expect(await clock.get()).toEqual({ now: ISO, frozen: false, offsetMs: 0 });
    expect(await clock.set(new Date(T))).toEqual({
      now: new Date(T).toISOString(),
      frozen: true,
      offsetMs: T - NOW,
    });
    expect((await clock.advance('15m')).now).toBe(new Date(T + 900_000).toISOString());
    expect((await clock.resume()).frozen).toBe(false);
    expect(await clock.real()).toEqual({ now: ISO, frozen: false, offsetMs: 0 });
    expect((await h.mock.session().clock.get()).offsetMs).toBe(0);
    await expect(clock.advance('soon')).rejects.toThrow(/advance/);
  });

  it.each([
    { name: 'advance that is not a duration', body: { advance: 'soon' }, field: 'advance' },
    { name: 'advance with a space', body: { advance: '5 m' }, field: 'advance' },
    { name: 'a negative advance', body: { advance: -5 }, field: 'advance' },
    { name: 'a fractional advance', body: { advance: 1.5 }, field: 'advance' },
    { name: 'now that is not RFC 3339', body: { now: 'tomorrow' }, field: 'now' },
    { name: 'now as a date without a time', body: { now: '2030-01-01' }, field: 'now' },
    { name: 'now and advance together', body: { now: ISO, advance: '1s' }, field: undefined },
    { name: 'frozen: true (freeze with now)', body: { frozen: true }, field: undefined },
    { name: 'an empty body', body: {}, field: undefined },
    { name: 'not an object', body: '[1]', field: undefined },
  ])('$name: 400 invalid_request', async ({ body, field }) => {
    const { admin } = setup();
    const error = expectError(await admin.send('PUT', '/clock', { body }), 400, 'invalid_request');
    if (field !== undefined) expect(JSON.stringify(error)).toContain(field);
    expect((await admin.get('/clock')).body).toMatchObject({ offset_ms: 0 });
  });

  it.each([
    { name: 'now before 1970', body: { now: '1969-12-31T23:59:59Z' } },
    { name: 'now more than 50 years ahead', body: { now: '2090-01-01T00:00:00Z' } },
    { name: 'an advance past 50 years', body: { advance: `${51 * 365}d` } },
  ])('$name: 400 naming the bound', async ({ body }) => {
    const { admin } = setup();
    const error = expectError(await admin.put('/clock', body), 400, 'clock_out_of_range');
    expect(error.error).toContain('50 years');
  });
});

describe('what reads the session clock', () => {
  it('token iat and exp, and the expiry check with its 30 s leeway', async () => {
    const { h, admin } = setup();
    await setClock(admin, { now: '2030-06-01T00:00:00Z' });
    const token = await accessToken(h);
    const { iat, exp } = decodeToken(token).claims;
    expect(iat).toBe(T / 1000);
    expect(exp).toBe(T / 1000 + 86_400);
    expect((await h.get('/users', { token })).status).toBe(200);
    await setClock(admin, { advance: `${86_400 + 29}s` });
    expect((await h.get('/users', { token })).status).toBe(200);
    await setClock(admin, { advance: '1s' });
    const refused = expectError(await h.get('/users', { token }), 401, 'invalid_token');
    expect(refused.error).toContain('expired');
  });

  it('a clock moved back before iat - leeway refuses the token', async () => {
    const { h, admin } = setup();
    await setClock(admin, { now: '2030-06-01T00:00:00Z' });
    const token = await accessToken(h);
    await setClock(admin, { now: '2030-05-31T23:59:30Z' });
    expect((await h.get('/users', { token })).status).toBe(200);
    await setClock(admin, { now: '2030-05-31T23:59:29Z' });
    expect(expectError(await h.get('/users', { token }), 401, 'invalid_token').error).toContain('issued at');
  });

  it("tokens of a session whose clock moved verify in that session by its clock, not in another's", async () => {
    const { h, admin } = setup();
    const session = { 'X-Mock-Session': 'far-future' };
    await setClock(admin, { now: '2030-06-01T00:00:00Z' }, session);
    const token = await accessToken(h, session);
    expect((await h.get('/users', { token, headers: session })).status).toBe(200);
    // The default session is in 2026: the token was issued in its future.
    expectError(await h.get('/users', { token }), 401, 'invalid_token');
  });

  it('codes live 60 s by the clock', async () => {
    const { h, admin } = setup();
    const { code } = await loginCode(h);
    await setClock(admin, { advance: '60s' });
    expectOAuthError(await postToken(h, codeFields(code)), 403, 'invalid_grant', /expired/);
  });

  it('login sessions end after 3 days unused, by the clock', async () => {
    const { h, admin } = setup();
    const { cookie } = await loginCode(h);
    const silent = authorizeParams({ prompt: 'none' });
    expect(locationOf(await authorize(h, silent, cookie)).searchParams.get('code')).not.toBeNull();
    await setClock(admin, { advance: '3d' });
    expect(locationOf(await authorize(h, silent, cookie)).searchParams.get('error')).toBe('login_required');
  });

  it('rotating refresh tokens live 15 days unused; confidential ones 30 days', async () => {
    const { h, admin } = setup();
    const { code } = await loginCode(h);
    const spa = expectToken(await postToken(h, codeFields(code))).refresh_token ?? '';
    const confidential =
      expectToken(await postToken(h, passwordFields(USER, undefined, { scope: 'offline_access' })))
        .refresh_token ?? '';
    await setClock(admin, { advance: '15d' });
    const refresh = { grant_type: 'refresh_token' };
    expectOAuthError(
      await postToken(h, { ...refresh, client_id: 'spa-client', refresh_token: spa }),
      403,
      'invalid_grant',
    );
    const confidentialFields = {
      ...refresh,
      client_id: MOCK_CLIENT.id,
      client_secret: MOCK_CLIENT.secret,
      refresh_token: confidential,
    };
    expectToken(await postToken(h, confidentialFields));
    await setClock(admin, { advance: '15d' });
    expectOAuthError(await postToken(h, confidentialFields), 403, 'invalid_grant');
  });

  it('a lock-out lasts 15 minutes by the clock', async () => {
    const { h, admin } = setup();
    for (let i = 0; i < 10; i++) await postToken(h, passwordFields(USER, 'wrong'));
    expectOAuthError(await postToken(h, passwordFields(USER)), 429, 'too_many_attempts');
    await setClock(admin, { advance: '14m' });
    expectOAuthError(await postToken(h, passwordFields(USER)), 429, 'too_many_attempts');
    await setClock(admin, { advance: '1m' });
    expectToken(await postToken(h, passwordFields(USER)));
  });

  it('rate-limit windows refill by the clock', async () => {
    const { h, admin } = setup();
    expect((await admin.put('/rate-limit', { limit: 2, window: '60s' })).status).toBe(200);
    expect((await h.get('/health')).status).toBe(200);
    expect((await h.get('/health')).status).toBe(200);
    const limited = await h.get('/health');
    expect(limited.status).toBe(429);
    expect(limited.headers['x-ratelimit-reset']).toBe(String(Math.ceil((NOW + 60_000) / 1000)));
    await setClock(admin, { advance: '30s' });
    expect((await h.get('/health')).status).toBe(200);
    expect((await h.get('/health')).status).toBe(429);
  });
});
