/**
 * The `permissions` claim of the bearer token a request carries, read without verifying the token: the guard only
 * needs to know what the service was asked with (docs/users.md: without `read:user_metadata`, records carry no
 * `created_by`/`updated_by`). Decoding a token costs more than every other check of a page, so the guard keeps
 * the last few it read.
 */

/** Tokens whose permissions are kept; beyond, the memo starts afresh (it never grows with what it is sent). */
const MEMO_SIZE = 64;
/** A JWT payload longer than this is not read. */
const PAYLOAD_LIMIT = 16_384;
const DECODER = new TextDecoder();
const BEARER_JWT = /^Bearer[ \t]+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/i;

/**
 * The `permissions` claim of a bearer JWT; undefined when the header holds no JWT with such a claim.
 *
 * @example tokenPermissions(`Bearer ${jwt}`) // ['read:users']
 */
export function tokenPermissions(authorization: string | undefined): string[] | undefined {
  if (authorization === undefined || authorization.length > 2 * PAYLOAD_LIMIT) return undefined;
  const payload = BEARER_JWT.exec(authorization)?.[2];
  if (payload === undefined || payload.length > PAYLOAD_LIMIT) return undefined;
  try {
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const claims: unknown = JSON.parse(DECODER.decode(bytes));
    if (typeof claims !== 'object' || claims === null || !('permissions' in claims)) return undefined;
    const { permissions } = claims;
    return Array.isArray(permissions)
      ? permissions.filter((p): p is string => typeof p === 'string')
      : undefined;
  } catch {
    return undefined;
  }
}

/** tokenPermissions with a memo of the last MEMO_SIZE tokens (a suite sends the same few tokens again and again). */
export class PermissionMemo {
  readonly #known = new Map<string, readonly string[] | undefined>();

  of(authorization: string | undefined): readonly string[] | undefined {
    if (authorization === undefined) return undefined;
    if (this.#known.has(authorization)) return this.#known.get(authorization);
    const permissions = tokenPermissions(authorization);
    if (this.#known.size >= MEMO_SIZE) this.#known.clear();
    this.#known.set(authorization, permissions);
    return permissions;
  }
}
