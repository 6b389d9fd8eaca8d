/**
 * Whether an authorization request is answered with the browser's login session or asks for a login (docs/login.md,
 * OIDC Core §3.1.2.1, as node-oidc-provider's interaction policy decides it): `prompt=login`, `consent` or
 * `select_account` always ask; a login at least `max_age` seconds old asks again (`max_age=0`: always); an
 * `id_token_hint` naming another user than the session's asks. With `prompt=none`, asking is `login_required`.
 */
import type { AuthorizationRequest } from '../authorize/request.ts';
import type { LoginSession } from './login-sessions.ts';

export type SessionReuse =
  | { readonly kind: 'reuse'; readonly session: LoginSession }
  /** Why the user must log in (the `error_description` of `login_required` with `prompt=none`). */
  | { readonly kind: 'login'; readonly reason: string };

/** The prompts that show the login page whatever the session. */
const ASKING_PROMPTS = new Set(['login', 'consent', 'select_account']);

/**
 * The decision for `request`, given the live `session` (if any), the subject the `id_token_hint` names (if any) and
 * `now` in epoch seconds.
 */
export function sessionReuse(
  request: Pick<AuthorizationRequest, 'prompts' | 'maxAge'>,
  session: LoginSession | undefined,
  hintSubject: string | undefined,
  sessionSubject: (session: LoginSession) => string,
  now: number,
): SessionReuse {
  const asking = request.prompts.find((prompt) => ASKING_PROMPTS.has(prompt));
  if (asking !== undefined) return { kind: 'login', reason: `prompt=${asking} asks for a login` };
  if (session === undefined) return { kind: 'login', reason: 'there is no login session' };
  const age = now - session.authTime;
  if (request.maxAge !== undefined && age >= request.maxAge) {
    return {
      kind: 'login',
      reason: `the login is ${String(age)} s old, not younger than max_age=${String(request.maxAge)}`,
    };
  }
  if (hintSubject !== undefined && hintSubject !== sessionSubject(session)) {
    return { kind: 'login', reason: 'the id_token_hint names another user than the one logged in' };
  }
  return { kind: 'reuse', session };
}
