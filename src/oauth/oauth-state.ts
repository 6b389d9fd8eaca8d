/**
 * The authorization server's state in one session (docs/tokens.md, docs/login.md): lock-outs, authorization codes,
 * refresh tokens and login sessions. A reset or a new dataset clears all of it.
 */
import type { Platform } from '../platform/platform.ts';
import { AuthorizationCodes } from './codes.ts';
import { Lockouts } from './lockout.ts';
import { LoginSessions } from './login/login-sessions.ts';
import { RefreshTokens } from './refresh-tokens.ts';

export class OAuthState {
  readonly lockouts = new Lockouts();
  readonly codes: AuthorizationCodes;
  readonly refreshTokens: RefreshTokens;
  readonly logins: LoginSessions;

  constructor(platform: Platform) {
    this.codes = new AuthorizationCodes(platform.random, platform.hashing);
    this.refreshTokens = new RefreshTokens(platform.random);
    this.logins = new LoginSessions(platform.random);
  }

  clear(): void {
    this.lockouts.clear();
    this.codes.clear();
    this.refreshTokens.clear();
    this.logins.clear();
  }
}
