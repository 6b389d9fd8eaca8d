/**
 * OAuth failures on demand (docs/tokens.md): what a request says about its grant type, client and user, for fault
 * rules that match on them, and how each route of the authorization server answers an `oauth_error` rule as it would
 * answer that error itself. The token endpoint, introspection and revocation: RFC 6749 §5.2's body at the status the
 * token endpoint gives the code (`temporarily_unavailable` 503, `server_error` 500), under `--oauth-errors` as its own
 * errors (`invalid_grant` 403 by default, 400 with `rfc6749`). `/authorize` and the login
 * form: the error sent back to the client's redirect URI in its response mode (RFC 6749 §4.1.2.1), or the error page
 * when that URI is not allowed. `/userinfo` and the identity API: 401 with `WWW-Authenticate: Bearer error="…"`
 * (RFC 6750 §3).
 */
import type { Answer } from '../answer.ts';
import type { FaultFacts } from '../control/faults.ts';
import type { Client } from '../data/dataset.ts';
import { injectedBearerError, injectedOAuthError, oauthErrorBody, tokenEndpointStatus } from '../errors.ts';
import { bearerToken } from '../protocol/authorization.ts';
import type { UserStore } from '../users/store.ts';
import { checkClient } from './authorize/check-client.ts';
import { checkRedirectUri } from './authorize/check-redirect-uri.ts';
import { checkResponseMode } from './authorize/check-response-mode.ts';
import { authorizeParams, Refusal, type AuthorizeDraft } from './authorize/request.ts';
import { claimedClientId } from './client-auth.ts';
import { statusUnder, type OAuthErrorStatuses } from './error-statuses.ts';
import { jwtParts } from '../platform/jwt-parts.ts';
import { loginSessionIdOf } from './login/login-sessions.ts';
import { errorPage } from '../html/error-page.ts';
import type { OAuthState } from './oauth-state.ts';
import { respondToClient } from './response-modes/index.ts';

/** What the facts and answers read of a request and its session. */
export interface FaultRequest {
  /** The operation the request reached (undefined: none). */
  readonly operationId: string | undefined;
  /** The route answers with the RFC 6749 body (`x-error-shape: oauth`). */
  readonly oauthShape: boolean;
  readonly query: Readonly<Record<string, unknown>>;
  /** The parsed body, read on demand. */
  readonly body: () => unknown;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly oauth: OAuthState;
  /** The name of the claim that carries a token's user id. */
  readonly userIdClaim: string;
  /** Now by the session's clock, epoch seconds. */
  readonly now: number;
  /** The statuses of the token endpoint's errors (`--oauth-errors`). */
  readonly oauthErrors: OAuthErrorStatuses;
}

/** An `oauth_error` rule's answer on the route `r` reached. */
export interface OAuthFault {
  readonly code: string;
  readonly description: string;
  /** The rule's `status`, when it names one. */
  readonly status: number | undefined;
}

/** The request's grant type, client and user, as fault rules match them. */
export function faultFacts(r: FaultRequest): FaultFacts {
  const body = objectOf(r.body());
  const { grantType, clientId, user } = whoAsks(r, body);
  return {
    grantType,
    clientId,
    isUser: (reference) => {
      if (user === undefined) return false;
      const asked = r.store.find(user)?.user.id;
      return asked !== undefined && r.store.find(reference)?.user.id === asked;
    },
  };
}

/** The answer of the route `r` reached to the OAuth error `fault`. */
export function oauthFaultAnswer(r: FaultRequest, fault: OAuthFault): Answer {
  const { code, description } = fault;
  switch (r.operationId) {
    case 'authorize':
    case 'authorizeByPost':
    case 'submitLogin':
      return toClient(r.operationId === 'authorize' ? r.query : objectOf(r.body()), r.clients, fault);
    case 'getUserinfo':
    case 'postUserinfo':
      return bearerError(fault);
    default:
      return r.oauthShape || r.operationId === undefined
        ? injectedOAuthError(
            code,
            description,
            fault.status ?? statusUnder(tokenEndpointStatus(code), r.oauthErrors),
          )
        : bearerError(fault);
  }
}

/** The grant type, client and user (a reference `store.find` takes) a request names. */
function whoAsks(
  r: FaultRequest,
  body: Readonly<Record<string, unknown>>,
): { grantType: string | undefined; clientId: string | undefined; user: string | undefined } {
  switch (r.operationId) {
    case 'issueToken':
    case 'introspectToken':
    case 'revokeToken': {
      const grantType = text(body.grant_type);
      return {
        grantType,
        clientId: claimedClientId(r.headers.authorization, body),
        user: r.operationId === 'issueToken' ? grantUser(r, grantType, body) : undefined,
      };
    }
    case 'authorize':
    case 'authorizeByPost': {
      const params = r.operationId === 'authorize' ? r.query : body;
      const login = r.oauth.logins.get(loginSessionIdOf(r.headers.cookie), r.now);
      return {
        grantType: undefined,
        clientId: text(params.client_id),
        user: login?.userId ?? text(params.login_hint),
      };
    }
    case 'submitLogin':
      return {
        grantType: undefined,
        clientId: text(body.client_id),
        user: text(body.account) ?? text(body.email),
      };
    case 'logout':
    case 'endSession':
      return { grantType: undefined, clientId: text(r.query.client_id), user: undefined };
    case 'endSessionByPost':
      return { grantType: undefined, clientId: text(body.client_id), user: undefined };
    default: {
      // A resource request: its bearer token, decoded without a check (the rule's answer is an error anyway).
      const token = bearerToken(r.headers.authorization);
      const claims = token === undefined ? undefined : jwtParts(token)?.payload;
      return {
        grantType: undefined,
        clientId: text(claims?.client_id) ?? text(claims?.azp),
        user: text(claims?.[r.userIdClaim]),
      };
    }
  }
}

/** The user a token request is for, without using its code or refresh token. */
function grantUser(
  r: FaultRequest,
  grantType: string | undefined,
  body: Readonly<Record<string, unknown>>,
): string | undefined {
  switch (grantType) {
    case 'password':
      return text(body.username);
    case 'authorization_code': {
      const code = text(body.code);
      return code === undefined ? undefined : r.oauth.codes.peek(code)?.userId;
    }
    case 'refresh_token': {
      const token = text(body.refresh_token);
      return token === undefined ? undefined : r.oauth.refreshTokens.inspect(token, r.now)?.grant.userId;
    }
    default:
      return undefined;
  }
}

/** The error sent to the client's redirect URI in its response mode, or the error page when there is none. */
function toClient(
  source: Readonly<Record<string, unknown>>,
  clients: readonly Client[],
  fault: OAuthFault,
): Answer {
  const draft: AuthorizeDraft = { params: authorizeParams(source), clients };
  try {
    checkClient(draft);
    checkRedirectUri(draft);
  } catch (error) {
    if (error instanceof Refusal) return errorPage(error.message);
    throw error;
  }
  try {
    checkResponseMode(draft);
  } catch {
    // An unknown response mode: the error goes back in the default one.
  }
  if (draft.target === undefined) throw new Error('checkRedirectUri did not set the target');
  return respondToClient(draft.target, oauthErrorBody(fault.code, fault.description));
}

/** RFC 6750 §3: the error in the `Bearer` challenge (`injectedBearerError`). */
function bearerError(fault: OAuthFault): Answer {
  return injectedBearerError(fault.code, fault.description, fault.status);
}

function objectOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** How a route takes `oauth_error` fault rules: the facts they match on, and its answer. */
export interface OAuthFaultRoute {
  facts(): FaultFacts;
  answer(fault: OAuthFault): Answer;
}

/** The fault route of the request `r` describes. */
export function oauthFaultRoute(r: FaultRequest): OAuthFaultRoute {
  return { facts: () => faultFacts(r), answer: (fault) => oauthFaultAnswer(r, fault) };
}

/** What a fault rule's facts read of a session's state. */
interface FaultState {
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly oauth: OAuthState;
}

/** The `FaultRequest` of a request that reached `operation` in `session`. */
export function faultRequestOf(
  operation: { readonly id: string } | undefined,
  shape: string,
  query: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string | undefined>>,
  body: () => unknown,
  session: { readonly state: FaultState; now(): number },
  services: {
    readonly tokens: { readonly userIdClaim: string };
    readonly settings: { readonly oauthErrors?: OAuthErrorStatuses };
  },
): FaultRequest {
  const { state } = session;
  return {
    operationId: operation?.id,
    oauthShape: shape === 'oauth',
    query,
    body,
    headers,
    store: state.store,
    clients: state.clients,
    oauth: state.oauth,
    userIdClaim: services.tokens.userIdClaim,
    now: Math.floor(session.now() / 1000),
    oauthErrors: services.settings.oauthErrors ?? 'auth0',
  };
}
