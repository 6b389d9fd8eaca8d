/**
 * Logout (docs/login.md): Auth0's `GET /v2/logout?client_id&returnTo` and OpenID Connect RP-initiated logout at
 * `GET /oidc/logout` (`post_logout_redirect_uri`, `id_token_hint`, `client_id`, `state`). Both end the login
 * session, then redirect only to a logout URI the client allows; anything else is an error page, never a redirect.
 */
import type { Request, Response } from 'express';
import { idTokenClient } from '../auth/id-token.ts';
import type { TokenService } from '../auth/tokens.ts';
import { allowedUri } from '../auth/uri-rules.ts';
import type { Client } from '../data/dataset.ts';
import type { OperationHandler } from '../http/dispatch.ts';
import type { LoginState } from './login-state.ts';
import { redirectAfterLogout, sendErrorPage, sendLoggedOutPage } from './respond.ts';
import { CLEAR_SESSION_COOKIE, sessionIdOf } from './sessions.ts';

export interface LogoutRouteState {
  readonly clients: readonly Client[];
  readonly login: LoginState;
}

export function logoutHandlers(
  current: () => LogoutRouteState,
  tokens: TokenService,
): Record<'logout' | 'endSession', OperationHandler> {
  return {
    logout: ({ req, res, query }) => {
      const { clients } = current();
      const clientId = text(query.client_id);
      const returnTo = text(query.returnTo);
      const client = clientId === undefined ? undefined : clients.find((c) => c.client_id === clientId);
      if (clientId !== undefined && client === undefined) {
        sendErrorPage(res, `unknown client_id ${JSON.stringify(clientId)}`);
        return;
      }
      // Without client_id, returnTo may be any client's logout URI (Auth0's tenant-wide list).
      const rules = client?.logout_uris ?? clients.flatMap((c) => c.logout_uris);
      finish(req, res, returnTo, rules, client?.client_id, undefined);
    },

    endSession: ({ req, res, query }) => {
      const { clients } = current();
      const hint = text(query.id_token_hint);
      const hinted = hint === undefined ? undefined : idTokenClient(tokens, hint);
      if (hinted === null) {
        sendErrorPage(res, 'id_token_hint is not an ID token issued by this server');
        return;
      }
      const clientId = text(query.client_id) ?? hinted;
      if (hinted !== undefined && clientId !== hinted) {
        sendErrorPage(
          res,
          `client_id ${JSON.stringify(clientId)} is not the audience of id_token_hint (${hinted})`,
        );
        return;
      }
      const client = clientId === undefined ? undefined : clients.find((c) => c.client_id === clientId);
      if (clientId !== undefined && client === undefined) {
        sendErrorPage(res, `unknown client_id ${JSON.stringify(clientId)}`);
        return;
      }
      const redirect = text(query.post_logout_redirect_uri);
      if (redirect !== undefined && client === undefined) {
        sendErrorPage(
          res,
          'post_logout_redirect_uri needs client_id or id_token_hint to say which client it belongs to',
        );
        return;
      }
      finish(req, res, redirect, client?.logout_uris ?? [], client?.client_id, text(query.state));
    },
  };

  function finish(
    req: Request,
    res: Response,
    returnTo: string | undefined,
    rules: readonly string[],
    clientId: string | undefined,
    state: string | undefined,
  ): void {
    const url = returnTo === undefined ? undefined : allowedUri(returnTo, rules);
    if (returnTo !== undefined && url === undefined) {
      const whose = clientId === undefined ? 'any client' : `client ${clientId}`;
      sendErrorPage(
        res,
        `${JSON.stringify(returnTo)} is not a logout URI allowed for ${whose}; allowed: ${[...new Set(rules)].join(', ') || 'none'}`,
      );
      return;
    }
    current().login.sessions.end(sessionIdOf(req.headers.cookie));
    res.append('Set-Cookie', CLEAR_SESSION_COOKIE);
    if (url === undefined) {
      sendLoggedOutPage(res);
      return;
    }
    if (state !== undefined) url.searchParams.set('state', state);
    redirectAfterLogout(res, url);
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
