/**
 * POST {auth_url}/oauth/token (docs/tokens.md, docs/login.md): authenticates the client (body or HTTP Basic, RFC 6749
 * §2.3.1; a public client by its id alone), runs the grant, and issues an RS256 access token, and an ID token when
 * the grant's scope holds `openid`.
 */
import type { Client } from '../data/dataset.ts';
import type { OperationHandler } from '../http/dispatch.ts';
import { OAuthError } from '../http/errors.ts';
import type { AuthState } from './auth-state.ts';
import type { AuthorizationCodes } from './authorization-codes.ts';
import { GRANTS, required } from './grants.ts';
import { hasScope, signIdToken } from './id-token.ts';
import type { RefreshRotation } from './refresh-rotation.ts';
import type { TokenService } from './tokens.ts';
import type { UserStore } from '../users/store.ts';

export interface TokenRouteState {
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly passwords: ReadonlyMap<string, string>;
  readonly auth: AuthState;
  /** Codes and rotating refresh tokens of the browser login (docs/login.md). */
  readonly login: { readonly codes: AuthorizationCodes; readonly rotation: RefreshRotation };
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

export function tokenHandler(
  current: () => TokenRouteState,
  tokens: TokenService,
  rolePermissions: ReadonlyMap<string, readonly string[]>,
): OperationHandler {
  return ({ req, res }) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type !== JSON_TYPE && type !== FORM) {
      throw new OAuthError(
        400,
        'invalid_request',
        `the body must be ${JSON_TYPE} or ${FORM} (got ${type === '' ? 'no Content-Type' : type})`,
      );
    }
    const fields = stringFields(req.body);
    const state = current();
    const grantType = required(fields, 'grant_type');
    if (!Object.hasOwn(GRANTS, grantType)) {
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        `Unsupported grant type: ${grantType} (supported: ${Object.keys(GRANTS).join(', ')})`,
      );
    }
    const client = authenticateClient(req.headers.authorization, fields, state.clients);
    const grant = GRANTS[grantType as keyof typeof GRANTS];
    if (!client.grant_types.some((g) => g === grantType)) {
      throw new OAuthError(
        403,
        'unauthorized_client',
        `Grant type '${grantType}' not allowed for the client.`,
      );
    }
    const requestedAudience = fields.audience;
    if (requestedAudience !== undefined && !client.audiences.includes(requestedAudience)) {
      throw new OAuthError(403, 'access_denied', `Service not found: ${requestedAudience}`);
    }
    const now = tokens.nowSeconds();
    const outcome = grant({
      fields,
      client,
      store: state.store,
      passwords: state.passwords,
      auth: state.auth,
      codes: state.login.codes,
      rotation: state.login.rotation,
      now,
      address: req.ip ?? req.socket.remoteAddress ?? '',
    });
    const audience = outcome.audience ?? requestedAudience ?? tokens.settings.audience;
    if (!client.audiences.includes(audience))
      throw new OAuthError(403, 'access_denied', `Service not found: ${audience}`);
    const fromCode = grantType === 'authorization_code';
    const scope = fromCode ? outcome.scope : (normalizeScope(fields.scope) ?? outcome.scope);
    const { user } = outcome;
    const signed = tokens.sign({
      sub: user === undefined ? `${client.client_id}@clients` : `auth0|${user.id}`,
      aud: audience,
      azp: client.client_id,
      gty: outcome.gty,
      permissions: [
        ...(user === undefined ? client.permissions : (rolePermissions.get(user.user_type) ?? [])),
      ],
      ...(scope === undefined ? {} : { scope }),
      ...(user === undefined ? {} : { [tokens.userIdClaim]: user.id }),
    });
    const { iat, exp } = signed.claims;
    const login = outcome.login ?? { nonce: undefined, authTime: now, sid: undefined };
    const idToken =
      user !== undefined && hasScope(scope, 'openid')
        ? signIdToken(tokens, { user, clientId: client.client_id, scope, ...login }).token
        : undefined;
    const startsFamily =
      user !== undefined && hasScope(scope, 'offline_access') && (fromCode || grantType === 'password');
    const refreshGrant = {
      clientId: client.client_id,
      audience,
      scope,
      authTime: login.authTime,
      sid: login.sid,
    };
    const refreshToken =
      outcome.nextRefreshToken ??
      (user === undefined || !startsFamily
        ? undefined
        : client.client_secret === undefined
          ? state.login.rotation.start({ userId: user.id, ...refreshGrant })
          : state.auth.issueRefreshToken({ userId: user.id, ...refreshGrant }));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
    res.setHeader('X-Message', 'Token issued');
    res.json({
      access_token: signed.token,
      token_type: 'Bearer',
      expires_in: typeof exp === 'number' && typeof iat === 'number' ? exp - iat : tokens.settings.ttlSeconds,
      ...((fields.scope === undefined && !fromCode) || scope === undefined ? {} : { scope }),
      ...(idToken === undefined ? {} : { id_token: idToken }),
      ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    });
  };
}

/** The string fields of a parsed body; anything else is 400 invalid_request. */
function stringFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError(400, 'invalid_request', 'the body must be an object of string fields');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new OAuthError(400, 'invalid_request', `${key} must be a string`);
    fields[key] = value;
  }
  return fields;
}

/** The client, authenticated by HTTP Basic or by `client_id` / `client_secret` in the body. */
function authenticateClient(
  authorization: string | undefined,
  fields: Readonly<Record<string, string>>,
  clients: readonly Client[],
): Client {
  const basic = basicCredentials(authorization);
  if (basic !== undefined && fields.client_id !== undefined && fields.client_id !== basic.id) {
    throw new OAuthError(400, 'invalid_request', 'client_id differs between HTTP Basic and the body');
  }
  const id = basic?.id ?? required(fields, 'client_id');
  const secret = basic?.secret ?? fields.client_secret;
  const client = clients.find((c) => c.client_id === id);
  // RFC 6749 §5.2: a client that authenticated with HTTP Basic gets a 401 with a Basic challenge.
  const challenge = basic === undefined ? {} : { 'WWW-Authenticate': 'Basic realm="identity"' };
  if (client === undefined) {
    throw new OAuthError(
      401,
      'invalid_client',
      `Client authentication failed: unknown client_id ${JSON.stringify(id)}`,
      challenge,
    );
  }
  // A public client (docs/login.md) has no secret to send: PKCE stands in for it.
  if (client.client_secret === undefined) {
    if (secret === undefined) return client;
    throw new OAuthError(
      401,
      'invalid_client',
      `Client authentication failed: ${id} is a public client and has no client_secret`,
      challenge,
    );
  }
  if (secret === undefined || secret === '')
    throw new OAuthError(400, 'invalid_request', 'Missing required parameter: client_secret');
  if (client.client_secret !== secret) {
    throw new OAuthError(
      401,
      'invalid_client',
      `Client authentication failed: wrong client_secret for ${id}`,
      challenge,
    );
  }
  return client;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = header === undefined ? null : /^basic\s+(\S+)\s*$/i.exec(header);
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0)
    throw new OAuthError(400, 'invalid_request', 'HTTP Basic credentials must be client_id:client_secret');
  const unform = (part: string): string => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError(
      400,
      'invalid_request',
      'HTTP Basic credentials are not form-encoded (RFC 6749 §2.3.1)',
    );
  }
}

function normalizeScope(scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const parts = [...new Set(scope.split(/\s+/).filter((p) => p !== ''))];
  return parts.length === 0 ? undefined : parts.join(' ');
}
