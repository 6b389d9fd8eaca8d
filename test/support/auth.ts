/**
 * Helpers for tests of the fake authorization server (docs/tokens.md): token requests through the harness, the
 * RFC 6749 response and error shapes, HTTP Basic client credentials (RFC 6749 §2.3.1), decoded tokens, and
 * datasets with extra OAuth clients.
 */
import type request from 'supertest';
import { expect } from 'vitest';
import { decodeJwt, decodeProtectedHeader, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { DEFAULT_CLIENTS } from '../../src/data/clients.ts';
import type { Client, Dataset } from '../../src/data/dataset.ts';
import { loadFixturesSync } from '../../src/data/fixtures.ts';
import type { Harness } from './harness.ts';
import { SMALL_FIXTURES } from './harness.ts';

export const MOCK_CLIENT = Object.freeze({ id: 'mock-client', secret: 'mock-secret' });
export const CI_CLIENT = Object.freeze({ id: 'ci-client', secret: 'ci-secret' });
export const DEFAULT_AUDIENCE = 'https://identity.example.com/admin/v1';
export const DEFAULT_ISSUER = 'http://localhost:8080/';
export const USER_ID_CLAIM = 'https://identity.example.com/userID';
export const PASSWORD = 'Passw0rd!';

/** Ids of the known accounts (fixtures/known-accounts.json). */
export const KNOWN_IDS = Object.freeze({
  admin: '00000000-0000-4000-8000-000000000001',
  user: '00000000-0000-4000-8000-000000000002',
  client: '00000000-0000-4000-8000-000000000003',
});

/** docs/tokens.md's role → permissions table, written out as the decision states it. */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  saas_admin: [
    'read:users',
    'delete:users',
    'read:user_metadata',
    'read:current_user',
    'read:workspace',
    'create:workspaces',
    'update:workspace_owner',
  ],
  saas_user: ['read:users', 'read:current_user', 'read:workspace'],
  saas_user_client: ['read:current_user'],
});

/** The clients of fixtures/clients.json, as the mock reads them (URI rules defaulted). */
export const FIXTURE_CLIENTS: readonly Client[] = DEFAULT_CLIENTS;

export function fixtureClient(id: string): Client {
  const client = FIXTURE_CLIENTS.find((c) => c.client_id === id);
  if (client === undefined) throw new Error(`fixtures/clients.json has no client ${id}`);
  return client;
}

/** The small fixture dataset with `clients` added to its own. */
export function smallDatasetWith(clients: readonly Client[]): Dataset {
  const dataset = loadFixturesSync(SMALL_FIXTURES);
  return { ...dataset, clients: [...dataset.clients, ...clients] };
}

/** A value form-encoded as RFC 6749 §2.3.1 asks for client_id and client_secret in HTTP Basic. */
export function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

/** `Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1). */
export function basicAuth(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')}`;
}

export interface TokenRequestOptions {
  /** Send the fields as `application/x-www-form-urlencoded` instead of JSON. */
  readonly form?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

/** POST /oauth/token through the harness (every response checked against the spec). */
export function postToken(
  h: Harness,
  fields: Readonly<Record<string, string>>,
  options: TokenRequestOptions = {},
): Promise<request.Response> {
  const body = options.form === true ? new URLSearchParams(fields).toString() : { ...fields };
  const headers = {
    'Content-Type': options.form === true ? 'application/x-www-form-urlencoded' : 'application/json',
    ...options.headers,
  };
  return h.send('POST', '/oauth/token', { body, headers });
}

/** The fields of a password grant by mock-client in the body. */
export function passwordFields(
  username: string,
  password = PASSWORD,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    grant_type: 'password',
    client_id: MOCK_CLIENT.id,
    client_secret: MOCK_CLIENT.secret,
    username,
    password,
    ...extra,
  };
}

export interface TokenBody {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly scope?: string;
  readonly refresh_token?: string;
}

/** Asserts the RFC 6749 §5.1 headers every answer of the token endpoint carries. */
export function expectNoStore(res: request.Response): void {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.pragma).toBe('no-cache');
}

/** Asserts a 200 token response (docs/tokens.md) and returns its body. */
export function expectToken(res: request.Response): TokenBody {
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({
    status: 200,
    body: { token_type: 'Bearer' },
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectNoStore(res);
  const body = res.body as TokenBody;
  expect(typeof body.access_token).toBe('string');
  expect(Number.isInteger(body.expires_in)).toBe(true);
  return body;
}

/**
 * Asserts an error of the token endpoint: RFC 6749 §5.2 body `{error, error_description}` and nothing else (never
 * docs/responses.md's `{error, code}`), the no-store headers, and `description` when given (a string is exact).
 */
export function expectOAuthError(
  res: request.Response,
  status: number,
  error: string,
  description?: string | RegExp,
): string {
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status, body: { error } });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body as object).sort()).toEqual(['error', 'error_description']);
  const text = (res.body as { error_description: unknown }).error_description;
  expect(typeof text).toBe('string');
  const message = String(text);
  expect(message.length).toBeGreaterThan(0);
  if (typeof description === 'string') expect(message).toBe(description);
  else if (description !== undefined) expect(message).toMatch(description);
  expectNoStore(res);
  expect(res.headers['x-api-version']).toBe('v1');
  return message;
}

export interface DecodedToken {
  readonly header: ProtectedHeaderParameters;
  readonly claims: JWTPayload & Record<string, unknown>;
}

/** Header and payload of a JWT, without verifying it. */
export function decodeToken(token: string): DecodedToken {
  return { header: decodeProtectedHeader(token), claims: decodeJwt(token) };
}

/** A password-grant access token of mock-client for `username`, via the token endpoint. */
export async function loginToken(
  h: Harness,
  username: string,
  password = PASSWORD,
  extra: Readonly<Record<string, string>> = {},
): Promise<string> {
  return expectToken(await postToken(h, passwordFields(username, password, extra))).access_token;
}

/** A client_credentials access token, via the token endpoint. */
export async function clientToken(
  h: Harness,
  client: { readonly id: string; readonly secret: string } = MOCK_CLIENT,
): Promise<string> {
  const res = await postToken(h, {
    grant_type: 'client_credentials',
    client_id: client.id,
    client_secret: client.secret,
  });
  return expectToken(res).access_token;
}

/** Whether a string is a canonical uuid (any version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
