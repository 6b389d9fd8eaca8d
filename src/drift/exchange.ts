/**
 * One request and the real service's answer to it, as the drift guard sees them (docs/drift.md): whoever carried
 * them (the proxy, the probe) hands them over in this form, and every check reads the same parsed view.
 */
import { isUuid } from '../spec/formats.ts';
import type { OperationSpec } from '../spec/model.ts';

export interface Exchange {
  readonly method: string;
  /** Path and query string as the client sent them (`/users?page=2`). */
  readonly target: string;
  /** Request headers, names in lower case. */
  readonly requestHeaders: Readonly<Record<string, string | undefined>>;
  /** The request body as text; undefined when there was none. */
  readonly requestBody?: string | undefined;
  readonly status: number;
  /** Response headers, names in lower case (repeated ones joined with `, `). */
  readonly responseHeaders: Readonly<Record<string, string | undefined>>;
  /** The response body as text (after any `Content-Encoding` is undone); undefined when there was none. */
  readonly responseBody?: string | undefined;
  /** True when the body was longer than what the guard checks: checks of the body are then skipped. */
  readonly responseBodyCut?: boolean;
}

/** An exchange, parsed once for every check. */
export interface Observed {
  readonly exchange: Exchange;
  readonly method: string;
  /** The path without the query string, still percent-encoded. */
  readonly path: string;
  /** Query parameters in order, decoded. */
  readonly query: readonly (readonly [string, string])[];
  readonly operation: OperationSpec | undefined;
  /** What findings name: the operationId, or `METHOD /path` (id-like segments as `{id}`). */
  readonly operationName: string;
  /**
   * The response body as the spec describes it: parsed JSON for a JSON media type (or no media type), the text
   * otherwise; undefined when there is none; `UNCHECKED` when it was cut or is JSON that does not parse.
   */
  readonly body: unknown;
  /** Why the body is not checked, when it is not. */
  readonly bodyProblem: string | undefined;
}

/** The value of `Observed.body` when the body cannot be checked. */
export const UNCHECKED: unique symbol = Symbol('unchecked body');

/** Parses `exchange` for the checks; `operationOf` finds the spec's operation for a method and path. */
export function observe(
  exchange: Exchange,
  operationOf: (method: string, path: string) => OperationSpec | undefined,
): Observed {
  const method = exchange.method.toUpperCase();
  const mark = exchange.target.indexOf('?');
  const path = mark === -1 ? exchange.target : exchange.target.slice(0, mark);
  const search = mark === -1 ? '' : exchange.target.slice(mark + 1);
  const query = [...new URLSearchParams(search)].map(([name, value]) => [name, value] as const);
  const operation = operationOf(method, path);
  const { body, problem } = parseBody(exchange);
  return {
    exchange,
    method,
    path,
    query,
    operation,
    operationName: operation?.id ?? `${method} ${genericPath(path)}`,
    body,
    bodyProblem: problem,
  };
}

function parseBody(exchange: Exchange): { body: unknown; problem: string | undefined } {
  const text = exchange.responseBody;
  if (exchange.responseBodyCut === true) {
    return { body: UNCHECKED, problem: 'the body is longer than the guard checks' };
  }
  if (text === undefined || text === '') return { body: undefined, problem: undefined };
  const type = exchange.responseHeaders['content-type'] ?? '';
  if (type !== '' && !type.toLowerCase().includes('json')) return { body: text, problem: undefined };
  try {
    return { body: JSON.parse(text) as unknown, problem: undefined };
  } catch (error) {
    return {
      body: UNCHECKED,
      problem: `the body is not JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

const DIGITS = /^[0-9]+$/;

/** `/things/123/parts` → `/things/{id}/parts`: one finding for a route, whatever ids it is called with. */
function genericPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (DIGITS.test(segment) || isUuid(segment) ? '{id}' : segment))
    .join('/');
}

/** The values of query parameter `name`, in order. */
export function queryValues(observed: Observed, name: string): string[] {
  return observed.query.filter(([n]) => n === name).map(([, value]) => value);
}

/** The single value of query parameter `name`, or undefined when it is absent or repeated. */
export function queryValue(observed: Observed, name: string): string | undefined {
  const values = queryValues(observed, name);
  return values.length === 1 ? values[0] : undefined;
}
