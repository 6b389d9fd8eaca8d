/**
 * The scope of the tokens: a code's own; a refresh's original grant, or the part of it the request names (RFC 6749
 * §6: a refresh may narrow the scope, never widen it: 400 `invalid_scope`); otherwise what the request asks for.
 */
import { invalidScope } from '../../errors.ts';
import { hasScope, normalizeScope } from '../scope.ts';
import { established, type TokenStep } from './request.ts';

export const settleScope: TokenStep = (draft) => {
  const grantType = established(draft.grantType, 'the grant type');
  const granted = established(draft.outcome, 'the grant outcome').scope;
  if (grantType === 'authorization_code') {
    draft.scope = granted;
    return;
  }
  const asked = normalizeScope(draft.fields.scope);
  if (grantType !== 'refresh_token' || asked === undefined) {
    draft.scope = asked ?? granted;
    return;
  }
  const extra = asked.split(' ').filter((value) => !hasScope(granted, value));
  if (extra.length > 0) {
    throw invalidScope(
      `The refresh token was not granted ${extra.join(' ')}: a refresh may narrow the scope, not widen it (granted: ${granted ?? 'none'})`,
    );
  }
  draft.scope = asked;
};
