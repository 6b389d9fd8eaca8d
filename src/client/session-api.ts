/**
 * One interface for a test suite's session of the mock (docs/sessions.md), whichever way it reaches the mock:
 * `sessionClient(url, id)` over HTTP from any process, and `mock.session(id)` in the process that runs the mock.
 * Same methods, same arguments, same camelCase results; every method is async and throws `IdentityMockError` when the
 * mock refuses the call, never resolving with an error body.
 */

/** How a token differs from the user's default one (`POST /__admin/tokens`, docs/tokens.md). */
export interface TokenOptions {
  /** Defaults to every permission of the user's role; may not exceed them. */
  readonly permissions?: readonly string[];
  /** Lifetime in seconds; negative gives a token that has already expired. */
  readonly expiresIn?: number;
  /** Expiry as an instant (RFC 3339 text or a Date); may lie in the past. Not together with `expiresIn`. */
  readonly expiresAt?: string | Date;
  /** `aud`; any string, so a suite can mint a wrong-audience token on purpose. */
  readonly audience?: string;
  /** Claims added or overriding the defaults (`iss`, `sub` and the userID claim included). */
  readonly claims?: Readonly<Record<string, unknown>>;
  /** Also mint an ID token of the user (`aud` = `clientId`, default `spa-client`; docs/login.md). */
  readonly idToken?: { readonly clientId?: string; readonly scope?: string; readonly nonce?: string };
}

/** `token({user, …options})`: the same request as one object. */
export interface TokenRequest extends TokenOptions {
  /** Email, id or identifier of a user of the session. */
  readonly user: string;
}

export interface SessionToken {
  readonly accessToken: string;
  readonly tokenType: 'Bearer';
  /** Seconds from `iat` to `exp`. */
  readonly expiresIn: number;
  /** The token's decoded payload. */
  readonly claims: Readonly<Record<string, unknown>>;
  /** Present when `idToken` was asked for. */
  readonly idToken?: string;
}

/** Which journal entries `requests()` returns (all of them, newest first, by default). */
export interface RequestFilter {
  readonly method?: string;
  /** Exact path, or with `*` wildcards: `/users*`. */
  readonly path?: string;
  readonly status?: number;
  /** At most this many (the newest). */
  readonly limit?: number;
}

/** One entry of the session's journal (`GET /__admin/requests`), secrets redacted. */
export interface RecordedRequest {
  readonly id: number;
  /** When the request arrived, RFC 3339. */
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  /** 0 when the connection was dropped before an answer. */
  readonly status: number;
  readonly durationMs: number;
  /** The `X-Mock-Session` the request ran in. */
  readonly session?: string;
  readonly request: {
    readonly headers: Readonly<Record<string, unknown>>;
    readonly body?: unknown;
    /** True when the body was longer than the journal keeps (16 KiB); `body` is then its first part, as text. */
    readonly bodyTruncated?: boolean;
    /** Why the body was not kept (`'too deep'`: nested past the 64 levels a request may have). */
    readonly bodyOmitted?: string;
  };
  readonly response: { readonly headers: Readonly<Record<string, unknown>> };
}

/**
 * A fault rule (docs/control-plane.md): requests matching `method`, `path` (and `header`) get `status` and/or a
 * delay, with `probability`, at most `times` times. On the authorization server, `oauthError` answers with that
 * OAuth error instead, and `grantType`, `clientId` and `user` narrow which requests match.
 */
export interface SessionFaultInput {
  readonly method?: string;
  /** Exact path, or with `*` wildcards: `/users*`. */
  readonly path: string;
  readonly header?: { readonly name: string; readonly value: string };
  /** 100–599, or 0 to drop the connection. */
  readonly status?: number;
  /** At most 10 000. */
  readonly delayMs?: number;
  /** 0–1 (default 1), drawn from a seeded generator, so runs repeat. */
  readonly probability?: number;
  /** How many times the rule fires (unlimited if absent). */
  readonly times?: number;
  /** An OAuth error code (`invalid_grant`, `temporarily_unavailable`, …) answered the way the endpoint answers it. */
  readonly oauthError?: string;
  readonly errorDescription?: string;
  readonly grantType?: string;
  readonly clientId?: string;
  /** Email, id or identifier. */
  readonly user?: string;
}

export interface SessionFault extends SessionFaultInput {
  readonly id: string;
  /** How many times the rule has fired. */
  readonly fired: number;
}

/**
 * A claim rule: tokens that a real grant issues in the session, and that match, get `set` claims added or
 * overridden and `remove` claims taken out, in the order the rules were added.
 */
export interface ClaimRuleInput {
  readonly match?: {
    /** Email, id or identifier. */
    readonly user?: string;
    readonly clientId?: string;
    readonly grantType?: string;
    readonly scope?: string;
  };
  readonly set?: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
  /** Which tokens: the access token (default), the ID token, or both. */
  readonly token?: 'access' | 'id' | 'both';
  /** How many tokens the rule changes (unlimited if absent). */
  readonly times?: number;
}

export interface ClaimRule extends ClaimRuleInput {
  readonly id: string;
}

/** The session's clock. */
export interface ClockState {
  /** The session's current time, RFC 3339. */
  readonly now: string;
  /** True while the clock stands still. */
  readonly frozen: boolean;
  /** How far the session's time is from real time, in milliseconds. */
  readonly offsetMs: number;
}

/**
 * The session's clock: what `iat`/`exp`, expiry checks, code and login-session lifetimes, lock-out and rate-limit
 * windows read. Each call resolves to the clock's state after it.
 */
export interface SessionClock {
  get(): Promise<ClockState>;
  /** Freezes the session's time at `now`. */
  set(now: string | Date): Promise<ClockState>;
  /** Moves the time on, frozen or not: `'90s'`, `'1h'`, or milliseconds. */
  advance(by: string | number): Promise<ClockState>;
  /** Lets a frozen clock run again from where it stands. */
  resume(): Promise<ClockState>;
  /** Back to real time. */
  real(): Promise<ClockState>;
}

export interface SessionApi {
  /** The session id, sent as `X-Mock-Session`; undefined for the default session (no header). */
  readonly id: string | undefined;
  /** The mock's base URL (for an in-process mock, the base its `fetch` answers under). */
  readonly url: string;
  /** `{ 'X-Mock-Session': id }` (`{}` for the default session): send it with every request of the suite. */
  readonly headers: Readonly<Record<string, string>>;
  /** A request to the mock in this session: `path` under `url`, the session header added to `init`'s. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A user app token; the user (email, id or identifier) must exist in the session. */
  token(user: string, options?: TokenOptions): Promise<SessionToken>;
  token(request: TokenRequest): Promise<SessionToken>;
  /** The session's journal, newest first. */
  requests(filter?: RequestFilter): Promise<RecordedRequest[]>;
  /** Adds a fault rule to the session. */
  fault(rule: SessionFaultInput): Promise<SessionFault>;
  /** Adds a claim rule to the session. */
  claims(rule: ClaimRuleInput): Promise<ClaimRule>;
  /** The session's clock. */
  readonly clock: SessionClock;
  /** Back to the session's start: data, journal, fault and claim rules, lock-outs, refresh tokens, counters. */
  reset(): Promise<void>;
  /** Serves freshly seeded data in the session (the start's seed and size by default), as `POST /__admin/seed`. */
  seed(options?: { readonly seed?: number; readonly users?: number }): Promise<void>;
  /** Drops the session: its next use starts afresh (the default session is reset). Resolves also when it was not live. */
  drop(): Promise<void>;
}
