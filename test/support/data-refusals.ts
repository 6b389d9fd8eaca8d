/**
 * Refusals of the browser-login and file operations that depend on the data and not on the request's shape, as
 * their descriptions in spec/openapi.yaml and spec/admin.yaml document them: a `client_id` that names no client of
 * the dataset, a redirect or logout URI that the client's rules do not allow, an `id_token_hint` this server did
 * not sign. For these operations, a request the schemas allow is refused (400) exactly when one of these applies;
 * anything else the server refuses, the schemas must say. The URI rules and the token check are the server's own
 * (test/api/authorize-property.test.ts checks the rules against an oracle of its own).
 */
import type { MockInternals as Mock } from '../../src/mock.ts';
import { idTokenClient } from '../../src/oauth/id-token.ts';
import { allowedUri } from '../../src/protocol/uri-rules.ts';
import type { GeneratedRequest } from './spec-requests.ts';

type Fields = Readonly<Record<string, string | undefined>>;

/** The data refusal of a request, `undefined` when there is none; `null` for operations with no such rule. */
export async function dataRefusal(mock: Mock, req: GeneratedRequest): Promise<string | undefined | null> {
  const rule = RULES[req.operation.id];
  if (rule === undefined) return null;
  const query = Object.fromEntries(new URLSearchParams(req.query));
  const body =
    req.body?.mediaType === 'application/x-www-form-urlencoded'
      ? Object.fromEntries(new URLSearchParams(req.body.text))
      : {};
  return await rule(mock, { ...query, ...body });
}

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

function clientOf(mock: Mock, id: string | undefined) {
  return given(id) ? mock.state.clients.find((c) => c.client_id === id) : undefined;
}

function authorization(mock: Mock, f: Fields): string | undefined {
  const client = clientOf(mock, f.client_id);
  if (given(f.client_id) && client === undefined) return `no client ${f.client_id}`;
  if (
    client !== undefined &&
    given(f.redirect_uri) &&
    allowedUri(f.redirect_uri, client.redirect_uris) === undefined
  )
    return `redirect_uri not allowed for ${client.client_id}`;
  return undefined;
}

const RULES: Readonly<
  Record<string, (mock: Mock, f: Fields) => string | undefined | Promise<string | undefined>>
> = {
  authorize: authorization,
  submitLogin: authorization,
  logout: (mock, f) => {
    const client = clientOf(mock, f.client_id);
    if (given(f.client_id) && client === undefined) return `no client ${f.client_id}`;
    const rules = client?.logout_uris ?? mock.state.clients.flatMap((c) => c.logout_uris);
    if (given(f.returnTo) && allowedUri(f.returnTo, rules) === undefined) return 'returnTo not allowed';
    return undefined;
  },
  endSession: async (mock, f) => {
    const hinted = given(f.id_token_hint) ? await idTokenClient(mock.tokens, f.id_token_hint) : undefined;
    if (hinted === null) return 'id_token_hint not an ID token of this server';
    const clientId = given(f.client_id) ? f.client_id : hinted;
    if (hinted !== undefined && clientId !== hinted) return 'client_id is not the audience of id_token_hint';
    const client = clientOf(mock, clientId);
    if (given(clientId) && client === undefined) return `no client ${clientId}`;
    const uri = f.post_logout_redirect_uri;
    if (given(uri) && (client === undefined || allowedUri(uri, client.logout_uris) === undefined))
      return 'post_logout_redirect_uri not allowed';
    return undefined;
  },
  // Files are served by name from fixed lists: a name the schema allows is a file.
  getDocsAsset: () => undefined,
  getFavicon: () => undefined,
  getConsoleAsset: () => undefined,
};
