// The code under test: a small typed client of the identity service, written against the team's own document.
// `src/api.d.ts` holds the document's types (openapi-typescript, `npm run gen`); openapi-fetch types every path,
// parameter, body and answer from them, so a request the document does not allow does not compile.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api.js';

export type IdentityClient = Client<paths>;

/** The dev client and the audience of the API (the mock's defaults). */
const CLIENT = { client_id: 'mock-client', client_secret: 'mock-secret' } as const;
export const AUDIENCE = 'https://identity.example.com/admin/v1';

export interface Connection {
  /** The service's base URL. */
  readonly baseUrl: string;
  /** Headers sent with every request (a test suite's `X-Mock-Session`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** An access token for a user, from the password grant (`POST /oauth/token`). */
export async function logIn(connection: Connection, username: string, password: string): Promise<string> {
  const anonymous = createClient<paths>({ baseUrl: connection.baseUrl, headers: { ...connection.headers } });
  const { data, error, response } = await anonymous.POST('/oauth/token', {
    body: { grant_type: 'password', username, password, audience: AUDIENCE, ...CLIENT },
  });
  if (data === undefined) {
    throw new Error(`logging in as ${username} failed: ${response.status} ${JSON.stringify(error)}`);
  }
  return data.access_token;
}

/** A client whose every request carries the bearer token. */
export function identityClient(connection: Connection, accessToken: string): IdentityClient {
  return createClient<paths>({
    baseUrl: connection.baseUrl,
    headers: { ...connection.headers, Authorization: `Bearer ${accessToken}` },
  });
}

/** The first user whose identifier is `identifier`, found with the list's `search`. */
export async function findUser(client: IdentityClient, identifier: string) {
  const { data, error, response } = await client.GET('/users', { params: { query: { search: identifier } } });
  if (data === undefined) throw new Error(`GET /users failed: ${response.status} ${JSON.stringify(error)}`);
  return data.find((user) => user.identifier === identifier);
}
