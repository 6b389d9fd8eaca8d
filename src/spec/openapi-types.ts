// Generated from spec/openapi.yaml by `npm run gen:types` (openapi-typescript). Do not edit.

export type paths = {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness check
     * @description Mock decision (docs/running.md): one of the endpoints that need no token.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List users
     * @description Lists the users the caller may see, filtered, searched, sorted and paginated.
     *
     *     - Mock decision (docs/users.md): unknown query parameters are rejected with 400 `invalid_request`
     *       (identity-mock's `--lenient-query` accepts them).
     *     - Date bounds are half-open: `created_at_from <= created_at < created_at_to` (same for `updated_at`);
     *       `from > to` is 400 `invalid_range`; `from == to` gives an empty list.
     *     - Ties of every sort break by `id` ascending; strings sort case- and accent-insensitively.
     *     - Without `read:user_metadata`, the `id`, `created_by` and `updated_by` filters answer 403
     *       `metadata_permission_required`, and `created_by` / `updated_by` are left out of every record.
     *     - Past the last page: 200 with `[]`, `X-Message: Data not found`, `X-Total-Count` still the total.
     *     - Row-level access (docs/access.md): `saas_admin` sees every user, `saas_user` the users sharing a
     *       workspace with them and themselves, `saas_user_client` only themselves. Invisible rows are absent
     *       from the list and from `X-Total-Count`.
     */
    get: operations['listUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{id-or-identifier}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a user by id or identifier
     * @description Mock decision (docs/users.md): the path segment is tried as a uuid `id` first, then as an
     *     `identifier`. Success is 204 without a body; the user leaves every workspace, and tokens naming the
     *     user are refused afterwards (401 `invalid_token`). Unknown, already deleted, or not visible to the
     *     caller: 404 `user_not_found`.
     */
    delete: operations['deleteUser'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Obtain an access token
     * @description OAuth 2.0 token endpoint (RFC 6749) with Auth0's statuses. Mock decision (docs/tokens.md, docs/login.md):
     *     grants `password` (the interface's), `client_credentials`, `refresh_token` and `authorization_code` (with
     *     PKCE); JSON or form bodies; the client authenticates with `client_id`/`client_secret` in the body or HTTP
     *     Basic, a public client (`spa-client`) with its `client_id` alone. `scope` is in the answer when the request
     *     or the code had scopes, `refresh_token` only when `offline_access` was asked for, `id_token` when `openid`
     *     was. A public client's refresh tokens rotate: each use returns a new one, and a used one presented again
     *     is `invalid_grant` and revokes its whole family. A code is single use, lives 60 s, and is bound to the
     *     client, the `redirect_uri` and the PKCE challenge: any mismatch is `invalid_grant`. Every error
     *     of this endpoint has the RFC 6749 §5.2 shape `{"error", "error_description"}` — a body that is neither
     *     JSON nor a form, or a malformed one, is 400 `invalid_request`; a body over 100 KiB (102400 bytes) is 413
     *     `invalid_request`. After 10 consecutive wrong passwords for one account from one client address, every
     *     attempt for that account from that address, the right password included, is 429 `too_many_attempts`
     *     for 15 minutes or until a reset of the mock. A refresh may narrow the scope it was granted, never widen it
     *     (400 `invalid_scope`); a refresh token presented by another client than its own is 400 `invalid_grant`
     *     and stays usable by its own; a code presented a second time revokes the tokens issued from it. The
     *     session's claim rules shape the tokens before they are signed, and a fault rule with `oauth_error` makes
     *     this endpoint answer that error (`temporarily_unavailable` 503, `server_error` 500; docs/tokens.md).
     */
    post: operations['issueToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/introspect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Introspect a token (RFC 7662)
     * @description Whether a token is live in this session, and what it is. The client authenticates as at the token
     *     endpoint (`client_id`/`client_secret` in the body or HTTP Basic; a public client by its id, and it learns
     *     only about its own tokens). Anything not live — unknown, not signed by a published key, expired by the
     *     session's clock, revoked, naming a deleted user, an ID token — is exactly `{"active": false}`. A live
     *     access token or refresh token gives `scope`, `client_id`, `username` (the user's email), `token_type`
     *     (`Bearer`, or `refresh_token`), `exp`, `iat`, `nbf` when it has one, `sub`, `aud`, `iss` and `jti`.
     *     `token_type_hint=refresh_token` looks among refresh tokens first. Mock decision (docs/tokens.md).
     */
    post: operations['introspectToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a token (RFC 7009)
     * @description 200 with an empty body for every well-formed request with a good client authentication (as at the token
     *     endpoint), whatever the token was. A refresh token of the client revokes its whole rotation family and the
     *     access tokens issued from it; an access token of the client is refused in this session from then on (401
     *     `invalid_token`, "revoked"). Another client's token is left alone. A session keeps at most 10 000 revoked
     *     access-token ids (the expired ones are forgotten first). Mock decision (docs/tokens.md).
     */
    post: operations['revokeToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/jwks.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Signing keys (JWKS)
     * @description The public keys that verify access tokens (RFC 7517), the signing key first: every key added through
     *     `POST /__admin/keys` until it is retired. Kept a minute at most (`Cache-Control: public, max-age=60`).
     *     Mock decision (docs/tokens.md).
     */
    get: operations['getJwks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/openid-configuration': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * OpenID discovery document
     * @description OpenID Connect Discovery 1.0 metadata of the authorization server. `issuer` is byte-identical to the
     *     `iss` of issued tokens. Mock decision (docs/tokens.md).
     */
    get: operations['getOpenidConfiguration'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-authorization-server': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * OAuth 2.0 authorization server metadata (RFC 8414)
     * @description The same document as `/.well-known/openid-configuration`, at the path RFC 8414 names. Mock decision
     *     (docs/login.md).
     */
    get: operations['getAuthorizationServerMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/authorize': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Authorization endpoint (code flow with PKCE) and its login page
     * @description OAuth 2.0 authorization endpoint (RFC 6749 §4.1, PKCE RFC 7636) at Auth0's path, for single-page apps and
     *     their login libraries. Mock decision (docs/login.md).
     *
     *     `client_id` and `redirect_uri` are required and never redirected to when wrong: a missing or empty one, or
     *     a `redirect_uri` that is not an absolute URI, is refused as the schema says (400); a `client_id` that
     *     names no client of the dataset, or a `redirect_uri` the client's rules do not allow, is an HTML error page
     *     (400). Every other problem goes back to the redirect URI as `error`, `error_description` and `state`
     *     (RFC 6749 §4.1.2.1), which is why the other parameters are plain strings: their accepted values are in
     *     `x-supported-values` (`x-pattern` for `code_challenge`), and `x-required-together` names the parameters
     *     that go together. A live login session (the cookie the login page sets) answers at once with a code;
     *     `prompt=none` without one answers `error=login_required`; `prompt=login` always shows the login page.
     *     Parameters this endpoint does not know are ignored (RFC 6749 §3.1). Like the login form and the logout
     *     routes, it sends no CORS headers (it is for top-level navigations, RFC 9700 §4.12), and its answers carry
     *     `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff` and, on HTML pages, a
     *     Content-Security-Policy whose `frame-ancestors` is `'none'` (the client's web origins for a `web_message`
     *     answer). A fault rule with `oauth_error` sends that error to the client's redirect URI in its response
     *     mode (docs/tokens.md).
     */
    get: operations['authorize'];
    put?: never;
    /**
     * Authorization endpoint, by POST
     * @description As `GET /authorize`, with the parameters in a form body (OIDC Core §3.1.2.1 requires both methods): the
     *     same checks, login page, answers and errors. Parameters this endpoint does not know are ignored. Mock
     *     decision (docs/login.md).
     */
    post: operations['authorizeByPost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/authorize/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The login page's form
     * @description What the login page posts: the authorization request's parameters (hidden fields) and either `account`
     *     (a known account's button) or `email` and `password`. Success sets the login session cookie (HttpOnly,
     *     SameSite=Lax) and answers as `GET /authorize` does with a session. A wrong password, a blocked user or a
     *     locked-out account (docs/tokens.md) shows the page again with the message. Mock decision (docs/login.md).
     */
    post: operations['submitLogin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/userinfo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The user's profile claims (OpenID Connect UserInfo)
     * @description The profile claims of the token's user that its scope allows (`profile`: `name`, `nickname`,
     *     `updated_at`; `email`: `email`, `email_verified`), always `sub`, and what the session's claim rules set on
     *     the ID token issued with the access token. No permission needed; a token issued to a client
     *     (client_credentials) or revoked is 401, and so is any token while a fault rule with `oauth_error` matches
     *     (`WWW-Authenticate: Bearer error="<code>"`). Mock decision (docs/login.md, docs/tokens.md).
     */
    get: operations['getUserinfo'];
    put?: never;
    /**
     * The user's profile claims, by POST
     * @description As `GET /userinfo` (OIDC Core §5.3.1 allows both). Mock decision (docs/login.md).
     */
    post: operations['postUserinfo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v2/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Log out (Auth0's endpoint)
     * @description Ends the login session, then redirects to `returnTo` when the client (`client_id`; without it, any client)
     *     allows it as a logout URI, or shows a "signed out" page without `returnTo`. A `returnTo` that is not
     *     allowed, or an unknown `client_id`, is an HTML error page (400), never a redirect. Other parameters are
     *     ignored. Mock decision (docs/login.md).
     */
    get: operations['logout'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oidc/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Log out (OpenID Connect RP-initiated logout)
     * @description The `end_session_endpoint` of discovery. Ends the login session, then redirects to
     *     `post_logout_redirect_uri` (with `state`) when the client named by `client_id` or by the audience of
     *     `id_token_hint` allows it, or shows a "signed out" page without one. Anything else is an HTML error page
     *     (400), never a redirect. Other parameters are ignored. Mock decision (docs/login.md).
     */
    get: operations['endSession'];
    put?: never;
    /**
     * Log out (OpenID Connect RP-initiated logout), by POST
     * @description As `GET /oidc/logout`, with the parameters in a form body (RP-Initiated Logout §2 requires both methods).
     *     Other parameters are ignored. Mock decision (docs/login.md).
     */
    post: operations['endSessionByPost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspaces/{workspace}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the members of a workspace
     * @description Mock decision (docs/access.md): the workspace's users (User records), paginated with `page` and `per_page`
     *     under the same `Link` / `X-Total-Count` rules as GET /users, in `created_at` then `id` order. The caller
     *     must be a member of the workspace or a `saas_admin`; without `read:user_metadata` the records carry no
     *     `created_by` / `updated_by`.
     */
    get: operations['listWorkspaceMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.yaml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document, as YAML
     * @description Mock decision (docs/console.md): `spec/openapi.yaml` as served, with `servers` set to the URL the request
     *     reached (so a generator pointed at it calls this server), and the authorization server's operations'
     *     `servers` set to its URL.
     */
    get: operations['getOpenApiYaml'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document, as JSON
     * @description Mock decision (docs/console.md): the document of `GET /openapi.yaml` as JSON, for generators such as
     *     `openapi-typescript http://localhost:8080/openapi.json`.
     */
    get: operations['getOpenApiJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * API reference with try-it
     * @description Mock decision (docs/console.md): an HTML page rendering `GET /openapi.json` with Swagger UI, served from the
     *     installed package (no outside host). "Try it out" calls this server; its token control gets a token for a
     *     known account and fills the bearer.
     */
    get: operations['getDocs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/{asset}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A script or style sheet of the API reference
     * @description Mock decision (docs/console.md): the files `GET /docs` loads, by name (`asset` lists them).
     */
    get: operations['getDocsAsset'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/favicon.ico': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The icon a browser shows in its tab
     * @description Mock decision (docs/console.md): browsers ask every site for `/favicon.ico`; the mock answers with its
     *     32×32 icon rather than a 404, for every page it serves (the console, `/docs`, the login form).
     */
    get: operations['getFavicon'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type webhooks = Record<string, never>;
export type components = {
  schemas: {
    /**
     * @description An OpenAPI 3.1 document: this one as the server serves it, with `servers` naming the URL the request
     *     reached.
     */
    OpenApiDocument: {
      /** @example 3.1.0 */
      openapi: string;
      info: {
        title: string;
        version: string;
      };
      servers: {
        /** Format: uri */
        url: string;
        description?: string;
      }[];
      paths: Record<string, never>;
      components: Record<string, never>;
    };
    /**
     * @description A token request (RFC 6749), one shape per `grant_type`, each with the fields its grant requires. Every field
     *     is a string; the fields a grant does not name are ignored. The client authenticates with `client_id` (and
     *     `client_secret` unless it is a public client such as `spa-client`) in the body, or with HTTP Basic
     *     (RFC 6749 §2.3.1), in which case `client_id` and `client_secret` may be left out of the body. A
     *     confidential client that sends no `client_secret` is 400 `invalid_request`; a wrong secret or an unknown
     *     client is 401 `invalid_client`. A `grant_type` other than the four below is 400 `unsupported_grant_type`.
     */
    TokenRequest:
      | components['schemas']['PasswordGrant']
      | components['schemas']['ClientCredentialsGrant']
      | components['schemas']['RefreshTokenGrant']
      | components['schemas']['AuthorizationCodeGrant']
      | components['schemas']['UnsupportedGrant'];
    /** @description The resource owner password grant (the interface's): a known user's email or identifier and password. */
    PasswordGrant: {
      /** @constant */
      grant_type: 'password';
      client_id?: components['schemas']['ClientId'];
      client_secret?: components['schemas']['ClientSecret'];
      audience?: components['schemas']['Audience'];
      scope?: components['schemas']['Scope'];
      /** @description The user's email or identifier. */
      username: string;
      password: string;
    } & {
      [key: string]: string;
    };
    /** @description A token for the client itself (`sub` = `<client_id>@clients`), with the client's permissions. */
    ClientCredentialsGrant: {
      /** @constant */
      grant_type: 'client_credentials';
      client_id?: components['schemas']['ClientId'];
      client_secret?: components['schemas']['ClientSecret'];
      audience?: components['schemas']['Audience'];
      scope?: components['schemas']['Scope'];
    } & {
      [key: string]: string;
    };
    /** @description A new access token for a refresh token of the same client; a public client's refresh token rotates. */
    RefreshTokenGrant: {
      /** @constant */
      grant_type: 'refresh_token';
      client_id?: components['schemas']['ClientId'];
      client_secret?: components['schemas']['ClientSecret'];
      refresh_token: string;
      scope?: components['schemas']['Scope'];
    } & {
      [key: string]: string;
    };
    /**
     * @description The code `/authorize` sent back, redeemed once within 60 s by the client it was issued to, with the
     *     `redirect_uri` of the authorization request and the PKCE `code_verifier` of its `code_challenge` (a
     *     mismatch of either is 403 `invalid_grant`).
     */
    AuthorizationCodeGrant: {
      /** @constant */
      grant_type: 'authorization_code';
      client_id?: components['schemas']['ClientId'];
      client_secret?: components['schemas']['ClientSecret'];
      /** @description The code `/authorize` sent back. */
      code: string;
      /** @description The redirect_uri of the authorization request, byte for byte. */
      redirect_uri?: string;
      /** @description The PKCE verifier of the code_challenge. */
      code_verifier?: string;
    } & {
      [key: string]: string;
    };
    /** @description Any other `grant_type` is answered 400 `unsupported_grant_type` (grant type names are case-sensitive). */
    UnsupportedGrant: {
      grant_type: string;
    } & {
      [key: string]: string;
    };
    /**
     * @description The client, e.g. `mock-client` (confidential) or `spa-client` (public). Required unless the client
     *     authenticates with HTTP Basic; without either, 400 `invalid_request`.
     * @example mock-client
     */
    ClientId: string;
    /** @description The client's secret; a public client has none and must not send one (401 `invalid_client`). */
    ClientSecret: string;
    /** @description `aud` of the access token; one of the client's audiences (else 403 `access_denied`). */
    Audience: string;
    /** @description Space-separated; `openid` asks for an ID token, `offline_access` for a refresh token. */
    Scope: string;
    TokenResponse: {
      access_token: string;
      /** @constant */
      token_type: 'Bearer';
      expires_in: number;
      scope?: string;
      refresh_token?: string;
      /** @description An OpenID Connect ID token, when the scope holds `openid`. */
      id_token?: string;
    };
    /**
     * @description RFC 7662 / RFC 7009 request: the `token`, an optional `token_type_hint` (`access_token` or
     *     `refresh_token`; others are ignored), and the client's authentication as at the token endpoint.
     */
    TokenInspectionRequest: {
      token: string;
      token_type_hint?: string;
      client_id?: string;
      client_secret?: string;
    } & {
      [key: string]: string;
    };
    /** @description RFC 7662 §2.2. `{"active": false}` exactly for anything not live in the session. */
    Introspection: {
      active: boolean;
      scope?: string;
      client_id?: string;
      /** @description The user's email. */
      username?: string;
      /** @enum {string} */
      token_type?: 'Bearer' | 'refresh_token';
      exp?: number;
      iat?: number;
      nbf?: number;
      sub?: string;
      aud?: string | string[];
      iss?: string;
      jti?: string;
    };
    /** @description RFC 6749 §5.2 error body of the authorization server. */
    OAuthError: {
      error: string;
      error_description: string;
    };
    Jwks: {
      keys: {
        /** @constant */
        kty: 'RSA';
        kid: string;
        /** @constant */
        use: 'sig';
        /** @constant */
        alg: 'RS256';
        n: string;
        e: string;
      }[];
    };
    OpenidConfiguration: {
      /** Format: uri */
      issuer: string;
      /** Format: uri */
      authorization_endpoint: string;
      /** Format: uri */
      token_endpoint: string;
      /** Format: uri */
      userinfo_endpoint: string;
      /** Format: uri */
      end_session_endpoint: string;
      /** Format: uri */
      jwks_uri: string;
      /** Format: uri */
      introspection_endpoint: string;
      /** Format: uri */
      revocation_endpoint: string;
      introspection_endpoint_auth_methods_supported?: string[];
      revocation_endpoint_auth_methods_supported?: string[];
      response_modes_supported: string[];
      code_challenge_methods_supported: string[];
      grant_types_supported: string[];
      response_types_supported: string[];
      subject_types_supported: string[];
      id_token_signing_alg_values_supported: string[];
      token_endpoint_auth_methods_supported: string[];
      scopes_supported: string[];
      claims_supported: string[];
      /** @description `false`: request objects are refused (`request_not_supported`). */
      request_parameter_supported?: boolean;
      /** @description `false` (OIDC Discovery's default is `true`): `request_uri` is refused. */
      request_uri_parameter_supported?: boolean;
      /** @description `false`: the `claims` parameter is ignored. */
      claims_parameter_supported?: boolean;
      prompt_values_supported?: string[];
    };
    /**
     * @description The parameters of `GET /authorize` as a form (their rules are that operation's: `client_id` and
     *     `redirect_uri` are required and checked first, every later problem goes back to the redirect URI).
     *     Parameters this endpoint does not know are ignored.
     */
    AuthorizeForm: {
      /** @example spa-client */
      client_id: string;
      /**
       * Format: uri
       * @example http://localhost:5173/callback
       */
      redirect_uri: string;
      /** @example code */
      response_type?: string;
      /**
       * @example query
       * @example fragment
       * @example form_post
       * @example web_message
       */
      response_mode?: string;
      scope?: string;
      state?: string;
      nonce?: string;
      audience?: string;
      code_challenge?: string;
      /** @example S256 */
      code_challenge_method?: string;
      /**
       * @example none
       * @example login
       * @example consent
       * @example select_account
       */
      prompt?: string;
      login_hint?: string;
      max_age?: string;
      id_token_hint?: string;
      request?: string;
      request_uri?: string;
    } & {
      [key: string]: unknown;
    };
    /** @description The parameters of `GET /oidc/logout` as a form; others are ignored. */
    EndSessionForm: {
      id_token_hint?: string;
      post_logout_redirect_uri?: string;
      client_id?: string;
      state?: string;
    } & {
      [key: string]: unknown;
    };
    /**
     * @description The login page's form: the authorization request's parameters as hidden fields (their rules are those of
     *     `GET /authorize`: `client_id` and `redirect_uri` are required and checked first, every later problem goes
     *     back to the redirect URI), and either `account` (a known account's button) or `email` and `password`
     *     (a wrong or empty pair shows the page again, 401).
     */
    LoginForm: {
      /** @example spa-client */
      client_id: string;
      /**
       * Format: uri
       * @example http://localhost:5173/callback
       */
      redirect_uri: string;
      /** @example code */
      response_type?: string;
      /**
       * @example query
       * @example fragment
       * @example form_post
       * @example web_message
       */
      response_mode?: string;
      scope?: string;
      state?: string;
      nonce?: string;
      audience?: string;
      code_challenge?: string;
      /** @example S256 */
      code_challenge_method?: string;
      login_hint?: string;
      /** @description The email of a known account (its one-click button). */
      account?: string;
      email?: string;
      password?: string;
      /**
       * @description The token the login page binds its forms with, to the authorization request and to the browser
       *     (cookie `identity_mock_browser`). Without the right one, the form is refused (403, the error page).
       */
      login_token?: string;
    };
    /**
     * @description `sub`, the profile claims the token's scope allows, and the claims that the session's claim rules set on
     *     the ID token issued with the token (docs/tokens.md), which may be any.
     */
    UserInfo: {
      sub: string;
      name?: string;
      nickname?: string;
      /** @description When the user's record last changed, in seconds since 1970 (OIDC Core §5.1). */
      updated_at?: number;
      email?: string;
      email_verified?: boolean;
    };
    /** @enum {string} */
    UserType: 'saas_admin' | 'saas_user' | 'saas_user_client';
    /** @enum {string} */
    UserStatus: 'active' | 'onboarding' | 'inactive' | 'suspended' | 'risky';
    /**
     * @description Short handle. Mock decision (docs/users.md): lower-case letters, digits, `.`, `_` and `-`, 3 to 64
     *     characters, starting with a letter or digit.
     */
    Identifier: string;
    User: {
      /** Format: uuid */
      id: string;
      identifier: components['schemas']['Identifier'];
      name: string;
      /** Format: email */
      email: string;
      user_type: components['schemas']['UserType'];
      status: components['schemas']['UserStatus'];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /**
       * Format: uuid
       * @description Id of the creating user. Only with `read:user_metadata`.
       */
      created_by?: string;
      /**
       * Format: uuid
       * @description Id of the last updating user. Only with `read:user_metadata`.
       */
      updated_by?: string;
    };
    Health: {
      /** @constant */
      status: 'ok';
    };
    /**
     * @description Mock decision (docs/responses.md): every error of the identity API has this body; `code` is stable
     *     snake_case, `error` a message saying what was wrong and what is accepted.
     */
    Error: {
      error: string;
      code: string;
      details?: components['schemas']['ErrorDetail'][];
    };
    ErrorDetail: {
      /** @enum {string} */
      location: 'query' | 'path' | 'header' | 'body';
      name: string;
      message: string;
    };
  };
  responses: {
    /** @description `invalid_request`: no `token`, a malformed body, or a body that is neither JSON nor a form. */
    TokenInspectionBadRequest: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "invalid_request",
         *       "error_description": "Missing required parameter: token"
         *     }
         */
        'application/json': components['schemas']['OAuthError'] & {
          /** @constant */
          error?: 'invalid_request';
        };
      };
    };
    /**
     * @description `invalid_client`: no client authentication, an unknown client, a wrong secret, or a confidential client
     *     without its secret (RFC 6749 §5.2, RFC 7662 §2.1), with the challenge `WWW-Authenticate: Basic
     *     realm="identity"`.
     */
    TokenInspectionUnauthorized: {
      headers: {
        /** @description `Basic realm="identity"` (RFC 6749 §5.2). */
        'WWW-Authenticate': string;
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "invalid_client",
         *       "error_description": "Client authentication failed: unknown client_id \"x\""
         *     }
         */
        'application/json': components['schemas']['OAuthError'] & {
          /** @constant */
          error?: 'invalid_client';
        };
      };
    };
    /** @description `invalid_request`: the body is over 100 KiB (102400 bytes). */
    TokenInspectionTooLarge: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "invalid_request",
         *       "error_description": "the request body is over the limit of 100 KiB (102400 bytes)"
         *     }
         */
        'application/json': components['schemas']['OAuthError'] & {
          /** @constant */
          error?: 'invalid_request';
        };
      };
    };
    /** @description `too_many_requests`: the rate limit, when it is on. */
    TokenInspectionTooManyRequests: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "too_many_requests",
         *       "error_description": "rate limit of 5 requests per 1s exceeded; retry in 1 s"
         *     }
         */
        'application/json': components['schemas']['OAuthError'] & {
          /** @constant */
          error?: 'too_many_requests';
        };
      };
    };
    /** @description Server error (`server_error`). */
    TokenInspectionServerError: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "server_error",
         *       "error_description": "Internal server error"
         *     }
         */
        'application/json': components['schemas']['OAuthError'] & {
          /** @constant */
          error?: 'server_error';
        };
      };
    };
    /**
     * @description Invalid request. Mock decision (docs/responses.md): `invalid_request` with `details`, `invalid_range`
     *     when a `*_from` bound is after its `*_to`, `unsupported_api_version` for an `X-API-Version` other
     *     than `v1`.
     */
    BadRequest: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "page_size must be between 1 and 100 (got 101)",
         *       "code": "invalid_request",
         *       "details": [
         *         {
         *           "location": "query",
         *           "name": "page_size",
         *           "message": "must be between 1 and 100 (got 101)"
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'invalid_request' | 'invalid_range' | 'unsupported_api_version';
        };
      };
    };
    /** @description Missing or invalid bearer token (`missing_token`, `invalid_token`). */
    Unauthorized: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Authorization header is missing: send Authorization: Bearer <access token>",
         *       "code": "missing_token"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'missing_token' | 'invalid_token';
        };
      };
    };
    /**
     * @description The token lacks the operation's permission (`insufficient_permissions`), or uses a metadata filter
     *     without `read:user_metadata` (`metadata_permission_required`).
     */
    Forbidden: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        /** @description `Bearer realm="identity", error="insufficient_scope", scope="<permission>"` */
        'WWW-Authenticate'?: string;
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "this operation needs the permission read:users, which the token does not grant",
         *       "code": "insufficient_permissions"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'insufficient_permissions' | 'metadata_permission_required';
        };
      };
    };
    /** @description No such user, or not visible to the caller (`user_not_found`). */
    UserNotFound: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "no user with id or identifier \"ann.lee\"",
         *       "code": "user_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'user_not_found';
        };
      };
    };
    /** @description The request's Content-Type is not one of `info.x-request-content-types`. */
    UnsupportedMediaType: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Content-Type image/png is not accepted; use one of application/json, text/plain",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'unsupported_media_type';
        };
      };
    };
    /** @description Rate limit exceeded (`rate_limited`). */
    TooManyRequests: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "rate limit of 100 requests per 60 s exceeded; retry in 12 s",
         *       "code": "rate_limited"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'rate_limited';
        };
      };
    };
    /** @description Server error. The body has a string field `error`. */
    InternalServerError: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Internal server error",
         *       "code": "internal_error"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'internal_error';
        };
      };
    };
    /**
     * @description A limit of the server, not a mistake of the request (docs/sessions.md): a new `X-Mock-Session` id while
     *     `--max-sessions` sessions with state of their own are live and none has been idle for 60 s
     *     (`too_many_sessions`; a session holding nothing of its own gives its place at once), a write that would
     *     make one named session hold more than `--max-session-memory` (`session_memory_full`), or a request that
     *     would create a session or make one hold more than `--max-state-memory` allows in all
     *     (`state_memory_full`). A request that stores nothing is never refused for memory. `Retry-After` says
     *     when to try again.
     */
    ServiceUnavailable: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'Retry-After': components['headers']['Retry-After'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "100 sessions are live (--max-sessions) and the least recently used one was used 12 s ago; retry in 48 s",
         *       "code": "too_many_sessions"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'too_many_sessions' | 'state_memory_full' | 'session_memory_full';
        };
      };
    };
    /**
     * @description `temporarily_unavailable` (RFC 6749 §5.2): a limit of the server (docs/sessions.md), as
     *     `ServiceUnavailable` describes, or a fault rule that asked for it. `Retry-After` says when to try again.
     */
    OAuthServiceUnavailable: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        /** @description Seconds to wait. */
        'Retry-After'?: number;
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "temporarily_unavailable",
         *       "error_description": "100 sessions are live (--max-sessions) and the least recently used one was used 12 s ago; retry in 48 s"
         *     }
         */
        'application/json': components['schemas']['OAuthError'] & {
          /** @constant */
          error?: 'temporarily_unavailable';
        };
      };
    };
    /**
     * @description Back to the redirect URI (`query` mode: in its query; `fragment` mode: in its fragment) with `code` and
     *     `state`, or with `error`, `error_description` and `state`.
     */
    RedirectToClient: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        Location: components['headers']['Location'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
        'Referrer-Policy': components['headers']['Referrer-Policy'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The login session ended; to the allowed logout URI. */
    RedirectAfterLogout: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        Location: components['headers']['Location'];
        'Set-Cookie': components['headers']['Set-Cookie'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
        'Referrer-Policy': components['headers']['Referrer-Policy'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The login session ended; a "signed out" page. */
    LoggedOut: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Set-Cookie': components['headers']['Set-Cookie'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
        'Referrer-Policy': components['headers']['Referrer-Policy'];
        'Content-Security-Policy': components['headers']['PageContentSecurityPolicy'];
        [name: string]: unknown;
      };
      content: {
        'text/html': string;
      };
    };
    /**
     * @description An HTML error page (`text/html`) that redirects nowhere (the operation's `x-error-shape: page`): for what
     *     only the data decides (a `client_id` that names no client of the dataset, a redirect or logout URI that the
     *     client's rules do not allow, an `id_token_hint` this server did not sign or whose audience is another
     *     client) and for a request the schemas refuse (a missing `client_id`, a `redirect_uri` that is not an
     *     absolute URI, a repeated parameter, a bad `X-API-Version`). `X-Message` holds the message. The other
     *     errors of these operations (415, 429, 500) are the JSON error body of every route.
     */
    AuthorizationPageError: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['CacheControlLoginPage'];
        Pragma: components['headers']['PragmaLoginPage'];
        'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
        'Referrer-Policy': components['headers']['Referrer-Policy'];
        'Content-Security-Policy': components['headers']['PageContentSecurityPolicy'];
        [name: string]: unknown;
      };
      content: {
        'text/html': string;
        'application/json': components['schemas']['Error'];
      };
    };
    /**
     * @description The login page again, with the message in an alert: 401 wrong email or password, 403 a blocked user
     *     (status `inactive` or `suspended`). 403 is also the error page of a form that does not carry the login
     *     token of its request and browser, or that a browser says came from another site (login CSRF).
     */
    LoginFailed: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        Pragma: components['headers']['Pragma'];
        'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
        'Referrer-Policy': components['headers']['Referrer-Policy'];
        'Content-Security-Policy': components['headers']['PageContentSecurityPolicy'];
        [name: string]: unknown;
      };
      content: {
        'text/html': string;
      };
    };
    /** @description The profile claims. */
    UserInfo: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'Cache-Control': components['headers']['Cache-Control'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "sub": "auth0|00000000-0000-4000-8000-000000000001",
         *       "name": "Ada Admin",
         *       "nickname": "admin",
         *       "updated_at": 1672531200,
         *       "email": "admin@example.com",
         *       "email_verified": true
         *     }
         */
        'application/json': components['schemas']['UserInfo'];
      };
    };
  };
  parameters: {
    /**
     * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
     *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
     *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
     *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
     *     authorization server's included.
     * @example suite-users-list
     */
    'X-Mock-Session': string;
    /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
    'X-API-Version': 'v1';
    /**
     * @description Field to sort by. Mock decision (docs/users.md): strings sort case- and accent-insensitively; ties
     *     break by `id` ascending. Without `sort_by`, a `search` ranks its results (exact field match, then
     *     prefix, then substring, then fuzzy; ties by `created_at`, `id`).
     */
    sort_by: 'id' | 'identifier' | 'name' | 'email' | 'user_type' | 'status' | 'created_at' | 'updated_at';
    /** @description Sort direction. */
    sort_order: 'asc' | 'desc';
    /** @description Exact match on `id`. Needs `read:user_metadata` (else 403 `metadata_permission_required`). */
    id: string;
    /** @description Exact match on `created_by`. Needs `read:user_metadata`. */
    created_by: string;
    /** @description Exact match on `updated_by`. Needs `read:user_metadata`. */
    updated_by: string;
    /** @description Exact match on `user_type`. */
    user_type: components['schemas']['UserType'];
    /** @description Exact match on `status`. */
    status: components['schemas']['UserStatus'];
    /**
     * @description Inclusive lower bound on `created_at` (RFC 3339).
     * @example 2024-01-01T00:00:00Z
     */
    created_at_from: string;
    /**
     * @description Exclusive upper bound on `created_at` (RFC 3339).
     * @example 2025-01-01T00:00:00Z
     */
    created_at_to: string;
    /** @description Inclusive lower bound on `updated_at` (RFC 3339). */
    updated_at_from: string;
    /** @description Exclusive upper bound on `updated_at` (RFC 3339). */
    updated_at_to: string;
    /**
     * @description Mock decision (docs/users.md): trimmed (leading and trailing whitespace removed), then 1–100 characters,
     *     any amount of surrounding whitespace allowed (the first `allOf` pattern says exactly this: a non-space
     *     character, up to 98 more, a non-space character); split on whitespace into terms. At least one character
     *     must be visible (the second `allOf` pattern says exactly this): a value made only of whitespace, control
     *     (`Cc`), format (`Cf`, such as U+00AD, U+200B–U+200F, U+202A–U+202E, U+2060–U+2064, U+FEFF) or
     *     combining (`M`, such as U+0301) characters of the Basic Multilingual Plane is 400 `invalid_request`.
     *     A character outside that plane (above U+FFFF) always counts as visible.
     *
     *     A user matches when every term matches one of `identifier`, `name`, `email`, case- and
     *     accent-insensitively, as a substring or, for terms of 4+ characters, within one edit (insertion,
     *     deletion, substitution or transposition of adjacent characters) of a word of those fields; or matches
     *     `id` as its whole value or as a prefix of 8+ characters (no substring or typo inside a uuid: the `id`
     *     filter finds a known id).
     * @example ann lee
     */
    search: string & string;
    /** @description Page number, from 1. */
    page: number;
    /** @description Items per page. */
    page_size: number;
  };
  requestBodies: never;
  headers: {
    /**
     * @description CORS (docs/responses.md): `*` on an answer to a request without `Origin`, the request's `Origin` itself on
     *     one with it, so that a page on any origin reads the answer, with credentials too. The browser-navigation
     *     operations (the authorization endpoint, its login form, the logout routes) send no CORS headers.
     * @example http://localhost:5173
     */
    'Access-Control-Allow-Origin': string;
    /** @description `true` on an answer to a request that sent an `Origin` (`credentials: 'include'` works). */
    'Access-Control-Allow-Credentials': 'true';
    /**
     * @description The response headers a page on another origin may read, on every answer with
     *     `Access-Control-Allow-Origin`.
     * @example Link, X-Total-Count, X-Message, X-API-Version, Retry-After
     */
    'Access-Control-Expose-Headers': string;
    /**
     * @description `Origin` on an answer to a request that sent an `Origin` (the answer depends on it).
     * @example Origin
     */
    Vary: string;
    /**
     * @description The request's `X-Mock-Session`, echoed on every answer of a request that sent a valid one
     *     (docs/sessions.md).
     */
    'X-Mock-Session': string;
    /**
     * @description When the request's named session was created (RFC 3339), on every answer in a named session
     *     (docs/sessions.md): a session that was dropped and started afresh answers with a later time.
     */
    'X-Mock-Session-Started': string;
    /**
     * @description Mock decision (docs/control-plane.md): requests allowed per window. Present on every answer while rate
     *     limiting is on (`--rate-limit`, `PUT /__admin/rate-limit`), as Auth0 sends it; absent while it is off.
     * @example 100
     */
    'X-RateLimit-Limit': number;
    /**
     * @description Requests left in the current window, while rate limiting is on.
     * @example 99
     */
    'X-RateLimit-Remaining': number;
    /**
     * @description When the current window ends, in Unix epoch seconds, while rate limiting is on.
     * @example 1768478460
     */
    'X-RateLimit-Reset': number;
    /**
     * @description The `Prefer` preferences this answer applied (RFC 7240), e.g. `code=500` or `delay=200`: present when the
     *     request's `Prefer` asked for a documented status or a delay (docs/control-plane.md).
     * @example code=500
     */
    'Preference-Applied': string;
    /** @description The API version that answered. Always `v1`. */
    'X-API-Version': 'v1';
    /**
     * @description Human-readable message: `Data retrieved successfully`, `Data not found`, `User deleted successfully`,
     *     or the error message. Printable ASCII, at most 512 characters (longer: cut, ending `...`); a message with
     *     other characters is sent as an RFC 8187 value, `UTF-8''` and its percent-encoded UTF-8 bytes
     *     (`UTF-8''no%20user%20%C5%BBaneta`), which the body carries as real text.
     */
    'X-Message': string;
    /** @description Number of users after filters, search and row-level access. */
    'X-Total-Count': number;
    /**
     * @description RFC 8288 links, present only when `X-Total-Count` exceeds the page size: `first`, `prev` (not on page
     *     1), `next` (not on or past the last page) and `last`, in that order. Each URL is absolute, keeps every
     *     query parameter of the request, sets `page`, and carries `page_size` only if the request did.
     * @example <http://localhost:8080/users?page=1>; rel="first", <http://localhost:8080/users?page=2>; rel="next", <http://localhost:8080/users?page=11>; rel="last"
     */
    Link: string;
    /**
     * @description RFC 6750 challenge, e.g. `Bearer realm="identity", error="invalid_token"`.
     * @example Bearer realm="identity"
     */
    'WWW-Authenticate': string;
    /** @description `no-store`: tokens, profiles and the login pages must not be cached (RFC 6749 §5.1). */
    'Cache-Control': 'no-store';
    /** @description `no-cache` (RFC 6749 §5.1), beside `Cache-Control: no-store`. */
    Pragma: 'no-cache';
    /** @description `no-store` on the HTML page (a request the spec refuses gets the JSON body without it). */
    CacheControlLoginPage: 'no-store';
    /** @description `no-cache` on the HTML page, beside `Cache-Control: no-store`. */
    PragmaLoginPage: 'no-cache';
    /** @description Seconds to wait, when the answer is the rate limit's (`rate_limited`); the lock-out page has none. */
    RetryAfterRateLimit: number;
    /** @description `public, max-age=300`: discovery may be cached for 5 minutes. */
    CacheControlMetadata: 'public, max-age=300';
    /** @description `public, max-age=60`: the signing keys may be cached a minute, so a rotation is seen within it. */
    CacheControlJwks: 'public, max-age=60';
    /** @description `public, max-age=86400`: the icon may be kept a day. */
    CacheControlIcon: 'public, max-age=86400';
    /** @description `no-cache`: the documents, pages and their files are revalidated on every use. */
    CacheControlNoCache: 'no-cache';
    /** @description `nosniff`: the browser keeps the declared media type. */
    'X-Content-Type-Options': 'nosniff';
    /**
     * @description `frame-ancestors 'none'; base-uri 'none'; object-src 'none'`: no other page may frame the login, error and
     *     logout pages (clickjacking). A `web_message` answer names the client's web origins in `frame-ancestors`
     *     instead, for the silent-authentication iframe.
     */
    PageContentSecurityPolicy: string;
    /** @description `no-referrer`. */
    'Referrer-Policy': 'no-referrer';
    /**
     * @description The page may load only this server's own files (`default-src 'self'`), connect to this server (and to
     *     the authorization server's own listener, with `--auth-port`), and be framed by no page
     *     (`frame-ancestors 'none'`).
     */
    'Content-Security-Policy': string;
    /**
     * @description Seconds to wait before retrying.
     * @example 30
     */
    'Retry-After': number;
    /** @description Where the browser goes next. */
    Location: string;
    /**
     * @description The login session cookie `identity_mock_session` (HttpOnly, SameSite=Lax, Path=/), set by a login and
     *     cleared by a logout; on the login page, the browser's cookie `identity_mock_browser` (HttpOnly,
     *     SameSite=Lax, Path=/authorize) that its forms' login token is bound to.
     */
    'Set-Cookie': string;
  };
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The service is up. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          'application/json': components['schemas']['Health'];
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listUsers: {
    parameters: {
      query?: {
        /**
         * @description Field to sort by. Mock decision (docs/users.md): strings sort case- and accent-insensitively; ties
         *     break by `id` ascending. Without `sort_by`, a `search` ranks its results (exact field match, then
         *     prefix, then substring, then fuzzy; ties by `created_at`, `id`).
         */
        sort_by?: components['parameters']['sort_by'];
        /** @description Sort direction. */
        sort_order?: components['parameters']['sort_order'];
        /** @description Exact match on `id`. Needs `read:user_metadata` (else 403 `metadata_permission_required`). */
        id?: components['parameters']['id'];
        /** @description Exact match on `created_by`. Needs `read:user_metadata`. */
        created_by?: components['parameters']['created_by'];
        /** @description Exact match on `updated_by`. Needs `read:user_metadata`. */
        updated_by?: components['parameters']['updated_by'];
        /** @description Exact match on `user_type`. */
        user_type?: components['parameters']['user_type'];
        /** @description Exact match on `status`. */
        status?: components['parameters']['status'];
        /**
         * @description Inclusive lower bound on `created_at` (RFC 3339).
         * @example 2024-01-01T00:00:00Z
         */
        created_at_from?: components['parameters']['created_at_from'];
        /**
         * @description Exclusive upper bound on `created_at` (RFC 3339).
         * @example 2025-01-01T00:00:00Z
         */
        created_at_to?: components['parameters']['created_at_to'];
        /** @description Inclusive lower bound on `updated_at` (RFC 3339). */
        updated_at_from?: components['parameters']['updated_at_from'];
        /** @description Exclusive upper bound on `updated_at` (RFC 3339). */
        updated_at_to?: components['parameters']['updated_at_to'];
        /**
         * @description Mock decision (docs/users.md): trimmed (leading and trailing whitespace removed), then 1–100 characters,
         *     any amount of surrounding whitespace allowed (the first `allOf` pattern says exactly this: a non-space
         *     character, up to 98 more, a non-space character); split on whitespace into terms. At least one character
         *     must be visible (the second `allOf` pattern says exactly this): a value made only of whitespace, control
         *     (`Cc`), format (`Cf`, such as U+00AD, U+200B–U+200F, U+202A–U+202E, U+2060–U+2064, U+FEFF) or
         *     combining (`M`, such as U+0301) characters of the Basic Multilingual Plane is 400 `invalid_request`.
         *     A character outside that plane (above U+FFFF) always counts as visible.
         *
         *     A user matches when every term matches one of `identifier`, `name`, `email`, case- and
         *     accent-insensitively, as a substring or, for terms of 4+ characters, within one edit (insertion,
         *     deletion, substitution or transposition of adjacent characters) of a word of those fields; or matches
         *     `id` as its whole value or as a prefix of 8+ characters (no substring or typo inside a uuid: the `id`
         *     filter finds a known id).
         * @example ann lee
         */
        search?: components['parameters']['search'];
        /** @description Page number, from 1. */
        page?: components['parameters']['page'];
        /** @description Items per page. */
        page_size?: components['parameters']['page_size'];
      };
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description A page of users. `X-Message` is `Data retrieved successfully` when the page has items and
       *     `Data not found` when it has none.
       */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example [
           *       {
           *         "id": "8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b",
           *         "identifier": "ann.lee",
           *         "name": "Ann Lee",
           *         "email": "ann.lee@example.com",
           *         "user_type": "saas_user",
           *         "status": "active",
           *         "created_at": "2024-03-05T10:20:30.000Z",
           *         "updated_at": "2025-01-07T08:00:00.000Z",
           *         "created_by": "00000000-0000-4000-8000-000000000001",
           *         "updated_by": "00000000-0000-4000-8000-000000000001"
           *       }
           *     ]
           */
          'application/json': components['schemas']['User'][];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        /**
         * @description The user's uuid `id`, or their `identifier`.
         * @example aaliyah.jacobson
         */
        'id-or-identifier': string | components['schemas']['Identifier'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user was deleted. `X-Message` is `User deleted successfully`. */
      204: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['UserNotFound'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  issueToken: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "grant_type": "password",
         *       "client_id": "mock-client",
         *       "client_secret": "mock-secret",
         *       "audience": "https://identity.example.com/admin/v1",
         *       "username": "admin@example.com",
         *       "password": "Passw0rd!"
         *     }
         */
        'application/json': components['schemas']['TokenRequest'];
        'application/x-www-form-urlencoded': components['schemas']['TokenRequest'];
      };
    };
    responses: {
      /** @description A token. `expires_in` is `exp - iat` of the access token. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "access_token": "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6Ii4uLiJ9.eyJpc3MiOiIuLi4ifQ.c2ln",
           *       "token_type": "Bearer",
           *       "expires_in": 86400
           *     }
           */
          'application/json': components['schemas']['TokenResponse'];
        };
      };
      /**
       * @description `invalid_request` (missing or malformed field, malformed body, unsupported body type),
       *     `unsupported_grant_type`, `invalid_scope` (a `scope` longer than 1 KiB, or a refresh asking for a scope it
       *     was not granted) or `invalid_grant` (a refresh token presented by another client). With
       *     `--oauth-errors rfc6749`, every error answered 403 by default is answered 400 instead (RFC 6749 §5.2):
       *     `invalid_grant`, `access_denied`, `unauthorized_client`.
       */
      400: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "invalid_request",
           *       "error_description": "Missing required parameter: grant_type"
           *     }
           */
          'application/json': components['schemas']['OAuthError'] & {
            /** @enum {unknown} */
            error?:
              | 'invalid_request'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'invalid_grant'
              | 'access_denied'
              | 'unauthorized_client';
          };
        };
      };
      /**
       * @description `invalid_client`: unknown client, wrong secret, or a secret sent by a public client. A client that
       *     authenticated with HTTP Basic gets the challenge `WWW-Authenticate: Basic realm="identity"`.
       */
      401: {
        headers: {
          /** @description `Basic realm="identity"`, when the client authenticated with HTTP Basic (RFC 6749 §5.2). */
          'WWW-Authenticate'?: string;
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "invalid_client",
           *       "error_description": "Client authentication failed: unknown client_id \"x\""
           *     }
           */
          'application/json': components['schemas']['OAuthError'] & {
            /** @constant */
            error?: 'invalid_client';
          };
        };
      };
      /**
       * @description `invalid_grant` (wrong email or password, unknown or reused refresh token, a code that is unknown,
       *     used, expired, or whose redirect_uri or code_verifier does not match), `access_denied` (inactive or
       *     suspended user, unknown audience: "Service not found: <aud>"), `unauthorized_client` (grant not
       *     allowed for the client).
       */
      403: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "invalid_grant",
           *       "error_description": "Wrong email or password."
           *     }
           */
          'application/json': components['schemas']['OAuthError'] & {
            /** @enum {unknown} */
            error?: 'invalid_grant' | 'access_denied' | 'unauthorized_client';
          };
        };
      };
      /** @description `invalid_request`: the body is over 100 KiB (102400 bytes). */
      413: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "invalid_request",
           *       "error_description": "the request body is over the limit of 100 KiB (102400 bytes)"
           *     }
           */
          'application/json': components['schemas']['OAuthError'] & {
            /** @constant */
            error?: 'invalid_request';
          };
        };
      };
      /** @description `too_many_attempts` (account locked out) or `too_many_requests` (rate limit). */
      429: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          /** @description Seconds to wait (rate limit only). */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "too_many_attempts",
           *       "error_description": "Your account has been blocked after 10 consecutive wrong passwords from this address; it is unblocked after 15 minutes or a reset of the mock."
           *     }
           */
          'application/json': components['schemas']['OAuthError'] & {
            /** @enum {unknown} */
            error?: 'too_many_attempts' | 'too_many_requests';
          };
        };
      };
      /** @description Server error (`server_error`). */
      500: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "server_error",
           *       "error_description": "Internal server error"
           *     }
           */
          'application/json': components['schemas']['OAuthError'] & {
            /** @constant */
            error?: 'server_error';
          };
        };
      };
      503: components['responses']['OAuthServiceUnavailable'];
    };
  };
  introspectToken: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "eyJhbGciOiJSUzI1NiJ9.e30.c2ln",
         *       "client_id": "mock-client",
         *       "client_secret": "mock-secret"
         *     }
         */
        'application/x-www-form-urlencoded': components['schemas']['TokenInspectionRequest'];
        'application/json': components['schemas']['TokenInspectionRequest'];
      };
    };
    responses: {
      /** @description The token's state. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "active": true,
           *       "scope": "openid offline_access",
           *       "client_id": "mock-client",
           *       "username": "admin@example.com",
           *       "token_type": "Bearer",
           *       "exp": 1768564800,
           *       "iat": 1768478400,
           *       "sub": "auth0|00000000-0000-4000-8000-000000000001",
           *       "aud": "https://identity.example.com/admin/v1",
           *       "iss": "http://localhost:8080/",
           *       "jti": "9b2f6f2e-1d0c-4d43-9a4c-6a4a4f3c2a11"
           *     }
           */
          'application/json': components['schemas']['Introspection'];
        };
      };
      400: components['responses']['TokenInspectionBadRequest'];
      401: components['responses']['TokenInspectionUnauthorized'];
      413: components['responses']['TokenInspectionTooLarge'];
      429: components['responses']['TokenInspectionTooManyRequests'];
      500: components['responses']['TokenInspectionServerError'];
      503: components['responses']['OAuthServiceUnavailable'];
    };
  };
  revokeToken: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "8xLOxBtZp8",
         *       "token_type_hint": "refresh_token",
         *       "client_id": "spa-client"
         *     }
         */
        'application/x-www-form-urlencoded': components['schemas']['TokenInspectionRequest'];
        'application/json': components['schemas']['TokenInspectionRequest'];
      };
    };
    responses: {
      /** @description Revoked, or nothing to revoke. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['TokenInspectionBadRequest'];
      401: components['responses']['TokenInspectionUnauthorized'];
      413: components['responses']['TokenInspectionTooLarge'];
      429: components['responses']['TokenInspectionTooManyRequests'];
      500: components['responses']['TokenInspectionServerError'];
      503: components['responses']['OAuthServiceUnavailable'];
    };
  };
  getJwks: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The key set. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlJwks'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Jwks'];
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getOpenidConfiguration: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlMetadata'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenidConfiguration'];
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getAuthorizationServerMetadata: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlMetadata'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenidConfiguration'];
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  authorize: {
    parameters: {
      query: {
        /**
         * @description The client, e.g. `spa-client`. One that names no client of the dataset is the error page (400).
         * @example spa-client
         */
        client_id: string;
        /**
         * @description An absolute URI the client's `redirect_uris` rules allow (by default any path on http://localhost and
         *     http://127.0.0.1, any port); one they do not allow is the error page (400), never a redirect.
         * @example http://localhost:5173/callback
         */
        redirect_uri: string;
        /**
         * @description `code`, the only response type (discovery's `response_types_supported`). Any other value, or none, goes
         *     back to the redirect URI as `unsupported_response_type` or `invalid_request`, as every error after
         *     the client and its redirect URI are known does (RFC 6749 §4.1.2.1); the schema leaves such values to
         *     that answer rather than to a 400.
         * @example code
         */
        response_type?: string;
        /**
         * @description `query` (default), `fragment`, `form_post` or `web_message` (a message to the opener or parent window).
         *     Another value goes back to the redirect URI (in its query) as `invalid_request`.
         */
        response_mode?: string;
        /**
         * @description Space-separated: `openid` for an ID token, `profile`, `email`, `offline_access` for a refresh token.
         * @example openid profile email
         */
        scope?: string;
        /** @description Returned unchanged with the code or the error. */
        state?: string;
        /** @description Echoed in the ID token. */
        nonce?: string;
        /** @description `aud` of the access token; one of the client's audiences (else `access_denied` back to the redirect URI). */
        audience?: string;
        /**
         * @description BASE64URL(SHA256(code_verifier)): 43 to 128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636), sent with
         *     `code_challenge_method=S256`; required for public clients. A malformed or missing one goes back to the
         *     redirect URI as `invalid_request`.
         */
        code_challenge?: string;
        /** @description `S256` only, with `code_challenge`; `plain` or another value goes back as `invalid_request`. */
        code_challenge_method?: string;
        /**
         * @description `none` (answer without a page, or `login_required`), `login`, `consent` or `select_account` (always the
         *     login page, which asks who signs in), space-separated; another value, or `none` with another, goes back
         *     as `invalid_request`.
         */
        prompt?: string;
        /** @description Fills in the login page's email. */
        login_hint?: string;
        /**
         * @description Seconds: a login session at least this old logs in again (the login page; `login_required` with
         *     `prompt=none`); `0` always does. The ID token carries `auth_time`. Not a whole number: `invalid_request`
         *     back to the redirect URI.
         */
        max_age?: string;
        /**
         * @description An ID token this server signed (expired ones too): when it names another user than the one logged in,
         *     the login page is shown (`login_required` with `prompt=none`). Anything else goes back as
         *     `invalid_request`.
         */
        id_token_hint?: string;
        /** @description Request objects are not supported (discovery does not advertise them) → `request_not_supported`. */
        request?: string;
        /** @description Not supported (discovery does not advertise it) → `request_uri_not_supported`. */
        request_uri?: string;
      };
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description The login page; or, with a login session, the answer in `form_post` mode (a form posting `code` and
       *     `state` to the redirect URI) or `web_message` mode (a page posting
       *     `{type: "authorization_response", response: {code, state}}` to the redirect URI's origin).
       */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'Set-Cookie': components['headers']['Set-Cookie'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          'Referrer-Policy': components['headers']['Referrer-Policy'];
          'Content-Security-Policy': components['headers']['PageContentSecurityPolicy'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      302: components['responses']['RedirectToClient'];
      400: components['responses']['AuthorizationPageError'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  authorizeByPost: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': components['schemas']['AuthorizeForm'];
      };
    };
    responses: {
      /** @description The login page, or the answer in `form_post` or `web_message` mode. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'Set-Cookie': components['headers']['Set-Cookie'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          'Referrer-Policy': components['headers']['Referrer-Policy'];
          'Content-Security-Policy': components['headers']['PageContentSecurityPolicy'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      302: components['responses']['RedirectToClient'];
      400: components['responses']['AuthorizationPageError'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  submitLogin: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': components['schemas']['LoginForm'];
      };
    };
    responses: {
      /** @description The answer in `form_post` or `web_message` mode. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Set-Cookie': components['headers']['Set-Cookie'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          'Referrer-Policy': components['headers']['Referrer-Policy'];
          'Content-Security-Policy': components['headers']['PageContentSecurityPolicy'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Back to the client with `code` and `state`, the login session cookie set. */
      302: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          Location: components['headers']['Location'];
          'Set-Cookie': components['headers']['Set-Cookie'];
          'Cache-Control': components['headers']['Cache-Control'];
          Pragma: components['headers']['Pragma'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          'Referrer-Policy': components['headers']['Referrer-Policy'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['AuthorizationPageError'];
      401: components['responses']['LoginFailed'];
      403: components['responses']['LoginFailed'];
      415: components['responses']['UnsupportedMediaType'];
      /** @description The login page with the lock-out message (`too_many_attempts`), or the rate limit (JSON). */
      429: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Retry-After': components['headers']['RetryAfterRateLimit'];
          'Cache-Control': components['headers']['CacheControlLoginPage'];
          Pragma: components['headers']['PragmaLoginPage'];
          /** @description `nosniff`, on the login page (not on the JSON answer of the rate limit). */
          'X-Content-Type-Options'?: 'nosniff';
          /** @description `no-referrer`, on the login page (not on the JSON answer of the rate limit). */
          'Referrer-Policy'?: 'no-referrer';
          /** @description The login page's policy (PageContentSecurityPolicy); not on the JSON answer of the rate limit. */
          'Content-Security-Policy'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getUserinfo: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['UserInfo'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  postUserinfo: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['UserInfo'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  logout: {
    parameters: {
      query?: {
        /**
         * @description The client whose `logout_uris` rules `returnTo` must match; empty or absent, any client's. One that
         *     names no client of the dataset is the error page (400).
         * @example spa-client
         */
        client_id?: string;
        /**
         * @description Where to send the browser afterwards: an absolute URI the rules allow (else the error page, 400); empty
         *     or absent, the "signed out" page.
         * @example http://localhost:5173/
         */
        returnTo?: string;
      };
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['LoggedOut'];
      302: components['responses']['RedirectAfterLogout'];
      400: components['responses']['AuthorizationPageError'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  endSession: {
    parameters: {
      query?: {
        /**
         * @description An ID token this server signed (expired ones too); it names the client. Anything else is the error page
         *     (400); empty counts as absent.
         */
        id_token_hint?: string;
        /**
         * @description Where to send the browser afterwards: an absolute URI the client's `logout_uris` rules allow, with
         *     `client_id` or `id_token_hint` naming the client (else the error page, 400); empty or absent, the
         *     "signed out" page.
         * @example http://localhost:5173/
         */
        post_logout_redirect_uri?: string;
        /**
         * @description The client; with `id_token_hint`, it must be the token's audience. One that names no client of the
         *     dataset is the error page (400); empty counts as absent.
         * @example spa-client
         */
        client_id?: string;
        /** @description Returned with the redirect. */
        state?: string;
      };
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['LoggedOut'];
      302: components['responses']['RedirectAfterLogout'];
      400: components['responses']['AuthorizationPageError'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  endSessionByPost: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': components['schemas']['EndSessionForm'];
      };
    };
    responses: {
      200: components['responses']['LoggedOut'];
      302: components['responses']['RedirectAfterLogout'];
      400: components['responses']['AuthorizationPageError'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listWorkspaceMembers: {
    parameters: {
      query?: {
        /** @description Page number, from 1. */
        page?: components['parameters']['page'];
        /** @description Items per page. */
        per_page?: number;
      };
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        /**
         * @description Workspace id, a slug such as `ws-01`.
         * @example ws-01
         */
        workspace: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of members. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'][];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      /** @description No such workspace (`workspace_not_found`). */
      404: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no workspace \"ws-99\"",
           *       "code": "workspace_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'workspace_not_found';
          };
        };
      };
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getOpenApiYaml: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlNoCache'];
          [name: string]: unknown;
        };
        content: {
          'application/yaml': components['schemas']['OpenApiDocument'];
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getOpenApiJson: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlNoCache'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenApiDocument'];
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDocs: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlNoCache'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          'Referrer-Policy': components['headers']['Referrer-Policy'];
          'Content-Security-Policy': components['headers']['Content-Security-Policy'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDocsAsset: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        /** @description One of the files the page loads; any other name is 400. */
        asset: 'swagger-ui-bundle.js' | 'swagger-ui.css' | 'docs.js' | 'docs.css';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlNoCache'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          [name: string]: unknown;
        };
        content: {
          'text/javascript': string;
          'text/css': string;
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getFavicon: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version. Mock decision (docs/responses.md): any value other than `v1` is 400 `unsupported_api_version`. */
        'X-API-Version'?: components['parameters']['X-API-Version'];
        /**
         * @description Mock decision (docs/sessions.md): selects an isolated session of the mock (its users and deletions, journal,
         *     fault rules, rate-limit counters, lock-outs, login sessions and refresh tokens), created on first use from
         *     the data the server started with. Without it, the default session. Any other value than 1 to 64 of
         *     `A-Z a-z 0-9 . _ -` is 400 `invalid_request` naming the header. Accepted on every route, the
         *     authorization server's included.
         * @example suite-users-list
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The icon (an ICO holding one PNG). */
      200: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Preference-Applied': components['headers']['Preference-Applied'];
          'Cache-Control': components['headers']['CacheControlIcon'];
          'X-Content-Type-Options': components['headers']['X-Content-Type-Options'];
          [name: string]: unknown;
        };
        content: {
          'image/x-icon': string;
        };
      };
      400: components['responses']['BadRequest'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}
