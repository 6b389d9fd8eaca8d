/**
 * Secrets out of everything the mock keeps or prints (docs/control-plane.md): the journal, the logs, drift findings.
 * Credentials in headers keep their scheme and lose their value; secret query parameters (an access token in the
 * query, a code in a login's redirect) and secret body fields at any depth become `[REDACTED]`.
 */

export const REDACTED = '[REDACTED]';

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-admin-token',
]);
const SECRET_FIELDS = new Set([
  'password',
  'client_secret',
  'refresh_token',
  'access_token',
  'id_token',
  'id_token_hint',
  'adminToken',
  // Authorization codes and PKCE verifiers: either one, replayed from the journal, would complete a login.
  'code',
  'code_verifier',
]);

const SECRET_IN_URL =
  /[?&#](?:password|client_secret|refresh_token|access_token|id_token(?:_hint)?|adminToken|code|code_verifier)=/;

/** Whether a body field or query parameter of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name);
}

/** `url` with its secret query and fragment parameters redacted (RFC 6750 §2.3 allows `?access_token=…`). */
export function redactUrl(url: string): string {
  return SECRET_IN_URL.test(url) ? redactQueryString(url) : url;
}

/** `?access_token=abc&page=2` → `?access_token=[REDACTED]&page=2`; a fragment (`#code=…`) is redacted the same way. */
function redactQueryString(url: string): string {
  const hash = url.indexOf('#');
  const [path = '', search] = (hash === -1 ? url : url.slice(0, hash)).split('?', 2);
  const fragment = hash === -1 ? undefined : url.slice(hash + 1);
  return (
    path +
    (search === undefined ? '' : `?${redactParams(search)}`) +
    (fragment === undefined ? '' : `#${redactParams(fragment)}`)
  );
}

function redactParams(text: string): string {
  const params = new URLSearchParams(text);
  for (const name of [...params.keys()]) if (SECRET_FIELDS.has(name)) params.set(name, REDACTED);
  return params.toString();
}

/** Headers with credentials replaced: `Authorization: Bearer [REDACTED]` keeps the scheme, drops the secret. */
export function redactHeaders(headers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'location' && typeof value === 'string') {
      // A login's redirect carries the authorization code (RFC 6749 §4.1.2) in its query or fragment.
      out[lower] = SECRET_IN_URL.test(value) ? redactQueryString(value) : value;
    } else if (!SECRET_HEADERS.has(lower)) out[lower] = value;
    else if ((lower === 'authorization' || lower === 'proxy-authorization') && typeof value === 'string') {
      out[lower] = `${value.trim().split(/\s+/)[0] ?? ''} ${REDACTED}`;
    } else out[lower] = REDACTED;
  }
  return out;
}

/** A body with secret fields replaced, at any depth. */
export function redactBody(body: unknown, depth = 0): unknown {
  if (depth > 8 || typeof body !== 'object' || body === null) return body;
  if (Array.isArray(body)) return body.map((item) => redactBody(item, depth + 1));
  return redactFields(body, depth);
}

/** An object's fields with the secret ones replaced (query parameters, body objects). */
function redactFields(record: object, depth: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      SECRET_FIELDS.has(key) ? REDACTED : redactBody(value, depth + 1),
    ]),
  );
}

/** A JSON Web Token anywhere in a text (three base64url parts, the first a JSON header). */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
/** A bearer credential in a text, e.g. a header value quoted in a message. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/**
 * Free text (a message, a header value, a quoted value) with any JWT, `Bearer`/`Basic` credential and secret URL
 * parameter replaced: for texts whose structure is unknown.
 *
 * @example redactText('got Bearer eyJhbGciOi.x.y') // 'got Bearer [REDACTED]'
 */
export function redactText(text: string): string {
  return redactUrl(text.replace(BEARER, `$1 ${REDACTED}`).replace(JWT, REDACTED));
}
