/**
 * The drift guard's checks over one exchange (docs/drift.md), in one place for the proxy and the probe: request
 * validity, the answer against the spec (status, headers, media type, body schema, error shape, `X-Message`),
 * and for a page of a list the semantics it can show (page size, `X-Total-Count`, `Link`, order, filters,
 * metadata fields). Pure: it keeps nothing between exchanges.
 */
import type { SpecDocument } from '../spec/document.ts';
import { RequestChecker } from '../spec/request-check.ts';
import { ResponseChecker } from '../spec/response-check.ts';
import { readListUsersSpec, type ListUsersSpec } from '../users/query.ts';
import { checkFilters, checkMetadata } from './check-filters.ts';
import { checkLink } from './check-link.ts';
import { checkOrder } from './check-order.ts';
import { checkPage } from './check-page.ts';
import { checkRequest } from './check-request.ts';
import { checkResponse } from './check-response.ts';
import { observe, type Exchange, type Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';
import { listPageOf, type ListPage } from './list-page.ts';

/** Paths the guard leaves alone: a mock's control plane, which is no part of the service's interface. */
const CONTROL_PLANE = '/__admin';

export interface Inspection {
  readonly findings: FindingInput[];
  /** The exchange as parsed; undefined when the guard left it alone. */
  readonly observed: Observed | undefined;
  /** The page of a list the answer shows, when it is one. */
  readonly page: ListPage | undefined;
}

export class DriftGuard {
  readonly #requests: RequestChecker;
  readonly #responses: ResponseChecker;
  readonly #list: ListUsersSpec;

  /** Builds the checkers of `doc` (spec/openapi.yaml), once: building them is most of a guard's cost. */
  constructor(doc: SpecDocument) {
    this.#requests = new RequestChecker(doc);
    this.#responses = new ResponseChecker(doc);
    this.#list = readListUsersSpec(this.#responses.model);
  }

  /** Whether the guard checks this request at all (not the control plane, not a CORS preflight). */
  covers(
    method: string,
    target: string,
    requestHeaders: Readonly<Record<string, string | undefined>>,
  ): boolean {
    if (
      target === CONTROL_PLANE ||
      target.startsWith(`${CONTROL_PLANE}/`) ||
      target.startsWith(`${CONTROL_PLANE}?`)
    )
      return false;
    return !(
      method.toUpperCase() === 'OPTIONS' && requestHeaders['access-control-request-method'] !== undefined
    );
  }

  /**
   * The findings of one exchange.
   *
   * @example
   * const guard = new DriftGuard(readSpecDocument());
   * guard.inspect({ method: 'GET', target: '/users', requestHeaders: {}, status: 200, responseHeaders: {}, responseBody: '[]' }).findings;
   */
  inspect(exchange: Exchange): Inspection {
    if (!this.covers(exchange.method, exchange.target, exchange.requestHeaders)) {
      return { findings: [], observed: undefined, page: undefined };
    }
    const observed = observe(exchange, (method, path) => this.#responses.operationOf(method, path));
    const findings = [...checkRequest(observed, this.#requests), ...checkResponse(observed, this.#responses)];
    const page = listPageOf(observed);
    if (page !== undefined) {
      findings.push(
        ...checkPage(observed, page),
        ...checkLink(observed, page),
        ...checkOrder(observed, page, this.#list),
        ...checkFilters(observed, page),
        ...checkMetadata(observed, page, this.#list),
      );
    }
    return { findings, observed, page };
  }
}
