/**
 * The parameters of an authorization request (`GET /authorize`, and the login page's form that carries them on),
 * checked in the order of RFC 6749 §4.1.2.1 (docs/login.md): an unknown client or a `redirect_uri` it does not allow
 * is refused with a page and never redirected to; every later problem goes back to the redirect URI.
 */
import { CODE_CHALLENGE_METHODS, isPkceValue } from '../auth/pkce.ts';
import { allowedUri } from '../auth/uri-rules.ts';
import type { Client } from '../data/dataset.ts';

/** `response_mode` values, as discovery lists them; `query` is the default. */
export const RESPONSE_MODES = ['query', 'fragment', 'form_post', 'web_message'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];

/** `prompt` values that have a meaning here. */
export const PROMPTS = ['none', 'login'] as const;
export type Prompt = (typeof PROMPTS)[number];

/** `response_type` values, as discovery lists them. */
export const RESPONSE_TYPES = ['code'] as const;

/** The parameters an authorization request carries through the login page's form. */
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
] as const;
export type AuthorizeParam = (typeof AUTHORIZE_PARAMS)[number];
export type AuthorizeParams = Partial<Record<AuthorizeParam, string>>;

/** Where and how an answer goes back to the client. */
export interface ResponseTarget {
  /** The redirect URI as parsed (what the browser is sent to). */
  readonly url: URL;
  readonly mode: ResponseMode;
  readonly state: string | undefined;
}

export interface AuthorizationRequest {
  readonly client: Client;
  /** `redirect_uri` as sent: the token request must send it byte for byte. */
  readonly redirectUri: string;
  readonly target: ResponseTarget;
  readonly scope: string | undefined;
  readonly audience: string | undefined;
  readonly nonce: string | undefined;
  readonly codeChallenge: string | undefined;
  readonly prompt: Prompt | undefined;
  readonly loginHint: string | undefined;
  /** The parameters to carry on (the login page's hidden fields), `prompt` left out. */
  readonly params: AuthorizeParams;
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

const isResponseMode = (value: string): value is ResponseMode => RESPONSE_MODES.some((m) => m === value);
const isPrompt = (value: string): value is Prompt => PROMPTS.some((p) => p === value);

/** Checks an authorization request against the clients of the dataset. */
export function checkAuthorizeRequest(p: AuthorizeParams, clients: readonly Client[]): AuthorizeOutcome {
  if (p.client_id === undefined)
    return refuse('client_id is missing: the authorization request must name a client');
  const client = clients.find((c) => c.client_id === p.client_id);
  if (client === undefined) {
    const known = clients.map((c) => c.client_id).join(', ');
    return refuse(`unknown client_id ${JSON.stringify(p.client_id)}; known clients: ${known}`);
  }
  if (p.redirect_uri === undefined) return refuse(`redirect_uri is missing (client ${client.client_id})`);
  const url = allowedUri(p.redirect_uri, client.redirect_uris);
  if (url === undefined) {
    return refuse(
      `redirect_uri ${JSON.stringify(p.redirect_uri)} is not allowed for client ${client.client_id}; ` +
        `allowed: ${client.redirect_uris.join(', ') || 'none'}`,
    );
  }
  const mode = p.response_mode ?? 'query';
  const target: ResponseTarget = { url, mode: isResponseMode(mode) ? mode : 'query', state: p.state };
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'error',
    target,
    error,
    description,
  });
  if (!isResponseMode(mode)) {
    return fail('invalid_request', `response_mode must be one of ${RESPONSE_MODES.join(', ')} (got ${mode})`);
  }
  if (p.response_type === undefined)
    return fail('invalid_request', 'Missing required parameter: response_type');
  if (!RESPONSE_TYPES.some((t) => t === p.response_type)) {
    return fail(
      'unsupported_response_type',
      `Unsupported response type: ${p.response_type} (supported: ${RESPONSE_TYPES.join(', ')})`,
    );
  }
  if (!client.grant_types.includes('authorization_code')) {
    return fail('unauthorized_client', `Grant type 'authorization_code' not allowed for the client.`);
  }
  const method = p.code_challenge_method;
  if (method !== undefined && !CODE_CHALLENGE_METHODS.some((m) => m === method)) {
    return fail(
      'invalid_request',
      `code_challenge_method ${method} is not supported: use ${CODE_CHALLENGE_METHODS.join(', ')}`,
    );
  }
  if (p.code_challenge === undefined) {
    if (client.client_secret === undefined) {
      return fail('invalid_request', 'code_challenge is required: a public client must use PKCE with S256');
    }
    if (method !== undefined)
      return fail('invalid_request', 'code_challenge_method was sent without code_challenge');
  } else {
    if (method === undefined) {
      return fail(
        'invalid_request',
        'code_challenge_method must be S256 (without it the method is plain, which is not supported)',
      );
    }
    if (!isPkceValue(p.code_challenge)) {
      return fail(
        'invalid_request',
        'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)',
      );
    }
  }
  const prompts = (p.prompt ?? '').split(' ').filter((value) => value !== '');
  const unknownPrompt = prompts.find((value) => !isPrompt(value));
  if (unknownPrompt !== undefined) {
    return fail('invalid_request', `prompt must be one of ${PROMPTS.join(', ')} (got ${unknownPrompt})`);
  }
  if (prompts.includes('none') && prompts.length > 1) {
    return fail('invalid_request', 'prompt=none may not be combined with another prompt value');
  }
  if (p.audience !== undefined && !client.audiences.includes(p.audience)) {
    return fail('access_denied', `Service not found: ${p.audience}`);
  }
  const scope = normalizeScope(p.scope);
  const carried = { ...p };
  delete carried.prompt;
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri: p.redirect_uri,
      target,
      scope,
      audience: p.audience,
      nonce: p.nonce,
      codeChallenge: p.code_challenge,
      prompt: prompts.find(isPrompt),
      loginHint: p.login_hint,
      params: carried,
    },
  };
}

function refuse(message: string): AuthorizeOutcome {
  return { kind: 'refuse', message };
}

function normalizeScope(scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const parts = [...new Set(scope.split(/\s+/).filter((part) => part !== ''))];
  return parts.length === 0 ? undefined : parts.join(' ');
}
