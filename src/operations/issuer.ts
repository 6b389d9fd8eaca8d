/**
 * The issuer of an answer (docs/tokens.md): the pinned one, or the address the client used to reach the
 * authorization server. With `--auth-port`, a request on the API's listener (an app token minted through the control
 * plane) cannot tell which address reaches the authorization server: it gets the default issuer.
 */
import type { RequestContext } from '../context.ts';

export function issuerOf(context: RequestContext): string {
  const { services, operation, url } = context;
  const onAuthServer = !services.settings.separateAuthServer || operation.tags.includes('Authorization');
  return services.tokens.issuers.forOrigin(onAuthServer ? url.origin : undefined);
}
