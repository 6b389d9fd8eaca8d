/**
 * Routing (docs/responses.md step 1): which document a request is for (`/__admin` is the control plane's, the rest
 * the identity API's), and which of its operations the method and path name. The operation fixes the error shape
 * of everything answered after; a path with no operation is a 404 `not_found`, a method the path does not take a
 * 405 `method_not_allowed`.
 */
import { methodNotAllowed, notFound, quote } from '../errors.ts';
import type { OperationSpec } from '../spec/model.ts';
import { ADMIN_PREFIX, isAdminPath } from './cors.ts';
import { routedOf, urlOf } from './exchange.ts';
import { underIssuer } from './issuer-path.ts';
import { shapeOf } from './render.ts';
import type { Step } from './step.ts';

const isAuthorization = (operation: OperationSpec): boolean => operation.tags.includes('Authorization');

/**
 * Routes the request to a document and an operation; sets the exchange's error shape (and whether it reached a
 * browser-login page). Under a pinned issuer's path (`issuer-path.ts`), the authorization server's operations
 * answer as at the root. With `--no-admin`, a path
 * under `/__admin` is looked up among the identity API's routes (and found in none).
 */
export const routeStep: Step = (x, s) => {
  const url = urlOf(x);
  const { api, admin } = s;
  x.inAdmin = isAdminPath(url.path);
  const at = x.inAdmin && admin !== undefined ? admin : api;
  const path =
    at === api
      ? underIssuer(url.path, s.issuerPath, api.routes, isAuthorization)
      : url.path.slice(ADMIN_PREFIX.length) || '/';
  const match = at.routes.match(x.request.method, path);
  const operation =
    match.kind === 'found' && (!at.isApi || s.serves(match.operation)) ? match.operation : undefined;
  x.shape = shapeOf(operation);
  x.browserPage = x.shape === 'page';
  x.routed = { at, path, match, operation };
  return undefined;
};

/** Step 1: the operation reached, or the 405 or 404 that says it is not there. */
export const operationStep: Step = (x) => {
  const routed = routedOf(x);
  const { method } = x.request;
  const { match, operation } = routed;
  if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, routed.path, match.allowed);
  if (operation === undefined || match.kind !== 'found') {
    throw notFound(
      'not_found',
      `no route ${method} ${quote(routed.path)}; the routes are in ${routed.at.document.name}`,
    );
  }
  x.operation = operation;
  x.params = match.params;
  return undefined;
};

/** The response check the answer to a routed operation goes through, if the document checks answers. */
export const responseCheckStep: Step = (x) => {
  const routed = routedOf(x);
  const { responses } = routed.at.document;
  x.checker =
    routed.operation === undefined || responses === undefined ? undefined : { responses, path: routed.path };
  return undefined;
};
