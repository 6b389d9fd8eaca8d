/**
 * OpenID Connect ID tokens and profile claims (docs/login.md): RS256 like access tokens, `aud` = the client, 10 hours,
 * and the profile claims the granted scope asks for (OIDC Core §5.4). `/userinfo` answers the same profile claims.
 */
import type { User } from '../spec/types.ts';
import type { Claims } from './claims.ts';
import { hasScope } from './scope.ts';
import { userSubject } from './subject.ts';
import type { SignedToken, SignOptions, TokenService } from './tokens.ts';

/** Lifetime of an ID token, in seconds (Auth0's default). */
export const ID_TOKEN_TTL_SECONDS = 36_000;

/** Claims an ID token or `/userinfo` may carry, as discovery lists them. */
export const ID_TOKEN_CLAIMS = [
  'iss',
  'sub',
  'aud',
  'iat',
  'exp',
  'nonce',
  'auth_time',
  'sid',
  'email',
  'email_verified',
  'name',
  'nickname',
  'updated_at',
] as const;

/** `sub` and the profile claims of `user` that `scope` asks for (`email`, `profile`). */
export function profileClaims(user: User, scope: string | undefined): Record<string, unknown> {
  return {
    sub: userSubject(user.id),
    ...(hasScope(scope, 'profile')
      ? {
          name: user.name,
          nickname: user.identifier,
          // OIDC Core §5.1: seconds since 1970; the User record keeps its RFC 3339 string.
          updated_at: Math.floor(Date.parse(user.updated_at) / 1000),
        }
      : {}),
    ...(hasScope(scope, 'email') ? { email: user.email, email_verified: true } : {}),
  };
}

export interface IdTokenRequest {
  readonly user: User;
  readonly clientId: string;
  readonly scope: string | undefined;
  readonly nonce: string | undefined;
  /** When the user logged in, epoch seconds. */
  readonly authTime: number;
  /** The login session; absent for the password grant, which has none. */
  readonly sid: string | undefined;
}

/** The claims of the ID token of a login, issued at `now` (epoch seconds). */
export function idTokenClaims(r: IdTokenRequest, now: number): Claims {
  return {
    ...profileClaims(r.user, r.scope),
    aud: r.clientId,
    iat: now,
    exp: now + ID_TOKEN_TTL_SECONDS,
    jti: undefined,
    nonce: r.nonce,
    auth_time: r.authTime,
    sid: r.sid,
  };
}

/** Signs the ID token of a login (`issuer` and `shape` as `TokenService.sign` takes them). */
export function signIdToken(
  tokens: TokenService,
  r: IdTokenRequest,
  now: number,
  options: Omit<SignOptions, 'kind'> = {},
): Promise<SignedToken> {
  return tokens.sign(idTokenClaims(r, now), now, { ...options, kind: 'id' });
}

/**
 * The client an ID token of this server was issued to (its `aud`), checked by signature and issuer but not by
 * expiry (an `id_token_hint` may have expired); `null` when it is not one of this server's ID tokens.
 */
export async function idTokenClient(tokens: TokenService, idToken: string): Promise<string | null> {
  try {
    const payload = await tokens.verifySignature(idToken);
    return typeof payload.aud === 'string' ? payload.aud : null;
  } catch {
    return null;
  }
}
