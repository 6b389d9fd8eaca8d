/**
 * Step 4 of docs/responses.md: who is calling. A secured operation of the identity API takes a bearer access token
 * that holds its permissions (401 / 403, docs/tokens.md); a secured control-plane operation takes the admin token
 * when one is set (`--admin-token`).
 */
import type { Principal } from '../access/principal.ts';
import type { Services } from '../context.ts';
import { authenticate, authorize } from '../oauth/bearer.ts';
import type { Session } from '../sessions/session.ts';
import type { OperationSpec } from '../spec/model.ts';
import { adminTokenCheck } from './admin-guard.ts';
import type { Exchange } from './exchange.ts';
import type { DocumentRoutes } from './route.ts';

/** The caller of a secured identity-API operation; undefined for any other. */
export async function authenticateStep(
  x: Exchange,
  at: DocumentRoutes,
  operation: OperationSpec,
  session: Session,
  services: Services,
  adminToken: string | undefined,
): Promise<Principal | undefined> {
  if (!operation.secured) return undefined;
  const { authorization } = x.request.headers;
  if (!at.isApi) {
    adminTokenCheck(authorization, adminToken, services.platform.hashing);
    return undefined;
  }
  const principal = await authenticate(
    authorization,
    services.tokens,
    session.state.store,
    Math.floor(session.now() / 1000),
    session.state.oauth.revocations,
  );
  authorize(principal, operation.permissions);
  return principal;
}
