/**
 * The session API's camelCase values ↔ the admin API's snake_case bodies (spec/admin.yaml). Claim names inside
 * `claims` and `set` are the token's own and pass through untouched; only the API's field names are renamed.
 */
import type {
  ClaimRule,
  ClaimRuleInput,
  ClockState,
  RecordedRequest,
  SessionFault,
  SessionFaultInput,
  SessionToken,
  TokenRequest,
} from './session-api.ts';

type Json = Record<string, unknown>;

/** `{a: undefined, b: 1}` → `{b: 1}`: absent fields stay absent on the wire. */
function defined(fields: Json): Json {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Rule ids are strings on the wire; a number is accepted as its decimal text. */
function identifier(value: unknown): string {
  return typeof value === 'number' ? String(value) : (text(value) ?? '');
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** The body of `POST /__admin/tokens`. */
export function tokenBody(request: TokenRequest): Json {
  const { expiresAt, idToken } = request;
  return defined({
    user: request.user,
    permissions: request.permissions,
    expires_in: request.expiresIn,
    expires_at: expiresAt instanceof Date ? expiresAt.toISOString() : expiresAt,
    audience: request.audience,
    claims: request.claims,
    id_token:
      idToken === undefined
        ? undefined
        : defined({ client_id: idToken.clientId, scope: idToken.scope, nonce: idToken.nonce }),
  });
}

export function sessionToken(body: unknown): SessionToken {
  const b = record(body);
  const idToken = text(b.id_token);
  return {
    accessToken: text(b.access_token) ?? '',
    tokenType: 'Bearer',
    expiresIn: number(b.expires_in) ?? 0,
    claims: record(b.claims),
    ...(idToken === undefined ? {} : { idToken }),
  };
}

export function recordedRequest(entry: unknown): RecordedRequest {
  const e = record(entry);
  const request = record(e.request);
  const session = text(e.session);
  return {
    id: number(e.id) ?? 0,
    time: text(e.time) ?? '',
    method: text(e.method) ?? '',
    path: text(e.path) ?? '',
    query: record(e.query),
    status: number(e.status) ?? 0,
    durationMs: number(e.duration_ms) ?? 0,
    ...(session === undefined ? {} : { session }),
    request: {
      headers: record(request.headers),
      ...('body' in request ? { body: request.body } : {}),
      ...(request.body_truncated === true ? { bodyTruncated: true } : {}),
    },
    response: { headers: record(record(e.response).headers) },
  };
}

export function faultBody(rule: SessionFaultInput): Json {
  return defined({
    method: rule.method,
    path: rule.path,
    header: rule.header,
    status: rule.status,
    delay_ms: rule.delayMs,
    probability: rule.probability,
    times: rule.times,
    oauth_error: rule.oauthError,
    error_description: rule.errorDescription,
    grant_type: rule.grantType,
    client_id: rule.clientId,
    user: rule.user,
  });
}

export function sessionFault(body: unknown): SessionFault {
  const b = record(body);
  const header = record(b.header);
  const name = text(header.name);
  const value = text(header.value);
  const optional = defined({
    method: text(b.method),
    header: name === undefined || value === undefined ? undefined : { name, value },
    status: number(b.status),
    delayMs: number(b.delay_ms),
    probability: number(b.probability),
    times: number(b.times),
    oauthError: text(b.oauth_error),
    errorDescription: text(b.error_description),
    grantType: text(b.grant_type),
    clientId: text(b.client_id),
    user: text(b.user),
  });
  return { id: identifier(b.id), path: text(b.path) ?? '', fired: number(b.fired) ?? 0, ...optional };
}

export function claimRuleBody(rule: ClaimRuleInput): Json {
  const match = rule.match ?? {};
  return defined({
    match: defined({
      user: match.user,
      client_id: match.clientId,
      grant_type: match.grantType,
      scope: match.scope,
    }),
    set: rule.set,
    remove: rule.remove,
    token: rule.token,
    times: rule.times,
  });
}

export function claimRule(body: unknown): ClaimRule {
  const b = record(body);
  const m = record(b.match);
  const token = text(b.token);
  const remove = Array.isArray(b.remove)
    ? b.remove.filter((c): c is string => typeof c === 'string')
    : undefined;
  return {
    id: identifier(b.id),
    match: defined({
      user: text(m.user),
      clientId: text(m.client_id),
      grantType: text(m.grant_type),
      scope: text(m.scope),
    }),
    ...defined({
      set: b.set === undefined ? undefined : record(b.set),
      remove,
      token: token === 'access' || token === 'id' || token === 'both' ? token : undefined,
      times: number(b.times),
    }),
  };
}

export function clockState(body: unknown): ClockState {
  const b = record(body);
  return { now: text(b.now) ?? '', frozen: b.frozen === true, offsetMs: number(b.offset_ms) ?? 0 };
}
