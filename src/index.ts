/**
 * identity-mock's public API: build a mock for supertest (`createMock`, `createApp`) or start one on a port
 * (`startMock`); reach a session of a running one (`sessionClient`). Test-runner helpers have entries of their own:
 * `identity-mock/vitest`, `identity-mock/playwright`, and `identity-mock/client` (no server code).
 */
export {
  type AddKeyOptions,
  createApp,
  createMock,
  type Mock,
  type MockKeys,
  type MockOptions,
  type ReloadReport,
  type SigningKeyEntry,
} from './mock.ts';
export { MOCK_DEFAULTS, OptionError } from './resolve-options.ts';
export { ListenError, startMock, type RunningMock, type RunningSession } from './server.ts';
export * from './client/surface.ts';
export { ConfigError, DEFAULTS, type Config, type LogLevel } from './config.ts';
export { FixtureError } from './data/fixture-error.ts';
export type { Dataset, Workspace, Client } from './data/dataset.ts';
export type { User, UserType, UserStatus } from './spec/types.ts';
export type { AccessTokenFormat } from './oauth/tokens.ts';
export type { RateLimitConfig } from './control/rate-limit.ts';
