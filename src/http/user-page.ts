/**
 * Writes a page of users as every paginated list answers (README "Users"): `X-Total-Count`, `Link` when the
 * total exceeds the page size, `X-Message`, and the page's bytes from the one serialiser (`users/page-json.ts`).
 */
import type { Principal } from '../auth/bearer.ts';
import type { QueryPage } from '../users/engine.ts';
import { hiddenFields, pageJson } from '../users/page-json.ts';
import type { UserStore } from '../users/store.ts';
import type { OperationContext } from './dispatch.ts';
import { MESSAGES } from './headers.ts';
import { buildLink } from './link.ts';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
}

export function sendUserPage(
  { req, res }: OperationContext,
  store: UserStore,
  result: QueryPage,
  request: PageRequest,
  principal: Principal,
  guardedFields: ReadonlyMap<string, string>,
): void {
  const body = pageJson(store, result.slots, hiddenFields(principal.permissions, guardedFields));
  res.setHeader('X-Total-Count', String(result.total));
  const link = buildLink({
    base: `${req.protocol}://${req.host}${req.baseUrl}${req.path}`,
    query: req.originalUrl.split('?')[1] ?? '',
    page: request.page,
    pageSize: request.pageSize,
    total: result.total,
  });
  if (link !== undefined) res.setHeader('Link', link);
  res.setHeader('X-Message', result.slots.length > 0 ? MESSAGES.retrieved : MESSAGES.notFound);
  if (res.locals.validateResponses === true) {
    // The response validator checks what `res.json` is given: the same bytes, parsed (Express writes them back
    // with JSON.stringify, which gives these bytes again).
    res.json(JSON.parse(body.toString('utf8')));
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
