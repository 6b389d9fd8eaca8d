/**
 * What every grant of the token endpoint (docs/tokens.md) takes and gives: the request's fields and client, the
 * session's users and authorization-server state; who the token is for, and what carries over from a code or a
 * refresh token.
 */
import type { Client } from '../../data/dataset.ts';
import { invalidGrant } from '../../errors.ts';
import type { User } from '../../spec/types.ts';
import type { UserStore } from '../../users/store.ts';
import type { IssuedFromCode } from '../codes.ts';
import type { OAuthState } from '../oauth-state.ts';
import type { RefreshFamily } from '../refresh-tokens.ts';

export interface GrantInput {
  /** The request's fields (strings only). */
  readonly fields: Readonly<Record<string, string>>;
  readonly client: Client;
  readonly store: UserStore;
  readonly passwords: ReadonlyMap<string, string>;
  readonly oauth: OAuthState;
  /** Now, epoch milliseconds (the session's clock). */
  readonly now: number;
  /** The client's address, which the lock-out counts failures per (with the account). */
  readonly address: string;
}

/** The login behind a token, for its ID token: `nonce`, `auth_time`, `sid` (docs/login.md). */
export interface LoginFacts {
  readonly nonce: string | undefined;
  readonly authTime: number;
  readonly sid: string | undefined;
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
  readonly login?: LoginFacts;
  /** The next token of a rotating refresh token family, when the grant rotated one. */
  readonly nextRefreshToken?: string | undefined;
  /** The family of the refresh token redeemed: the access token issued joins it (revoked with it). */
  readonly family?: RefreshFamily;
  /** Records what a code's redemption issued, so that a replay of the code revokes it. */
  readonly recordIssued?: (issued: IssuedFromCode) => void;
}

export type Grant = (input: GrantInput) => GrantOutcome;

/** The live user a code or refresh token names, or 403 `invalid_grant` with `message`. */
export function liveUser(store: UserStore, id: string, message: string): User {
  const user = store.userById(id);
  if (user === undefined) throw invalidGrant(message);
  return user;
}
