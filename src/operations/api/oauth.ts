/**
 * The operations tagged Authorization: the fake authorization server (docs/tokens.md, docs/login.md). Each handler
 * reads its session and request into the flow it runs in `src/oauth/`.
 */
import { json, type Answer } from '../../answer.ts';
import { principalOf, type Handler, type RequestContext } from '../../context.ts';
import { invalidToken, oauthInvalidRequest } from '../../errors.ts';
import {
  authorize as authorizeFlow,
  submitLogin as submitLoginFlow,
  type LoginContext,
} from '../../oauth/authorize-endpoint.ts';
import { authorizationServerMetadata, jwks } from '../../oauth/discovery.ts';
import { profileClaims } from '../../oauth/id-token.ts';
import { endSession as endSessionFlow, logout as logoutFlow } from '../../oauth/logout.ts';
import { issueToken as issueTokenFlow } from '../../oauth/token-endpoint.ts';
import { NO_STORE, NO_STORE_ONLY, PUBLIC_METADATA } from '../../protocol/cache-headers.ts';
import { MESSAGES } from '../../protocol/header-text.ts';
import { mediaTypeOf } from '../../protocol/media-type.ts';

const TOKEN_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

export const issueToken: Handler = async (context) => {
  const type = mediaTypeOf(context.headers['content-type']);
  if (!TOKEN_BODY_TYPES.includes(type)) {
    throw oauthInvalidRequest(
      `the body must be ${TOKEN_BODY_TYPES.join(' or ')} (got ${type === '' ? 'no Content-Type' : type})`,
    );
  }
  const { state } = context.session;
  const token = await issueTokenFlow({
    body: context.body,
    authorization: context.headers.authorization,
    store: state.store,
    clients: state.clients,
    passwords: state.passwords,
    oauth: state.oauth,
    tokens: context.services.tokens,
    rolePermissions: context.services.api.rolePermissions,
    now: context.now(),
    address: context.url.clientAddress,
  });
  return json(200, token, 'Token issued', NO_STORE);
};

const metadata: Handler = ({ services }) =>
  json(200, authorizationServerMetadata(services.tokens), MESSAGES.retrieved, PUBLIC_METADATA);

export const getJwks: Handler = ({ services }) =>
  json(200, jwks(services.tokens), MESSAGES.retrieved, PUBLIC_METADATA);
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
  };
}

export const authorize: Handler = (context) => authorizeFlow(loginContext(context), context.query);
export const submitLogin: Handler = (context) => submitLoginFlow(loginContext(context), context.body);

/** `GET|POST /userinfo` (OIDC Core §5.3): the profile claims of the bearer's user that the token's scope allows. */
const userinfo: Handler = (context): Answer => {
  const principal = principalOf(context);
  const user = principal.slot === undefined ? undefined : context.session.state.store.userAt(principal.slot);
  if (user === undefined) {
    throw invalidToken(
      'the access token is invalid: /userinfo needs a token issued to a user, not to a client',
    );
  }
  const { scope } = principal.claims;
  return json(
    200,
    profileClaims(user, typeof scope === 'string' ? scope : undefined),
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
