/** Scopes (RFC 6749 §3.3): space-separated, order-insensitive, each named once. */

/** The scopes the authorization server gives a meaning to, as discovery lists them. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** `scope` with runs of whitespace collapsed and repeats dropped; undefined when it names none. */
export function normalizeScope(scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const parts = [...new Set(scope.split(/\s+/).filter((part) => part !== ''))];
  return parts.length === 0 ? undefined : parts.join(' ');
}

/** Whether the space-separated `scope` holds `name`. */
export function hasScope(scope: string | undefined, name: string): boolean {
  return scope !== undefined && scope.split(' ').includes(name);
}
