/**
 * The life of a signing key (docs/tokens.md "Signing keys"): published → active → retired, and a rotation staged so
 * that a verifier with a cached JWKS (jose's `createRemoteJWKSet`, with its own defaults: a 30 s cooldown and a
 * 10-minute cache) never fails a live token: publish, wait for caches, activate, retire, and the retired key stays
 * published for `--key-grace`.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { adminClient } from '../support/admin-client.ts';
import { DEFAULT_AUDIENCE, decodeToken, expectToken, passwordFields, postToken } from '../support/auth.ts';
import { ADMIN, harness, NOW, SMALL_FIXTURES } from '../support/harness.ts';
import { ManualClock } from '../support/manual-clock.ts';

interface KeyEntry {
  readonly kid: string;
  readonly signing: boolean;
  readonly state: string;
  readonly activate_at?: string;
  readonly removed_at?: string;
}

/** jose's defaults for `createRemoteJWKSet`, which the staged rotation waits out. */
const JOSE_CACHE_MAX_AGE_MS = 10 * 60_000;

describe('the admin API of the lifecycle', () => {
  it('{"activate": false} publishes without signing; /activate makes it sign; the old key stays published', async () => {
    const h = harness();
    const admin = adminClient(h.mock.app);
    const original = h.mock.keys.signing.kid;
    const added = await admin.post('/keys', { activate: false });
    expect(added.status).toBe(201);
    const key = added.body as KeyEntry;
    expect(key).toMatchObject({ signing: false, state: 'published' });
    const jwks = (await h.get('/.well-known/jwks.json')).body as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([original, key.kid]);
    const login = async () => expectToken(await postToken(h, passwordFields(ADMIN))).access_token;
    expect(decodeToken(await login()).header.kid).toBe(original);
    const activated = await admin.post(`/keys/${key.kid}/activate`, {});
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ kid: key.kid, signing: true, state: 'active' });
    expect(decodeToken(await login()).header.kid).toBe(key.kid);
    expect(((await admin.get('/keys')).body as { keys: KeyEntry[] }).keys.map((k) => k.state)).toEqual([
      'active',
      'published',
    ]);
    expect((await admin.post('/keys/nope/activate', {})).status).toBe(404);
  });

  it('activate_at: the key signs from that instant, by the server clock', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now });
    const admin = adminClient(h.mock.app);
    const original = h.mock.keys.signing.kid;
    const at = new Date(NOW + 60_000).toISOString();
    const key = (await admin.post('/keys', { activate_at: at })).body as KeyEntry;
    expect(key).toMatchObject({ state: 'published', activate_at: at });
    const kidNow = async () =>
      decodeToken(expectToken(await postToken(h, passwordFields(ADMIN))).access_token).header.kid;
    expect(await kidNow()).toBe(original);
    clock.advanceSeconds(60);
    expect(await kidNow()).toBe(key.kid);
  });

  it('a retired key stays published and verifying for --key-grace, then its tokens are refused', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now, keyGrace: 120 });
    const admin = adminClient(h.mock.app);
    const old = h.mock.keys.signing.kid;
    const token = expectToken(await postToken(h, passwordFields(ADMIN))).access_token;
    await admin.post('/keys', {});
    expect((await admin.delete(`/keys/${old}`)).status).toBe(204);
    const listed = ((await admin.get('/keys')).body as { keys: KeyEntry[] }).keys;
    expect(listed.find((k) => k.kid === old)).toMatchObject({
      state: 'retired',
      signing: false,
      removed_at: new Date(NOW + 120_000).toISOString(),
    });
    expect((await h.get('/users', { token })).status).toBe(200);
    clock.advanceSeconds(119);
    expect((await h.get('/users', { token })).status).toBe(200);
    clock.advanceSeconds(1);
    expect((await h.get('/users', { token })).status).toBe(401);
    const jwks = (await h.get('/.well-known/jwks.json')).body as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).not.toContain(old);
    expect((await admin.delete(`/keys/${old}`)).status).toBe(404);
  });
});

describe('mock.signingKeys: the same lifecycle in process', () => {
  const kidNow = async (h: ReturnType<typeof harness>) =>
    decodeToken(expectToken(await postToken(h, passwordFields(ADMIN))).access_token).header.kid;

  it('add({ activate: false }) publishes without signing; activate(kid) makes it sign, as the admin API lists it', async () => {
    const h = harness();
    const keys = h.mock.signingKeys;
    const original = h.mock.keys.signing.kid;
    const added = await keys.add({ activate: false });
    expect(added).toMatchObject({ signing: false, state: 'published' });
    expect(added).not.toHaveProperty('activateAt');
    const jwks = (await h.get('/.well-known/jwks.json')).body as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([original, added.kid]);
    expect(await kidNow(h)).toBe(original);
    expect(keys.activate(added.kid)).toMatchObject({ kid: added.kid, signing: true, state: 'active' });
    expect(await kidNow(h)).toBe(added.kid);
    const listed = ((await adminClient(h.mock.app).get('/keys')).body as { keys: KeyEntry[] }).keys;
    expect(listed.map((k) => [k.kid, k.state])).toEqual(keys.list().map((k) => [k.kid, k.state]));
    expect(() => keys.activate('nope')).toThrow(/no signing key "nope"/);
  });

  it('add({ activateAt }): published now, signing from that instant by the server clock (a Date or RFC 3339)', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now, keyGrace: 120 });
    const keys = h.mock.signingKeys;
    const original = h.mock.keys.signing.kid;
    const at = new Date(NOW + 60_000);
    const added = await keys.add({ activateAt: at });
    expect(added).toMatchObject({ state: 'published', signing: false, activateAt: at.toISOString() });
    expect(await kidNow(h)).toBe(original);
    clock.advanceSeconds(60);
    expect(await kidNow(h)).toBe(added.kid);
    expect(keys.list()[0]).toMatchObject({ kid: added.kid, state: 'active' });
    const past = await keys.add({ activateAt: new Date(NOW).toISOString() });
    expect(past).toMatchObject({ state: 'active', signing: true });
    keys.retire(past.kid);
    expect(keys.list().find((k) => k.kid === past.kid)).toMatchObject({
      state: 'retired',
      removedAt: new Date(NOW + 180_000).toISOString(),
    });
  });

  it('add() still signs at once; a bad activateAt is refused before any key is made', async () => {
    const h = harness();
    const keys = h.mock.signingKeys;
    const added = await keys.add();
    expect(added).toMatchObject({ signing: true, state: 'active' });
    expect(keys.list()).toHaveLength(2);
    await expect(keys.add({ activateAt: 'tomorrow' })).rejects.toThrow(
      'activateAt must be a Date or an RFC 3339 date-time (got "tomorrow")',
    );
    expect(keys.list()).toHaveLength(2);
  });
});

describe('jose createRemoteJWKSet across a rotation', () => {
  let mock: RunningMockInternals | undefined;

  afterEach(async () => {
    vi.useRealTimers();
    await mock?.close();
    mock = undefined;
  });

  /** A running mock on a clock the test moves, and jose's clock (Date) moved with it. */
  async function running(): Promise<{ url: string; advance: (ms: number) => void }> {
    const clock = new ManualClock(NOW);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    mock = await startMockInternals({ port: 0, fixtures: SMALL_FIXTURES, now: clock.now });
    return {
      url: mock.url,
      advance: (ms) => {
        clock.advanceSeconds(ms / 1000);
        vi.setSystemTime(clock.now());
      },
    };
  }

  async function call(url: string, method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function tokenOf(url: string): Promise<string> {
    const res = await call(url, 'POST', '/oauth/token', passwordFields(ADMIN));
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function verifies(jwks: JWTVerifyGetKey, token: string): Promise<boolean> {
    try {
      await jwtVerify(token, jwks, { audience: DEFAULT_AUDIENCE });
      return true;
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) return false;
      throw error;
    }
  }

  it('an immediate rotation fails a verifier that fetched the JWKS in the last 30 s (the window staging avoids)', async () => {
    const { url, advance } = await running();
    const jwks = createRemoteJWKSet(new URL(`${url}/.well-known/jwks.json`));
    expect(await verifies(jwks, await tokenOf(url))).toBe(true);
    advance(1000);
    await call(url, 'POST', '/__admin/keys', {});
    expect(await verifies(jwks, await tokenOf(url))).toBe(false);
  });

  it('a staged rotation: every live token verifies at every step, in the mock and in jose', async () => {
    const { url, advance } = await running();
    const jwks = createRemoteJWKSet(new URL(`${url}/.well-known/jwks.json`));
    const first = await tokenOf(url);
    const old = decodeToken(first).header.kid;
    expect(await verifies(jwks, first)).toBe(true);

    // 1. Publish the new key; nothing signs with it yet.
    advance(1000);
    const key = (await (await call(url, 'POST', '/__admin/keys', { activate: false })).json()) as KeyEntry;
    expect(decodeToken(await tokenOf(url)).header.kid).toBe(old);
    expect(await verifies(jwks, first)).toBe(true);

    // 2. Wait until verifiers' caches have it (jose keeps a JWKS 10 minutes), then activate it.
    advance(JOSE_CACHE_MAX_AGE_MS + 1000);
    expect(await verifies(jwks, first)).toBe(true);
    expect((await call(url, 'POST', `/__admin/keys/${key.kid}/activate`)).status).toBe(200);
    const second = await tokenOf(url);
    expect(decodeToken(second).header.kid).toBe(key.kid);
    expect(await verifies(jwks, second)).toBe(true);
    expect(await verifies(jwks, first)).toBe(true);

    // 3. Retire the old key: it stays published for --key-grace (10 minutes), for verifiers and for the mock.
    advance(1000);
    expect((await call(url, 'DELETE', `/__admin/keys/${old}`)).status).toBe(204);
    for (const token of [first, second]) {
      expect(await verifies(jwks, token)).toBe(true);
      const users = await fetch(`${url}/users`, { headers: { Authorization: `Bearer ${token}` } });
      expect(users.status).toBe(200);
    }

    // 4. After the grace, the old key is gone from the JWKS and from the mock; the new one goes on.
    advance(JOSE_CACHE_MAX_AGE_MS + 1000);
    const gone = await fetch(`${url}/users`, { headers: { Authorization: `Bearer ${first}` } });
    expect(gone.status).toBe(401);
    expect(await verifies(jwks, second)).toBe(true);
    const published = (await (await call(url, 'GET', '/.well-known/jwks.json')).json()) as {
      keys: { kid: string }[];
    };
    expect(published.keys.map((k) => k.kid)).toEqual([key.kid]);
  });
});
