/**
 * `identity-mock/client`: what a test suite or a frontend needs to talk to a running mock, built on `fetch` only
 * (Node 20+ and browsers; no server code is loaded): the session client and the typed identity API client.
 *
 * @example
 * import { sessionClient, sessionIdFor } from 'identity-mock/client';
 * const session = sessionClient(process.env.IDENTITY_MOCK_URL ?? 'http://localhost:8080', sessionIdFor('test/users.test.ts'));
 * const { accessToken } = await session.token('admin@example.com', { permissions: ['read:users'] });
 */
export * from './surface.ts';
export {
  IdentityApiError,
  IdentityClient,
  OAuthClientError,
  parseLink,
  type ApiErrorBody,
  type IdentityClientOptions,
  type ListUsersQuery,
  type MembersQuery,
  type OAuthErrorBody,
  type Page,
  type PasswordGrant,
  type TokenResponse,
  type User,
} from './identity-client.ts';
