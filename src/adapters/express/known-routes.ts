/**
 * The route express-openapi-validator finds for an operation, found once. Its metadata middleware compiles every
 * route's path pattern in turn, on each request, until one matches (its `lookupRoute`): for a request with a body,
 * which `pipeline/validation.ts` never remembers, that walk was most of the time spent checking it, the longer the
 * later its route comes in the merged document (the admin API's). The pipeline has routed the request already: from
 * an operation's second request on, the chain runs without that middleware, with `req.openapi` set as the middleware
 * set it for the first and the path parameters the pipeline read, under the names the validator knows.
 */
import type { Request, Response } from 'express';

export type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => unknown;

/** What the metadata middleware sets on `req.openapi`, less the parameters of one request. */
interface RouteMeta {
  readonly expressRoute: string;
  readonly openApiRoute: string;
  readonly schema: unknown;
  readonly serial: unknown;
}

/** The name express-openapi-validator gives the middleware that finds the route (named for stack traces). */
const METADATA_MIDDLEWARE = 'metadataMiddleware';

export class KnownRoutes {
  readonly #chain: readonly Middleware[];
  /** The chain without the metadata middleware; undefined if the validator has none of that name. */
  readonly #routed: readonly Middleware[] | undefined;
  /** One entry per operation of the documents: bounded by the documents, not by requests. */
  readonly #routes = new Map<string, RouteMeta>();

  constructor(chain: readonly Middleware[]) {
    this.#chain = chain;
    const routed = chain.filter((middleware) => middleware.name !== METADATA_MIDDLEWARE);
    this.#routed = routed.length === chain.length - 1 ? routed : undefined;
  }

  /**
   * The middlewares to run for a request to operation `key`: with its route known, `req` gets it with `params` (as
   * the validator names them) and the chain skips the route lookup.
   */
  chainFor(key: string, req: Request, params: Record<string, string>): readonly Middleware[] {
    const known = this.#routes.get(key);
    if (known === undefined || this.#routed === undefined) return this.#chain;
    Object.assign(req, { openapi: { ...known, pathParams: params }, params });
    return this.#routed;
  }

  /** Remembers the route the validator found for `req`, a request to `key`, when it is `openApiRoute`. */
  learn(key: string, req: Request, openApiRoute: string): void {
    if (this.#routes.has(key) || !('openapi' in req)) return;
    const found = req.openapi as Partial<RouteMeta> | undefined;
    if (found?.openApiRoute !== openApiRoute || typeof found.expressRoute !== 'string') return;
    const { expressRoute, schema, serial } = found;
    this.#routes.set(key, { expressRoute, openApiRoute, schema, serial });
  }
}
