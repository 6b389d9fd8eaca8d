/**
 * `GET|POST /authorize` and the login page's `POST /authorize/login` (docs/login.md): the authorization code flow
 * with PKCE, as a login library drives it. A live login session answers at once unless the request asks for a login
 * (`login/session-reuse.ts`: `prompt`, `max_age`, `id_token_hint`); `prompt=none` that would need one is
 * `login_required`; otherwise the login page asks who is signing in. Its forms carry a token bound to the request
 * and the browser (`login/login-form-token.ts`).
 */
import { HTML_TYPE, text, type Answer } from '../answer.ts';
import { DEFAULT_PASSWORD, passwordOf, type Client } from '../data/dataset.ts';
import { MockError } from '../errors.ts';
import type { Hashing, Random } from '../platform/platform.ts';
import { NO_STORE } from '../protocol/cache-headers.ts';
import type { User } from '../spec/types.ts';
import type { UserStore } from '../users/store.ts';
import { checkAuthorizeRequest } from './authorize/index.ts';
import { authorizeParams, type AuthorizationRequest, type AuthorizeOutcome } from './authorize/request.ts';
import { checkPassword, mayLogIn } from './check-password.ts';
import { required } from './fields.ts';
import {
  BROWSER_COOKIE,
  browserCookie,
  cookieValue,
  FORM_TOKEN_FIELD,
  formProblem,
  formToken,
} from './login/login-form-token.ts';
import { loginSessionCookie, loginSessionIdOf, type LoginSession } from './login/login-sessions.ts';
import { sessionReuse } from './login/session-reuse.ts';
import { errorPage } from '../html/error-page.ts';
import type { OAuthState } from './oauth-state.ts';
import { respondToClient } from './response-modes/index.ts';
import { userSubject } from './subject.ts';
import type { TokenService } from './tokens.ts';

/** What the login flow reads of the session and the request. */
export interface LoginContext {
  readonly store: UserStore;
  readonly clients: readonly Client[];
  readonly passwords: ReadonlyMap<string, string>;
  readonly oauth: OAuthState;
  /** Emails of the known accounts, offered as one-click buttons when they are live users. */
  readonly knownEmails: readonly string[];
  /** Now, epoch milliseconds (the session's clock). */
  readonly now: number;
  readonly address: string;
  readonly cookie: string | undefined;
  /** The request's `Sec-Fetch-Site`, which a browser sets. */
  readonly fetchSite: string | undefined;
  readonly hashing: Hashing;
  readonly random: Random;
  /** Checks an `id_token_hint`'s signature and issuer. */
  readonly tokens: TokenService;
}

/** Statuses of the login page after a failed attempt, by the token endpoint's error. */
const FAILED_LOGIN_STATUS: Readonly<Record<string, number>> = {
  invalid_grant: 401,
  access_denied: 403,
  too_many_attempts: 429,
};

/** `GET /authorize` (its query) and `POST /authorize` (its form, OIDC Core §3.1.2.1). */
export async function authorizeEndpoint(
  c: LoginContext,
  params: Readonly<Record<string, unknown>>,
): Promise<Answer> {
  const checked = checkedRequest(checkAuthorizeRequest(authorizeParams(params), c.clients));
  if (checked.kind === 'answer') return checked.answer;
  const { request } = checked;
  let hintSubject: string | undefined;
  if (request.idTokenHint !== undefined) {
    hintSubject = await hintedSubject(c.tokens, request.idTokenHint);
    if (hintSubject === undefined) {
      return respondToClient(request.target, {
        error: 'invalid_request',
        error_description: 'id_token_hint is not an ID token this server signed: send one it issued, or none',
      });
    }
  }
  const decision = sessionReuse(
    request,
    liveLogin(c),
    hintSubject,
    (session) => userSubject(session.userId),
    Math.floor(c.now / 1000),
  );
  if (decision.kind === 'reuse') return issueCode(c, request, decision.session);
  if (request.prompts.includes('none')) {
    return respondToClient(request.target, {
      error: 'login_required',
      error_description: `Login required (prompt=none): ${decision.reason}`,
    });
  }
  return loginPage(c, request);
}

/** The `sub` of an ID token this server signed (expired ones too, OIDC Core §3.1.2.1), or undefined. */
async function hintedSubject(tokens: TokenService, idToken: string): Promise<string | undefined> {
  try {
    const claims = await tokens.verifySignature(idToken);
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** `POST /authorize/login`: a known account's button, or an email and password. */
export async function submitLogin(c: LoginContext, body: unknown): Promise<Answer> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const checked = checkedRequest(checkAuthorizeRequest(authorizeParams(fields), c.clients));
  if (checked.kind === 'answer') return checked.answer;
  const { request } = checked;
  const browser = cookieValue(c.cookie, BROWSER_COOKIE);
  const forged = formProblem(
    c.hashing,
    c.oauth.formKey,
    { browser, token: fields[FORM_TOKEN_FIELD], fetchSite: c.fetchSite },
    request.params,
  );
  if (forged !== undefined) return errorPage(`Sign-in refused: ${forged}.`, 403);
  const account = typeof fields.account === 'string' ? fields.account : undefined;
  const email = account ?? (typeof fields.email === 'string' ? fields.email.trim() : '');
  const known = account === undefined ? undefined : knownAccounts(c).find((user) => user.email === account);
  if (account !== undefined && known === undefined) {
    return loginPage(c, request, {
      status: 401,
      message: `${account} is not a known account of this dataset.`,
      email: undefined,
    });
  }
  const password =
    known === undefined
      ? typeof fields.password === 'string'
        ? fields.password
        : ''
      : passwordOf(c.passwords, known.id);
  let user: User;
  try {
    // The password grant's own checks, in its order: the same messages and the same lock-out (docs/tokens.md).
    const given = { username: email, password };
    user = checkPassword({
      username: required(given, 'username'),
      password: required(given, 'password'),
      store: c.store,
      passwords: c.passwords,
      lockouts: c.oauth.lockouts,
      address: c.address,
      now: c.now,
    });
  } catch (error) {
    if (!(error instanceof MockError)) throw error;
    return loginPage(c, request, {
      status: FAILED_LOGIN_STATUS[error.code] ?? 400,
      message: error.message,
      email: account === undefined ? email : undefined,
    });
  }
  const login = c.oauth.logins.start(user.id, Math.floor(c.now / 1000));
  return issueCode(c, request, login, { 'Set-Cookie': loginSessionCookie(login) });
}

/** The request's checked parameters, or the answer for a request that cannot go on. */
function checkedRequest(
  outcome: AuthorizeOutcome,
): { kind: 'request'; request: AuthorizationRequest } | { kind: 'answer'; answer: Answer } {
  switch (outcome.kind) {
    case 'refuse':
      return { kind: 'answer', answer: errorPage(outcome.message) };
    case 'error':
      return {
        kind: 'answer',
        answer: respondToClient(outcome.target, {
          error: outcome.error,
          error_description: outcome.description,
        }),
      };
    case 'ok':
      return { kind: 'request', request: outcome.request };
  }
}

function issueCode(
  c: LoginContext,
  request: AuthorizationRequest,
  login: LoginSession,
  headers: Readonly<Record<string, string>> = {},
): Answer {
  const code = c.oauth.codes.issue(
    {
      clientId: request.client.client_id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId: login.userId,
      scope: request.scope,
      audience: request.audience,
      nonce: request.nonce,
      authTime: login.authTime,
      sid: login.id,
    },
    Math.floor(c.now / 1000),
  );
  const answer = respondToClient(request.target, { code });
  return { ...answer, headers: { ...answer.headers, ...headers } };
}

/**
 * The login page, its forms bound to this request and browser (a browser seen for the first time gets its cookie).
 * Its rendering is loaded when a page is first asked for: a mock whose clients never log in never loads it.
 */
async function loginPage(
  c: LoginContext,
  request: AuthorizationRequest,
  failure?: { readonly status: number; readonly message: string; readonly email: string | undefined },
): Promise<Answer> {
  const { renderLoginPage } = await import('./login/login-page.ts');
  const known = cookieValue(c.cookie, BROWSER_COOKIE);
  const browser = known ?? c.random.token(16);
  const page = renderLoginPage({
    request,
    accounts: knownAccounts(c),
    error: failure?.message,
    email: failure?.email,
    defaultPassword: DEFAULT_PASSWORD,
    formToken: formToken(c.hashing, c.oauth.formKey, browser, request.params),
  });
  const headers = known === undefined ? { ...NO_STORE, 'Set-Cookie': browserCookie(browser) } : NO_STORE;
  return text(failure?.status ?? 200, HTML_TYPE, page, failure?.message ?? 'Login page', headers);
}

/** The login session the request's cookie names, if its user is still there and may log in (docs/tokens.md). */
function liveLogin(c: LoginContext): LoginSession | undefined {
  const login = c.oauth.logins.get(loginSessionIdOf(c.cookie), Math.floor(c.now / 1000));
  if (login === undefined) return undefined;
  const user = c.store.userById(login.userId);
  return user === undefined || !mayLogIn(user) ? undefined : login;
}

/** The known accounts that are live users of the session's store. */
function knownAccounts(c: LoginContext): User[] {
  return c.knownEmails.flatMap((email) => {
    const user = c.store.byLogin(email);
    return user === undefined ? [] : [user];
  });
}
