/**
 * Client authentication at the token endpoint (RFC 6749 §2.3.1, docs/tokens.md): HTTP Basic or `client_id` /
 * `client_secret` in the body; a public client (docs/login.md) by its id alone, PKCE standing in for a secret.
 */
import { clientById, type Client } from '../data/dataset.ts';
import { invalidClient, oauthInvalidRequest } from '../errors.ts';
import { basicCredentials } from '../protocol/authorization.ts';
import { required } from './fields.ts';

/** Token-endpoint auth methods, as discovery lists them. */
export const TOKEN_AUTH_METHODS = ['client_secret_post', 'client_secret_basic', 'none'] as const;

/**
 * Where the client authenticates: at the token endpoint (a request without `client_id` or a confidential client's
 * secret is 400 `invalid_request`, as Auth0 answers), or at introspection and revocation, where any failure to
 * authenticate is 401 `invalid_client` with a Basic challenge (RFC 6749 §5.2, RFC 7662 §2.1).
 */
export type ClientAuthAt = 'token' | 'inspection';

/** The client, authenticated by HTTP Basic or by `client_id` / `client_secret` in the body. */
export function authenticateClient(
  authorization: string | undefined,
  fields: Readonly<Record<string, string>>,
  clients: readonly Client[],
  at: ClientAuthAt = 'token',
): Client {
  const basic = basicCredentials(authorization);
  if (basic?.kind === 'malformed') throw oauthInvalidRequest(basic.problem);
  if (basic !== undefined && fields.client_id !== undefined && fields.client_id !== basic.id) {
    throw oauthInvalidRequest('client_id differs between HTTP Basic and the body');
  }
  const inspection = at === 'inspection';
  if (inspection && basic === undefined && fields.client_id === undefined) {
    throw invalidClient(
      'Client authentication is required: send HTTP Basic (client_id:client_secret) or client_id and client_secret in the body',
      true,
    );
  }
  const id = basic?.id ?? required(fields, 'client_id');
  const secret = basic?.secret ?? fields.client_secret;
  const client = clientById(clients, id);
  const viaBasic = basic !== undefined || inspection;
  if (client === undefined) {
    throw invalidClient(`Client authentication failed: unknown client_id ${JSON.stringify(id)}`, viaBasic);
  }
  if (client.client_secret === undefined) {
    if (secret === undefined) return client;
    throw invalidClient(
      `Client authentication failed: ${id} is a public client and has no client_secret`,
      viaBasic,
    );
  }
  if (secret === undefined || secret === '') {
    if (inspection)
      throw invalidClient(`Client authentication failed: ${id} must send its client_secret`, true);
    throw oauthInvalidRequest('Missing required parameter: client_secret');
  }
  if (client.client_secret !== secret) {
    throw invalidClient(`Client authentication failed: wrong client_secret for ${id}`, viaBasic);
  }
  return client;
}

/** The client id a token request names (HTTP Basic or body), without authenticating it (rate-limit buckets). */
export function claimedClientId(
  authorization: string | undefined,
  fields: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const basic = basicCredentials(authorization);
  if (basic?.kind === 'client') return basic.id;
  const id = fields?.client_id;
  return typeof id === 'string' ? id : undefined;
}
