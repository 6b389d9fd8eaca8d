/**
 * The drift guard's checks over one exchange (docs/drift.md), in one place for the proxy and the probe: request
 * validity, the answer against the spec (status, headers, media type, body schema, error shape, `X-Message`),
 * and for a page of a list the semantics it can show (page size, `X-Total-Count`, `Link`, order, filters,
 * metadata fields). It keeps nothing between exchanges but a bounded memo of the tokens it decoded.
 */
import type { SpecDocument } from '../spec/document.ts';
import type { ApiModel } from '../spec/model.ts';
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
import { PermissionMemo } from './token-permissions.ts';

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
  readonly #permissions = new PermissionMemo();

  /** Builds the checkers of `doc` (spec/openapi.yaml), once: building them is most of a guard's cost. */
  constructor(doc: SpecDocument) {
    this.#requests = new RequestChecker(doc);
    this.#responses = new ResponseChecker(doc);
    this.#list = readListUsersSpec(this.#responses.model);
  }

  /** The spec's model, for those who build requests from it (the probe). */
  get model(): ApiModel {
    return this.#responses.model;
  }

  /** What findings call the operation a request reaches: its operationId, or `METHOD /path`. */
  operationName(method: string, target: string): string {
    return observe({ method, target, requestHeaders: {}, status: 0, responseHeaders: {} }, (m, p) =>
      this.#responses.operationOf(m, p),
    ).operationName;
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
        ...checkMetadata(
          observed,
          page,
          this.#list,
          this.#permissions.of(exchange.requestHeaders.authorization),
        ),
      );
    }
    return { findings, observed, page };
  }

  /**
   * What two consecutive pages of one walk show together (docs/drift.md, `pagination`): the same total on both,
   * no user on both, and the order kept across the page boundary.
   */
  continuity(previous: Inspection, next: Inspection): FindingInput[] {
    const [a, b, observed] = [previous.page, next.page, next.observed];
    if (a === undefined || b === undefined || observed === undefined || a.operation !== b.operation)
      return [];
    const operation = observed.operationName;
    const findings: FindingInput[] = [];
    if (a.total !== b.total) {
      findings.push({
        operation,
        kind: 'pagination',
        where: 'X-Total-Count',
        expected: `the same total on every page of a walk (${String(a.total)} on page ${a.page})`,
        actual: `${String(b.total)} on page ${b.page}`,
      });
    }
    const before = new Set(a.items.map(idOf));
    const twice = b.items.map(idOf).find((id) => id !== undefined && before.has(id));
    if (twice !== undefined) {
      findings.push({
        operation,
        kind: 'pagination',
        where: 'body[].id',
        expected: 'each user on one page of a walk only',
        actual: `id ${twice} on page ${a.page} and page ${b.page}`,
      });
    }
    const last = a.items.at(-1);
    const first = b.items[0];
    if (last !== undefined && first !== undefined) {
      for (const finding of checkOrder(observed, { ...b, items: [last, first] }, this.#list)) {
        findings.push({
          ...finding,
          kind: 'pagination',
          where: `${finding.where} across pages`,
          actual: `the last item of page ${a.page} (id ${String(idOf(last))}) comes before the first of page ${b.page} (id ${String(idOf(first))})`,
        });
      }
    }
    return findings;
  }
}

function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { readonly id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}
