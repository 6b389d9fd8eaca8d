/**
 * identity-mock's public API: build a mock for supertest (`createMock`, `createApp`) or start one on a port
 * (`startMock`).
 */
export {
  createApp,
  createMock,
  MOCK_DEFAULTS,
  type Mock,
  type MockKeys,
  type MockOptions,
  type MockSession,
  type SigningKeyEntry,
} from './mock.ts';
export {
  ListenError,
  startMock,
  type RunningMock,
  type RunningSession,
  type StartOptions,
} from './server.ts';
export { sessionClient, type SessionClient, type SessionClientOptions } from './client/session-client.ts';
export { ConfigError, DEFAULTS, type Config } from './config.ts';
export type { LogLevel } from './adapters/express/log.ts';
export { FixtureError } from './data/fixture-error.ts';
export type { AppTokenRequest, MintedToken } from './oauth/app-tokens.ts';
export type { Dataset, Workspace, Client } from './data/dataset.ts';
export type { User, UserType, UserStatus } from './spec/types.ts';
export type { FaultInput, FaultRule } from './control/faults.ts';
export type { ClaimMatch, ClaimRule, ClaimRuleInput } from './control/claim-rules.ts';
export type { ClockState, MockClock } from './control/clock.ts';
export type { AccessTokenFormat } from './oauth/tokens.ts';
export type { JournalEntry, JournalFilter } from './control/journal.ts';
export type { RateLimitConfig } from './control/rate-limit.ts';
