/**
 * The bearer check of every authenticated operation (docs/tokens.md): who is calling, and may they do this.
 * RFC 6750 challenges in `WWW-Authenticate`; the scheme name is case-insensitive (RFC 7235 §2.1).
 */
import { permissionsOf, type Principal } from '../access/principal.ts';
import { insufficientPermission, invalidToken, missingToken } from '../errors.ts';
import { bearerCredentials } from '../protocol/authorization.ts';
import { TokenError, type Claims } from './claims.ts';
import type { TokenService } from './tokens.ts';

/** Looks up live users by id (the session's store). */
export interface UserDirectory {
  slotOfId(id: string): number | undefined;
}

/** The access tokens a session revoked (`POST /oauth/revoke`, a revoked refresh-token family or code). */
export interface RevokedTokens {
  isRevoked(jti: unknown): boolean;
}

const USAGE = 'send Authorization: Bearer <access token> (get one from POST /oauth/token)';

/** Authenticates an `Authorization` header value at `now` (epoch seconds); throws the 401 of docs/tokens.md. */
export async function authenticate(
  header: string | undefined,
  tokens: TokenService,
  directory: UserDirectory,
  now: number,
  revoked?: RevokedTokens,
): Promise<Principal> {
  const token = requiredBearerToken(header);
  let claims: Claims;
  try {
    claims = await tokens.verify(token, now);
  } catch (error) {
    if (error instanceof TokenError) throw invalidToken(error.message);
    throw error;
  }
  if (revoked?.isRevoked(claims.jti) === true) {
    throw invalidToken('the access token is invalid: it was revoked');
  }
  const userId = claims[tokens.userIdClaim];
  let slot: number | undefined;
  if (typeof userId === 'string') {
    slot = directory.slotOfId(userId);
    if (slot === undefined)
      throw invalidToken(`the access token is invalid: its user ${userId} does not exist or was deleted`);
  } else if (claims.gty !== 'client-credentials') {
    throw invalidToken(
      `the access token is invalid: it names no user (claim ${tokens.userIdClaim} is missing)`,
    );
  }
  return { claims, permissions: permissionsOf(claims), slot };
}

/** Throws the 403 of docs/tokens.md unless `principal` holds every permission in `required`. */
export function requirePermissions(principal: Principal, required: readonly string[]): void {
  for (const permission of required) {
    if (!principal.permissions.has(permission))
      throw insufficientPermission(principal.permissions, permission);
  }
}

/** The token of a Bearer `Authorization` header, or the 401 `missing_token` that says what is wrong. */
function requiredBearerToken(header: string | undefined): string {
  const credentials = bearerCredentials(header);
  switch (credentials.kind) {
    case 'token':
      return credentials.token;
    case 'missing':
      throw missingToken(`the Authorization header is missing: ${USAGE}`);
    case 'empty':
      throw missingToken(`the Bearer token is empty: ${USAGE}`);
    case 'other-scheme':
      throw missingToken(
        `the Authorization scheme ${JSON.stringify(credentials.scheme.slice(0, 20))} is not accepted: ${USAGE}`,
      );
  }
}
