/**
 * User app tokens (the interface's "developer options"; docs/tokens.md): minted for a user with at most the
 * permissions of the user's role, `gty: app_token`. Expiry may lie in the past and the audience may be anything,
 * so a test suite can mint an expired or wrong-audience token on purpose; `claims` adds or overrides any claim.
 * `planAppToken` checks the request and builds the claims; signing is then the platform's (`mintAppToken`, or
 * `mintAppTokenNow` where signing is synchronous).
 */
import { invalidRequest, notFound, quote } from '../errors.ts';
import { parseDateTime } from '../spec/formats.ts';
import type { UserStore } from '../users/store.ts';
import type { Claims } from './claims.ts';
import { idTokenClaims, type IdTokenRequest } from './id-token.ts';
import { userSubject } from './subject.ts';
import type { TokenService } from './tokens.ts';

/** What an ID token minted beside an app token is for (docs/login.md); every field has a default. */
export interface IdTokenInput {
  /** `aud`; `spa-client` by default. */
  readonly clientId?: string;
  /** The profile claims to include; `openid profile email` by default. */
  readonly scope?: string;
  readonly nonce?: string;
}

export interface AppTokenRequest {
  /** The user: email, id or identifier. */
  readonly user: string;
  /** Defaults to every permission of the user's role; may not exceed them. */
  readonly permissions?: readonly string[];
  /** Lifetime in seconds (may be negative: already expired). */
  readonly expiresIn?: number;
  /** Expiry as an RFC 3339 date-time (may be in the past). */
  readonly expiresAt?: string;
  readonly audience?: string;
  /** Claims added or overriding the defaults (`iss`, `sub` and the userID claim included). */
  readonly claims?: Claims;
  /** Also mint an ID token of the user (for contracts of a frontend that reads one). */
  readonly idToken?: IdTokenInput;
}

export interface MintedToken {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly claims: Claims;
  /** The ID token, when the request asked for one. */
  readonly idToken?: string;
}

/** A checked app-token request: the access token's claims, and the ID token's request when one was asked for. */
export interface AppTokenPlan {
  readonly claims: Claims;
  readonly iat: number;
  readonly exp: number;
  readonly idToken: IdTokenRequest | undefined;
  /** `iss` by default (`Issuers.forOrigin` of the request; a `claims.iss` wins). */
  readonly issuer: string | undefined;
}

/**
 * Checks `request` against the session's users and builds the claims, at `now` (epoch seconds).
 *
 * @example planAppToken(tokens, store, roles, { user: 'user@example.com', permissions: ['read:users'] }, 'mock-client', now)
 */
export function planAppToken(
  tokens: TokenService,
  store: UserStore,
  rolePermissions: ReadonlyMap<string, readonly string[]>,
  request: AppTokenRequest,
  clientId: string,
  now: number,
  issuer?: string,
): AppTokenPlan {
  const found = store.find(request.user);
  if (found === undefined) {
    throw notFound('user_not_found', `no user with email, id or identifier ${quote(request.user)}`);
  }
  const { user } = found;
  const allowed = rolePermissions.get(user.user_type) ?? [];
  const permissions = request.permissions ?? allowed;
  const excess = permissions.filter((p) => !allowed.includes(p));
  if (excess.length > 0) {
    throw invalidRequest(
      `${user.email} (${user.user_type}) cannot hold ${excess.join(', ')}; its role grants: ${allowed.join(', ') || 'none'}`,
    );
  }
  if (request.expiresIn !== undefined && request.expiresAt !== undefined) {
    throw invalidRequest('give expires_in or expires_at, not both');
  }
  let exp = now + (request.expiresIn ?? tokens.settings.ttlSeconds);
  if (request.expiresAt !== undefined) {
    const at = parseDateTime(request.expiresAt);
    if (at === undefined) {
      throw invalidRequest(`expires_at must be an RFC 3339 date-time (got ${quote(request.expiresAt)})`);
    }
    exp = Math.floor(at / 1000);
  }
  const claims: Record<string, unknown> = {
    sub: userSubject(user.id),
    aud: request.audience ?? tokens.settings.audience,
    iat: now,
    exp,
    azp: clientId,
    gty: 'app_token',
    permissions: [...permissions],
    [tokens.userIdClaim]: user.id,
    ...request.claims,
  };
  const idToken =
    request.idToken === undefined
      ? undefined
      : {
          user,
          clientId: request.idToken.clientId ?? 'spa-client',
          scope: request.idToken.scope ?? 'openid profile email',
          nonce: request.idToken.nonce,
          authTime: now,
          sid: undefined,
        };
  return { claims, iat: now, exp, idToken, issuer };
}

/** Signs a planned app token (and its ID token). */
export async function mintAppToken(tokens: TokenService, plan: AppTokenPlan): Promise<MintedToken> {
  const signed = await tokens.sign(plan.claims, plan.iat, { issuer: plan.issuer });
  const idToken =
    plan.idToken === undefined
      ? undefined
      : (
          await tokens.sign(idTokenClaims(plan.idToken, plan.iat), plan.iat, {
            kind: 'id',
            issuer: plan.issuer,
          })
        ).token;
  return minted(plan, signed.token, signed.claims, idToken);
}

/** `mintAppToken` on a platform that signs synchronously (Node). */
export function mintAppTokenNow(tokens: TokenService, plan: AppTokenPlan): MintedToken {
  const signed = tokens.signNow(plan.claims, plan.iat, { issuer: plan.issuer });
  const idToken =
    plan.idToken === undefined
      ? undefined
      : tokens.signNow(idTokenClaims(plan.idToken, plan.iat), plan.iat, { kind: 'id', issuer: plan.issuer })
          .token;
  return minted(plan, signed.token, signed.claims, idToken);
}

function minted(plan: AppTokenPlan, token: string, claims: Claims, idToken: string | undefined): MintedToken {
  const exp = typeof claims.exp === 'number' ? claims.exp : plan.exp;
  return {
    accessToken: token,
    expiresIn: exp - plan.iat,
    claims,
    ...(idToken === undefined ? {} : { idToken }),
  };
}
