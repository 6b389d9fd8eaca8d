/**
 * Key rotation (docs/tokens.md): `GET|POST /__admin/keys` and `DELETE /__admin/keys/{kid}`, server-wide. A new key
 * signs from then on while the JWKS keeps publishing the others (tokens they signed still verify); a retired key's
 * tokens are refused naming its `kid`; the last key stays (409); a PEM that is not an RSA key of 2048 bits or more
 * is 400 naming `pem`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildMock } from '../../src/mock.ts';
import { NodeKeySet, readKeyPair } from '../../src/platform/node/signing-keys.ts';
import { MAX_KEYS } from '../../src/platform/platform.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ISSUER,
  decodeToken,
  expectToken,
  passwordFields,
  postToken,
} from '../support/auth.ts';
import { ADMIN, harness, harnessFor, NOW, SMALL_FIXTURES, SPECS, type Harness } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
}

function setup(): Setup {
  const h = harness();
  return { h, admin: adminClient(h.mock.app) };
}

interface KeyEntry {
  readonly kid: string;
  readonly created: string;
  readonly signing: boolean;
}

const pemOf = (bits: number, type: 'rsa' | 'ec' = 'rsa'): string =>
  type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: bits })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString()
    : generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();

async function login(h: Harness): Promise<string> {
  return expectToken(await postToken(h, passwordFields(ADMIN))).access_token;
}

async function jwksOf(h: Harness): Promise<JSONWebKeySet> {
  const res = await h.get('/.well-known/jwks.json');
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  return res.body as JSONWebKeySet;
}

describe('GET / POST /__admin/keys', () => {
  it('one key at start, signing; a generated key signs from then on, the old one stays published', async () => {
    const { h, admin } = setup();
    const original = h.mock.keys.signing.kid;
    const first = (await admin.get('/keys')).body as { keys: KeyEntry[] };
    expect(first.keys).toEqual([
      { kid: original, created: new Date(NOW).toISOString(), signing: true, state: 'active' },
    ]);
    const before = await login(h);
    const added = await admin.post('/keys', {});
    expect(added.status).toBe(201);
    const key = added.body as KeyEntry;
    expect(key).toEqual({
      kid: expect.any(String) as unknown,
      created: new Date(NOW).toISOString(),
      signing: true,
      state: 'active',
    });
    expect(key.kid).not.toBe(original);
    expect(
      ((await admin.get('/keys')).body as { keys: KeyEntry[] }).keys.map((k) => [k.kid, k.signing]),
    ).toEqual([
      [key.kid, true],
      [original, false],
    ]);
    const after = await login(h);
    expect(decodeToken(after).header.kid).toBe(key.kid);
    // Both keys are published, and a resource server verifies the tokens of either with the JWKS.
    const jwks = await jwksOf(h);
    expect(jwks.keys.map((k) => k.kid)).toEqual([key.kid, original]);
    for (const token of [before, after]) {
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
        issuer: DEFAULT_ISSUER,
        audience: DEFAULT_AUDIENCE,
        currentDate: new Date(NOW),
      });
      expect(payload.sub).toBe('auth0|00000000-0000-4000-8000-000000000001');
      expect((await h.get('/users', { token })).status).toBe(200);
    }
  });

  it('a PEM is added as given and signs; one published already signs again', async () => {
    const { h, admin } = setup();
    const original = h.mock.keys.signing.kid;
    const pem = h.mock.keys.signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const added = (await admin.post('/keys', { pem: pemOf(2048) })).body as KeyEntry;
    expect(decodeToken(await login(h)).header.kid).toBe(added.kid);
    const again = await admin.post('/keys', { pem });
    expect(again.body).toMatchObject({ kid: original, signing: true });
    expect(decodeToken(await login(h)).header.kid).toBe(original);
    expect(((await admin.get('/keys')).body as { keys: KeyEntry[] }).keys).toHaveLength(2);
  });

  it('keys are the server’s: a key added in one session signs the tokens of every session', async () => {
    const { h, admin } = setup();
    const key = (await admin.post('/keys', {}, { headers: { 'X-Mock-Session': 'keys-a' } })).body as KeyEntry;
    expect(decodeToken(await login(h)).header.kid).toBe(key.kid);
    expect(h.mock.signingKeys.list()[0]).toEqual(key);
  });

  it.each([
    { name: 'not a PEM', pem: 'hello', reason: 'cannot be parsed' },
    { name: 'an EC key', pem: pemOf(256, 'ec'), reason: 'is a ec key' },
    { name: 'an RSA key of 1024 bits', pem: pemOf(1024), reason: 'is an RSA key of 1024 bits' },
  ])('$name: 400 naming pem and what is accepted', async ({ pem, reason }) => {
    const { h, admin } = setup();
    const error = expectError(await admin.post('/keys', { pem }), 400, 'invalid_signing_key');
    expect(error.error).toContain(reason);
    expect(error.error).toContain('accepted: an unencrypted RSA private key of 2048 to 4096 bits');
    expect(error.details).toEqual([expect.objectContaining({ location: 'body', name: 'pem' })]);
    expect(((await admin.get('/keys')).body as { keys: KeyEntry[] }).keys).toHaveLength(1);
    expect(decodeToken(await login(h)).header.kid).toBe(h.mock.keys.signing.kid);
  });

  it.each([
    { name: 'pem not a string', body: { pem: 42 } },
    { name: 'an unknown field', body: { bits: 4096 } },
    { name: 'not an object', body: '"key"' },
  ])('$name: 400 invalid_request', async ({ body }) => {
    const { admin } = setup();
    expectError(await admin.send('POST', '/keys', { body }), 400, 'invalid_request');
  });

  it(`at most ${MAX_KEYS} keys: one more is 400 naming the limit, and nothing changes`, async () => {
    // A key set full already: the dev key under MAX_KEYS kids (what is counted is the keys, not their material).
    const pairs = Array.from({ length: MAX_KEYS }, (_, i) => ({ ...readKeyPair(), kid: `k${i}` }));
    const h = harnessFor(
      buildMock(
        { specs: SPECS, fixtures: SMALL_FIXTURES, validateResponses: true, now: () => NOW },
        { keys: new NodeKeySet(pairs) },
      ),
    );
    const admin = adminClient(h.mock.app);
    const error = expectError(await admin.post('/keys', {}), 400, 'invalid_request');
    expect(error.error).toContain(`at most ${MAX_KEYS}`);
    expectError(await admin.post('/keys', { pem: pemOf(2048) }), 400, 'invalid_request');
    expect(h.mock.signingKeys.list().map((k) => k.kid)).toEqual(pairs.map((p) => p.kid));
  });
});

describe('DELETE /__admin/keys/{kid}', () => {
  it('with --key-grace 0, retires a key at once: the JWKS stops publishing it and its tokens are refused naming the kid', async () => {
    const h = harness({ keyGrace: 0 });
    const admin = adminClient(h.mock.app);
    const old = h.mock.keys.signing.kid;
    const token = await login(h);
    expect((await h.get('/users', { token })).status).toBe(200);
    await admin.post('/keys', {});
    expect((await admin.delete(`/keys/${old}`)).status).toBe(204);
    expect((await jwksOf(h)).keys.map((k) => k.kid)).not.toContain(old);
    const refused = expectError(await h.get('/users', { token }), 401, 'invalid_token');
    expect(refused.error).toBe(
      `the access token is invalid: kid "${old}" is not a key of this server (see /.well-known/jwks.json)`,
    );
    expect(refused.error).toContain(old);
  });

  it('retiring the signing key makes the next one sign', async () => {
    const { h, admin } = setup();
    const original = h.mock.keys.signing.kid;
    const added = (await admin.post('/keys', {})).body as KeyEntry;
    expect((await admin.delete(`/keys/${added.kid}`)).status).toBe(204);
    expect(decodeToken(await login(h)).header.kid).toBe(original);
  });

  it('the last key: 409 last_key; an unknown kid: 404 key_not_found', async () => {
    const { h, admin } = setup();
    const only = h.mock.keys.signing.kid;
    const conflict = expectError(await admin.delete(`/keys/${only}`), 409, 'last_key');
    expect(conflict.error).toContain(only);
    expectError(await admin.delete('/keys/nope'), 404, 'key_not_found');
    expect((await admin.get('/keys')).body).toMatchObject({ keys: [{ kid: only, signing: true }] });
  });

  it('mock.signingKeys: add, list, retire in process', async () => {
    const { h } = setup();
    const original = h.mock.keys.signing.kid;
    const added = await h.mock.signingKeys.add();
    expect(h.mock.signingKeys.list().map((k) => k.kid)).toEqual([added.kid, original]);
    h.mock.signingKeys.retire(added.kid);
    expect(() => {
      h.mock.signingKeys.retire(original);
    }).toThrow(/only signing key/);
  });
});
