/**
 * An authorization request (`GET /authorize`, and the login page's form that carries it on; docs/login.md) while its
 * checks run, and what they conclude. The checks (one file each, listed in `index.ts`) run in the order of RFC 6749
 * §4.1.2.1: until the client and its redirect URI are known, a problem is a `Refusal` (an error page, never a
 * redirect); after, an `AuthorizeFailure` that goes back to the client's redirect URI.
 */
import type { Client } from '../../data/dataset.ts';

/** `response_mode` values, as discovery lists them; `query` is the default. */
export const RESPONSE_MODES = ['query', 'fragment', 'form_post', 'web_message'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];

/**
 * `prompt` values (OIDC Core §3.1.2.1): `consent` and `select_account` show the login page, as `login` does (the page
 * already asks who signs in, and there is no consent to give).
 */
export const PROMPTS = ['none', 'login', 'consent', 'select_account'] as const;
export type Prompt = (typeof PROMPTS)[number];

/** `response_type` values, as discovery lists them. */
export const RESPONSE_TYPES = ['code'] as const;

/**
 * The parameters an authorization request reads; all but `CONSUMED_PARAMS` travel on through the login page's form.
 */
export const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'audience',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'max_age',
  'id_token_hint',
  'request',
  'request_uri',
] as const;
export type AuthorizeParam = (typeof AUTHORIZE_PARAMS)[number];

/** Parameters that decide whether the page is shown, which the login form does not carry on. */
export const CONSUMED_PARAMS = ['prompt', 'max_age', 'id_token_hint', 'request', 'request_uri'] as const;
export type AuthorizeParams = Partial<Record<AuthorizeParam, string>>;

/** Where and how an answer goes back to the client. */
export interface ResponseTarget {
  /** The redirect URI as parsed (what the browser is sent to). */
  readonly url: URL;
  readonly mode: ResponseMode;
  readonly state: string | undefined;
  /** The client's web origins (of its redirect URI rules): who may frame a `web_message` answer. */
  readonly frameOrigins: readonly string[];
}

/** A checked authorization request. */
export interface AuthorizationRequest {
  readonly client: Client;
  /** `redirect_uri` as sent: the token request must send it byte for byte. */
  readonly redirectUri: string;
  readonly target: ResponseTarget;
  readonly scope: string | undefined;
  readonly audience: string | undefined;
  readonly nonce: string | undefined;
  readonly codeChallenge: string | undefined;
  /** The `prompt` values asked for (none: an empty list). */
  readonly prompts: readonly Prompt[];
  /** `max_age` in seconds: a login at least this old logs in again (OIDC Core §3.1.2.1). */
  readonly maxAge: number | undefined;
  /** `id_token_hint`, as sent: whom the client expects to be logged in. */
  readonly idTokenHint: string | undefined;
  readonly loginHint: string | undefined;
  /** The parameters to carry on (the login page's hidden fields), `CONSUMED_PARAMS` left out. */
  readonly params: AuthorizeParams;
}

/** What the checks know so far; each check reads it and adds what it establishes. */
export interface AuthorizeDraft {
  readonly params: AuthorizeParams;
  readonly clients: readonly Client[];
  client?: Client;
  redirectUri?: string;
  target?: ResponseTarget;
  prompts?: readonly Prompt[];
  maxAge?: number;
  scope?: string | undefined;
}

/** One check of the request: throws a `Refusal` or an `AuthorizeFailure`, or records what it found in the draft. */
export type AuthorizeCheck = (draft: AuthorizeDraft) => void;

/** A request that cannot go back to any client: answered with an error page (400). */
export class Refusal extends Error {
  override readonly name = 'Refusal';
}

/** A problem sent back to the client (RFC 6749 §4.1.2.1): `error` and `error_description` to its redirect URI. */
export class AuthorizeFailure extends Error {
  override readonly name = 'AuthorizeFailure';

  constructor(
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

export type AuthorizeOutcome =
  /** Answer with an error page (400), never redirect. */
  | { readonly kind: 'refuse'; readonly message: string }
  /** Send `error` back to the client (RFC 6749 §4.1.2.1). */
  | {
      readonly kind: 'error';
      readonly target: ResponseTarget;
      readonly error: string;
      readonly description: string;
    }
  | { readonly kind: 'ok'; readonly request: AuthorizationRequest };

/** The known authorization parameters of `source` that are non-empty strings. */
export function authorizeParams(source: Readonly<Record<string, unknown>>): AuthorizeParams {
  const params: AuthorizeParams = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') params[name] = value;
  }
  return params;
}

/** The client the draft established (a check after `checkClient` may rely on it). */
export function clientOf(draft: AuthorizeDraft): Client {
  if (draft.client === undefined) throw new Error('an authorize check ran before checkClient');
  return draft.client;
}
