/**
 * What every entry point of the package exports, under the same names: the session API (the one handle on a mock's
 * session, whichever host runs the mock), its client over HTTP, and its error.
 */
export { sessionClient, type FetchRequest, type SessionClientOptions } from './session-client.ts';
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
