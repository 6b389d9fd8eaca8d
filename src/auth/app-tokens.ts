/**
 * User app tokens (the interface's "developer options"; docs/tokens.md): minted for a user with at most the
 * permissions of the user's role, `gty: app_token`. Expiry may lie in the past and the audience may be anything,
 * so a test suite can mint an expired or wrong-audience token on purpose; `claims` adds or overrides any claim.
 */
import { ApiError, quote } from '../http/errors.ts';
import { parseDateTime } from '../spec/formats.ts';
import type { User } from '../spec/types.ts';
import type { UserStore } from '../users/store.ts';
import { signIdToken } from './id-token.ts';
import type { Claims, TokenService } from './tokens.ts';

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

/** Finds a live user by email (case-insensitive), uuid or identifier. */
export function findUser(store: UserStore, reference: string): { slot: number; user: User } | undefined {
  const slot = store.slotOfId(reference) ?? store.slotOfIdentifier(reference) ?? store.slotOfEmail(reference);
  const user = slot === undefined ? undefined : store.users[slot];
  return slot === undefined || user === undefined ? undefined : { slot, user };
}

/**
 * @example mintAppToken(tokens, store, roles, { user: 'user@example.com', permissions: ['read:users'] })
 */
export function mintAppToken(
  tokens: TokenService,
  store: UserStore,
  rolePermissions: ReadonlyMap<string, readonly string[]>,
  request: AppTokenRequest,
  clientId: string,
): MintedToken {
  const found = findUser(store, request.user);
  if (found === undefined) {
    throw new ApiError(404, 'user_not_found', `no user with email, id or identifier ${quote(request.user)}`);
  }
  const { user } = found;
  const allowed = rolePermissions.get(user.user_type) ?? [];
  const permissions = request.permissions ?? allowed;
  const excess = permissions.filter((p) => !allowed.includes(p));
  if (excess.length > 0) {
    throw new ApiError(
      400,
      'invalid_request',
      `${user.email} (${user.user_type}) cannot hold ${excess.join(', ')}; its role grants: ${allowed.join(', ') || 'none'}`,
    );
  }
  if (request.expiresIn !== undefined && request.expiresAt !== undefined) {
    throw new ApiError(400, 'invalid_request', 'give expires_in or expires_at, not both');
  }
  const iat = tokens.nowSeconds();
  let exp = iat + (request.expiresIn ?? tokens.settings.ttlSeconds);
  if (request.expiresAt !== undefined) {
    const at = parseDateTime(request.expiresAt);
    if (at === undefined) {
      throw new ApiError(
        400,
        'invalid_request',
        `expires_at must be an RFC 3339 date-time (got ${quote(request.expiresAt)})`,
      );
    }
    exp = Math.floor(at / 1000);
  }
  const claims: Record<string, unknown> = {
    sub: `auth0|${user.id}`,
    aud: request.audience ?? tokens.settings.audience,
    iat,
    exp,
    azp: clientId,
    gty: 'app_token',
    permissions: [...permissions],
    [tokens.userIdClaim]: user.id,
    ...request.claims,
  };
  const signed = tokens.sign(claims);
  const finalExp = typeof signed.claims.exp === 'number' ? signed.claims.exp : exp;
  const idToken =
    request.idToken === undefined
      ? undefined
      : signIdToken(tokens, {
          user,
          clientId: request.idToken.clientId ?? 'spa-client',
          scope: request.idToken.scope ?? 'openid profile email',
          nonce: request.idToken.nonce,
          authTime: iat,
          sid: undefined,
        }).token;
  return {
    accessToken: signed.token,
    expiresIn: finalExp - iat,
    claims: signed.claims,
    ...(idToken === undefined ? {} : { idToken }),
  };
}
