/**
 * A small typed client of the identity API, built on `fetch` only (runs in browsers and Node 20+). The Pact
 * consumer tests of `test/contract/` use it, so the contracts describe what a real frontend sends; a frontend can
 * import it as is. Types come from the spec (`src/spec/openapi-types.ts`).
 */
import type { components, operations } from '../spec/openapi-types.ts';
import type { User } from '../spec/types.ts';

export type { User };
export type ListUsersQuery = NonNullable<operations['listUsers']['parameters']['query']>;
export type MembersQuery = NonNullable<operations['listWorkspaceMembers']['parameters']['query']>;
export type TokenResponse = components['schemas']['TokenResponse'];
export type ApiErrorBody = components['schemas']['Error'];
export type OAuthErrorBody = components['schemas']['OAuthError'];

/** One page of a list, with what the headers say about the rest. */
export interface Page<T> {
  readonly items: readonly T[];
  /** `X-Total-Count`. */
  readonly total: number;
  /** `Link` relations (`first`, `prev`, `next`, `last`) → absolute URLs. */
  readonly links: Readonly<Partial<Record<'first' | 'prev' | 'next' | 'last', string>>>;
  /** `X-Message`. */
  readonly message: string;
}

/** An error answer of the identity API (`{error, code, details?}`). */
export class IdentityApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(`${status} ${body.code}: ${body.error}`);
    this.name = 'IdentityApiError';
  }

  get code(): string {
    return this.body.code;
  }
}

/** An error answer of the token endpoint (RFC 6749 `{error, error_description}`). */
export class OAuthClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: OAuthErrorBody,
  ) {
    super(`${status} ${body.error}: ${body.error_description}`);
    this.name = 'OAuthClientError';
  }
}

export interface IdentityClientOptions {
  /** Base URL of the API, e.g. `http://localhost:8080`. */
  readonly baseUrl: string;
  /** Base URL of the authorization server (the API's by default). */
  readonly authUrl?: string;
  /** The access token, or a function returning the current one. */
  readonly token?: string | (() => string | undefined);
  readonly fetch?: typeof fetch;
}

export interface PasswordGrant {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly username: string;
  readonly password: string;
  readonly audience?: string;
  readonly scope?: string;
}

/**
 * @example
 * const client = new IdentityClient({ baseUrl: 'http://localhost:8080' });
 * const { access_token } = await client.passwordToken({ clientId: 'mock-client', clientSecret: 'mock-secret',
 *   username: 'admin@example.com', password: 'Passw0rd!' });
 * const page = await new IdentityClient({ baseUrl: 'http://localhost:8080', token: access_token }).listUsers({ status: 'active' });
 */
export class IdentityClient {
  readonly #options: IdentityClientOptions;
  readonly #fetch: typeof fetch;

  constructor(options: IdentityClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** GET /users. */
  async listUsers(query: ListUsersQuery = {}): Promise<Page<User>> {
    return this.#page(`/users${queryString(query)}`);
  }

  /** Follows a `Link` URL from an earlier page. */
  async followLink(url: string): Promise<Page<User>> {
    return this.#page(url);
  }

  /** DELETE /users/{id-or-identifier}. */
  async deleteUser(idOrIdentifier: string): Promise<void> {
    const res = await this.#request('DELETE', `/users/${encodeURIComponent(idOrIdentifier)}`);
    if (res.status !== 204) throw await apiError(res);
  }

  /** GET /workspaces/{workspace}/members. */
  async listWorkspaceMembers(workspace: string, query: MembersQuery = {}): Promise<Page<User>> {
    return this.#page(`/workspaces/${encodeURIComponent(workspace)}/members${queryString(query)}`);
  }

  /** POST {authUrl}/oauth/token with the password grant (form-encoded, as browsers' OAuth libraries send it). */
  async passwordToken(grant: PasswordGrant): Promise<TokenResponse> {
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: grant.clientId,
      client_secret: grant.clientSecret,
      username: grant.username,
      password: grant.password,
      ...(grant.audience === undefined ? {} : { audience: grant.audience }),
      ...(grant.scope === undefined ? {} : { scope: grant.scope }),
    });
    const res = await this.#fetch(`${this.#options.authUrl ?? this.#options.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
    const body: unknown = await res.json();
    if (!res.ok) throw new OAuthClientError(res.status, body as OAuthErrorBody);
    return body as TokenResponse;
  }

  async #page(pathOrUrl: string): Promise<Page<User>> {
    const res = await this.#request('GET', pathOrUrl);
    if (res.status !== 200) throw await apiError(res);
    return {
      items: (await res.json()) as User[],
      total: Number(res.headers.get('X-Total-Count') ?? '0'),
      links: parseLink(res.headers.get('Link')),
      message: res.headers.get('X-Message') ?? '',
    };
  }

  #request(method: string, pathOrUrl: string): Promise<Response> {
    const token = typeof this.#options.token === 'function' ? this.#options.token() : this.#options.token;
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.#options.baseUrl}${pathOrUrl}`;
    return this.#fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
    });
  }
}

function queryString(query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function apiError(res: Response): Promise<IdentityApiError> {
  const body = (await res.json()) as ApiErrorBody;
  return new IdentityApiError(res.status, body);
}

/** Parses an RFC 8288 `Link` header into relation → URL. */
export function parseLink(
  header: string | null,
): Partial<Record<'first' | 'prev' | 'next' | 'last', string>> {
  const links: Partial<Record<'first' | 'prev' | 'next' | 'last', string>> = {};
  for (const part of (header ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>;\s*rel="(first|prev|next|last)"$/.exec(part.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) links[match[2] as 'first'] = match[1];
  }
  return links;
}
