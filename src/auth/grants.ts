/**
 * The grants of the token endpoint (docs/tokens.md), one entry per `grant_type`: each checks its own fields and
 * returns who the token is for. Errors are RFC 6749 §5.2 with Auth0's statuses and messages.
 */
import { passwordOf, type Client, type GrantType } from '../data/dataset.ts';
import { OAuthError } from '../http/errors.ts';
import type { User } from '../spec/types.ts';
import type { UserStore } from '../users/store.ts';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD, type AuthState } from './auth-state.ts';
import type { AuthorizationCodes } from './authorization-codes.ts';
import type { RefreshRotation } from './refresh-rotation.ts';

/** Statuses a user may not log in with (docs/tokens.md). */
const BLOCKED_STATUSES: ReadonlySet<string> = new Set(['inactive', 'suspended']);

export interface GrantInput {
  /** The request's fields (strings only). */
  readonly fields: Readonly<Record<string, string>>;
  readonly client: Client;
  readonly store: UserStore;
  readonly passwords: ReadonlyMap<string, string>;
  readonly auth: AuthState;
  /** Codes of the authorization code flow and rotating refresh tokens (docs/login.md). */
  readonly codes: AuthorizationCodes;
  readonly rotation: RefreshRotation;
  /** Now, in epoch seconds. */
  readonly now: number;
  /** The client's address, which the lock-out counts failures per (with the account). */
  readonly address: string;
}

/** Whom a grant issues a token to. */
export interface GrantOutcome {
  /** The user, or undefined for client_credentials. */
  readonly user: User | undefined;
  /** `gty` claim; none for the authorization code grant (Auth0's tokens carry none there). */
  readonly gty: string | undefined;
  /** Audience and scope carried over from a code or a refresh token. */
  readonly audience?: string | undefined;
  readonly scope?: string | undefined;
  /** The login behind the token, for its ID token: `nonce`, `auth_time`, `sid` (docs/login.md). */
  readonly login?: {
    readonly nonce: string | undefined;
    readonly authTime: number;
    readonly sid: string | undefined;
  };
  /** The next token of a rotating refresh token family, when the grant rotated one. */
  readonly nextRefreshToken?: string;
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

  authorization_code({ fields, client, store, codes, now }) {
    const grant = codes.redeem({
      code: required(fields, 'code'),
      clientId: client.client_id,
      redirectUri: fields.redirect_uri,
      codeVerifier: fields.code_verifier,
      now,
    });
    const user = liveUser(store, grant.userId);
    assertActive(user);
    return {
      user,
      gty: undefined,
      audience: grant.audience,
      scope: grant.scope,
      login: { nonce: grant.nonce, authTime: grant.authTime, sid: grant.sid },
    };
  },

  refresh_token({ fields, client, store, auth, rotation }) {
    const token = required(fields, 'refresh_token');
    if (rotation.has(token)) {
      const { grant, next } = rotation.rotate(token);
      if (grant.clientId !== client.client_id) {
        throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
      }
      const user = liveUser(store, grant.userId);
      assertActive(user);
      return {
        user,
        gty: 'refresh_token',
        audience: grant.audience,
        scope: grant.scope,
        login: { nonce: undefined, authTime: grant.authTime, sid: grant.sid },
        nextRefreshToken: next,
      };
    }
    const grant = auth.refreshGrant(token);
    if (grant === undefined || grant.clientId !== client.client_id) {
      throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    }
    const slot = store.slotOfId(grant.userId);
    const user = slot === undefined ? undefined : store.users[slot];
    if (user === undefined)
      throw new OAuthError(403, 'invalid_grant', 'The refresh token names a user that no longer exists.');
    assertActive(user);
    return {
      user,
      gty: 'refresh_token',
      audience: grant.audience,
      scope: grant.scope,
      ...(grant.authTime === undefined
        ? {}
        : { login: { nonce: undefined, authTime: grant.authTime, sid: grant.sid } }),
    };
  },
};

/** The live user a code or refresh token names, or 403 invalid_grant. */
function liveUser(store: UserStore, id: string): User {
  const slot = store.slotOfId(id);
  const user = slot === undefined ? undefined : store.users[slot];
  if (user === undefined) {
    throw new OAuthError(403, 'invalid_grant', 'The grant names a user that no longer exists.');
  }
  return user;
}

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
