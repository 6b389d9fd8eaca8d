/**
 * `POST {auth_url}/oauth/token` (docs/tokens.md, docs/login.md) as named steps: read the fields, authenticate the
 * client, check the grant type and audience, run the grant, then issue the access token, an ID token when the scope
 * holds `openid`, and a refresh token when it holds `offline_access`. Every error is RFC 6749 §5.2 with Auth0's
 * statuses (the operation's `x-error-shape: oauth`).
 */
import type { Client } from '../data/dataset.ts';
import { accessDenied, unauthorizedClient, unsupportedGrantType } from '../errors.ts';
import type { UserStore } from '../users/store.ts';
import { authenticateClient } from './client-auth.ts';
import { required, stringFields } from './fields.ts';
import type { GrantOutcome } from './grants/grant.ts';
import { GRANTS, isGrantType } from './grants/index.ts';
import { signIdToken } from './id-token.ts';
import type { OAuthState } from './oauth-state.ts';
import { hasScope, normalizeScope } from './scope.ts';
import { clientSubject, userSubject } from './subject.ts';
import type { TokenService } from './tokens.ts';

/** What a token request brings, and the session it runs in. */
export interface TokenRequest {
  readonly body: unknown;
  readonly authorization: string | undefined;
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly passwords: ReadonlyMap<string, string>;
  readonly oauth: OAuthState;
  readonly tokens: TokenService;
  readonly rolePermissions: ReadonlyMap<string, readonly string[]>;
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

export async function issueToken(r: TokenRequest): Promise<TokenResponse> {
  const fields = stringFields(r.body);
  const grantType = required(fields, 'grant_type');
  if (!isGrantType(grantType)) {
    throw unsupportedGrantType(
      `Unsupported grant type: ${grantType} (supported: ${Object.keys(GRANTS).join(', ')})`,
    );
  }
  const client = authenticateClient(r.authorization, fields, r.clients);
  if (!client.grant_types.includes(grantType)) throw unauthorizedClient(grantType);
  const requestedAudience = fields.audience;
  if (requestedAudience !== undefined && !client.audiences.includes(requestedAudience)) {
    throw accessDenied(`Service not found: ${requestedAudience}`);
  }
  const outcome = GRANTS[grantType]({
    fields,
    client,
    store: r.store,
    passwords: r.passwords,
    oauth: r.oauth,
    now: r.now,
    address: r.address,
  });
  const audience = outcome.audience ?? requestedAudience ?? r.tokens.settings.audience;
  if (!client.audiences.includes(audience)) throw accessDenied(`Service not found: ${audience}`);
  const fromCode = grantType === 'authorization_code';
  const scope = fromCode ? outcome.scope : (normalizeScope(fields.scope) ?? outcome.scope);
  const now = Math.floor(r.now / 1000);
  const signed = await r.tokens.sign(accessClaims(r, client, outcome, audience, scope), now);
  const { iat, exp } = signed.claims;
  const login = outcome.login ?? { nonce: undefined, authTime: now, sid: undefined };
  const { user } = outcome;
  const idToken =
    user !== undefined && hasScope(scope, 'openid')
      ? (await signIdToken(r.tokens, { user, clientId: client.client_id, scope, ...login }, now)).token
      : undefined;
  const startsFamily =
    user !== undefined && hasScope(scope, 'offline_access') && (fromCode || grantType === 'password');
  const refreshToken =
    outcome.nextRefreshToken ??
    (user === undefined || !startsFamily
      ? undefined
      : r.oauth.refreshTokens.issue(
          {
            userId: user.id,
            clientId: client.client_id,
            audience,
            scope,
            authTime: login.authTime,
            sid: login.sid,
          },
          client.client_secret === undefined,
        ));
  return {
    access_token: signed.token,
    token_type: 'Bearer',
    expires_in: typeof exp === 'number' && typeof iat === 'number' ? exp - iat : r.tokens.settings.ttlSeconds,
    ...((fields.scope === undefined && !fromCode) || scope === undefined ? {} : { scope }),
    ...(idToken === undefined ? {} : { id_token: idToken }),
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  };
}

/** The access token's claims (docs/tokens.md): subject, audience, client, grant, permissions, scope, user id. */
function accessClaims(
  r: TokenRequest,
  client: Client,
  outcome: GrantOutcome,
  audience: string,
  scope: string | undefined,
): Record<string, unknown> {
  const { user } = outcome;
  return {
    sub: user === undefined ? clientSubject(client.client_id) : userSubject(user.id),
    aud: audience,
    azp: client.client_id,
    gty: outcome.gty,
    permissions: [
      ...(user === undefined ? client.permissions : (r.rolePermissions.get(user.user_type) ?? [])),
    ],
    ...(scope === undefined ? {} : { scope }),
    ...(user === undefined ? {} : { [r.tokens.userIdClaim]: user.id }),
  };
}
