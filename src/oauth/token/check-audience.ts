/**
 * The audience: the one a code or refresh token carries, else the request's, else the default; one the client may
 * ask for (403 `access_denied`, "Service not found", as Auth0 answers). The request's is checked before the grant
 * runs, so that a bad audience does not use up a code or a refresh token.
 */
import { accessDenied } from '../../errors.ts';
import { established, type TokenStep } from './request.ts';

const notFound = (audience: string) => accessDenied(`Service not found: ${audience}`);

export const checkRequestedAudience: TokenStep = (draft) => {
  const requested = draft.fields.audience;
  if (requested !== undefined && !established(draft.client, 'the client').audiences.includes(requested)) {
    throw notFound(requested);
  }
};

export const settleAudience: TokenStep = (draft) => {
  const outcome = established(draft.outcome, 'the grant outcome');
  const audience = outcome.audience ?? draft.fields.audience ?? draft.request.tokens.settings.audience;
  if (!established(draft.client, 'the client').audiences.includes(audience)) throw notFound(audience);
  draft.audience = audience;
};
