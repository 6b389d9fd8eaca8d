/**
 * `POST {auth_url}/oauth/token` (docs/tokens.md, docs/login.md): the request's fields parsed once, then the named
 * steps of `token/index.ts` in order, then the answer of RFC 6749 §5.1. Every error is RFC 6749 §5.2 with Auth0's
 * statuses (the operation's `x-error-shape: oauth`; `--oauth-errors rfc6749` maps them, `error-statuses.ts`).
 */
import { stringFields } from './fields.ts';
import { TOKEN_STEPS } from './token/index.ts';
import { established, type TokenDraft, type TokenRequest, type TokenResponse } from './token/request.ts';

export type { TokenRequest, TokenResponse } from './token/request.ts';

export async function issueToken(request: TokenRequest): Promise<TokenResponse> {
  const draft: TokenDraft = {
    request,
    fields: stringFields(request.body),
    now: Math.floor(request.now / 1000),
  };
  for (const step of TOKEN_STEPS) await step(draft);
  return answerOf(draft);
}

/** The success body: `expires_in` = `exp - iat`; `scope` when asked for or carried by a code. */
function answerOf(draft: TokenDraft): TokenResponse {
  const access = established(draft.access, 'the access token');
  const { iat, exp } = access.claims;
  const fromCode = draft.grantType === 'authorization_code';
  const { scope, idToken, refreshToken } = draft;
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in:
      typeof exp === 'number' && typeof iat === 'number'
        ? exp - iat
        : draft.request.tokens.settings.ttlSeconds,
    ...((draft.fields.scope === undefined && !fromCode) || scope === undefined ? {} : { scope }),
    ...(idToken === undefined ? {} : { id_token: idToken }),
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  };
}
