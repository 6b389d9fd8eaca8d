/**
 * Logout (docs/login.md): Auth0's `GET /v2/logout?client_id&returnTo` and OpenID Connect RP-initiated logout at
 * `GET /oidc/logout` (`post_logout_redirect_uri`, `id_token_hint`, `client_id`, `state`). Both end the login
 * session, then redirect only to a logout URI the client allows; anything else is an error page, never a redirect.
 */
import { redirect, type Answer } from '../answer.ts';
import { clientById, type Client } from '../data/dataset.ts';
import { NO_STORE } from '../protocol/cache-headers.ts';
import { idTokenClient } from './id-token.ts';
import { CLEAR_LOGIN_SESSION_COOKIE, loginSessionIdOf, type LoginSessions } from './login/login-sessions.ts';
import { errorPage, loggedOutPage } from '../html/error-page.ts';
import type { TokenService } from './tokens.ts';
import { allowedUri } from '../protocol/uri-rules.ts';

export interface LogoutContext {
  readonly clients: readonly Client[];
  readonly logins: LoginSessions;
  readonly cookie: string | undefined;
}

/** `GET /v2/logout` (Auth0). */
export function logout(c: LogoutContext, query: Readonly<Record<string, unknown>>): Answer {
  const clientId = text(query.client_id);
  const client = clientId === undefined ? undefined : clientById(c.clients, clientId);
  if (clientId !== undefined && client === undefined)
    return errorPage(`unknown client_id ${JSON.stringify(clientId)}`);
  // Without client_id, returnTo may be any client's logout URI (Auth0's tenant-wide list).
  const rules = client?.logout_uris ?? c.clients.flatMap((x) => x.logout_uris);
  return finish(c, text(query.returnTo), rules, client?.client_id, undefined);
}

/** `GET /oidc/logout` (OpenID Connect RP-Initiated Logout). */
export async function endSession(
  c: LogoutContext,
  tokens: TokenService,
  query: Readonly<Record<string, unknown>>,
): Promise<Answer> {
  const hint = text(query.id_token_hint);
  const hinted = hint === undefined ? undefined : await idTokenClient(tokens, hint);
  if (hinted === null) return errorPage('id_token_hint is not an ID token issued by this server');
  const clientId = text(query.client_id) ?? hinted;
  if (hinted !== undefined && clientId !== hinted) {
    return errorPage(
      `client_id ${JSON.stringify(clientId)} is not the audience of id_token_hint (${hinted})`,
    );
  }
  const client = clientId === undefined ? undefined : clientById(c.clients, clientId);
  if (clientId !== undefined && client === undefined)
    return errorPage(`unknown client_id ${JSON.stringify(clientId)}`);
  const target = text(query.post_logout_redirect_uri);
  if (target !== undefined && client === undefined) {
    return errorPage(
      'post_logout_redirect_uri needs client_id or id_token_hint to say which client it belongs to',
    );
  }
  return finish(c, target, client?.logout_uris ?? [], client?.client_id, text(query.state));
}

function finish(
  c: LogoutContext,
  returnTo: string | undefined,
  rules: readonly string[],
  clientId: string | undefined,
  state: string | undefined,
): Answer {
  const url = returnTo === undefined ? undefined : allowedUri(returnTo, rules);
  if (returnTo !== undefined && url === undefined) {
    const whose = clientId === undefined ? 'any client' : `client ${clientId}`;
    return errorPage(
      `${JSON.stringify(returnTo)} is not a logout URI allowed for ${whose}; allowed: ${[...new Set(rules)].join(', ') || 'none'}`,
    );
  }
  c.logins.end(loginSessionIdOf(c.cookie));
  const cookie = { 'Set-Cookie': CLEAR_LOGIN_SESSION_COOKIE };
  if (url === undefined) return loggedOutPage(cookie);
  if (state !== undefined) url.searchParams.set('state', state);
  return redirect(url.href, 'Logged out', { ...NO_STORE, ...cookie });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
