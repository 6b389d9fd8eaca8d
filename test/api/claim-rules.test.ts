/**
 * Claim rules (docs/tokens.md, "Steering the identity provider from a test"): `POST|GET|DELETE /__admin/claims` and
 * `mock.session(id).claims()` shape the tokens every real grant issues in a session (password, client_credentials,
 * authorization_code, refresh_token), the ID token when `token` says so, and what `/userinfo` answers.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimRule } from '../../src/control/claim-rules.ts';
import { MAX_CLAIM_RULES } from '../../src/control/claim-rules.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import {
  clientToken,
  decodeToken,
  expectToken,
  MOCK_CLIENT,
  passwordFields,
  postToken,
  USER_ID_CLAIM,
} from '../support/auth.ts';
import { ADMIN, harness, USER, type Harness } from '../support/harness.ts';
import { codeFields, loginCode } from '../support/login.ts';
import { expectError } from '../support/responses.ts';

interface Setup {
  readonly h: Harness;
  readonly admin: AdminClient;
}

function setup(): Setup {
  const h = harness();
  return { h, admin: adminClient(h.mock.app) };
}

async function addRule(
  admin: AdminClient,
  rule: object,
  headers: Record<string, string> = {},
): Promise<ClaimRule> {
  const res = await admin.post('/claims', rule, { headers });
  expect(res.status).toBe(201);
  return res.body as ClaimRule;
}

/** The access token (and ID token) of a password grant of mock-client for `user`. */
async function passwordGrant(
  h: Harness,
  user = USER,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ access: Record<string, unknown>; id?: Record<string, unknown>; body: Record<string, unknown> }> {
  const body = expectToken(
    await postToken(h, passwordFields(user, undefined, extra), { headers }),
  ) as unknown as Record<string, unknown>;
  return {
    body,
    access: decodeToken(String(body.access_token)).claims,
    ...(typeof body.id_token === 'string' ? { id: decodeToken(body.id_token).claims } : {}),
  };
}

describe('claim rules: on every grant', () => {
  it('password: set adds and overrides claims after the standard ones, remove drops them, before signing', async () => {
    const { h, admin } = setup();
    const rule = await addRule(admin, {
      match: { user: USER },
      set: { tenant: 'acme', roles: ['editor'], aud: 'https://api.other.example/' },
      remove: ['permissions'],
    });
    expect(rule).toMatchObject({ id: 'c1', token: 'access', applied: 0 });
    const { access } = await passwordGrant(h);
    expect(access).toMatchObject({ tenant: 'acme', roles: ['editor'], aud: 'https://api.other.example/' });
    expect(access).not.toHaveProperty('permissions');
    expect(access[USER_ID_CLAIM]).toBeDefined();
    // The rule's token verifies with the JWKS like any other (it was signed after the rule applied).
    expect((await admin.get('/claims')).body).toEqual({ rules: [{ ...rule, applied: 1 }] });
  });

  it('client_credentials: matched by client and grant type', async () => {
    const { h, admin } = setup();
    await addRule(admin, {
      match: { client_id: MOCK_CLIENT.id, grant_type: 'client_credentials' },
      set: { machine: true },
    });
    expect(decodeToken(await clientToken(h)).claims.machine).toBe(true);
    // The password grant of the same client is another grant type.
    expect((await passwordGrant(h)).access).not.toHaveProperty('machine');
  });

  it('authorization_code and refresh_token: the access and ID tokens, and /userinfo', async () => {
    const { h, admin } = setup();
    await addRule(admin, {
      match: { user: 'admin' },
      set: { tenant: 'acme', name: 'Renamed' },
      token: 'both',
    });
    const { code } = await loginCode(h);
    const first = expectToken(await postToken(h, codeFields(code), { form: true })) as unknown as Record<
      string,
      string
    >;
    const access = decodeToken(first.access_token ?? '').claims;
    const id = decodeToken(first.id_token ?? '').claims;
    expect(access.tenant).toBe('acme');
    expect(id).toMatchObject({ tenant: 'acme', name: 'Renamed' });
    const info = await h.get('/userinfo', { token: first.access_token ?? '' });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ tenant: 'acme', name: 'Renamed', email: ADMIN });
    const refreshed = expectToken(
      await postToken(h, {
        grant_type: 'refresh_token',
        client_id: 'spa-client',
        refresh_token: first.refresh_token ?? '',
      }),
    ) as unknown as Record<string, string>;
    expect(decodeToken(refreshed.access_token ?? '').claims.tenant).toBe('acme');
    expect(decodeToken(refreshed.id_token ?? '').claims.tenant).toBe('acme');
  });

  it.each([
    { token: 'access', access: true, id: false },
    { token: 'id', access: false, id: true },
    { token: 'both', access: true, id: true },
  ])('token: $token shapes the access token: $access, the ID token: $id', async ({ token, access, id }) => {
    const { h, admin } = setup();
    await addRule(admin, { set: { shaped: 1 }, token });
    const grant = await passwordGrant(h, USER, { scope: 'openid' });
    expect('shaped' in grant.access).toBe(access);
    expect('shaped' in (grant.id ?? {})).toBe(id);
  });

  it('/userinfo reflects the set claims of the ID token issued with the access token, not the access-only ones', async () => {
    const { h, admin } = setup();
    await addRule(admin, { set: { only_access: 1 } });
    await addRule(admin, { set: { org: 'o-1' }, remove: ['email'], token: 'id' });
    const { body } = await passwordGrant(h, USER, { scope: 'openid email' });
    const info = await h.get('/userinfo', { token: String(body.access_token) });
    expect(info.body).toMatchObject({ org: 'o-1', email: USER });
    expect(info.body).not.toHaveProperty('only_access');
  });
});

describe('claim rules: matching, order and times', () => {
  it.each([
    { name: 'user by email', match: { user: USER }, applies: true },
    { name: 'user by identifier', match: { user: 'user' }, applies: true },
    { name: 'user by id', match: { user: '00000000-0000-4000-8000-000000000002' }, applies: true },
    { name: 'another user', match: { user: ADMIN }, applies: false },
    { name: 'a user that does not exist', match: { user: 'nobody@example.com' }, applies: false },
    { name: 'the client', match: { client_id: 'mock-client' }, applies: true },
    { name: 'another client', match: { client_id: 'spa-client' }, applies: false },
    { name: 'the grant type', match: { grant_type: 'password' }, applies: true },
    { name: 'another grant type', match: { grant_type: 'refresh_token' }, applies: false },
    { name: 'scope values all granted', match: { scope: 'email openid' }, applies: true },
    { name: 'a scope value not granted', match: { scope: 'openid offline_access' }, applies: false },
    {
      name: 'every field holding',
      match: { user: 'user', client_id: 'mock-client', grant_type: 'password' },
      applies: true,
    },
    { name: 'one field failing', match: { user: 'user', client_id: 'spa-client' }, applies: false },
    { name: 'no match: every grant', match: undefined, applies: true },
  ])('$name: applies $applies', async ({ match, applies }) => {
    const { h, admin } = setup();
    await addRule(admin, { ...(match === undefined ? {} : { match }), set: { matched: true } });
    const { access } = await passwordGrant(h, USER, { scope: 'openid email' });
    expect(access.matched === true).toBe(applies);
  });

  it('rules apply in the order they were added: a later set wins, a later remove drops an earlier set', async () => {
    const { h, admin } = setup();
    await addRule(admin, { set: { a: 1, b: 1 } });
    await addRule(admin, { set: { a: 2 } });
    await addRule(admin, { remove: ['b'] });
    const { access } = await passwordGrant(h);
    expect(access.a).toBe(2);
    expect(access).not.toHaveProperty('b');
  });

  it('times: a rule applies to that many grants, then no longer; applied counts them', async () => {
    const { h, admin } = setup();
    const rule = await addRule(admin, { set: { once: true }, times: 1 });
    expect((await passwordGrant(h)).access.once).toBe(true);
    expect((await passwordGrant(h)).access).not.toHaveProperty('once');
    expect((await admin.get('/claims')).body).toEqual({ rules: [{ ...rule, applied: 1 }] });
  });

  it('a rule that sets exp changes expires_in with it; one that changes iss makes a token the API refuses', async () => {
    const { h, admin } = setup();
    await addRule(admin, { match: { user: USER }, set: { exp: 1_000 } });
    const { body } = await passwordGrant(h);
    expect(body.expires_in).toBe(1_000 - Number(decodeToken(String(body.access_token)).claims.iat));
    await admin.delete('/claims');
    await addRule(admin, { set: { iss: 'https://evil.example/' } });
    const { body: other } = await passwordGrant(h, ADMIN);
    const res = await h.get('/users', { token: String(other.access_token) });
    expectError(res, 401, 'invalid_token');
  });

  it('claims named __proto__ or constructor, and a nbf of the wrong type, are signed as given (never a 500)', async () => {
    const { h, admin } = setup();
    await addRule(
      admin,
      JSON.parse('{"set": {"__proto__": {"polluted": true}, "constructor": 1, "nbf": "soon"}}') as object,
    );
    const { access } = await passwordGrant(h);
    expect(Object.hasOwn(access, '__proto__')).toBe(true);
    expect(access).toMatchObject({ constructor: 1, nbf: 'soon' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('claim rules: per session, listing, removal', () => {
  it('a rule of one session does not touch another; a reset clears it', async () => {
    const { h, admin } = setup();
    const session = { 'X-Mock-Session': 'rules-a' };
    await addRule(admin, { set: { in_a: true } }, session);
    expect((await passwordGrant(h, USER, {}, session)).access.in_a).toBe(true);
    expect((await passwordGrant(h)).access).not.toHaveProperty('in_a');
    expect((await admin.get('/claims')).body).toEqual({ rules: [] });
    await admin.post('/reset', undefined, { headers: session });
    expect((await passwordGrant(h, USER, {}, session)).access).not.toHaveProperty('in_a');
  });

  it('DELETE one by id, then 404 claim_rule_not_found; DELETE all', async () => {
    const { admin } = setup();
    const first = await addRule(admin, { set: { a: 1 } });
    const second = await addRule(admin, { set: { b: 1 } });
    expect((await admin.delete(`/claims/${first.id}`)).status).toBe(204);
    expect((await admin.get('/claims')).body).toEqual({ rules: [second] });
    expectError(await admin.delete(`/claims/${first.id}`), 404, 'claim_rule_not_found');
    expect((await admin.delete('/claims')).status).toBe(204);
    expect((await admin.get('/claims')).body).toEqual({ rules: [] });
  });

  it('mock.session(id).claims() adds a rule in process', async () => {
    const { h } = setup();
    const session = h.mock.session('rules-in-process');
    expect(await session.claims({ match: { grantType: 'password' }, set: { tenant: 't1' } })).toMatchObject({
      id: 'c1',
      token: 'access',
    });
    expect((await passwordGrant(h, USER, {}, session.headers)).access.tenant).toBe('t1');
    await expect(session.claims({ token: 'refresh' } as never)).rejects.toThrow(
      /400 invalid_request: token must be equal to one of the allowed values/,
    );
  });
});

describe('claim rules: bad input', () => {
  it.each([
    { name: 'a body that is not an object', body: '[1]', field: undefined },
    { name: 'a string body', body: '"set"', field: undefined },
    { name: 'an unknown token value', body: { set: { a: 1 }, token: 'refresh' }, field: 'token' },
    { name: 'neither set nor remove', body: { match: { user: USER } }, field: undefined },
    { name: 'set not an object', body: { set: ['a'] }, field: 'set' },
    { name: 'remove not a list of names', body: { remove: [1] }, field: 'remove' },
    { name: 'an unknown match field', body: { set: { a: 1 }, match: { role: 'x' } }, field: 'match' },
    {
      name: 'an unknown grant type',
      body: { set: { a: 1 }, match: { grant_type: 'implicit' } },
      field: 'grant_type',
    },
    { name: 'times 0', body: { set: { a: 1 }, times: 0 }, field: 'times' },
    { name: 'an unknown field', body: { set: { a: 1 }, when: 'now' }, field: undefined },
  ])('$name: 400 invalid_request', async ({ body, field }) => {
    const { admin } = setup();
    const res = await admin.send('POST', '/claims', { body });
    const error = expectError(res, 400, 'invalid_request');
    if (field !== undefined) expect(JSON.stringify(error)).toContain(field);
    expect((await admin.get('/claims')).body).toEqual({ rules: [] });
  });

  it(`at most ${MAX_CLAIM_RULES} rules per session: one more is 400 naming the limit`, async () => {
    const { h, admin } = setup();
    for (let i = 0; i < MAX_CLAIM_RULES; i++) await h.mock.session().claims({ set: { [`c${i}`]: i } });
    const error = expectError(await admin.post('/claims', { set: { one: 'more' } }), 400, 'invalid_request');
    expect(error.error).toContain(String(MAX_CLAIM_RULES));
  });

  it('at most 1 MiB of rules per session: a rule that does not fit is 400 naming the limit', async () => {
    const { h, admin } = setup();
    const big = 'x'.repeat(90_000);
    for (let i = 0; i < 11; i++) await h.mock.session().claims({ set: { big } });
    const error = expectError(await admin.post('/claims', { set: { big } }), 400, 'invalid_request');
    expect(error.error).toContain('1 MiB');
  });
});
