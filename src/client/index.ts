/**
 * `identity-mock/client`: what a test suite or a frontend needs to talk to a running mock, built on `fetch` only
 * (Node 20+ and browsers; no server code is loaded): the session client and the typed identity API client.
 *
 * @example
 * import { sessionClient, sessionIdFor } from 'identity-mock/client';
 * const session = sessionClient(process.env.IDENTITY_MOCK_URL ?? 'http://localhost:8080', sessionIdFor('test/users.test.ts'));
 * const { accessToken } = await session.token('admin@example.com', { permissions: ['read:users'] });
 */
export {
  sessionClient,
  type FetchRequest,
  type SessionClient,
  type SessionClientOptions,
} from './session-client.ts';
export { sessionIdFor } from './session-id-for.ts';
export { IdentityMockError, type ErrorDetail } from './identity-mock-error.ts';
export type {
  ClaimRule,
  ClaimRuleInput,
  ClockState,
  RecordedRequest,
  RequestFilter,
  SessionApi,
  SessionClock,
  SessionFault,
  SessionFaultInput,
  SessionToken,
  TokenOptions,
  TokenRequest,
} from './session-api.ts';
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
