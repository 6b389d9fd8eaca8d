/**
 * The operations tagged Authorization: the fake authorization server (docs/tokens.md, docs/login.md). Each handler
 * reads its session and request into the flow it runs in `src/oauth/`. The browser-navigation routes (authorize,
 * login form, logout) answer with the page headers of `oauth/page-headers.ts`.
 */
import { empty, json, type Answer } from '../../answer.ts';
import { principalOf, type Handler, type RequestContext } from '../../context.ts';
import { invalidToken, oauthInvalidRequest } from '../../errors.ts';
import {
  authorizeEndpoint,
  submitLogin as submitLoginFlow,
  type LoginContext,
} from '../../oauth/authorize-endpoint.ts';
import { authorizationServerMetadata, jwks } from '../../oauth/discovery.ts';
import { withErrorStatuses } from '../../oauth/error-statuses.ts';
import { profileClaims } from '../../oauth/id-token.ts';
import { introspect, revoke, type TokenInspection } from '../../oauth/introspection.ts';
import { endSession as endSessionFlow, logout as logoutFlow } from '../../oauth/logout.ts';
import { issueToken as issueTokenFlow } from '../../oauth/token-endpoint.ts';
import { JWKS_CACHE, NO_STORE, NO_STORE_ONLY, PUBLIC_METADATA } from '../../protocol/cache-headers.ts';
import { MESSAGES } from '../../protocol/header-text.ts';
import { mediaTypeOf } from '../../protocol/media-type.ts';
import { issuerOf } from '../issuer.ts';

/**
 * The token, introspection and revocation endpoints take a body in one of the media types their operation lists
 * in the spec (JSON or a form), Content-Type included: a request without one is refused in the RFC 6749 shape.
 */
function checkTokenBodyType(context: RequestContext): void {
  const type = mediaTypeOf(context.headers['content-type']);
  const accepted = context.operation.bodyMediaTypes;
  if (!accepted.includes(type)) {
    throw oauthInvalidRequest(
      `the body must be ${accepted.join(' or ')} (got ${type === '' ? 'no Content-Type' : type})`,
    );
  }
}

export const issueToken: Handler = async (context) => {
  try {
    return await tokenAnswer(context);
  } catch (error) {
    throw withErrorStatuses(error, context.services.settings.oauthErrors ?? 'auth0');
  }
};

async function tokenAnswer(context: RequestContext): Promise<Answer> {
  checkTokenBodyType(context);
  const { state } = context.session;
  const token = await issueTokenFlow({
    body: context.body,
    authorization: context.headers.authorization,
    store: state.store,
    clients: state.clients,
    passwords: state.passwords,
    oauth: state.oauth,
    tokens: context.services.tokens,
    claims: context.session.control.claims,
    rolePermissions: context.services.api.rolePermissions,
    issuer: issuerOf(context),
    now: context.now(),
    address: context.url.clientAddress,
  });
  return json(200, token, 'Token issued', NO_STORE);
}

function inspection(context: RequestContext): TokenInspection {
  checkTokenBodyType(context);
  const { state } = context.session;
  return {
    body: context.body,
    authorization: context.headers.authorization,
    store: state.store,
    clients: state.clients,
    oauth: state.oauth,
    tokens: context.services.tokens,
    issuer: issuerOf(context),
    now: context.now(),
  };
}

/** `POST /oauth/introspect` (RFC 7662). */
export const introspectToken: Handler = async (context) =>
  json(200, await introspect(inspection(context)), 'Token introspected', NO_STORE);

/** `POST /oauth/revoke` (RFC 7009): 200 whatever the token was. */
export const revokeToken: Handler = async (context) => {
  await revoke(inspection(context));
  return empty(200, 'Token revoked', NO_STORE);
};

const metadata: Handler = (context) =>
  json(
    200,
    authorizationServerMetadata(context.services.tokens, issuerOf(context)),
    MESSAGES.retrieved,
    PUBLIC_METADATA,
  );

export const getJwks: Handler = ({ services }) =>
  json(200, jwks(services.tokens), MESSAGES.retrieved, JWKS_CACHE);
export const getOpenidConfiguration = metadata;
export const getAuthorizationServerMetadata = metadata;

function loginContext(context: RequestContext): LoginContext {
  const { state } = context.session;
  return {
    store: state.store,
    clients: state.clients,
    passwords: state.passwords,
    oauth: state.oauth,
    knownEmails: context.services.knownAccounts.map((user) => user.email),
    now: context.now(),
    address: context.url.clientAddress,
    cookie: context.headers.cookie,
    fetchSite: context.headers['sec-fetch-site'],
    hashing: context.services.platform.hashing,
    random: context.services.platform.random,
    tokens: context.services.tokens,
  };
}

/** A form body's fields (the validator has checked it is an object). */
const formOf = (body: unknown): Readonly<Record<string, unknown>> =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};

export const authorize: Handler = (context) => authorizeEndpoint(loginContext(context), context.query);
export const authorizeByPost: Handler = (context) =>
  authorizeEndpoint(loginContext(context), formOf(context.body));
export const submitLogin: Handler = (context) => submitLoginFlow(loginContext(context), context.body);

/**
 * `GET|POST /userinfo` (OIDC Core §5.3): the profile claims of the bearer's user that the token's scope allows, and
 * what claim rules set on the ID token issued with the token.
 */
const userinfo: Handler = (context): Answer => {
  const principal = principalOf(context);
  const { state } = context.session;
  const user = principal.slot === undefined ? undefined : state.store.userAt(principal.slot);
  if (user === undefined) {
    throw invalidToken(
      'the access token is invalid: /userinfo needs a token issued to a user, not to a client',
    );
  }
  const { scope, jti } = principal.claims;
  return json(
    200,
    {
      ...profileClaims(user, typeof scope === 'string' ? scope : undefined),
      ...state.oauth.userinfo.of(jti),
    },
    MESSAGES.retrieved,
    NO_STORE_ONLY,
  );
};
export const getUserinfo = userinfo;
export const postUserinfo = userinfo;

const logoutContext = (context: RequestContext) => ({
  clients: context.session.state.clients,
  logins: context.session.state.oauth.logins,
  cookie: context.headers.cookie,
});

export const logout: Handler = (context) => logoutFlow(logoutContext(context), context.query);
export const endSession: Handler = (context) =>
  endSessionFlow(logoutContext(context), context.services.tokens, context.query);
export const endSessionByPost: Handler = (context) =>
  endSessionFlow(logoutContext(context), context.services.tokens, formOf(context.body));
