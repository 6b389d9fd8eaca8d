/** Scopes (RFC 6749 §3.3): space-separated, order-insensitive, each named once, at most MAX_SCOPE_BYTES long. */
import { invalidScope } from '../errors.ts';

/** The scopes the authorization server gives a meaning to, as discovery lists them. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** Bytes of a `scope` parameter, at most: a longer one is 400 `invalid_scope` (codes and tokens keep the scope). */
export const MAX_SCOPE_BYTES = 1024;
const UTF8 = new TextEncoder();

/**
 * `scope` with runs of whitespace collapsed and repeats dropped; undefined when it names none. Throws 400
 * `invalid_scope` when it is longer than MAX_SCOPE_BYTES (in UTF-8).
 */
export function normalizeScope(scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  if (scope.length > MAX_SCOPE_BYTES / 3 && UTF8.encode(scope).length > MAX_SCOPE_BYTES) {
    throw invalidScope(
      `scope is ${UTF8.encode(scope).length} bytes long; at most ${MAX_SCOPE_BYTES} bytes are accepted`,
    );
  }
  const parts = [...new Set(scope.split(/\s+/).filter((part) => part !== ''))];
  return parts.length === 0 ? undefined : parts.join(' ');
}

/** Whether the space-separated `scope` holds `name`. */
export function hasScope(scope: string | undefined, name: string): boolean {
  return scope !== undefined && scope.split(' ').includes(name);
}
