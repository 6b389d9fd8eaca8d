/**
 * The authorization server's own state: consecutive failed logins per account (the lock-out of docs/tokens.md) and
 * issued refresh tokens. Cleared by a reset of the mock.
 */
import { randomBytes } from 'node:crypto';

/** Wrong passwords in a row after which an account answers 429 `too_many_attempts` (docs/tokens.md). */
export const LOCKOUT_THRESHOLD = 10;

export interface RefreshGrant {
  readonly userId: string;
  readonly clientId: string;
  readonly audience: string;
  /** The scope of the original request, if it asked for one. */
  readonly scope: string | undefined;
  /** When the user logged in and the login session, for the ID tokens of refreshes (docs/login.md). */
  readonly authTime?: number;
  readonly sid?: string | undefined;
}

export class AuthState {
  readonly #failures = new Map<string, number>();
  readonly #refresh = new Map<string, RefreshGrant>();

  /** Records a wrong password; returns the number of consecutive failures. */
  fail(userId: string): number {
    const count = (this.#failures.get(userId) ?? 0) + 1;
    this.#failures.set(userId, count);
    return count;
  }

  /** Whether the account has reached the lock-out threshold. */
  lockedOut(userId: string): boolean {
    return (this.#failures.get(userId) ?? 0) >= LOCKOUT_THRESHOLD;
  }

  /** Clears the failures of an account after a successful login. */
  succeed(userId: string): void {
    this.#failures.delete(userId);
  }

  /** Issues an opaque refresh token for `grant`. */
  issueRefreshToken(grant: RefreshGrant): string {
    const token = randomBytes(32).toString('base64url');
    this.#refresh.set(token, grant);
    return token;
  }

  refreshGrant(token: string): RefreshGrant | undefined {
    return this.#refresh.get(token);
  }

  clear(): void {
    this.#failures.clear();
    this.#refresh.clear();
  }
}
