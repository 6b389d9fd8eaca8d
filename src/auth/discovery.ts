/**
 * The authorization server's published metadata (docs/tokens.md): the JWKS and the OpenID discovery document.
 * `issuer` is byte-identical to the `iss` of issued tokens.
 */
import type { OperationHandler } from '../http/dispatch.ts';
import { MESSAGES } from '../http/headers.ts';
import { GRANT_TYPES } from '../data/dataset.ts';
import type { TokenService } from './tokens.ts';

export function discoveryHandlers(
  tokens: TokenService,
): Record<'getJwks' | 'getOpenidConfiguration', OperationHandler> {
  const issuer = tokens.settings.issuer;
  const base = issuer.replace(/\/+$/, '');
  const jwks = JSON.stringify({ keys: [tokens.keys.jwk] });
  const configuration = JSON.stringify({
    issuer,
    token_endpoint: `${base}/oauth/token`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    grant_types_supported: [...GRANT_TYPES],
    response_types_supported: ['token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'iat',
      'exp',
      'azp',
      'gty',
      'jti',
      'scope',
      'permissions',
      tokens.userIdClaim,
    ],
  });
  const send =
    (body: string): OperationHandler =>
    ({ res }) => {
      res.setHeader('X-Message', MESSAGES.retrieved);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type('application/json').send(body);
    };
  return { getJwks: send(jwks), getOpenidConfiguration: send(configuration) };
}
