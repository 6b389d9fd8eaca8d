/**
 * A token request (`POST /oauth/token`, docs/tokens.md) while its steps run: what the request brings, its fields
 * parsed once, and what each step establishes. The steps (one file each, listed in `index.ts`) run in order; the
 * first that throws answers with its RFC 6749 §5.2 error.
 */
import type { ClaimRules, MatchedRules } from '../../control/claim-rules.ts';
import type { Client, GrantType } from '../../data/dataset.ts';
import type { UserStore } from '../../users/store.ts';
import type { Claims } from '../claims.ts';
import type { GrantOutcome } from '../grants/grant.ts';
import type { OAuthState } from '../oauth-state.ts';
import type { RefreshFamily } from '../refresh-tokens.ts';
import type { TokenService } from '../tokens.ts';

/** What a token request brings, and the session it runs in. */
export interface TokenRequest {
  readonly body: unknown;
  readonly authorization: string | undefined;
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly passwords: ReadonlyMap<string, string>;
  readonly oauth: OAuthState;
  readonly tokens: TokenService;
  /** The session's claim rules. */
  readonly claims: ClaimRules;
  readonly rolePermissions: ReadonlyMap<string, readonly string[]>;
  /** `iss` of the tokens (`Issuers.forOrigin` of the request). */
  readonly issuer: string;
  /** Now, epoch milliseconds (the session's clock). */
  readonly now: number;
  readonly address: string;
}

/** The success body of RFC 6749 §5.1. */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly scope?: string;
  readonly id_token?: string;
  readonly refresh_token?: string;
}

/** What the steps know so far; each reads it and adds what it establishes. */
export interface TokenDraft {
  readonly request: TokenRequest;
  /** The body's fields, strings only (parsed once, before any step). */
  readonly fields: Readonly<Record<string, string>>;
  /** Now, epoch seconds. */
  readonly now: number;
  grantType?: GrantType;
  client?: Client;
  outcome?: GrantOutcome;
  audience?: string;
  scope?: string | undefined;
  matched?: MatchedRules;
  access?: { readonly token: string; readonly claims: Claims };
  idToken?: string;
  refreshToken?: string | undefined;
  family?: RefreshFamily | undefined;
}

/** One step of the token request: throws its error, or records what it found in the draft. */
export type TokenStep = (draft: TokenDraft) => void | Promise<void>;

/** `value`, which an earlier step established (a step relies on the order of `TOKEN_STEPS`). */
export function established<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`a token step ran before the one that establishes ${what}`);
  return value;
}
