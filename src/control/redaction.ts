/**
 * Secrets out of everything the mock keeps or prints (docs/control-plane.md): the journal, the logs, drift findings.
 * Credentials in headers keep their scheme and lose their value; any other header whose name says it holds a token,
 * a secret, a password or a key is replaced whole; secret query and fragment parameters (an access token in the
 * query, a code in a login's redirect), whatever their spelling in the URL, and secret body fields at any depth
 * become `[REDACTED]`. The work is bounded: a body is walked at most MAX_REDACT_DEPTH deep and MAX_REDACT_NODES
 * values wide (bodies the pipeline accepts are nested at most 64 deep, so nothing real is cut).
 */

export const REDACTED = '[REDACTED]';
/** What stands in for a part of a value past the bounds of the walk. */
export const OMITTED = '[OMITTED]';
/** Arrays and objects walked into, at most (deeper values are replaced by OMITTED, never recursed into). */
export const MAX_REDACT_DEPTH = 100;
/** Values visited in one body, at most (the rest are replaced by OMITTED). */
export const MAX_REDACT_NODES = 100_000;

/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Words that make a header name a secret one (`X-Admin-Token`, `X-Client-Secret`, `X-Api-Key`). */
const SECRET_HEADER_WORDS = ['token', 'secret', 'password', 'passwd', 'api-key', 'apikey', 'credential'];

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

/** Whether a body field or query parameter of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name);
}

/** Whether a header of this (lower-case) name carries a secret. */
export function isSecretHeader(lowerName: string): boolean {
  return SECRET_HEADERS.has(lowerName) || SECRET_HEADER_WORDS.some((word) => lowerName.includes(word));
}

/**
 * `url` with its secret query and fragment parameters redacted (RFC 6750 §2.3 allows `?access_token=…`). Names are
 * compared decoded, so `?access%5Ftoken=…` is redacted too; a URL without a secret is returned as it was.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  if (query < 0 && hash < 0) return url;
  const end = hash < 0 ? url.length : hash;
  const search = query < 0 || query > end ? undefined : url.slice(query + 1, end);
  const fragment = hash < 0 ? undefined : url.slice(hash + 1);
  const cleanSearch = search === undefined ? undefined : redactParams(search);
  const cleanFragment = fragment === undefined ? undefined : redactParams(fragment);
  if (cleanSearch === search && cleanFragment === fragment) return url;
  const path = url.slice(0, query < 0 || query > end ? end : query);
  return (
    path +
    (cleanSearch === undefined ? '' : `?${cleanSearch}`) +
    (cleanFragment === undefined ? '' : `#${cleanFragment}`)
  );
}

/** `a=1&code=x` → `a=1&code=%5BREDACTED%5D`; the text itself when it holds no secret parameter. */
function redactParams(text: string): string {
  const params = new URLSearchParams(text);
  let found = false;
  for (const name of params.keys()) {
    if (SECRET_FIELDS.has(name)) {
      found = true;
      break;
    }
  }
  if (!found) return text;
  for (const name of [...new Set(params.keys())]) if (SECRET_FIELDS.has(name)) params.set(name, REDACTED);
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
      out[lower] = redactUrl(value);
    } else if (!isSecretHeader(lower)) out[lower] = value;
    else if ((lower === 'authorization' || lower === 'proxy-authorization') && typeof value === 'string') {
      out[lower] = `${value.trim().split(/\s+/, 1)[0] ?? ''} ${REDACTED}`;
    } else out[lower] = REDACTED;
  }
  return out;
}

/**
 * A body with secret fields replaced, at any depth up to MAX_REDACT_DEPTH (deeper values become OMITTED), visiting
 * at most MAX_REDACT_NODES values. Returns a new value; `body` is not changed.
 */
export function redactBody(body: unknown): unknown {
  const budget = { nodes: MAX_REDACT_NODES };
  return redactValue(body, 0, budget);
}

function redactValue(value: unknown, depth: number, budget: { nodes: number }): unknown {
  if (budget.nodes <= 0) return OMITTED;
  budget.nodes--;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_REDACT_DEPTH) return OMITTED;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value as unknown[]) {
      if (budget.nodes <= 0) {
        out.push(OMITTED);
        break;
      }
      out.push(redactValue(item, depth + 1, budget));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (budget.nodes <= 0) {
      out[key] = OMITTED;
      break;
    }
    out[key] = SECRET_FIELDS.has(key) ? REDACTED : redactValue(field, depth + 1, budget);
  }
  return out;
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
