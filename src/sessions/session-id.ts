/**
 * The `X-Mock-Session` request header (docs/sessions.md): 1–64 characters of `[A-Za-z0-9._-]`, checked character by
 * character (no pattern built from input).
 */
export const SESSION_HEADER = 'X-Mock-Session';
export const SESSION_ID_MAX = 64;

/** Why `id` is not a session id, or undefined when it is one. */
export function sessionIdProblem(id: string): string | undefined {
  if (id.length === 0 || id.length > SESSION_ID_MAX) {
    return `must be 1 to ${SESSION_ID_MAX} characters (got ${id.length})`;
  }
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 57) || // 0-9
      (c >= 65 && c <= 90) || // A-Z
      (c >= 97 && c <= 122) || // a-z
      c === 46 || // .
      c === 95 || // _
      c === 45; // -
    if (!ok)
      return `may hold only letters, digits, '.', '_' and '-' (got ${JSON.stringify(id.slice(0, 80))})`;
  }
  return undefined;
}
