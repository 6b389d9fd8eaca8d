/**
 * `POST {auth_url}/oauth/token` (docs/tokens.md, docs/login.md) as named steps: read the fields, authenticate the
 * client, check the grant type and audience, run the grant, then issue the access token, an ID token when the scope
 * holds `openid`, and a refresh token when it holds `offline_access`. The session's claim rules shape the tokens
 * before they are signed. Every error is RFC 6749 §5.2 with Auth0's statuses (the operation's
 * `x-error-shape: oauth`).
 */
import { idTokenSets, shapeClaims, type ClaimRules, type GrantFacts } from '../control/claim-rules.ts';
import type { Client, GrantType } from '../data/dataset.ts';
import { accessDenied, invalidScope, unauthorizedClient, unsupportedGrantType } from '../errors.ts';
import type { User } from '../spec/types.ts';
import type { UserStore } from '../users/store.ts';
import type { Claims } from './claims.ts';
import { authenticateClient } from './client-auth.ts';
import { required, stringFields } from './fields.ts';
import type { GrantOutcome } from './grants/grant.ts';
import { GRANTS, isGrantType } from './grants/index.ts';
import { signIdToken } from './id-token.ts';
import type { OAuthState } from './oauth-state.ts';
import type { RefreshFamily } from './refresh-tokens.ts';
import type { IssuedAccess } from './revocations.ts';
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
  const scope = grantedScope(grantType, fields.scope, outcome.scope);
  const now = Math.floor(r.now / 1000);
  const { user } = outcome;
  const matched = r.claims.match(grantFacts(r.store, grantType, client, user, scope));
  const signed = await r.tokens.sign(accessClaims(r, client, outcome, audience, scope), now, {
    issuer: r.issuer,
    shape: (payload) => shapeClaims(payload, matched, 'access'),
  });
  const { iat, exp } = signed.claims;
  const login = outcome.login ?? { nonce: undefined, authTime: now, sid: undefined };
  const idToken =
    user !== undefined && hasScope(scope, 'openid')
      ? (
          await signIdToken(r.tokens, { user, clientId: client.client_id, scope, ...login }, now, {
            issuer: r.issuer,
            shape: (payload) => shapeClaims(payload, matched, 'id'),
          })
        ).token
      : undefined;
  if (idToken !== undefined) r.oauth.userinfo.remember(signed.claims.jti, idTokenSets(matched));
  const startsFamily =
    user !== undefined && hasScope(scope, 'offline_access') && (fromCode || grantType === 'password');
  let refreshToken = outcome.nextRefreshToken;
  let family: RefreshFamily | undefined = outcome.family;
  if (refreshToken === undefined && user !== undefined && startsFamily) {
    const started = r.oauth.refreshTokens.issue(
      {
        userId: user.id,
        clientId: client.client_id,
        audience,
        scope,
        authTime: login.authTime,
        sid: login.sid,
      },
      client.client_secret === undefined,
      now,
    );
    refreshToken = started.token;
    family = started.family;
  }
  const access = issuedAccess(signed.claims);
  if (access !== undefined) {
    family?.record(access);
    outcome.recordIssued?.({ access, family });
  }
  return {
    access_token: signed.token,
    token_type: 'Bearer',
    expires_in: typeof exp === 'number' && typeof iat === 'number' ? exp - iat : r.tokens.settings.ttlSeconds,
    ...((fields.scope === undefined && !fromCode) || scope === undefined ? {} : { scope }),
    ...(idToken === undefined ? {} : { id_token: idToken }),
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  };
}

/**
 * The scope of the tokens: a code's own; a refresh's original grant, or the part of it the request names (RFC 6749
 * §6: a refresh may narrow the scope, never widen it: 400 `invalid_scope`); otherwise what the request asks for.
 */
function grantedScope(
  grantType: GrantType,
  requested: string | undefined,
  granted: string | undefined,
): string | undefined {
  if (grantType === 'authorization_code') return granted;
  const asked = normalizeScope(requested);
  if (grantType !== 'refresh_token' || asked === undefined) return asked ?? granted;
  const extra = asked.split(' ').filter((value) => !hasScope(granted, value));
  if (extra.length > 0) {
    throw invalidScope(
      `The refresh token was not granted ${extra.join(' ')}: a refresh may narrow the scope, not widen it (granted: ${granted ?? 'none'})`,
    );
  }
  return asked;
}

/** What claim rules match a grant on. */
function grantFacts(
  store: UserStore,
  grantType: GrantType,
  client: Client,
  user: User | undefined,
  scope: string | undefined,
): GrantFacts {
  return {
    grantType,
    clientId: client.client_id,
    isUser: (reference) => user !== undefined && store.find(reference)?.user.id === user.id,
    scope,
  };
}

/** The `jti` and `exp` of an issued access token, when it carries both (a claim rule may remove them). */
function issuedAccess(claims: Claims): IssuedAccess | undefined {
  const { jti, exp } = claims;
  return typeof jti === 'string' && typeof exp === 'number' ? { jti, exp } : undefined;
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
