/**
 * Step 4 of docs/responses.md: who is calling. A secured operation of the identity API takes a bearer access token
 * that holds its permissions (401 / 403, docs/tokens.md); a secured control-plane operation takes the admin token
 * when one is set (`--admin-token`).
 */
import { authenticate, requirePermissions } from '../oauth/bearer.ts';
import { adminTokenCheck } from './admin-guard.ts';
import { operationOf, routedOf, sessionOf, type Exchange } from './exchange.ts';
import type { PipelineServices, Step } from './step.ts';

/** Sets the caller of a secured identity-API operation (none for any other). */
export const authenticateStep: Step = (x, s) => {
  if (!operationOf(x).secured) return undefined;
  const { authorization } = x.request.headers;
  if (!routedOf(x).at.isApi) {
    adminTokenCheck(authorization, s.options.adminToken, s.services.platform.hashing);
    return undefined;
  }
  return callerOf(x, s);
};

async function callerOf(x: Exchange, s: PipelineServices): Promise<undefined> {
  const session = sessionOf(x);
  const principal = await authenticate(
    x.request.headers.authorization,
    s.services.tokens,
    session.state.store,
    Math.floor(session.now() / 1000),
    session.state.oauth.revocations,
  );
  requirePermissions(principal, operationOf(x).permissions);
  x.principal = principal;
  return undefined;
}
