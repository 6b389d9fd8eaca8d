/**
 * The password check, one for the password grant and the login form (docs/tokens.md): the account by email or
 * identifier, the lock-out after LOCKOUT_THRESHOLD wrong passwords from one address, and the user's status. Errors are
 * the token endpoint's (RFC 6749 §5.2 with Auth0's statuses and messages); the login form shows their messages.
 */
import { passwordOf } from '../data/dataset.ts';
import { accessDenied, invalidGrant, tooManyAttempts } from '../errors.ts';
import type { User } from '../spec/types.ts';
import type { UserStore } from '../users/store.ts';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD, type Lockouts } from './lockout.ts';

/** Statuses a user may not log in with (docs/tokens.md). */
const BLOCKED_STATUSES: ReadonlySet<string> = new Set(['inactive', 'suspended']);

export interface PasswordCheck {
  /** Email or identifier. */
  readonly username: string;
  readonly password: string;
  readonly store: UserStore;
  readonly passwords: ReadonlyMap<string, string>;
  readonly lockouts: Lockouts;
  /** The client's address: failures count per account and address. */
  readonly address: string;
  /** Now, epoch milliseconds. */
  readonly now: number;
}

/** The user whose password this is; throws 429 `too_many_attempts`, 403 `invalid_grant` or 403 `access_denied`. */
export function checkPassword(c: PasswordCheck): User {
  const user = c.store.byLogin(c.username);
  if (user !== undefined && c.lockouts.blocked(user.id, c.address, c.now)) {
    throw tooManyAttempts(
      `Your account has been blocked after ${LOCKOUT_THRESHOLD} consecutive wrong passwords from this address; it is unblocked after ${LOCKOUT_MS / 60_000} minutes or a reset of the mock.`,
    );
  }
  if (user === undefined || passwordOf(c.passwords, user.id) !== c.password) {
    if (user !== undefined) c.lockouts.fail(user.id, c.address, c.now);
    throw invalidGrant('Wrong email or password.');
  }
  c.lockouts.succeed(user.id, c.address);
  assertActive(user);
  return user;
}

/** Throws 403 `access_denied` for a user who may not log in (`inactive`, `suspended`). */
export function assertActive(user: User): void {
  if (BLOCKED_STATUSES.has(user.status)) throw accessDenied(`user is blocked (status ${user.status})`);
}

/** Whether `user` may log in (the login session of a blocked user no longer counts). */
export function mayLogIn(user: User): boolean {
  return !BLOCKED_STATUSES.has(user.status);
}
