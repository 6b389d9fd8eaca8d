/**
 * A page of users as every paginated list answers it (docs/users.md): `X-Total-Count`, `Link` when the total exceeds
 * the page size, `X-Message`, and the page's bytes from the one serialiser (`users/page-json.ts`).
 */
import type { Principal } from '../access/principal.ts';
import { bytes, type Answer } from '../answer.ts';
import { JSON_CONTENT_TYPE } from '../protocol/media-type.ts';
import type { RequestUrl } from '../protocol/request.ts';
import { MESSAGES } from '../protocol/header-text.ts';
import type { QueryPage } from '../users/engine.ts';
import { buildLink } from '../users/link.ts';
import { hiddenFields, pageJson } from '../users/page-json.ts';
import type { UserStore } from '../users/store.ts';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
}

export function userPage(
  url: RequestUrl,
  store: UserStore,
  result: QueryPage,
  request: PageRequest,
  principal: Principal,
  guardedFields: ReadonlyMap<string, string>,
): Answer {
  const body = pageJson(store, result.slots, hiddenFields(principal.permissions, guardedFields));
  const link = buildLink({
    base: `${url.origin}${url.path}`,
    query: url.search,
    page: request.page,
    pageSize: request.pageSize,
    total: result.total,
  });
  return bytes(
    200,
    JSON_CONTENT_TYPE,
    body,
    result.slots.length > 0 ? MESSAGES.retrieved : MESSAGES.notFound,
    { 'X-Total-Count': String(result.total), ...(link === undefined ? {} : { Link: link }) },
    () => JSON.parse(new TextDecoder().decode(body)) as unknown,
  );
}
