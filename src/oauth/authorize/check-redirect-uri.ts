/**
 * The `redirect_uri` is one the client allows (its URI rules, `uri-rules.ts`); else an error page, never a redirect
 * (an open redirector otherwise). The parsed URI is what the browser is sent to.
 */
import { allowedUri, ruleOrigins } from '../../protocol/uri-rules.ts';
import { clientOf, Refusal, type AuthorizeCheck } from './request.ts';

export const checkRedirectUri: AuthorizeCheck = (draft) => {
  const client = clientOf(draft);
  const uri = draft.params.redirect_uri;
  if (uri === undefined) throw new Refusal(`redirect_uri is missing (client ${client.client_id})`);
  const url = allowedUri(uri, client.redirect_uris);
  if (url === undefined) {
    throw new Refusal(
      `redirect_uri ${JSON.stringify(uri)} is not allowed for client ${client.client_id}; ` +
        `allowed: ${client.redirect_uris.join(', ') || 'none'}`,
    );
  }
  draft.redirectUri = uri;
  // Until the response mode is checked, an answer goes back in the default mode.
  draft.target = {
    url,
    mode: 'query',
    state: draft.params.state,
    frameOrigins: ruleOrigins(client.redirect_uris),
  };
};
