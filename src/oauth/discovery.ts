/**
 * The authorization server's published metadata (docs/tokens.md, docs/login.md): the JWKS, and one metadata document
 * served at both `/.well-known/openid-configuration` (OpenID Connect Discovery) and
 * `/.well-known/oauth-authorization-server` (RFC 8414). It advertises exactly what works. `issuer` is byte-identical
 * to the `iss` of the tokens issued to a client that reached the server at the same address, and every endpoint is
 * under it.
 */
import { GRANT_TYPES } from '../data/dataset.ts';
import { PROMPTS, RESPONSE_MODES, RESPONSE_TYPES } from './authorize/request.ts';
import { TOKEN_AUTH_METHODS } from './client-auth.ts';
import { ID_TOKEN_CLAIMS } from './id-token.ts';
import { CODE_CHALLENGE_METHODS } from './pkce.ts';
import { SCOPES } from './scope.ts';
import type { TokenService } from './tokens.ts';

/** The metadata document of the authorization server whose tokens `tokens` signs, under `issuer`. */
export function authorizationServerMetadata(tokens: TokenService, issuer: string): Record<string, unknown> {
  const base = issuer.replace(/\/+$/, '');
  return {
    issuer,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/oauth/token`,
    userinfo_endpoint: `${base}/userinfo`,
    end_session_endpoint: `${base}/oidc/logout`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    introspection_endpoint: `${base}/oauth/introspect`,
    revocation_endpoint: `${base}/oauth/revoke`,
    grant_types_supported: [...GRANT_TYPES],
    response_types_supported: [...RESPONSE_TYPES],
    response_modes_supported: [...RESPONSE_MODES],
    code_challenge_methods_supported: [...CODE_CHALLENGE_METHODS],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    scopes_supported: [...SCOPES],
    claims_supported: [
      ...new Set([...ID_TOKEN_CLAIMS, 'azp', 'gty', 'jti', 'scope', 'permissions', tokens.userIdClaim]),
    ],
    // Said outright: OIDC Discovery's default for request_uri_parameter_supported is true.
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    claims_parameter_supported: false,
    prompt_values_supported: [...PROMPTS],
  };
}

/** The JWKS (RFC 7517): every published key. */
export function jwks(tokens: TokenService): { readonly keys: readonly unknown[] } {
  return { keys: tokens.keys.keys.map((key) => key.jwk) };
}
