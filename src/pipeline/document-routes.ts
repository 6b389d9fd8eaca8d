/**
 * A document as the request path serves it (`handle.ts`): its handlers, validator and response checker, and the
 * route table and validation step built from it once; and where a request was routed in it (`route.ts`).
 */
import type { Handler } from '../context.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import type { ResponseChecker } from '../spec/response-check.ts';
import { RouteTable, type RouteMatch } from '../spec/route-table.ts';
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
