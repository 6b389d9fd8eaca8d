/**
 * The bearer check of every authenticated operation (docs/tokens.md): who is calling, and may they do this.
 * RFC 6750 challenges in `WWW-Authenticate`; the scheme name is case-insensitive (RFC 7235 §2.1).
 */
import { ApiError } from '../http/errors.ts';
import { TokenError, type Claims, type TokenService } from './tokens.ts';

export const REALM = 'identity';

/** The caller of an authenticated request. */
export interface Principal {
  readonly claims: Claims;
  readonly permissions: ReadonlySet<string>;
  /** Store slot of the token's user; `undefined` for a client_credentials token (no user). */
  readonly slot: number | undefined;
}

/** Looks up live users by id (the current store). */
export interface UserDirectory {
  slotOfId(id: string): number | undefined;
}

const BEARER = /^bearer(?:[ \t]+(.*))?$/is;
const permissionSets = new WeakMap<Claims, ReadonlySet<string>>();

/** Authenticates an `Authorization` header value; throws the 401 ApiError of docs/tokens.md when it cannot. */
export function authenticate(
  header: string | undefined,
  tokens: TokenService,
  directory: UserDirectory,
): Principal {
  const token = bearerToken(header);
  let claims: Claims;
  try {
    claims = tokens.verify(token);
  } catch (error) {
    if (error instanceof TokenError) throw invalidToken(error.message);
    throw error;
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
export function authorize(principal: Principal, required: readonly string[]): void {
  for (const permission of required) {
    if (!principal.permissions.has(permission))
      throw insufficientPermission(principal, permission, 'insufficient_permissions');
  }
}

/** The 403 for a permission the token lacks, with the RFC 6750 `insufficient_scope` challenge. */
export function insufficientPermission(
  principal: Principal,
  permission: string,
  code: string,
  what = 'this operation',
): ApiError {
  const granted = [...principal.permissions].join(', ') || 'none';
  return new ApiError(
    403,
    code,
    `${what} needs the permission ${permission}, which the token does not grant (it grants: ${granted})`,
    {
      headers: {
        'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${permission}"`,
      },
    },
  );
}

function bearerToken(header: string | undefined): string {
  const usage = 'send Authorization: Bearer <access token> (get one from POST /oauth/token)';
  if (header === undefined || header.trim() === '')
    return missing(`the Authorization header is missing: ${usage}`);
  const match = BEARER.exec(header.trim());
  if (match === null) {
    const scheme = header.trim().split(/\s/)[0] ?? '';
    return missing(
      `the Authorization scheme ${JSON.stringify(scheme.slice(0, 20))} is not accepted: ${usage}`,
    );
  }
  const token = (match[1] ?? '').trim();
  if (token === '') return missing(`the Bearer token is empty: ${usage}`);
  return token;
}

function missing(message: string): never {
  throw new ApiError(401, 'missing_token', message, {
    headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` },
  });
}

function invalidToken(message: string): ApiError {
  const description = message.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?');
  return new ApiError(401, 'invalid_token', message, {
    headers: {
      'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${description}"`,
    },
  });
}

function permissionsOf(claims: Claims): ReadonlySet<string> {
  let set = permissionSets.get(claims);
  if (set === undefined) {
    const list = claims.permissions;
    set = new Set(Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []);
    permissionSets.set(claims, set);
  }
  return set;
}
