/**
 * The route table in one short function: every request to the identity API goes through the same steps, in this
 * order, before its handler runs (README "Request checks"):
 *
 *   0. gates      rate limit, fault rules             429 rate_limited / the fault's answer
 *   1. route      the spec's paths and methods        404 not_found / 405 method_not_allowed
 *      version    X-API-Version, when sent, is v1     400 unsupported_api_version
 *      Prefer     code=<status>, delay=<ms>           the documented answer for that status
 *   2. token      bearer check + operation permission 401 missing_token, invalid_token / 403
 *   3. media type Content-Type in the spec's list     415 unsupported_media_type
 *   4. body       parsed when the operation has one   400 invalid_request
 *   5. validate   parameters and body against spec   400 invalid_request with details
 *   6. handler    the operation itself
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Principal } from '../auth/bearer.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { RouteTable } from '../spec/route-table.ts';
import { ApiError, quote } from './errors.ts';
import { checkApiVersion, checkMediaType } from './headers.ts';
import type { SpecValidator } from './openapi.ts';
import { fromValidatorError } from './validation-errors.ts';

export interface OperationContext {
  readonly req: Request;
  readonly res: Response;
  readonly operation: OperationSpec;
  /** Path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters as sent (strings), before the validator coerced anything. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The caller, for operations that need a token. */
  readonly principal: Principal | undefined;
}

export type OperationHandler = (context: OperationContext) => void | Promise<void>;

export interface DispatchOptions {
  readonly routes: RouteTable;
  readonly validator: SpecValidator;
  readonly mediaTypes: readonly string[];
  /** Authenticates the request and checks the operation's permissions; throws a 401/403 ApiError. */
  readonly authorize: (req: Request, operation: OperationSpec) => Principal;
  /** One handler per operationId of the spec. */
  readonly handlers: Readonly<Record<string, OperationHandler>>;
  /** The document the routes come from, named in 404 messages (default spec/openapi.yaml). */
  readonly specName?: string;
  /** Accepted `X-API-Version` values (docs/responses.md). */
  readonly apiVersions: readonly string[];
  /** Operations this listener does not serve (answered 404, as an unknown route). */
  readonly excluded?: (operation: OperationSpec) => boolean;
  /**
   * Control-plane gates run on every request once it is routed, before anything else answers (rate limit,
   * fault rules); `operation` is undefined for an unknown route. A gate that answered returns true.
   */
  readonly gates?: readonly Gate[];
  /** Applies `Prefer` (docs/control-plane.md) once the operation is known; returns true when it answered. */
  readonly preferences?: (
    req: Request,
    res: Response,
    operation: OperationSpec,
  ) => boolean | Promise<boolean>;
}

export type Gate = (
  req: Request,
  res: Response,
  operation: OperationSpec | undefined,
) => boolean | Promise<boolean>;

const jsonBody = express.json({ limit: '100kb', type: () => true });
const formBody = express.urlencoded({ limit: '100kb', extended: false, type: () => true });

export function dispatch(options: DispatchOptions): RequestHandler {
  const { routes, validator, mediaTypes, handlers } = options;
  return async (req, res, next) => {
    const path = req.path;
    let match = routes.match(req.method, path);
    if (match.kind === 'found' && options.excluded?.(match.operation) === true) match = { kind: 'not-found' };
    const found = match.kind === 'found' ? match.operation : undefined;
    // Operations marked `x-error-shape: oauth` answer every error in the RFC 6749 shape (error-middleware.ts).
    if (found?.raw['x-error-shape'] === 'oauth') res.locals.errorShape = 'oauth';
    for (const gate of options.gates ?? []) if (await gate(req, res, found)) return;
    if (match.kind === 'not-found') {
      throw new ApiError(
        404,
        'not_found',
        `no route ${req.method} ${quote(path)}; the routes are in ${options.specName ?? 'spec/openapi.yaml'}`,
      );
    }
    if (match.kind === 'method-not-allowed') {
      const allowed = match.allowed.join(', ');
      throw new ApiError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed on ${quote(path)}; allowed: ${allowed}`,
        {
          headers: { Allow: allowed },
        },
      );
    }
    const { operation, params } = match;
    checkApiVersion(req.headers['x-api-version'], options.apiVersions);
    if (options.preferences !== undefined && (await options.preferences(req, res, operation))) return;
    const handler = handlers[operation.id];
    if (handler === undefined) throw new Error(`no handler for operation ${operation.id}`);
    const principal = operation.secured ? options.authorize(req, operation) : undefined;
    checkMediaType(req.headers['content-type'], mediaTypes);
    if (operation.bodyMediaTypes.length > 0) await parseBody(req, res, operation);
    const query = { ...(req.query as Record<string, unknown>) };
    try {
      await validator.validateRequest(req, res, operation, next);
    } catch (error) {
      throw (
        fromValidatorError(error, operation, { query, headers: req.headers, params, body: req.body }) ?? error
      );
    }
    res.locals.validateResponses = validator.validatesResponses;
    await handler({ req, res, operation, params, query, principal });
  };
}

/** Parses the body as JSON or a form when `operation` accepts that media type (else leaves it unparsed). */
export function parseBody(req: Request, res: Response, operation: OperationSpec): Promise<void> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const parser =
    type === 'application/x-www-form-urlencoded'
      ? formBody
      : type === 'application/json'
        ? jsonBody
        : undefined;
  if (parser === undefined || !operation.bodyMediaTypes.includes(type)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    // Express builds `req` by prototype, which this lint rule cannot see; it is an IncomingMessage.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    parser(req, res, (error?: unknown) => {
      if (error === undefined || error === null) resolve();
      else reject(error instanceof Error ? error : new Error('the request body could not be read'));
    });
  });
}
