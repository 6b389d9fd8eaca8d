// Generated from spec/admin.yaml by `npm run gen:types` (openapi-typescript). Do not edit.

export type paths = {
  '/health': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness
     * @description 200 once the data is loaded; `indexes` says whether search and sort indexes are built yet. Served by
     *     `identity-mock proxy` too, where it says what the proxy forwards to (docs/drift.md).
     */
    get: operations['adminHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reset': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Back to the state at start
     * @description Restores the data the mock started with, removes every fault rule, empties the journal, clears lock-outs,
     *     refresh tokens and rate-limit counters, and restores the rate limit of the start.
     *
     *     No body and no `Content-Type` needed (`curl -X POST …/__admin/reset`, `fetch` or axios as they
     *     are). A body, if one is sent anyway, must be JSON (415 otherwise).
     */
    post: operations['reset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/seed': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Serve freshly seeded data
     * @description Replaces the session's data with freshly seeded users (the start's seed and size by default); lock-outs
     *     and refresh tokens are cleared. Seeding runs in slices: the mock keeps answering, on the old
     *     data, until it is done.
     */
    post: operations['seed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/fixtures': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Replace users, workspaces and clients
     * @description Serves the given records (the shapes of `fixtures/small/*.json`). The known accounts and the default client
     *     are added when absent. Invalid data is 400 naming the bad record, and the store is left unchanged.
     */
    put: operations['putFixtures'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/requests': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The journal of the last 1000 requests, newest first
     * @description Secrets are redacted: authorization headers, passwords, client secrets, and the tokens and codes of token
     *     answers and redirect URLs (an error body's `code` is the error's name and stays). Request and JSON
     *     response bodies are kept up to 16 KiB each. `?format=har` (or `Accept: application/har+json`) answers
     *     HAR 1.2.
     */
    get: operations['listRequests'];
    put?: never;
    post?: never;
    /**
     * Empty the journal
     * @description Empties the journal of the session.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …/__admin/requests`, `fetch` or axios as they
     *     are). A body, if one is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['clearRequests'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/requests/stream': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The journal, live, as server-sent events
     * @description A `text/event-stream` (the HTML standard's server-sent events) that sends one `request` event per request
     *     answered after the stream opened: `id` is the entry's id and `data` the entry as JSON, in the shape of
     *     `GET /requests` (secrets redacted). It follows the journal of the session the call names with
     *     `X-Mock-Session` (without it, the default session's), and ends when that session is dropped: reconnect to
     *     follow the session the id names next. A comment line opens the stream and repeats every 15 s to keep it
     *     open through proxies. Closing the connection ends the subscription. At most 32 streams are open in the
     *     whole server (one more is 503 `too_many_streams`); a reader that falls more than 1 MiB behind is
     *     disconnected (reconnect, and list what it missed with `GET /requests`). `HEAD` answers the headers and
     *     ends at once. With `--admin-token`, send the bearer
     *     as on every admin call (a browser's `EventSource` cannot send headers: read the stream with `fetch`).
     */
    get: operations['streamRequests'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/faults': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The fault rules
     * @description The session's fault rules, in the order they are tried, each with how many times it has fired.
     */
    get: operations['listFaults'];
    put?: never;
    /**
     * Add a fault rule
     * @description Requests matching `method` (any if absent), `path` (exact, or with `*` wildcards), `header`, and — for the
     *     authorization server — `grant_type`, `client_id` and `user` (email, id or identifier), all optional, get
     *     `status` (with a body valid against the spec when it documents that status for the route) and/or a
     *     `delay_ms`, with `probability` (a seeded draw, so runs repeat) at most `times` times. `status: 0` drops
     *     the connection. With `oauth_error` (and `error_description`), the route answers that OAuth error as it
     *     would itself (docs/tokens.md): the token endpoint with RFC 6749's body at its status
     *     (`temporarily_unavailable` 503, `server_error` 500, `invalid_grant` 403, …), `/authorize` and the login
     *     form by sending the error to the client's redirect URI in its response mode (or the error page when the
     *     URI is not allowed), `/userinfo` and the API with 401 and `WWW-Authenticate: Bearer error="<code>"`;
     *     `status`, when given too, sets the answer's status. Rules are tried in order; the first that matches
     *     applies.
     */
    post: operations['addFault'];
    /**
     * Remove every fault rule
     * @description Removes every fault rule of the session.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …/__admin/faults`, `fetch` or axios as they
     *     are). A body, if one is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['clearFaults'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/faults/{id}': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove one fault rule
     * @description Removes the fault rule `id`; an unknown id is 404 `fault_not_found`.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …/__admin/faults/suite-1`, `fetch` or axios as they
     *     are). A body, if one is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['deleteFault'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rate-limit': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The rate limit in force
     * @description The rate limit of the session, or `{"enabled": false}`.
     */
    get: operations['getRateLimit'];
    /**
     * Turn rate limiting on, off, or change it
     * @description `{"limit": 100, "window": "60s"}` (units s, m, h) turns it on; `{"enabled": false}` off. Counters restart.
     */
    put: operations['putRateLimit'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mint a user app token
     * @description docs/tokens.md: permissions default to the user's role's and may not exceed them; `expires_at` may lie in the
     *     past and `audience` may be any string, so a suite can mint an expired or wrong-audience token on purpose;
     *     `claims` adds or overrides any claim (`iss`, `sub` and the userID claim included).
     */
    post: operations['mintToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/claims': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The claim rules
     * @description The session's claim rules, in the order they apply, each with how many grants it applied to.
     */
    get: operations['listClaimRules'];
    put?: never;
    /**
     * Add a claim rule
     * @description Every token that a real grant issues in the session (password, client_credentials, authorization_code,
     *     refresh_token) and that the rule `match`es gets the rule applied, after the standard claims are built and
     *     before signing: `set` claims are added or overridden, then `remove`d ones dropped. `token` says which
     *     tokens: the access token (`access`, the default), the ID token (`id`) or both; `/userinfo` answers the
     *     `set` claims of the ID token too. Rules apply in the order they were added; `times` limits how many grants
     *     a rule applies to. Any claim may be changed, `iss` and `aud` included, as with `POST /tokens`. At most
     *     1000 rules and 1 MiB of rules (as JSON) per session: beyond, 400 naming the limit.
     */
    post: operations['addClaimRule'];
    /**
     * Remove every claim rule
     * @description Removes every claim rule of the session.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …`, `fetch` or axios as they are). A body, if one
     *     is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['clearClaimRules'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/claims/{id}': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove one claim rule
     * @description Removes the claim rule `id`; an unknown id is 404 `claim_rule_not_found`.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …`, `fetch` or axios as they are). A body, if one
     *     is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['deleteClaimRule'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clock': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The session's clock
     * @description What the session's time-dependent rules read: token `iat`/`exp` and their checks (30 s leeway), codes,
     *     login sessions, refresh tokens, lock-outs and rate-limit windows.
     */
    get: operations['getClock'];
    /**
     * Freeze, move or release the session's clock
     * @description `{"now": "<RFC 3339>"}` freezes the session's time at that instant; `{"advance": "90s"}` moves it on
     *     (units `ms`, `s`, `m`, `h`, `d`, or a whole number of milliseconds), frozen or not; `{"frozen": false}`
     *     lets it run on from where it stands. The clock stays within 50 years of real time and not before 1970
     *     (400 naming the field beyond). Tokens of the session verify in it by its clock.
     */
    put: operations['setClock'];
    post?: never;
    /**
     * Back to real time
     * @description The session's clock runs at real time again.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …`, `fetch` or axios as they are). A body, if one
     *     is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['resetClock'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/keys': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The server's signing keys
     * @description Every published key, the signing one first. Keys are the server's, shared by every session.
     */
    get: operations['listKeys'];
    put?: never;
    /**
     * Rotate the signing key
     * @description `{}` generates a new RSA 2048 key, `{"pem": "-----BEGIN PRIVATE KEY-----…"}` adds the given one (an
     *     unencrypted RSA private key of 2048 to 4096 bits, PKCS#1 or PKCS#8; 400 naming `pem` otherwise); either
     *     signs every token from then on, server-wide, while the JWKS keeps publishing the others, so tokens they
     *     signed still verify. A key already published becomes the signing key again. With `"activate": false`
     *     the key is only published (in the JWKS, verifying, not signing) until `POST /keys/{kid}/activate`; with
     *     `"activate_at"` it becomes the signing key at that instant. At most 16 keys (400 beyond).
     */
    post: operations['addKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/keys/{kid}': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Retire a signing key
     * @description The key stops signing at once, and stays published (in the JWKS, verifying the tokens it signed) for the
     *     grace period (`--key-grace`, 10 minutes by default), so that verifiers that cached the JWKS agree with
     *     the mock; then the JWKS stops publishing it, and tokens it signed are refused (401 `invalid_token` naming
     *     the unknown `kid`). With `--key-grace 0` that happens at once. Retiring the signing key makes the most
     *     recent other key the signing one. The last key cannot be retired (409 `last_key`); an unknown or retired
     *     kid is 404 `key_not_found`.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …`, `fetch` or axios as they are). A body, if one
     *     is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['retireKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/keys/{kid}/activate': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a published key the signing key
     * @description The published key `kid` signs every token from then on, server-wide; the key that signed before stays
     *     published (retire it with `DELETE /keys/{kid}` when verifiers no longer need it). A retired key activated
     *     again is published again. An unknown kid is 404 `key_not_found`. No body needed.
     */
    post: operations['activateKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/contracts': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The pact files this mock is verified against
     * @description The committed contracts (`contracts/`), so a verifier or a broker can take a pact by URL
     *     (`identity-mock verify --pact <url>`, or Pact's `pactUrls`).
     */
    get: operations['listContracts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/contracts/{file}': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * One pact file, as committed
     * @description The pact file `file` of `contracts/`, as committed; another name is 404 `contract_not_found`.
     */
    get: operations['getContract'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/provider-states': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set up or tear down a Pact provider state
     * @description The Pact verifier's state-change call. Setup resets the mock to its seeded state, then applies the state;
     *     the answer carries `adminToken` (a valid saas_admin access token) and the state's values, for Pact's
     *     `fromProviderState`. An empty state only resets; teardown of any state answers 200.
     */
    post: operations['providerState'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sessions': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The live sessions
     * @description The default session (requests without `X-Mock-Session`) and the named ones, most recently used first, with
     *     the bounds: at most `max_sessions` named sessions (a new id takes the place of the least recently used one
     *     only if it has been idle for 60 s, else 503 `too_many_sessions`), each dropped after `ttl_seconds` without
     *     use. A dropped session's id starts afresh on its next use.
     */
    get: operations['listSessions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sessions/{id}': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        id: components['schemas']['SessionId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create or replace a session with its own data
     * @description Without a body (or with `{}`), a session over the data the server started with, as a first request would
     *     make it. With `{seed, users}`, freshly seeded data; with `users` as an array (and `workspaces`, `clients`),
     *     these records, as `PUT /fixtures` takes them. A reset of the session returns to this data. An existing
     *     session of that id is replaced.
     *
     *     Without a body, no `Content-Type` is needed: `curl -X POST …/__admin/sessions/suite-1`. A body, when
     *     there is one, must be JSON (415 otherwise).
     */
    post: operations['createSession'];
    /**
     * Drop a session
     * @description Its state is gone; the id starts afresh on its next use.
     *
     *     No body and no `Content-Type` needed (`curl -X DELETE …/__admin/sessions/suite-1`, `fetch` or axios as they
     *     are). A body, if one is sent anyway, must be JSON (415 otherwise).
     */
    delete: operations['dropSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/resources': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * What the engine made of the served document
     * @description The collections the resource engine inferred from the served document (`--spec`, docs/own-spec.md), each
     *     with its path, item schema, id property, parent collection, unique properties and the records the session
     *     holds now (every parent's, for a nested collection; the users store's live users for `users`), and every
     *     operation of the document with what serves it: `built-in` (one of identity-mock's handlers), `collection`
     *     (list, create), `item` (read, replace, merge patch, delete), `singleton` (one object at a path without
     *     parameters, such as `GET /me`: the caller's record when it is the user schema) or `example` (the documented
     *     example, or a body generated from its schema). For spec/openapi.yaml, no collections
     *     and every operation `built-in`. `identity-mock inspect` prints the same without serving.
     */
    get: operations['getResources'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/drift': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The drift guard's findings
     * @description Each disagreement between what the real service answered (through `identity-mock proxy`) and what
     *     spec/openapi.yaml and the documented behaviour say, as a finding: one per operation, kind and place
     *     (`where`: a body field, a header, a `Link` relation), in the order first seen, with how often it was seen
     *     and the number of the proxied request that first showed it. At most 500 findings are kept; `dropped`
     *     counts the distinct ones beyond. Secrets are redacted as in the journal. The kinds are explained in
     *     docs/drift.md.
     */
    get: operations['getDrift'];
    put?: never;
    post?: never;
    /**
     * Forget the findings
     * @description Clears the findings (between two stages of a CI job, say). A request that a browser sends from another
     *     site (an `Origin` other than the server's own, or `Sec-Fetch-Site: cross-site` or `same-site`) is refused
     *     with 403 `cross_site_refused`; a body, when there is one, must be JSON.
     */
    delete: operations['clearDrift'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.yaml': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * This document, as YAML
     * @description `spec/admin.yaml` as served, with `servers` set to the URL the request reached plus `/__admin`.
     */
    get: operations['getAdminOpenApi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ui/': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * The browser console
     * @description An HTML page that shows the known accounts with their tokens, the live journal, fault rules, reset and seed
     *     and the rate limit, through this API only (docs/console.md). It needs no token itself; with
     *     `--admin-token` it asks for the token once and keeps it for the browser tab.
     */
    get: operations['getConsole'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ui/{asset}': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    /**
     * A script or style sheet of the console
     * @description A file the console page loads, by name (`asset` lists them).
     */
    get: operations['getConsoleAsset'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The MCP server, over streamable HTTP
     * @description The Model Context Protocol server of `identity-mock mcp` (docs/agents.md) over MCP's streamable HTTP
     *     transport, answering JSON: one tool per operation of this document, `get_token`, `call_api`, and the
     *     resources `identity-mock://requests` and `identity-mock://drift`. The initialize request opens an MCP
     *     session (its answer's `Mcp-Session-Id`, to send on every later request) that acts on the `X-Mock-Session`
     *     the initialize request named; each tool call carries the admin token as every admin call does. At most 64
     *     MCP sessions are live in the server (a new one takes the place of the least recently used; one idle for
     *     30 minutes ends): an ended session's id is 404, and the client initializes again. A request that a browser
     *     sends from another site is 403 `cross_site_refused`; the body must be JSON.
     */
    post: operations['mcp'];
    /**
     * End an MCP session
     * @description Ends the MCP session its `Mcp-Session-Id` names (MCP's "Session Management"); its id is 404 from then on.
     */
    delete: operations['closeMcpSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type webhooks = Record<string, never>;
export type components = {
  schemas: {
    /** @description A JSON-RPC 2.0 request, notification or response (MCP's messages). */
    JsonRpcMessage: {
      /** @constant */
      jsonrpc: '2.0';
      id?: string | number | null;
      method?: string;
      params?: Record<string, never>;
      result?: Record<string, never>;
      error?: Record<string, never>;
    };
    JsonRpcError: {
      /** @constant */
      jsonrpc: '2.0';
      id?: string | number | null;
      error: {
        code: number;
        message: string;
      };
    };
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
    /** @description The identity API's error body (docs/responses.md). */
    Error: {
      /** @description What was wrong and what is accepted. */
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
    /**
     * @description A User record of `spec/openapi.yaml` (the shape of `fixtures/small/users.json`), with an optional
     *     `password` (default `Passw0rd!`). Ids, identifiers and emails are unique; `created_by` and `updated_by`
     *     name users of the same records (400 `invalid_fixtures` otherwise).
     */
    FixtureUser: {
      /** Format: uuid */
      id: string;
      identifier: string;
      name: string;
      /** Format: email */
      email: string;
      /** @enum {string} */
      user_type: 'saas_admin' | 'saas_user' | 'saas_user_client';
      /** @enum {string} */
      status: 'active' | 'onboarding' | 'inactive' | 'suspended' | 'risky';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** Format: uuid */
      created_by?: string;
      /** Format: uuid */
      updated_by?: string;
      password?: string;
    };
    /** @description A workspace and its members, ids of users of the same records (400 `invalid_fixtures` otherwise). */
    FixtureWorkspace: {
      id: string;
      name: string;
      members: string[];
    };
    /**
     * @description An OAuth client (the shape of `fixtures/clients.json`, docs/tokens.md). Without `client_secret` it is public
     *     and may use `authorization_code` and `refresh_token` only. `redirect_uris` and `logout_uris` are rules
     *     (`http://localhost:*`, `https://app.example.com/auth/*`), by default any path on http://localhost and
     *     http://127.0.0.1. `client_id`s are unique.
     */
    FixtureClient: {
      client_id: string;
      client_secret?: string;
      name?: string;
      grant_types: ('authorization_code' | 'refresh_token' | 'password' | 'client_credentials')[];
      audiences: string[];
      permissions?: string[];
      redirect_uris?: string[];
      logout_uris?: string[];
    };
    Readiness: {
      /** @constant */
      status: 'ok';
      users: number;
      /** @enum {string} */
      indexes: 'building' | 'ready';
      /**
       * @description The last reload of the served document (`--watch`, `mock.reload()`; docs/own-spec.md "Live reload");
       *     absent before the first. When `ok` is false the previous document is still served.
       */
      reload?: {
        ok: boolean;
        /**
         * Format: date-time
         * @description When the reload finished.
         */
        at: string;
        /** @description Why the document was not served, naming the file (and its line and column for a syntax error). */
        error?: string;
      };
    };
    /** @description What `identity-mock proxy` answers at `/__admin/health` (docs/drift.md). */
    ProxyHealth: {
      /** @constant */
      status: 'ok';
      /** @constant */
      mode: 'proxy';
      /**
       * Format: uri
       * @description The service every other request goes to.
       */
      upstream: string;
      /** @description Requests forwarded so far. */
      requests: number;
      /** @description Findings kept so far. */
      findings: number;
    };
    DriftFindings: {
      findings: components['schemas']['DriftFinding'][];
      /** @description Distinct findings not kept because 500 were; absent when none were dropped. */
      dropped?: number;
    };
    DriftFinding: {
      /** @description The operationId of spec/openapi.yaml, or `METHOD /path` (ids as `{id}`) for a route it lacks. */
      operation: string;
      /**
       * @description What disagrees (docs/drift.md explains each kind).
       * @enum {string}
       */
      kind:
        | 'request_accepted'
        | 'request_refused'
        | 'undocumented_operation'
        | 'undocumented_status'
        | 'status'
        | 'header'
        | 'content_type'
        | 'body_schema'
        | 'error_shape'
        | 'link'
        | 'total_count'
        | 'page_size'
        | 'sort_order'
        | 'filter'
        | 'metadata'
        | 'pagination'
        | 'upstream_unreachable'
        | 'upstream_timeout'
        | 'upstream_tls'
        | 'answer_too_large';
      /**
       * @description The place: `status`, a header (`X-Total-Count`), a body field (`body[].email`), a `Link` relation.
       * @example body[].email
       */
      where: string;
      expected: string;
      actual: string;
      /** @description The proxy's number of the request that first showed it (the probe's number and request). */
      first_request_id: string;
      /** @description How many answers showed it. */
      count: number;
    };
    DataSummary: {
      users: number;
      workspaces: number;
      clients: number;
    };
    SessionId: string;
    SessionFigures: {
      /** Format: date-time */
      created: string;
      /** Format: date-time */
      last_used: string;
      /** @description Live users in the session. */
      users: number;
      /**
       * @description Requests the session's journal recorded since it was last emptied (`DELETE /__admin/requests`, a
       *     reset), those it no longer keeps included; admin calls are not recorded.
       */
      requests: number;
    };
    Session: components['schemas']['SessionFigures'] & {
      id: components['schemas']['SessionId'];
    };
    SessionList: {
      default: components['schemas']['SessionFigures'];
      sessions: components['schemas']['Session'][];
      max_sessions: number;
      ttl_seconds: number;
    };
    /** @description What the resource engine made of the served document (docs/own-spec.md). */
    Resources: {
      collections: components['schemas']['ResourceCollection'][];
      operations: components['schemas']['ResourceOperation'][];
    };
    ResourceCollection: {
      /** @description The collection: its path's last segment (`workspaces`). */
      name: string;
      /** @description Its list path, as the document writes it. */
      path: string;
      /** @description The item schema's component name (null when the document writes it inline). */
      schema: string | null;
      /** @description The property that identifies a record (null when the item schema has none). */
      id: string | null;
      /** @description The collection whose record scopes this one (`/workspaces/{workspace}/projects`), or null. */
      parent: string | null;
      /** @description Properties marked `x-unique: true`, besides the id (a duplicate is 409 `conflict`). */
      unique: string[];
      /** @description Records the session holds (every parent's). */
      count: number;
    };
    ResourceOperation: {
      operationId: string;
      /** @enum {string} */
      method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';
      path: string;
      /**
       * @description What answers it: one of identity-mock's handlers, the collection (list, create), the item (read,
       *     replace, merge patch, delete), one object at a path without parameters (singleton), or the documented
       *     example (or a body generated from its schema).
       * @enum {string}
       */
      served_by: 'built-in' | 'collection' | 'item' | 'example' | 'singleton';
    };
    JournalEntry: {
      /** @description The `X-Mock-Session` the request ran in (absent for the default session). */
      session?: components['schemas']['SessionId'];
      id: number;
      /** Format: date-time */
      time: string;
      method: string;
      path: string;
      query: Record<string, never>;
      status: number;
      duration_ms: number;
      request: {
        headers: Record<string, never>;
        /**
         * @description The request body as parsed (secrets redacted), kept up to 16 KiB of JSON text (16384 bytes). A longer
         *     body is kept as the first 16 KiB of that text, a string, with `body_truncated: true`.
         */
        body?: unknown;
        /**
         * @description Present when `body` was cut at 16 KiB.
         * @constant
         */
        body_truncated?: true;
        /**
         * @description Present when the body was refused unread (`too deep`: JSON nested more than 64 levels); the entry
         *     records the request without it.
         * @enum {string}
         */
        body_omitted?: 'too deep';
      };
      response: {
        headers: Record<string, never>;
        /**
         * @description A JSON answer's body (secrets redacted), kept up to 16 KiB (16384 bytes); a longer one is its first
         *     16 KiB, as text, with `body_truncated: true`.
         */
        body?: unknown;
        /**
         * @description Present when `body` was cut at 16 KiB.
         * @constant
         */
        body_truncated?: true;
        /**
         * @description Why the answer's body is not kept: pages, documents and files are not JSON; the server's state
         *     memory (`--max-state-memory`) had no room for it.
         * @enum {string}
         */
        body_omitted?: 'not JSON' | 'stream' | 'state memory full';
      };
    };
    /** @description An HTTP Archive, HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/). */
    Har: {
      log: {
        /** @constant */
        version: '1.2';
        creator: {
          name: string;
          version: string;
        };
        entries: components['schemas']['HarEntry'][];
      };
    };
    HarNameValue: {
      name: string;
      value: string;
    };
    HarEntry: {
      /** Format: date-time */
      startedDateTime: string;
      time: number;
      request: {
        method: string;
        url: string;
        httpVersion: string;
        cookies: components['schemas']['HarNameValue'][];
        headers: components['schemas']['HarNameValue'][];
        queryString: components['schemas']['HarNameValue'][];
        postData?: {
          mimeType: string;
          text: string;
          comment?: string;
        };
        headersSize: number;
        bodySize: number;
      };
      response: {
        status: number;
        statusText: string;
        httpVersion: string;
        cookies: components['schemas']['HarNameValue'][];
        headers: components['schemas']['HarNameValue'][];
        content: {
          size: number;
          mimeType: string;
          text?: string;
          comment?: string;
        };
        redirectURL: string;
        headersSize: number;
        bodySize: number;
      };
      cache: Record<string, never>;
      timings: {
        send: number;
        wait: number;
        receive: number;
      };
    };
    /**
     * @description A rule needs `path` and a `status`, a `delay_ms` or an `oauth_error` (any of them together). At most 1000
     *     rules are kept: one more is 400 `invalid_request` naming the limit.
     */
    FaultInput: WithRequired<components['schemas']['FaultFields'], 'path'> & (unknown | unknown | unknown);
    FaultFields: {
      method?: string;
      /**
       * @description Exact path, or with `*` wildcards (`*` = any run of characters, everything else literal): `/users*`.
       *     Matched in time linear in the path; no regular expression is built from it.
       */
      path?: string;
      header?: {
        name: string;
        value: string;
      };
      /** @description 100–599, or 0 to drop the connection. */
      status?: 0 | number;
      /**
       * @description At most 10 s, like `Prefer: delay`, so that a shutdown's grace (`--shutdown-grace`, 15 s by default)
       *     lets every delayed request finish.
       */
      delay_ms?: number;
      /** @default 1 */
      probability: number;
      /** @description How many times the rule fires (unlimited if absent). */
      times?: number;
      /**
       * @description An OAuth error code (`invalid_grant`, `temporarily_unavailable`, `server_error`, `login_required`,
       *     `access_denied`, or any other in snake case) that the route answers as it would itself.
       */
      oauth_error?: string;
      /** @description The `error_description` of that answer. */
      error_description?: string;
      /** @description Only token requests of this `grant_type`. */
      grant_type?: string;
      /** @description Only requests of this client (its id in the body, HTTP Basic, the query or the bearer token). */
      client_id?: string;
      /**
       * @description Only requests for this user (email, id or identifier): the password grant's username, the user of a
       *     code or refresh token, the login form's account, the login session or `login_hint` at `/authorize`,
       *     the bearer token's user elsewhere.
       */
      user?: string;
    };
    FaultRule: components['schemas']['FaultFields'] & {
      id: string;
      /** @description How many times the rule has fired. */
      fired: number;
    };
    /** @description Every field given must hold for the grant. */
    ClaimMatch: {
      /** @description Email, id or identifier of the grant's user (a grant without one never matches). */
      user?: string;
      client_id?: string;
      /** @enum {string} */
      grant_type?: 'password' | 'client_credentials' | 'authorization_code' | 'refresh_token';
      /** @description Space-separated scope values the grant's scope must all hold. */
      scope?: string;
    };
    ClaimRuleFields: {
      match?: components['schemas']['ClaimMatch'];
      /** @description Claims added or overridden (any name, any JSON value). */
      set?: Record<string, never>;
      /** @description Claims removed. */
      remove?: string[];
      /**
       * @description Which tokens the rule shapes.
       * @default access
       * @enum {string}
       */
      token: 'access' | 'id' | 'both';
      /** @description How many grants the rule applies to (unlimited if absent). */
      times?: number;
    };
    /** @description A rule needs `set`, `remove` or both. */
    ClaimRuleInput: components['schemas']['ClaimRuleFields'] & (unknown | unknown);
    ClaimRule: components['schemas']['ClaimRuleFields'] & {
      id: string;
      /** @description How many grants the rule has applied to. */
      applied: number;
    };
    Clock: {
      /**
       * Format: date-time
       * @description Now by the session's clock.
       */
      now: string;
      frozen: boolean;
      /** @description The session's clock minus real time, in milliseconds. */
      offset_ms: number;
    };
    /** @description One of: `{"now"}` freezes, `{"advance"}` moves on, `{"frozen": false}` lets it run. */
    ClockInput:
      | {
          /**
           * Format: date-time
           * @description An RFC 3339 date-time: the session's time is frozen there.
           */
          now: string;
        }
      | {
          /**
           * @description How far to move the session's time on: a duration with a unit (`90s`, `15m`, `1h`, `7d`, `500ms`)
           *     or a whole number of milliseconds.
           */
          advance: string | number;
        }
      | {
          /**
           * @description `false` lets a frozen clock run on from where it stands.
           * @enum {boolean}
           */
          frozen: false;
        };
    SigningKey: {
      /** @description The RFC 7638 thumbprint of the public key. */
      kid: string;
      /** Format: date-time */
      created: string;
      /** @description Whether it signs new tokens (one key does). */
      signing: boolean;
      /**
       * @description `published`: in the JWKS and verifying, not signing yet; `active`: the signing key; `retired`: no longer
       *     signing, still published and verifying until `removed_at` (`--key-grace`).
       * @enum {string}
       */
      state: 'published' | 'active' | 'retired';
      /**
       * Format: date-time
       * @description When a published key becomes the signing key by itself.
       */
      activate_at?: string;
      /**
       * Format: date-time
       * @description When a retired key stops being published.
       */
      removed_at?: string;
    };
    KeyInput: {
      /** @description An unencrypted RSA private key of 2048 to 4096 bits in PEM; without it, a new key is generated. */
      pem?: string;
      /**
       * @description `false` publishes the key without signing with it (`POST /keys/{kid}/activate` makes it the signing
       *     key), so that verifiers can fetch it before it signs.
       * @default true
       */
      activate: boolean;
      /**
       * Format: date-time
       * @description Publishes the key now and makes it the signing key at that instant (at once when it is not later).
       */
      activate_at?: string;
    };
    /** @description `{"enabled": false}` turns limiting off; `{"limit", "window"}` (with `"enabled": true` or without) sets it. */
    RateLimitInput:
      | {
          /** @constant */
          enabled: false;
        }
      | {
          /** @constant */
          enabled?: true;
          limit: number;
          window: string;
        };
    RateLimit: {
      enabled: boolean;
      limit?: number;
      window?: string;
    };
    TokenInput: {
      /** @description Email, id or identifier. */
      user: string;
      permissions?: string[];
      /** @description Seconds; may be negative. */
      expires_in?: number;
      /** Format: date-time */
      expires_at?: string;
      audience?: string;
      claims?: Record<string, never>;
      /**
       * @description Also mint an ID token of the user (docs/login.md): `aud` = `client_id` (default `spa-client`), the
       *     profile claims of `scope` (default `openid profile email`), `nonce` when given.
       */
      id_token?: {
        client_id?: string;
        scope?: string;
        nonce?: string;
      };
    };
  };
  responses: {
    /**
     * @description A request the MCP transport refuses (a request other than initialize without `Mcp-Session-Id`, a message
     *     that is not JSON-RPC), as a JSON-RPC error; or one the control plane refuses, in its error shape.
     */
    McpBadRequest: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] | components['schemas']['JsonRpcError'];
      };
    };
    /**
     * @description The `Mcp-Session-Id` names no live MCP session (it ended or expired): initialize again; a JSON-RPC error.
     *     Also `not_found` where the host serves no MCP endpoint (the MSW handlers: use `identity-mock mcp`).
     */
    McpSessionNotFound: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['JsonRpcError'] | components['schemas']['Error'];
      };
    };
    /** @description The `Accept` header names neither `application/json` nor `text/event-stream` (both are needed). */
    McpNotAcceptable: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['JsonRpcError'];
      };
    };
    /**
     * @description Invalid input; the message names the bad value or record (`invalid_request`, with `details` naming each
     *     parameter or body field the schema refuses; `invalid_fixtures`; `unknown_provider_state`). Also
     *     `unsupported_api_version` for an `X-API-Version` other than `v1`, as on the identity API
     *     (docs/responses.md).
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
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "limit must be between 1 and 1000 (got 0)",
         *       "code": "invalid_request",
         *       "details": [
         *         {
         *           "location": "query",
         *           "name": "limit",
         *           "message": "must be between 1 and 1000 (got 0)"
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description `--admin-token` is set and the request does not carry it (`admin_token_required`). */
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
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "the admin API needs Authorization: Bearer <the --admin-token>",
         *       "code": "admin_token_required"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /**
     * @description The `Host` does not name this server for the control plane (`host_not_allowed`): it answers only a loopback
     *     name or address, the `--host` address, the issuer's host and names given with `--allowed-host`, so that a
     *     page whose own name was pointed at this machine's address cannot use it (DNS rebinding).
     */
    HostNotAllowed: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Message': components['headers']['X-Message'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /**
     * @description A limit of the server (docs/sessions.md, docs/control-plane.md), with `Retry-After`: a new
     *     `X-Mock-Session` id while `--max-sessions` sessions are live and none has been idle for 60 s
     *     (`too_many_sessions`; a session holding nothing of its own gives its place at once); a write that would
     *     make one named session hold more than `--max-session-memory` (`session_memory_full`: a dataset, rules,
     *     a deletion); a call that would create a session or make one hold more than `--max-state-memory` allows
     *     in all (`state_memory_full`); a journal stream past the 32 the server keeps open (`too_many_streams`).
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
        /** @description Seconds to wait before retrying. */
        'Retry-After': number;
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /**
     * @description A state-changing request that a browser sent from another site (`cross_site_refused`): its `Origin` is
     *     neither this server's own origin nor one named with `--admin-cors`, or, without `Origin`, its
     *     `Sec-Fetch-Site` is `cross-site` or `same-site`. Requests without `Origin` (curl, Node clients, test
     *     runners) and same-origin ones (the console) are never refused for this. Also 403 `host_not_allowed`, as
     *     `HostNotAllowed` says.
     */
    CrossSiteRefused: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "POST /__admin/reset from http://evil.example is refused: the control plane accepts no other site",
         *       "code": "cross_site_refused"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /**
     * @description A request body that is not `application/json` (`unsupported_media_type`). A request without a body needs
     *     no Content-Type.
     */
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
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Content-Type \"text/plain\" is not accepted; use one of application/json",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description No such fault rule, claim rule, signing key, contract, session or file. */
    NotFound: {
      headers: {
        'X-API-Version': components['headers']['X-API-Version'];
        'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
        'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
        'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
        Vary: components['headers']['Vary'];
        'X-Mock-Session': components['headers']['X-Mock-Session'];
        'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
        'X-Message': components['headers']['X-Message'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "no fault rule \"f-9\"",
         *       "code": "fault_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description A failure of the mock itself (`internal_error`), in the identity API's error shape. */
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
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Internal server error",
         *       "code": "internal_error"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
  };
  parameters: {
    /**
     * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
     *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
     */
    'X-Mock-Session': components['schemas']['SessionId'];
  };
  requestBodies: never;
  headers: {
    /**
     * @description Only with `--admin-cors ORIGIN` and a request from that origin (docs/control-plane.md): the origin, so that
     *     the page may read the answer. Any other origin gets no CORS headers from `/__admin`.
     * @example http://localhost:5173
     */
    'Access-Control-Allow-Origin': string;
    /** @description `true` with `Access-Control-Allow-Origin` (`--admin-cors`). */
    'Access-Control-Allow-Credentials': 'true';
    /**
     * @description The response headers a page of an `--admin-cors` origin may read, with `Access-Control-Allow-Origin`.
     * @example Link, X-Total-Count, X-Message, X-API-Version, Retry-After
     */
    'Access-Control-Expose-Headers': string;
    /**
     * @description `Origin` on every answer to a request that sent an `Origin` (the answer depends on it).
     * @example Origin
     */
    Vary: string;
    /** @description The API version that answered, as on the identity API. Always `v1`. */
    'X-API-Version': 'v1';
    /** @description The request's `X-Mock-Session`, echoed when it was a valid one (docs/sessions.md). */
    'X-Mock-Session': components['schemas']['SessionId'];
    /**
     * @description When the request's named session was created (RFC 3339), on every answer in a named session
     *     (docs/sessions.md): a session that was dropped and started afresh answers with a later time.
     */
    'X-Mock-Session-Started': string;
    /**
     * @description What happened, in words (`OK`, `Created`, `Journal cleared`…), or the error message. Printable ASCII;
     *     other characters are sent as an RFC 8187 value (`UTF-8''…`), as on the identity API.
     */
    'X-Message': string;
    /** @description `Bearer realm="identity-mock admin"`. */
    'WWW-Authenticate': string;
    /** @description The MCP session the initialize request opened (MCP's streamable HTTP transport). */
    'Mcp-Session-Id': string;
    /** @description `no-cache`: the document, the console and its files are revalidated on every use. */
    CacheControlNoCache: 'no-cache';
    /** @description `no-store`: the stream is never cached. */
    CacheControlNoStore: 'no-store';
    /** @description `no`: a proxy that buffers (NGINX) passes each event on at once. */
    'X-Accel-Buffering': 'no';
    /** @description `nosniff`: the browser keeps the declared media type. */
    'X-Content-Type-Options': 'nosniff';
    /** @description `no-referrer`. */
    'Referrer-Policy': 'no-referrer';
    /**
     * @description The console may load only this server's own files and call only this server (`default-src 'self'`), and
     *     no page may frame it (`frame-ancestors 'none'`).
     */
    'Content-Security-Policy': string;
  };
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  adminHealth: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Readiness'] | components['schemas']['ProxyHealth'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  reset: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Reset done. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DataSummary'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  seed: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "seed": 7,
         *       "users": 500
         *     }
         */
        'application/json': {
          seed?: number;
          users?: number;
        };
      };
    };
    responses: {
      /** @description Seeded. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DataSummary'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  putFixtures: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "users": [
         *         {
         *           "id": "8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b",
         *           "identifier": "ann.lee",
         *           "name": "Ann Lee",
         *           "email": "ann.lee@example.com",
         *           "user_type": "saas_user",
         *           "status": "active",
         *           "created_at": "2024-03-05T10:20:30.000Z",
         *           "updated_at": "2025-01-07T08:00:00.000Z"
         *         }
         *       ],
         *       "workspaces": [
         *         {
         *           "id": "ws-ann",
         *           "name": "Ann's team",
         *           "members": [
         *             "8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b"
         *           ]
         *         }
         *       ]
         *     }
         */
        'application/json': {
          users: components['schemas']['FixtureUser'][];
          workspaces?: components['schemas']['FixtureWorkspace'][];
          clients?: components['schemas']['FixtureClient'][];
        };
      };
    };
    responses: {
      /** @description Loaded. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DataSummary'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listRequests: {
    parameters: {
      query?: {
        method?: string;
        /** @description Exact path, or a pattern with `*` wildcards (`/users*`). */
        path?: string;
        status?: number;
        limit?: number;
        /**
         * @description `har`: the entries as an HTTP Archive (HAR 1.2), oldest first, as `Accept: application/har+json` asks
         *     too; `json` (the default): this operation's own JSON, whatever `Accept` says.
         */
        format?: 'json' | 'har';
      };
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description Matching entries, newest first; `total` counts all matches. As HAR (`?format=har` or
       *     `Accept: application/har+json`): the same entries, oldest first, redacted the same way, with each JSON
       *     answer's body (up to 16 KiB), for browsers' DevTools and `@msw/source`'s `fromTraffic`.
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            requests: components['schemas']['JournalEntry'][];
            total: number;
          };
          'application/har+json': components['schemas']['Har'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  clearRequests: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Emptied. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  streamRequests: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The stream: `event: request`, `id: <entry id>`, `data: <JournalEntry as JSON>`. */
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
          'Cache-Control': components['headers']['CacheControlNoStore'];
          'X-Accel-Buffering': components['headers']['X-Accel-Buffering'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example : identity-mock journal
           *
           *     event: request
           *     id: 12
           *     data: {"id":12,"time":"2026-01-
           *     01T00:00:00.000Z","method":"GET","path":"/users","query":{},"status":200,"duration_m
           *     s":1.2,"request":{"headers":{"authorization":"Bearer
           *     [REDACTED]"}},"response":{"headers":{}}}
           */
          'text/event-stream': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listFaults: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Rules in the order they are tried. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            faults: components['schemas']['FaultRule'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  addFault: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['FaultInput'];
      };
    };
    responses: {
      /** @description The rule, with its id. */
      201: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FaultRule'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  clearFaults: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteFault: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['NotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getRateLimit: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The limit, or `enabled` false. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RateLimit'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  putRateLimit: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "limit": 5,
         *       "window": "1s"
         *     }
         */
        'application/json': components['schemas']['RateLimitInput'];
      };
    };
    responses: {
      /** @description The limit now in force. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RateLimit'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  mintToken: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "user": "user@example.com",
         *       "permissions": [
         *         "read:users"
         *       ],
         *       "expires_in": 3600
         *     }
         */
        'application/json': components['schemas']['TokenInput'];
      };
    };
    responses: {
      /** @description The token and its decoded payload. */
      201: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            /** @constant */
            token_type: 'Bearer';
            expires_in: number;
            claims: Record<string, never>;
            /** @description When the request had `id_token`. */
            id_token?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['NotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listClaimRules: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Rules in the order they apply. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            rules: components['schemas']['ClaimRule'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  addClaimRule: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "match": {
         *         "user": "user@example.com",
         *         "client_id": "spa-client"
         *       },
         *       "set": {
         *         "tenant": "acme",
         *         "roles": [
         *           "editor"
         *         ]
         *       },
         *       "token": "both"
         *     }
         */
        'application/json': components['schemas']['ClaimRuleInput'];
      };
    };
    responses: {
      /** @description The rule, with its id. */
      201: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimRule'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  clearClaimRules: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteClaimRule: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        /** @example c1 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['NotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getClock: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The clock. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Clock'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  setClock: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ClockInput'];
      };
    };
    responses: {
      /** @description The clock now. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Clock'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  resetClock: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The clock now (real time). */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Clock'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listKeys: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The keys. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            keys: components['schemas']['SigningKey'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  addKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': components['schemas']['KeyInput'];
      };
    };
    responses: {
      /** @description The key added (the signing key unless `activate` is false or `activate_at` is to come). */
      201: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SigningKey'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  retireKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        kid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Retired. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['NotFound'];
      /** @description `last_key`: the key set keeps at least one key. */
      409: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  activateKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        kid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signing key. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SigningKey'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['NotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listContracts: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One entry per pact file. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contracts: {
              file: string;
              consumer: string;
              provider: string;
              interactions: number;
              /** Format: uri */
              url: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getContract: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        /** @example identity-web-identity-service.json */
        file: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pact (Pact specification V2 or V3 JSON). */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            consumer: Record<string, never>;
            provider: Record<string, never>;
            interactions: Record<string, never>[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      404: components['responses']['NotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  providerState: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "state": "a user with identifier ann exists",
         *       "action": "setup"
         *     }
         */
        'application/json': {
          /**
           * @description For setup, one of the states of the `else` branch, written exactly
           *     (parameters written out or as `{name}` with the value
           *     in `params`), or empty (reset only). A parameter the data cannot satisfy is still a 400 naming
           *     it: a `count` over 100000, fewer users with a status than the known accounts that have it, an
           *     identifier or workspace that makes an invalid record, or a `{name}` without its `params` entry.
           *     Teardown accepts any state.
           */
          state: string;
          params?: Record<string, never>;
          /**
           * @default setup
           * @enum {string}
           */
          action?: 'setup' | 'teardown';
          consumer?: string;
        };
      };
    };
    responses: {
      /**
       * @description The state's values, plus access tokens of the known accounts: `adminToken` (saas_admin,
       *     docs/control-plane.md),
       *     `userToken` (saas_user) and `clientToken` (saas_user_client), for contracts of 403 answers; and their
       *     ID tokens for `spa-client` (`adminIdToken`, `userIdToken`, `clientIdToken`; docs/login.md).
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adminToken: string;
            userToken: string;
            clientToken: string;
            adminIdToken?: string;
            userIdToken?: string;
            clientIdToken?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listSessions: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sessions. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createSession: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        id: components['schemas']['SessionId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "seed": 7,
         *       "users": 50
         *     }
         */
        'application/json':
          | {
              seed?: number;
              users?: number;
            }
          | {
              users: components['schemas']['FixtureUser'][];
              workspaces?: components['schemas']['FixtureWorkspace'][];
              clients?: components['schemas']['FixtureClient'][];
            };
      };
    };
    responses: {
      /** @description Created. */
      201: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Session'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  dropSession: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        id: components['schemas']['SessionId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Dropped. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['NotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getResources: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The collections and operations. */
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
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "collections": [
           *         {
           *           "name": "workspaces",
           *           "path": "/workspaces",
           *           "schema": "Workspace",
           *           "id": "id",
           *           "parent": null,
           *           "unique": [
           *             "slug"
           *           ],
           *           "count": 10
           *         },
           *         {
           *           "name": "projects",
           *           "path": "/workspaces/{workspace}/projects",
           *           "schema": "Project",
           *           "id": "id",
           *           "parent": "workspaces",
           *           "unique": [],
           *           "count": 30
           *         }
           *       ],
           *       "operations": [
           *         {
           *           "operationId": "listUsers",
           *           "method": "GET",
           *           "path": "/users",
           *           "served_by": "built-in"
           *         },
           *         {
           *           "operationId": "listWorkspaces",
           *           "method": "GET",
           *           "path": "/workspaces",
           *           "served_by": "collection"
           *         },
           *         {
           *           "operationId": "getWorkspace",
           *           "method": "GET",
           *           "path": "/workspaces/{workspace}",
           *           "served_by": "item"
           *         },
           *         {
           *           "operationId": "getCurrentUser",
           *           "method": "GET",
           *           "path": "/me",
           *           "served_by": "singleton"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['Resources'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDrift: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The findings (an empty list when nothing drifted). */
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
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "findings": [
           *         {
           *           "operation": "listUsers",
           *           "kind": "link",
           *           "where": "Link rel=\"next\" page_size",
           *           "expected": "absent: the request did not send page_size",
           *           "actual": "\"20\"",
           *           "first_request_id": "12",
           *           "count": 4
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['DriftFindings'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  clearDrift: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cleared. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getAdminOpenApi: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
          'Cache-Control': components['headers']['CacheControlNoCache'];
          [name: string]: unknown;
        };
        content: {
          'application/yaml': components['schemas']['OpenApiDocument'];
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getConsole: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      /** @description The console was not built (`internal_error` naming `npm run build:console`, which builds it). */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getConsoleAsset: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
      };
      path: {
        /** @description One of the console's files; any other name is 400. */
        asset: 'console.js' | 'console.css';
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
      403: components['responses']['HostNotAllowed'];
      415: components['responses']['UnsupportedMediaType'];
      /** @description The console was not built (`internal_error` naming `npm run build:console`, which builds it). */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      503: components['responses']['ServiceUnavailable'];
    };
  };
  mcp: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
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
         *       "jsonrpc": "2.0",
         *       "id": 1,
         *       "method": "tools/list"
         *     }
         */
        'application/json':
          components['schemas']['JsonRpcMessage'] | components['schemas']['JsonRpcMessage'][];
      };
    };
    responses: {
      /** @description The JSON-RPC answer (`Mcp-Session-Id` on the initialize answer). */
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
          'Mcp-Session-Id': components['headers']['Mcp-Session-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            components['schemas']['JsonRpcMessage'] | components['schemas']['JsonRpcMessage'][];
        };
      };
      /** @description A notification or response, accepted (no body). */
      202: {
        headers: {
          'X-API-Version': components['headers']['X-API-Version'];
          'Access-Control-Allow-Origin': components['headers']['Access-Control-Allow-Origin'];
          'Access-Control-Allow-Credentials': components['headers']['Access-Control-Allow-Credentials'];
          'Access-Control-Expose-Headers': components['headers']['Access-Control-Expose-Headers'];
          Vary: components['headers']['Vary'];
          'X-Mock-Session': components['headers']['X-Mock-Session'];
          'X-Mock-Session-Started': components['headers']['X-Mock-Session-Started'];
          'X-Message': components['headers']['X-Message'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['McpBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['McpSessionNotFound'];
      406: components['responses']['McpNotAcceptable'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  closeMcpSession: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The session the call acts on (docs/sessions.md); without it, the default session. 1 to 64 of
         *     `A-Z a-z 0-9 . _ -`, else 400 `invalid_request` naming the header.
         */
        'X-Mock-Session'?: components['parameters']['X-Mock-Session'];
        'Mcp-Session-Id': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ended. */
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
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['McpBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['CrossSiteRefused'];
      404: components['responses']['McpSessionNotFound'];
      415: components['responses']['UnsupportedMediaType'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}
type WithRequired<T, K extends keyof T> = T & {
  [P in K]-?: T[P];
};
