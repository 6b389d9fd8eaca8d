/**
 * The login page of `/authorize` (docs/login.md): the known accounts as one-click buttons, and an email + password
 * form for any user of the store. Both forms post the authorization request on, as hidden fields, to
 * `POST /authorize/login`. A failed attempt renders the page again with the message in an alert the screen reader
 * announces, the email kept and the inputs marked invalid.
 */
import type { User } from '../../spec/types.ts';
import type { AuthorizationRequest } from '../authorize/request.ts';
import { escapeHtml, htmlPage } from '../../html/page.ts';
import { FORM_TOKEN_FIELD } from './login-form-token.ts';

/** Where the login page's forms post to. */
export const LOGIN_PATH = '/authorize/login';

const ROLE_LABELS: Readonly<Record<string, string>> = {
  saas_admin: 'Administrator',
  saas_user: 'User',
  saas_user_client: 'Client user',
};

export interface LoginPageInput {
  readonly request: AuthorizationRequest;
  /** Known accounts offered as one-click buttons (live users only). */
  readonly accounts: readonly User[];
  /** The error of the last attempt, if any. */
  readonly error?: string | undefined;
  /** The email to fill in: the last attempt's, or `login_hint`. */
  readonly email?: string | undefined;
  /** The password of seeded users, shown as a hint. */
  readonly defaultPassword: string;
  /** The token that binds the forms to this request and browser (`login-form-token.ts`). */
  readonly formToken: string;
}

export function renderLoginPage(input: LoginPageInput): string {
  const { request, accounts, error } = input;
  const fields: [string, string][] = [...Object.entries(request.params), [FORM_TOKEN_FIELD, input.formToken]];
  const hidden = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const email = input.email ?? request.loginHint ?? '';
  const invalid = error === undefined ? '' : ' aria-invalid="true" aria-describedby="login-error"';
  const alert =
    error === undefined ? '' : `<p class="alert" role="alert" id="login-error">${escapeHtml(error)}</p>\n`;
  const buttons = accounts
    .map(
      (user) => `<li><button type="submit" class="account" name="account" value="${escapeHtml(user.email)}">
<strong>Continue as ${escapeHtml(user.name)}</strong>
<span>${escapeHtml(user.email)} · ${escapeHtml(ROLE_LABELS[user.user_type] ?? user.user_type)}</span>
</button></li>`,
    )
    .join('\n');
  const accountsSection =
    accounts.length === 0
      ? ''
      : `<section aria-labelledby="accounts-heading">
<h2 id="accounts-heading">Known accounts</h2>
<form method="post" action="${LOGIN_PATH}">
${hidden}
<ul class="accounts">
${buttons}
</ul>
</form>
</section>
<p class="divider">or</p>`;
  const body = `<h1>Sign in</h1>
<p class="muted">to <strong>${escapeHtml(request.client.name)}</strong>, then back to <code>${escapeHtml(request.target.url.origin)}</code></p>
${alert}${accountsSection}
<section aria-labelledby="password-heading">
<h2 id="password-heading">Email and password</h2>
<form method="post" action="${LOGIN_PATH}">
${hidden}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${error === undefined ? '' : ' autofocus'}>
<button type="submit" class="primary">Sign in</button>
</form>
</section>
<footer>
<p class="muted">A mock authorization server for development. Seeded users' password: <code>${escapeHtml(input.defaultPassword)}</code></p>
</footer>`;
  return htmlPage(error === undefined ? 'Sign in · identity-mock' : 'Sign in failed · identity-mock', body);
}
