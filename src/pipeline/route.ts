/**
 * Routing (docs/responses.md step 1): which document a request is for (`/__admin` is the control plane's, the rest
 * the identity API's), and which of its operations the method and path name. The operation fixes the error shape
 * of everything answered after; a path with no operation is a 404 `not_found`, a method the path does not take a
 * 405 `method_not_allowed`.
 */
import type { Handler } from '../context.ts';
import { methodNotAllowed, notFound, quote } from '../errors.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import type { ResponseChecker } from '../spec/response-check.ts';
import { RouteTable, type RouteMatch } from '../spec/route-table.ts';
import { ADMIN_PREFIX } from './cors.ts';
import { underIssuer } from './issuer-path.ts';
import type { Exchange } from './exchange.ts';
import { shapeOf } from './render.ts';
import type { RequestUrl } from '../protocol/request.ts';
import { RequestValidation, type RequestValidator } from './validation.ts';

/** One document's routes, handlers, validator and response checker. */
export interface DocumentPath {
  readonly model: ApiModel;
  readonly handlers: Readonly<Record<string, Handler<never>>>;
  readonly validator: RequestValidator;
  /** Checks answers against the document (`--validate-responses`); undefined: answers are not checked. */
  readonly responses: ResponseChecker | undefined;
  /** The document's name, in 404 messages. */
  readonly name: string;
}

/** A document as the request path uses it: its route table and its validation step, built once. */
export interface DocumentRoutes {
  readonly document: DocumentPath;
  readonly validation: RequestValidation;
  readonly routes: RouteTable;
  /** The identity API (not the control plane). */
  readonly isApi: boolean;
}

export function documentRoutes(
  document: DocumentPath,
  isApi: boolean,
  lenientQuery: boolean,
): DocumentRoutes {
  return {
    document,
    validation: new RequestValidation(document.validator, { lenientQuery }),
    routes: new RouteTable(document.model.operations),
    isApi,
  };
}

/** Where a request was routed. */
export interface Routed {
  readonly at: DocumentRoutes;
  /** The path relative to the document's server. */
  readonly path: string;
  readonly match: RouteMatch;
  /** The operation reached (and served by this listener), if any. */
  readonly operation: OperationSpec | undefined;
}

const isAuthorization = (operation: OperationSpec): boolean => operation.tags.includes('Authorization');

export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

/**
 * Routes the request to a document and an operation; sets the exchange's error shape (and whether it reached a
 * browser-login page). Under a pinned issuer's path (`issuer-path.ts`), the authorization server's operations
 * answer as at the root. With `--no-admin`, a path
 * under `/__admin` is looked up among the identity API's routes (and found in none).
 */
export function route(
  x: Exchange,
  url: RequestUrl,
  api: DocumentRoutes,
  admin: DocumentRoutes | undefined,
  serves: (operation: OperationSpec) => boolean,
  issuerPath?: string,
): Routed {
  x.inAdmin = isAdminPath(url.path);
  const at = x.inAdmin && admin !== undefined ? admin : api;
  const path =
    at === api
      ? underIssuer(url.path, issuerPath, api.routes, isAuthorization)
      : url.path.slice(ADMIN_PREFIX.length) || '/';
  const match = at.routes.match(x.request.method, path);
  const operation =
    match.kind === 'found' && (!at.isApi || serves(match.operation)) ? match.operation : undefined;
  x.shape = shapeOf(operation);
  x.browserPage = x.shape === 'page';
  return { at, path, match, operation };
}

/** The operation reached, or the 405 or 404 that says it is not there. */
export function routedOperation(
  routed: Routed,
  method: string,
): { readonly operation: OperationSpec; readonly params: Readonly<Record<string, string>> } {
  const { match, operation } = routed;
  if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, routed.path, match.allowed);
  if (operation === undefined || match.kind !== 'found') {
    throw notFound(
      'not_found',
      `no route ${method} ${quote(routed.path)}; the routes are in ${routed.at.document.name}`,
    );
  }
  return { operation, params: match.params };
}

/** The response check the answer to a routed operation goes through, if the document checks answers. */
export function responseCheckOf(routed: Routed): Exchange['checker'] {
  const { responses } = routed.at.document;
  return routed.operation === undefined || responses === undefined
    ? undefined
    : { responses, path: routed.path };
}
