/**
 * Token introspection (RFC 7662) and revocation (RFC 7009) at `POST /oauth/introspect` and `POST /oauth/revoke`
 * (docs/tokens.md). The client authenticates as at the token endpoint. Introspection answers `{"active": false}` for
 * anything not live in the session (unknown, expired by the session's clock, revoked, or naming a deleted user), and
 * a public client learns only about its own tokens. Revocation answers 200 for any well-formed request: a refresh
 * token revokes its whole family and the access tokens issued from it; an access token is refused in the session
 * from then on; another client's token is left alone.
 */
import type { Client } from '../data/dataset.ts';
import type { UserStore } from '../users/store.ts';
import { checkTime, TokenError, type Claims } from './claims.ts';
import { authenticateClient } from './client-auth.ts';
import { required, stringFields } from './fields.ts';
import type { OAuthState } from './oauth-state.ts';
import { userSubject } from './subject.ts';
import type { TokenService } from './tokens.ts';

/** What an introspection or revocation request brings, and the session it runs in. */
export interface TokenInspection {
  readonly body: unknown;
  readonly authorization: string | undefined;
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly oauth: OAuthState;
  readonly tokens: TokenService;
  /** `iss` of the session's refresh tokens as introspection shows them. */
  readonly issuer: string;
  /** Now, epoch milliseconds (the session's clock). */
  readonly now: number;
}

/** RFC 7662 §2.2's answer: `active`, and what a live token is. */
export type Introspection = { readonly active: false } | LiveToken;
type LiveToken = { readonly active: true } & Readonly<Record<string, unknown>>;

const INACTIVE: Introspection = Object.freeze({ active: false });

export async function introspect(r: TokenInspection): Promise<Introspection> {
  const fields = stringFields(r.body);
  const client = authenticateClient(r.authorization, fields, r.clients, 'inspection');
  const token = required(fields, 'token');
  const now = Math.floor(r.now / 1000);
  const refreshFirst = fields.token_type_hint === 'refresh_token';
  const live = refreshFirst
    ? (refreshInfo(r, token, now) ?? (await accessInfo(r, token, now)))
    : ((await accessInfo(r, token, now)) ?? refreshInfo(r, token, now));
  if (live === undefined) return INACTIVE;
  // A public client has no secret to prove who asks: it learns only about the tokens issued to it.
  if (client.client_secret === undefined && live.client_id !== client.client_id) return INACTIVE;
  return live;
}

/** Revokes `token` when it is the client's own; any well-formed request is answered the same. */
export async function revoke(r: TokenInspection): Promise<void> {
  const fields = stringFields(r.body);
  const client = authenticateClient(r.authorization, fields, r.clients, 'inspection');
  const token = required(fields, 'token');
  const now = Math.floor(r.now / 1000);
  if (r.oauth.refreshTokens.revoke(token, client.client_id, now)) return;
  const claims = await signedAccessClaims(r, token);
  if (claims === undefined || clientOf(claims) !== client.client_id) return;
  const { jti, exp } = claims;
  if (typeof jti === 'string' && typeof exp === 'number') r.oauth.revocations.revoke({ jti, exp }, now);
}

/** RFC 7662 fields of a live access token of this server, or undefined. */
async function accessInfo(r: TokenInspection, token: string, now: number): Promise<LiveToken | undefined> {
  const claims = await signedAccessClaims(r, token);
  if (claims === undefined || r.oauth.revocations.isRevoked(claims.jti)) return undefined;
  try {
    checkTime(claims, now);
  } catch (error) {
    if (error instanceof TokenError) return undefined;
    throw error;
  }
  const userId = claims[r.tokens.userIdClaim];
  const user = typeof userId === 'string' ? r.store.userById(userId) : undefined;
  if (typeof userId === 'string' && user === undefined) return undefined;
  return {
    active: true,
    ...fieldsOf(claims, ['scope', 'sub', 'iss', 'jti'], 'string'),
    ...fieldsOf(claims, ['exp', 'iat', 'nbf'], 'number'),
    ...(typeof claims.aud === 'string' || Array.isArray(claims.aud) ? { aud: claims.aud } : {}),
    ...(clientOf(claims) === undefined ? {} : { client_id: clientOf(claims) }),
    ...(user === undefined ? {} : { username: user.email }),
    token_type: 'Bearer',
  };
}

/** RFC 7662 fields of a live refresh token of the session, or undefined. */
function refreshInfo(r: TokenInspection, token: string, now: number): LiveToken | undefined {
  const info = r.oauth.refreshTokens.inspect(token, now);
  const user = info === undefined ? undefined : r.store.userById(info.grant.userId);
  if (info === undefined || user === undefined) return undefined;
  return {
    active: true,
    ...(info.grant.scope === undefined ? {} : { scope: info.grant.scope }),
    client_id: info.grant.clientId,
    username: user.email,
    token_type: 'refresh_token',
    exp: info.expiresAt,
    iat: info.issuedAt,
    sub: userSubject(user.id),
    aud: info.grant.audience,
    iss: r.issuer,
    jti: info.jti,
  };
}

/**
 * The claims of an access token signed by this server (a published key, an accepted issuer), expiry not checked;
 * undefined for anything else. An ID token is not an access token: its audience is a client, not an API.
 */
async function signedAccessClaims(r: TokenInspection, token: string): Promise<Claims | undefined> {
  let claims: Claims;
  try {
    claims = await r.tokens.verifySignature(token);
  } catch (error) {
    if (error instanceof TokenError) return undefined;
    throw error;
  }
  const apis = new Set([r.tokens.settings.audience, ...r.clients.flatMap((client) => client.audiences)]);
  const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  return audiences.some((aud) => typeof aud === 'string' && apis.has(aud)) ? claims : undefined;
}

/** The client an access token was issued to: RFC 9068's `client_id`, else `azp`. */
function clientOf(claims: Claims): string | undefined {
  const id = claims.client_id ?? claims.azp;
  return typeof id === 'string' ? id : undefined;
}

function fieldsOf(
  claims: Claims,
  names: readonly string[],
  type: 'string' | 'number',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (typeof claims[name] === type) out[name] = claims[name];
  return out;
}
