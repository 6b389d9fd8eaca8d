/** The caller of an authenticated request, as the bearer check found it (docs/tokens.md). */
import type { Claims } from '../platform/platform.ts';

export interface Principal {
  readonly claims: Claims;
  readonly permissions: ReadonlySet<string>;
  /** Store slot of the token's user; `undefined` for a client_credentials token (no user). */
  readonly slot: number | undefined;
}

const permissionSets = new WeakMap<Claims, ReadonlySet<string>>();

/** The `permissions` claim as a set (a token without the claim has none), computed once per verified claims. */
export function permissionsOf(claims: Claims): ReadonlySet<string> {
  let set = permissionSets.get(claims);
  if (set === undefined) {
    const list = claims.permissions;
    set = new Set(Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []);
    permissionSets.set(claims, set);
  }
  return set;
}
