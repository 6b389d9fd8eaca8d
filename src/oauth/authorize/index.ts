/**
 * The checks of an authorization request, in order (docs/login.md; RFC 6749 §4.1.2.1). Each is a small step of its
 * own; `checkAuthorizeRequest` runs them and says how to answer.
 */
import type { Client } from '../../data/dataset.ts';
import { checkAudience } from './check-audience.ts';
import { checkClient } from './check-client.ts';
import { checkPkce } from './check-pkce.ts';
import { checkMaxAge } from './check-max-age.ts';
import { checkPrompt } from './check-prompt.ts';
import { checkRedirectUri } from './check-redirect-uri.ts';
import { checkRequestObject } from './check-request-object.ts';
import { checkResponseMode } from './check-response-mode.ts';
import { checkResponseType } from './check-response-type.ts';
import { checkScope } from './check-scope.ts';
import {
  AuthorizeFailure,
  clientOf,
  CONSUMED_PARAMS,
  Refusal,
  type AuthorizeCheck,
  type AuthorizeDraft,
  type AuthorizeOutcome,
  type AuthorizeParams,
} from './request.ts';

export const AUTHORIZE_CHECKS: readonly AuthorizeCheck[] = [
  checkClient,
  checkRedirectUri,
  checkResponseMode,
  checkRequestObject,
  checkResponseType,
  checkPkce,
  checkPrompt,
  checkMaxAge,
  checkAudience,
  checkScope,
];

/** Runs the checks over `params` with the dataset's `clients`. */
export function checkAuthorizeRequest(params: AuthorizeParams, clients: readonly Client[]): AuthorizeOutcome {
  const draft: AuthorizeDraft = { params, clients };
  try {
    for (const check of AUTHORIZE_CHECKS) check(draft);
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'refuse', message: error.message };
    if (error instanceof AuthorizeFailure && draft.target !== undefined) {
      return { kind: 'error', target: draft.target, error: error.error, description: error.message };
    }
    throw error;
  }
  const { target, redirectUri } = draft;
  if (target === undefined || redirectUri === undefined) throw new Error('checkRedirectUri did not run');
  const consumed: readonly string[] = CONSUMED_PARAMS;
  const carried: AuthorizeParams = Object.fromEntries(
    Object.entries(params).filter(([name]) => !consumed.includes(name)),
  );
  return {
    kind: 'ok',
    request: {
      client: clientOf(draft),
      redirectUri,
      target,
      scope: draft.scope,
      audience: params.audience,
      nonce: params.nonce,
      codeChallenge: params.code_challenge,
      prompts: draft.prompts ?? [],
      maxAge: draft.maxAge,
      idTokenHint: params.id_token_hint,
      loginHint: params.login_hint,
      params: carried,
    },
  };
}
