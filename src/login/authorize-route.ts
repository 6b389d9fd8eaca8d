/**
 * `GET /authorize` and the login page's `POST /authorize/login` (docs/login.md): the authorization code flow with
 * PKCE, as a single-page app's login library drives it. A live login session answers at once (`prompt=none` needs
 * one; `prompt=login` always shows the page); otherwise the login page asks who is signing in.
 */
import type { Request, Response } from 'express';
import { passwordOf, DEFAULT_PASSWORD } from '../data/dataset.ts';
import { KNOWN_ACCOUNTS } from '../data/known-accounts.ts';
import { GRANTS } from '../auth/grants.ts';
import type { TokenRouteState } from '../auth/token-route.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { OperationHandler } from '../http/dispatch.ts';
import { OAuthError } from '../http/errors.ts';
import type { User } from '../spec/types.ts';
import {
  authorizeParams,
  checkAuthorizeRequest,
  type AuthorizationRequest,
  type AuthorizeOutcome,
} from './authorize-request.ts';
import type { LoginState } from './login-state.ts';
import { renderLoginPage } from './login-page.ts';
import { noStore, respondToClient, sendErrorPage } from './respond.ts';
import { sessionCookie, sessionIdOf, type LoginSession } from './sessions.ts';

export interface LoginRouteState extends TokenRouteState {
  readonly login: LoginState;
}

/** Statuses of the login page after a failed attempt, by the token endpoint's error. */
const FAILED_LOGIN_STATUS: Readonly<Record<string, number>> = {
  invalid_grant: 401,
  access_denied: 403,
  too_many_attempts: 429,
};

export function authorizeHandlers(
  current: () => LoginRouteState,
  tokens: TokenService,
): Record<'authorize' | 'submitLogin', OperationHandler> {
  /** The request's checked parameters, or the answer already sent for them. */
  const checked = (res: Response, outcome: AuthorizeOutcome): AuthorizationRequest | undefined => {
    if (outcome.kind === 'refuse') sendErrorPage(res, outcome.message);
    else if (outcome.kind === 'error') {
      respondToClient(res, outcome.target, { error: outcome.error, error_description: outcome.description });
    } else return outcome.request;
    return undefined;
  };

  const issueCode = (res: Response, request: AuthorizationRequest, session: LoginSession): void => {
    const code = current().login.codes.issue(
      {
        clientId: request.client.client_id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        userId: session.userId,
        scope: request.scope,
        audience: request.audience,
        nonce: request.nonce,
        authTime: session.authTime,
        sid: session.id,
      },
      tokens.nowSeconds(),
    );
    respondToClient(res, request.target, { code });
  };

  const showPage = (
    res: Response,
    request: AuthorizationRequest,
    failure?: { readonly status: number; readonly message: string; readonly email: string | undefined },
  ): void => {
    noStore(res);
    res.setHeader('X-Message', failure === undefined ? 'Login page' : failure.message);
    res
      .status(failure?.status ?? 200)
      .type('html')
      .send(
        renderLoginPage({
          request,
          accounts: knownAccounts(current()),
          error: failure?.message,
          email: failure?.email,
          defaultPassword: DEFAULT_PASSWORD,
        }),
      );
  };

  return {
    authorize: ({ req, res, query }) => {
      const state = current();
      const request = checked(res, checkAuthorizeRequest(authorizeParams(query), state.clients));
      if (request === undefined) return;
      const session = request.prompt === 'login' ? undefined : liveSession(state, req);
      if (session !== undefined) {
        issueCode(res, request, session);
        return;
      }
      if (request.prompt === 'none') {
        respondToClient(res, request.target, {
          error: 'login_required',
          error_description: 'Login required: there is no login session (prompt=none)',
        });
        return;
      }
      showPage(res, request);
    },

    submitLogin: ({ req, res }) => {
      const state = current();
      const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
        string,
        unknown
      >;
      const request = checked(res, checkAuthorizeRequest(authorizeParams(body), state.clients));
      if (request === undefined) return;
      const account = typeof body.account === 'string' ? body.account : undefined;
      const email = account ?? (typeof body.email === 'string' ? body.email.trim() : '');
      const known =
        account === undefined ? undefined : knownAccounts(state).find((user) => user.email === account);
      const password =
        known === undefined
          ? typeof body.password === 'string'
            ? body.password
            : ''
          : passwordOf(state.passwords, known.id);
      if (account !== undefined && known === undefined) {
        showPage(res, request, {
          status: 401,
          message: `${account} is not a known account of this dataset.`,
          email: undefined,
        });
        return;
      }
      let user: User | undefined;
      try {
        // The password grant's own check: the same messages and the same lock-out (docs/tokens.md).
        user = GRANTS.password({
          fields: { username: email, password },
          client: request.client,
          store: state.store,
          passwords: state.passwords,
          auth: state.auth,
          codes: state.login.codes,
          rotation: state.login.rotation,
          now: tokens.nowSeconds(),
          address: req.ip ?? req.socket.remoteAddress ?? '',
        }).user;
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        const status = FAILED_LOGIN_STATUS[error.error] ?? 400;
        showPage(res, request, {
          status,
          message: error.message,
          email: account === undefined ? email : undefined,
        });
        return;
      }
      if (user === undefined) throw new Error('the password grant named no user');
      const session = state.login.sessions.start(user.id, tokens.nowSeconds());
      res.append('Set-Cookie', sessionCookie(session));
      issueCode(res, request, session);
    },
  };
}

/** The login session the request's cookie names, if its user is still there and may log in (docs/tokens.md). */
function liveSession(state: LoginRouteState, req: Request): LoginSession | undefined {
  const session = state.login.sessions.get(sessionIdOf(req.headers.cookie));
  if (session === undefined) return undefined;
  const slot = state.store.slotOfId(session.userId);
  const user = slot === undefined ? undefined : state.store.users[slot];
  return user === undefined || user.status === 'inactive' || user.status === 'suspended'
    ? undefined
    : session;
}

/** The known accounts that are live users of the current store. */
function knownAccounts(state: LoginRouteState): User[] {
  return KNOWN_ACCOUNTS.users.flatMap((account) => {
    const slot = state.store.slotOfEmail(account.email);
    const user = slot === undefined ? undefined : state.store.users[slot];
    return user === undefined ? [] : [user];
  });
}
