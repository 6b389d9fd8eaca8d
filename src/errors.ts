/**
 * The error catalogue (docs/responses.md, docs/tokens.md, docs/control-plane.md): every error the mock answers is a
 * `MockError` made by one of the named constructors below, with its status, a stable code from the typed lists, a
 * message that says what was wrong and what is accepted, and the headers it needs. How it is written out depends on
 * the operation it happened on (`x-error-shape` in the spec, `shape.ts`): the API shape `{"error", "code",
 * "details"?}`, the RFC 6749 shape `{"error", "error_description"}`, or the login's HTML error page.
 *
 * Domain code throws these; nothing here knows about a transport. The bodies of both shapes are built here only
 * (`apiErrorBody`, `oauthErrorBody`), and so are the answers a fault rule asks for, whose code may be any the rule
 * names (`injected*`, at the end).
 */
import { empty, json, type Answer } from './answer.ts';
import { NO_STORE } from './protocol/cache-headers.ts';
import type { ErrorDetail } from './spec/types.ts';

/** Codes of the API shape, by status (the table of docs/responses.md and docs/control-plane.md). */
export const API_ERROR_CODES = {
  400: [
    'invalid_request',
    'invalid_body',
    'invalid_range',
    'unsupported_api_version',
    'invalid_fixtures',
    'invalid_signing_key',
    'clock_out_of_range',
    'unknown_provider_state',
  ],
  401: ['missing_token', 'invalid_token', 'admin_token_required'],
  403: ['insufficient_permissions', 'metadata_permission_required', 'cross_site_refused', 'host_not_allowed'],
  404: [
    'not_found',
    'user_not_found',
    'workspace_not_found',
    'session_not_found',
    'fault_not_found',
    'contract_not_found',
    'claim_rule_not_found',
    'key_not_found',
  ],
  405: ['method_not_allowed'],
  409: ['last_key', 'conflict', 'collection_full'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  429: ['rate_limited'],
  500: ['internal_error', 'fault_injected'],
  503: ['too_many_sessions', 'too_many_streams', 'state_memory_full', 'session_memory_full'],
} as const;

/** Error codes of the authorization server (RFC 6749 §5.2, §4.1.2.1; RFC 6750; OIDC Core §3.1.2.6). */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'server_error',
  'temporarily_unavailable',
  'too_many_attempts',
  'too_many_requests',
  'login_required',
  'interaction_required',
  'consent_required',
  'invalid_token',
  'insufficient_scope',
] as const;

type ApiCodes = typeof API_ERROR_CODES;
/** A code of the API shape: one of the table's, or `<thing>_not_found` for a record of a document's collection. */
export type ApiErrorCode = ApiCodes[keyof ApiCodes][number] | `${string}_not_found`;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** Whether `code` is an error code of the authorization server (a fault rule may name any other). */
export function isOAuthErrorCode(code: string): code is OAuthErrorCode {
  return OAUTH_ERROR_CODES.some((c) => c === code);
}

interface ErrorOptions {
  readonly details?: readonly ErrorDetail[] | undefined;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An error answer. `family` says which list its code is from: an `oauth` error keeps its code in the RFC 6749
 * shape; an `api` error met on an OAuth operation is written as that shape's nearest code (`shape.ts`).
 */
export class MockError extends Error {
  override readonly name = 'MockError';
  readonly details: readonly ErrorDetail[] | undefined;
  /** Extra response headers: `WWW-Authenticate`, `Allow`, `Retry-After`, … */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | OAuthErrorCode,
    message: string,
    readonly family: 'api' | 'oauth',
    options: ErrorOptions = {},
  ) {
    super(message);
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

function api(status: number, code: ApiErrorCode, message: string, options?: ErrorOptions): MockError {
  return new MockError(status, code, message, 'api', options);
}

/** Quotes a client-supplied value for an error message: JSON-quoted, cut to 80 characters. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

// --- the identity API and the control plane (docs/responses.md) ---

export const invalidRequest = (message: string, details?: readonly ErrorDetail[]): MockError =>
  api(400, 'invalid_request', message, { details });
/** 400 for a body the mock refuses to read at all (nested deeper than the limit, docs/responses.md). */
export const invalidBody = (message: string, details?: readonly ErrorDetail[]): MockError =>
  api(400, 'invalid_body', message, { details });
export const invalidRange = (message: string, details?: readonly ErrorDetail[]): MockError =>
  api(400, 'invalid_range', message, { details });
export const invalidFixtures = (message: string): MockError => api(400, 'invalid_fixtures', message);
/** 400 for a clock change that would take a session's time out of its bounds (the field and bounds named). */
export const clockOutOfRange = (message: string, details: readonly ErrorDetail[]): MockError =>
  api(400, 'clock_out_of_range', message, { details });
/** 400 for a `pem` that is not a key the server can sign with (what is accepted named). */
export const invalidSigningKey = (message: string, details: readonly ErrorDetail[]): MockError =>
  api(400, 'invalid_signing_key', message, { details });
export const unknownProviderState = (message: string): MockError =>
  api(400, 'unknown_provider_state', message);
export const unsupportedApiVersion = (message: string, details: readonly ErrorDetail[]): MockError =>
  api(400, 'unsupported_api_version', message, { details });

export const REALM = 'identity';

export const missingToken = (message: string): MockError =>
  api(401, 'missing_token', message, { headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` } });

/** RFC 6750 §3's challenge for the OAuth error `code`; the description made header-safe (ASCII, no quotes). */
function bearerChallenge(code: string, description: string): Readonly<Record<string, string>> {
  const safe = description.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?');
  return { 'WWW-Authenticate': `Bearer realm="${REALM}", error="${code}", error_description="${safe}"` };
}

/** 401 `invalid_token` with the RFC 6750 challenge; its description is the message, made header-safe. */
export function invalidToken(message: string): MockError {
  return api(401, 'invalid_token', message, { headers: bearerChallenge('invalid_token', message) });
}

export const adminTokenRequired = (): MockError =>
  api(401, 'admin_token_required', 'the admin API needs Authorization: Bearer <the --admin-token>', {
    headers: { 'WWW-Authenticate': 'Bearer realm="identity-mock admin"' },
  });

/** 403 for a permission the token lacks, with the RFC 6750 `insufficient_scope` challenge. */
export function insufficientPermission(
  granted: Iterable<string>,
  permission: string,
  code: 'insufficient_permissions' | 'metadata_permission_required' = 'insufficient_permissions',
  what = 'this operation',
): MockError {
  const list = [...granted].join(', ') || 'none';
  return api(
    403,
    code,
    `${what} needs the permission ${permission}, which the token does not grant (it grants: ${list})`,
    {
      headers: {
        'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${permission}"`,
      },
    },
  );
}

/** 403 without a challenge: the caller is known but may not see this (row-level access, docs/access.md). */
export const forbidden = (message: string): MockError => api(403, 'insufficient_permissions', message);

export const notFound = (code: Extract<ApiErrorCode, `${string}not_found`>, message: string): MockError =>
  api(404, code, message);

/** 409: the request conflicts with what the mock must keep (its last signing key). */
export const conflict = (code: ApiCodes[409][number], message: string): MockError => api(409, code, message);

export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]): MockError =>
  api(
    405,
    'method_not_allowed',
    `${method} is not allowed on ${quote(path)}; allowed: ${allowed.join(', ')}`,
    {
      headers: { Allow: allowed.join(', ') },
    },
  );

/** The body limit of every operation that takes one (docs/responses.md). */
export const BODY_LIMIT_BYTES = 100 * 1024;

export const payloadTooLarge = (): MockError =>
  api(413, 'payload_too_large', `the request body is over the limit of 100 KiB (${BODY_LIMIT_BYTES} bytes)`);
export const unsupportedMediaType = (message: string): MockError =>
  api(415, 'unsupported_media_type', message);

export const rateLimited = (message: string, retryAfter: number): MockError =>
  api(429, 'rate_limited', message, { headers: { 'Retry-After': String(retryAfter) } });

export const internalError = (message = 'Internal server error'): MockError =>
  api(500, 'internal_error', message);

// --- the server's own limits (docs/sessions.md, docs/control-plane.md, docs/running.md) ---

/** 403: a state-changing control-plane call that a browser sent from another site (docs/control-plane.md). */
export const crossSiteRefused = (message: string): MockError => api(403, 'cross_site_refused', message);

/** 403: a control-plane call to a Host the server does not answer to (DNS rebinding, docs/control-plane.md). */
export const hostNotAllowed = (message: string): MockError => api(403, 'host_not_allowed', message);

/** 503 with `Retry-After`: every named session is in use, none idle long enough to make room (docs/sessions.md). */
export const tooManySessions = (message: string, retryAfter: number): MockError =>
  api(503, 'too_many_sessions', message, { headers: { 'Retry-After': String(retryAfter) } });

/** 503: the journal streams the server keeps open at once are all taken (docs/control-plane.md). */
export const tooManyStreams = (message: string): MockError =>
  api(503, 'too_many_streams', message, { headers: { 'Retry-After': '5' } });

/** 503: what one named session holds would pass `--max-session-memory` (docs/sessions.md). */
export const sessionMemoryFull = (message: string): MockError =>
  api(503, 'session_memory_full', message, { headers: { 'Retry-After': '30' } });

/** 503: the state the sessions hold would pass `--max-state-memory` (docs/sessions.md). */
export const stateMemoryFull = (message: string): MockError =>
  api(503, 'state_memory_full', message, { headers: { 'Retry-After': '30' } });

// --- the authorization server (docs/tokens.md, docs/login.md) ---

function oauth(
  status: number,
  code: OAuthErrorCode,
  description: string,
  headers?: Readonly<Record<string, string>>,
): MockError {
  return new MockError(status, code, description, 'oauth', headers === undefined ? {} : { headers });
}

/** The statuses the token endpoint gives each error code (Auth0's; docs/tokens.md). */
export const OAUTH_STATUS: Readonly<Record<OAuthErrorCode, number>> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 403,
  unauthorized_client: 403,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  unsupported_response_type: 400,
  server_error: 500,
  temporarily_unavailable: 503,
  too_many_attempts: 429,
  too_many_requests: 429,
  login_required: 400,
  interaction_required: 400,
  consent_required: 400,
  invalid_token: 401,
  insufficient_scope: 403,
};

/** Any error of the authorization server, at the status the token endpoint gives it. */
export const oauthError = (
  code: OAuthErrorCode,
  description: string,
  headers?: Readonly<Record<string, string>>,
): MockError => oauth(OAUTH_STATUS[code], code, description, headers);

export const oauthInvalidRequest = (description: string, status = 400): MockError =>
  oauth(status, 'invalid_request', description);
export const invalidClient = (description: string, basic: boolean): MockError =>
  // RFC 6749 §5.2: a client that authenticated with HTTP Basic gets a 401 with a Basic challenge.
  oauth(401, 'invalid_client', description, basic ? { 'WWW-Authenticate': 'Basic realm="identity"' } : {});
/** 403 `invalid_grant` (Auth0's status); 400 where RFC 6749 §5.2's own status is meant (another client's token). */
export const invalidGrant = (description: string, status = 403): MockError =>
  oauth(status, 'invalid_grant', description);
export const unauthorizedClient = (grantType: string): MockError =>
  oauth(403, 'unauthorized_client', `Grant type '${grantType}' not allowed for the client.`);
export const unsupportedGrantType = (description: string): MockError =>
  oauth(400, 'unsupported_grant_type', description);
export const accessDenied = (description: string): MockError => oauth(403, 'access_denied', description);
/** 400 `invalid_scope` (RFC 6749 §5.2): a scope the server refuses (longer than 1 KiB, docs/tokens.md). */
export const invalidScope = (description: string): MockError => oauth(400, 'invalid_scope', description);
export const tooManyAttempts = (description: string): MockError =>
  oauth(429, 'too_many_attempts', description);
export const tooManyRequests = (description: string, retryAfter: number): MockError =>
  oauth(429, 'too_many_requests', description, { 'Retry-After': String(retryAfter) });

// --- the bodies of the two JSON shapes (docs/responses.md; RFC 6749 §5.2) ---

/** The API shape: `{"error": <message>, "code", "details"?}`. */
export function apiErrorBody(
  message: string,
  code: string,
  details?: readonly ErrorDetail[],
): Readonly<Record<string, unknown>> {
  return { error: message, code, ...(details === undefined ? {} : { details }) };
}

/** RFC 6749 §5.2's shape: `{"error": <code>, "error_description"}`. */
export function oauthErrorBody(code: string, description: string): Readonly<Record<string, string>> {
  return { error: code, error_description: description };
}

// --- the answers fault rules ask for (docs/control-plane.md, docs/tokens.md): any code the rule names ---

/** The token endpoint's (Auth0's) status for `code`: 400 for a code it never answers itself. */
export const tokenEndpointStatus = (code: string): number =>
  isOAuthErrorCode(code) ? OAUTH_STATUS[code] : 400;

/** An `oauth_error` rule on the token endpoint, introspection or revocation: RFC 6749's body, never stored. */
export function injectedOAuthError(code: string, description: string, status: number | undefined): Answer {
  const at = status ?? tokenEndpointStatus(code);
  return json(at, oauthErrorBody(code, description), description, NO_STORE);
}

/**
 * An `oauth_error` rule on `/userinfo` or the identity API: 401 (or the rule's status) with the error in the
 * `Bearer` challenge, which is what OAuth clients read (RFC 6750 §3); the body keeps the API's shape and the code of
 * a refused token.
 */
export function injectedBearerError(code: string, description: string, status: number | undefined): Answer {
  return json(
    status ?? 401,
    apiErrorBody(description, 'invalid_token'),
    description,
    bearerChallenge(code, description),
  );
}

/**
 * A fault rule's status that the spec does not document for the route: `fault_injected` in the API shape, or
 * `server_error` in RFC 6749's on the authorization server; no body at a status that carries none (1xx, 204, 304).
 */
export function injectedFault(status: number, oauthShape: boolean): Answer {
  const message = `fault injected: ${status}`;
  if (status === 204 || status === 304 || status < 200) return empty(status, message);
  return json(
    status,
    oauthShape ? oauthErrorBody('server_error', message) : apiErrorBody(message, 'fault_injected'),
    message,
  );
}
