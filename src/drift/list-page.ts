/**
 * A page of a paginated list (GET /users, the members of a workspace) as the semantic checks read it: the page and
 * page size the request asked for (or the spec's defaults), the total the answer claims, and its items.
 */
import type { OperationSpec } from '../spec/model.ts';
import { queryValue, type Observed } from './exchange.ts';

/** Query parameters that set the page size: `page_size` on GET /users, `per_page` on a workspace's members. */
const SIZE_PARAMS = ['page_size', 'per_page'] as const;

export interface ListPage {
  readonly operation: OperationSpec;
  /** The page-size parameter of this list. */
  readonly sizeParam: string;
  readonly page: number;
  readonly pageSize: number;
  /** Whether the request sent the page-size parameter (Link URLs then carry it, else not). */
  readonly sizeSent: boolean;
  /** `X-Total-Count`, when it is a non-negative decimal integer. */
  readonly total: number | undefined;
  readonly items: readonly unknown[];
}

/** The page-size parameter of `operation`, when it is a paginated list. */
export function sizeParamOf(operation: OperationSpec): string | undefined {
  const query = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  if (!query.includes('page')) return undefined;
  return SIZE_PARAMS.find((name) => query.includes(name));
}

/** The page a 200 answer of a paginated list shows; undefined for anything else, or when the page is unreadable. */
export function listPageOf(observed: Observed): ListPage | undefined {
  const { operation, exchange, body } = observed;
  if (operation === undefined || exchange.status !== 200 || !Array.isArray(body)) return undefined;
  const sizeParam = sizeParamOf(operation);
  if (sizeParam === undefined) return undefined;
  const page = integerParam(observed, operation, 'page');
  const pageSize = integerParam(observed, operation, sizeParam);
  if (page === undefined || pageSize === undefined) return undefined;
  const totalText = exchange.responseHeaders['x-total-count'];
  return {
    operation,
    sizeParam,
    page,
    pageSize,
    sizeSent: observed.query.some(([name]) => name === sizeParam),
    total: totalText !== undefined && /^[0-9]+$/.test(totalText) ? Number(totalText) : undefined,
    items: body as unknown[],
  };
}

/** A positive integer query parameter as sent, or its default in the spec; undefined when unusable. */
function integerParam(observed: Observed, operation: OperationSpec, name: string): number | undefined {
  const sent = observed.query.some(([n]) => n === name);
  const text = queryValue(observed, name);
  if (sent)
    return text !== undefined && /^[0-9]+$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
  const spec = operation.parameters.find((p) => p.in === 'query' && p.name === name);
  const fallback = spec?.schema.default;
  return typeof fallback === 'number' ? fallback : undefined;
}
