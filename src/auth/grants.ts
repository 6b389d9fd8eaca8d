/**
 * The grants of the token endpoint (docs/tokens.md), one entry per `grant_type`: each checks its own fields and
 * returns who the token is for. Errors are RFC 6749 §5.2 with Auth0's statuses and messages.
 */
import { passwordOf, type Client, type GrantType } from '../data/dataset.ts';
import { OAuthError } from '../http/errors.ts';
import type { User } from '../spec/types.ts';
import type { UserStore } from '../users/store.ts';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD, type AuthState } from './auth-state.ts';

/** Statuses a user may not log in with (docs/tokens.md). */
const BLOCKED_STATUSES: ReadonlySet<string> = new Set(['inactive', 'suspended']);

export interface GrantInput {
  /** The request's fields (strings only). */
  readonly fields: Readonly<Record<string, string>>;
  readonly client: Client;
  readonly store: UserStore;
  readonly passwords: ReadonlyMap<string, string>;
  readonly auth: AuthState;
  /** The client's address, which the lock-out counts failures per (with the account). */
  readonly address: string;
}

/** Whom a grant issues a token to. */
export interface GrantOutcome {
  /** The user, or undefined for client_credentials. */
  readonly user: User | undefined;
  /** `gty` claim. */
  readonly gty: string;
  /** Audience and scope carried over from a refresh token. */
  readonly audience?: string;
  readonly scope?: string | undefined;
}

export const GRANTS: Readonly<Record<GrantType, (input: GrantInput) => GrantOutcome>> = {
  password({ fields, store, passwords, auth, address }) {
    const username = required(fields, 'username');
    const password = required(fields, 'password');
    const slot = store.slotOfEmail(username) ?? store.slotOfIdentifier(username);
    const user = slot === undefined ? undefined : store.users[slot];
    if (user !== undefined && auth.blocked(user.id, address)) {
      throw new OAuthError(
        429,
        'too_many_attempts',
        `Your account has been blocked after ${LOCKOUT_THRESHOLD} consecutive wrong passwords from this address; it is unblocked after ${LOCKOUT_MS / 60_000} minutes or a reset of the mock.`,
      );
    }
    if (user === undefined || passwordOf(passwords, user.id) !== password) {
      if (user !== undefined) auth.fail(user.id, address);
      throw new OAuthError(403, 'invalid_grant', 'Wrong email or password.');
    }
    auth.succeed(user.id, address);
    assertActive(user);
    return { user, gty: 'password' };
  },

  client_credentials() {
    return { user: undefined, gty: 'client-credentials' };
  },

  refresh_token({ fields, client, store, auth }) {
    const token = required(fields, 'refresh_token');
    const grant = auth.refreshGrant(token);
    if (grant === undefined || grant.clientId !== client.client_id) {
      throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    }
    const slot = store.slotOfId(grant.userId);
    const user = slot === undefined ? undefined : store.users[slot];
    if (user === undefined)
      throw new OAuthError(403, 'invalid_grant', 'The refresh token names a user that no longer exists.');
    assertActive(user);
    return { user, gty: 'refresh_token', audience: grant.audience, scope: grant.scope };
  },
};

/** The value of a required field, or 400 invalid_request naming it. */
export function required(fields: Readonly<Record<string, string>>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '')
    throw new OAuthError(400, 'invalid_request', `Missing required parameter: ${name}`);
  return value;
}

function assertActive(user: User): void {
  if (BLOCKED_STATUSES.has(user.status)) {
    throw new OAuthError(403, 'access_denied', `user is blocked (status ${user.status})`);
  }
}
