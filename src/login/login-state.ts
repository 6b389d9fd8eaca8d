/**
 * The browser login's state in one mock (docs/login.md): login sessions, authorization codes and rotating refresh
 * tokens. A reset of the mock clears all three.
 */
import { AuthorizationCodes } from '../auth/authorization-codes.ts';
import { RefreshRotation } from '../auth/refresh-rotation.ts';
import { LoginSessions } from './sessions.ts';

export class LoginState {
  readonly sessions = new LoginSessions();
  readonly codes = new AuthorizationCodes();
  readonly rotation = new RefreshRotation();

  clear(): void {
    this.sessions.clear();
    this.codes.clear();
    this.rotation.clear();
  }
}
