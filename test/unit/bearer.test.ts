import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/access/principal.ts';
import { insufficientPermission } from '../../src/errors.ts';
import { authenticate as authenticateAt, requirePermissions } from '../../src/oauth/bearer.ts';
import type { UserDirectory } from '../../src/oauth/bearer.ts';
import {
  ACCEPTED_ISSUERS,
  craftJwt,
  decodePart,
  KEYS,
  SETTINGS,
  tokenService,
} from '../support/token-service.ts';
import { apiErrorOf, apiRejection } from '../support/thrown.ts';
import { storeOf, userRecord, uuidOf } from '../support/user-records.ts';

const USER_ID = 'https://identity.example.com/userID';
const USAGE = 'send Authorization: Bearer <access token> (get one from POST /oauth/token)';
const MISSING_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="identity"' };

const USERS = [
  userRecord(1, 'alice', { user_type: 'saas_admin' }),
  userRecord(2, 'bob'),
  userRecord(3, 'carol'),
];

function setup() {
  const { tokens, clock } = tokenService();
  const store = storeOf(USERS);
  const tokenFor = (claims: Record<string, unknown>): string => tokens.sign(claims).token;
  return { tokens, clock, store, tokenFor };
}

/** The bearer check at the test clock's time. */
function authenticate(
  header: string | undefined,
  tokens: ReturnType<typeof setup>['tokens'],
  store: UserDirectory,
): Promise<Principal> {
  return authenticateAt(header, tokens.service, store, tokens.nowSeconds());
}

const invalidChallenge = (description: string): Record<string, string> => ({
  'WWW-Authenticate': `Bearer realm="identity", error="invalid_token", error_description="${description}"`,
});

describe('authenticate: the Authorization header', () => {
  it.each([
    { name: 'missing', header: undefined, message: `the Authorization header is missing: ${USAGE}` },
    { name: 'empty', header: '', message: `the Authorization header is missing: ${USAGE}` },
    { name: 'only spaces', header: '   ', message: `the Authorization header is missing: ${USAGE}` },
    {
      name: 'Basic scheme',
      header: 'Basic YWxpY2U6cHc=',
      message: `the Authorization scheme "Basic" is not accepted: ${USAGE}`,
    },
    {
      name: 'Token scheme',
      header: 'Token abc',
      message: `the Authorization scheme "Token" is not accepted: ${USAGE}`,
    },
    {
      name: 'Bearer glued to the token',
      header: 'Bearerabc',
      message: `the Authorization scheme "Bearerabc" is not accepted: ${USAGE}`,
    },
    {
      name: 'a long scheme is cut to 20 characters',
      header: `${'X'.repeat(40)} abc`,
      message: `the Authorization scheme "${'X'.repeat(20)}" is not accepted: ${USAGE}`,
    },
    { name: '"Bearer" alone', header: 'Bearer', message: `the Bearer token is empty: ${USAGE}` },
    { name: '"Bearer" and spaces', header: 'Bearer    ', message: `the Bearer token is empty: ${USAGE}` },
    {
      name: '"bearer" in lower case, alone',
      header: 'bearer',
      message: `the Bearer token is empty: ${USAGE}`,
    },
  ])('401 missing_token: $name', async ({ header, message }) => {
    const { tokens, store } = setup();
    const error = await apiRejection(authenticate(header, tokens, store));
    expect(error).toMatchObject({ status: 401, code: 'missing_token', message, headers: MISSING_CHALLENGE });
  });

  it.each([
    { name: 'Bearer', header: (t: string) => `Bearer ${t}` },
    { name: 'bearer (scheme case-insensitive)', header: (t: string) => `bearer ${t}` },
    { name: 'BEARER', header: (t: string) => `BEARER ${t}` },
    { name: 'extra spaces after the scheme', header: (t: string) => `Bearer    ${t}` },
    { name: 'a tab after the scheme', header: (t: string) => `Bearer\t${t}` },
    { name: 'spaces around the header value', header: (t: string) => `  Bearer ${t}  ` },
  ])('accepted: $name', async ({ header }) => {
    const { tokens, store, tokenFor } = setup();
    const token = tokenFor({
      sub: `auth0|${uuidOf(1)}`,
      [USER_ID]: uuidOf(1),
      gty: 'password',
      permissions: ['read:users'],
    });
    const principal = await authenticate(header(token), tokens, store);
    expect(principal.slot).toBe(0);
    expect([...principal.permissions]).toEqual(['read:users']);
    expect(principal.claims).toEqual(decodePart(token, 1));
  });

  it.each([
    { name: '"bearer x"', header: 'bearer x', description: 'the access token is invalid: it is not a JWT' },
    {
      name: 'two words after Bearer',
      header: 'Bearer a b',
      description: 'the access token is invalid: it is not a JWT',
    },
  ])('401 invalid_token: $name', async ({ header, description }) => {
    const { tokens, store } = setup();
    const error = await apiRejection(authenticate(header, tokens, store));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_token',
      message: description,
      headers: invalidChallenge(description),
    });
  });
});

describe('authenticate: the token', () => {
  it.each([
    {
      name: 'wrong audience (quotes in the reason become apostrophes in the challenge)',
      claims: { aud: 'https://other.example.com', [USER_ID]: uuidOf(1) },
      message: `the access token is invalid: its audience "https://other.example.com" is not ${SETTINGS.audience}`,
      description: `the access token is invalid: its audience 'https://other.example.com' is not ${SETTINGS.audience}`,
    },
    {
      name: 'wrong issuer, non-ASCII in the reason becomes ? in the challenge',
      claims: { iss: 'https://évil.example.com/', [USER_ID]: uuidOf(1) },
      message: `the access token is invalid: its issuer "https://évil.example.com/" is not ${ACCEPTED_ISSUERS}`,
      description: `the access token is invalid: its issuer 'https://?vil.example.com/' is not ${ACCEPTED_ISSUERS}`,
    },
  ])('401 invalid_token: $name', async ({ claims, message, description }) => {
    const { tokens, store, tokenFor } = setup();
    const error = await apiRejection(authenticate(`Bearer ${tokenFor(claims)}`, tokens, store));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_token',
      message,
      headers: invalidChallenge(description),
    });
  });

  it('401 invalid_token: expired beyond the leeway', async () => {
    const { tokens, store, tokenFor, clock } = setup();
    const token = tokenFor({ [USER_ID]: uuidOf(1) });
    clock.advanceSeconds(SETTINGS.ttlSeconds + 30);
    const error = await apiRejection(authenticate(`Bearer ${token}`, tokens, store));
    expect(error).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(error.message).toMatch(/^the access token is invalid: it expired at /);
  });

  it('401 invalid_token: alg none', async () => {
    const { tokens, store } = setup();
    const token = craftJwt(
      { alg: 'none', kid: KEYS.kid },
      { iss: SETTINGS.issuer, aud: SETTINGS.audience, [USER_ID]: uuidOf(1) },
    );
    const error = await apiRejection(authenticate(`Bearer ${token}`, tokens, store));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_token',
      message: 'the access token is invalid: alg none is not accepted (RS256 only)',
    });
  });
});

describe('authenticate: the user', () => {
  it.each([
    { name: 'a live user', claims: { [USER_ID]: uuidOf(2), gty: 'password' }, slot: 1 },
    {
      name: 'a user id in upper case',
      claims: { [USER_ID]: uuidOf(2).toUpperCase(), gty: 'password' },
      slot: 1,
    },
    { name: 'an app token', claims: { [USER_ID]: uuidOf(3), gty: 'app_token' }, slot: 2 },
    {
      name: 'client credentials without a user: no slot',
      claims: { sub: 'mock-client@clients', gty: 'client-credentials' },
      slot: undefined,
    },
  ])('accepted: $name', async ({ claims, slot }) => {
    const { tokens, store, tokenFor } = setup();
    expect((await authenticate(`Bearer ${tokenFor(claims)}`, tokens, store)).slot).toBe(slot);
  });

  it.each([
    {
      name: 'an unknown user',
      claims: { [USER_ID]: uuidOf(99), gty: 'password' },
      message: `the access token is invalid: its user ${uuidOf(99)} does not exist or was deleted`,
    },
    {
      name: 'a password token without the userID claim',
      claims: { sub: 'auth0|x', gty: 'password' },
      message: `the access token is invalid: it names no user (claim ${USER_ID} is missing)`,
    },
    {
      name: 'a token without gty nor userID',
      claims: { sub: 'auth0|x' },
      message: `the access token is invalid: it names no user (claim ${USER_ID} is missing)`,
    },
    {
      name: 'a userID claim that is not a string',
      claims: { [USER_ID]: 42, gty: 'password' },
      message: `the access token is invalid: it names no user (claim ${USER_ID} is missing)`,
    },
    {
      name: 'a userID under another namespace',
      claims: { 'https://other.example.com/userID': uuidOf(1), gty: 'password' },
      message: `the access token is invalid: it names no user (claim ${USER_ID} is missing)`,
    },
  ])('401 invalid_token: $name', async ({ claims, message }) => {
    const { tokens, store, tokenFor } = setup();
    const error = await apiRejection(authenticate(`Bearer ${tokenFor(claims)}`, tokens, store));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_token',
      message,
      headers: invalidChallenge(message),
    });
  });

  it('401 invalid_token once the user is deleted (the token worked before)', async () => {
    const { tokens, store, tokenFor } = setup();
    const header = `Bearer ${tokenFor({ [USER_ID]: uuidOf(3), gty: 'password' })}`;
    expect((await authenticate(header, tokens, store)).slot).toBe(2);
    store.delete(2);
    const error = await apiRejection(authenticate(header, tokens, store));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_token',
      message: `the access token is invalid: its user ${uuidOf(3)} does not exist or was deleted`,
    });
  });
});

describe('authenticate: permissions', () => {
  it.each([
    { name: 'a list', permissions: ['read:users', 'delete:users'], expected: ['read:users', 'delete:users'] },
    { name: 'an empty list', permissions: [], expected: [] },
    { name: 'absent', permissions: undefined, expected: [] },
    { name: 'a string, not a list', permissions: 'read:users', expected: [] },
    { name: 'an object, not a list', permissions: { 'read:users': true }, expected: [] },
    {
      name: 'non-strings in the list are ignored',
      permissions: ['read:users', 7, null, ['delete:users']],
      expected: ['read:users'],
    },
  ])('$name', async ({ permissions, expected }) => {
    const { tokens, store, tokenFor } = setup();
    const token = tokenFor({ [USER_ID]: uuidOf(1), gty: 'password', permissions });
    expect([...(await authenticate(`Bearer ${token}`, tokens, store)).permissions]).toEqual(expected);
  });
});

describe('authorize', () => {
  const principal = (permissions: string[]): Principal => ({
    claims: {},
    permissions: new Set(permissions),
    slot: 0,
  });

  it.each([
    { name: 'holds the one required', granted: ['read:users'], required: ['read:users'] },
    { name: 'holds more than required', granted: ['read:users', 'delete:users'], required: ['delete:users'] },
    { name: 'nothing required', granted: [], required: [] },
    { name: 'holds every one of several', granted: ['a', 'b', 'c'], required: ['c', 'a'] },
  ])('allowed: $name', ({ granted, required }) => {
    expect(() => {
      requirePermissions(principal(granted), required);
    }).not.toThrow();
  });

  it.each([
    {
      name: 'lacks the one required',
      granted: ['read:users'],
      required: ['delete:users'],
      missing: 'delete:users',
      grants: 'read:users',
    },
    { name: 'holds nothing', granted: [], required: ['read:users'], missing: 'read:users', grants: 'none' },
    {
      name: 'lacks the second of two: that one is named',
      granted: ['read:users', 'read:workspace'],
      required: ['read:users', 'delete:users'],
      missing: 'delete:users',
      grants: 'read:users, read:workspace',
    },
    {
      name: 'permission names are exact (case matters)',
      granted: ['READ:USERS'],
      required: ['read:users'],
      missing: 'read:users',
      grants: 'READ:USERS',
    },
  ])('403 insufficient_permissions: $name', ({ granted, required, missing, grants }) => {
    const error = apiErrorOf(() => {
      requirePermissions(principal(granted), required);
    });
    expect(error).toMatchObject({
      status: 403,
      code: 'insufficient_permissions',
      message: `this operation needs the permission ${missing}, which the token does not grant (it grants: ${grants})`,
      headers: {
        'WWW-Authenticate': `Bearer realm="identity", error="insufficient_scope", scope="${missing}"`,
      },
    });
  });

  it('insufficientPermission with another code and subject', () => {
    const error = insufficientPermission(
      principal(['read:users']).permissions,
      'read:user_metadata',
      'metadata_permission_required',
      'the id filter',
    );
    expect(error).toMatchObject({
      status: 403,
      code: 'metadata_permission_required',
      message:
        'the id filter needs the permission read:user_metadata, which the token does not grant (it grants: read:users)',
      headers: {
        'WWW-Authenticate': 'Bearer realm="identity", error="insufficient_scope", scope="read:user_metadata"',
      },
    });
  });
});
