/**
 * The authorization server's state in one session (docs/tokens.md, docs/login.md): lock-outs, authorization codes,
 * refresh tokens, login sessions, revoked access tokens, the ID-token claims `/userinfo` reflects, and the key that
 * binds login forms to their browser. A reset or a new dataset clears all of it but the key.
 */
import type { Platform } from '../platform/platform.ts';
import { AuthorizationCodes } from './codes.ts';
import { Lockouts } from './lockout.ts';
import { LoginSessions } from './login/login-sessions.ts';
import { RefreshTokens } from './refresh-tokens.ts';
import { Revocations } from './revocations.ts';
import { UserinfoClaims } from './userinfo-claims.ts';

export class OAuthState {
  readonly lockouts = new Lockouts();
  readonly revocations = new Revocations();
  readonly codes: AuthorizationCodes;
  readonly refreshTokens: RefreshTokens;
  readonly logins: LoginSessions;
  readonly userinfo = new UserinfoClaims();
  /** The secret login-form tokens are derived with (`login/login-form-token.ts`). */
  readonly formKey: string;

  constructor(platform: Platform) {
    this.refreshTokens = new RefreshTokens(platform.random, this.revocations);
    this.codes = new AuthorizationCodes(platform.random, platform.hashing, (issued, now) => {
      this.revocations.revoke(issued.access, now);
      if (issued.family !== undefined) this.refreshTokens.revokeFamily(issued.family, now);
    });
    this.logins = new LoginSessions(platform.random);
    this.formKey = platform.random.token(32);
  }

  clear(): void {
    this.lockouts.clear();
    this.revocations.clear();
    this.codes.clear();
    this.refreshTokens.clear();
    this.logins.clear();
    this.userinfo.clear();
  }
}
