/**
 * Writes a page of users as every paginated list answers (docs/users.md, §6): `X-Total-Count`, `Link` when the
 * total exceeds the page size, `X-Message`, and records without the fields the caller may not read.
 */
import type { Principal } from '../auth/bearer.ts';
import type { OperationContext } from '../http/dispatch.ts';
import { MESSAGES } from '../http/headers.ts';
import { buildLink } from '../http/link.ts';
import type { QueryPage } from './engine.ts';
import type { UserStore } from './store.ts';

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
  const hidden: string[] = [];
  for (const [field, permission] of guardedFields)
    if (!principal.permissions.has(permission)) hidden.push(field);
  hidden.sort();
  const { slots } = result;
  res.setHeader('X-Total-Count', String(result.total));
  const link = buildLink({
    base: `${req.protocol}://${req.host}${req.baseUrl}${req.path}`,
    query: req.originalUrl.split('?')[1] ?? '',
    page: request.page,
    pageSize: request.pageSize,
    total: result.total,
  });
  if (link !== undefined) res.setHeader('Link', link);
  res.setHeader('X-Message', slots.length > 0 ? MESSAGES.retrieved : MESSAGES.notFound);
  if (res.locals.validateResponses === true) {
    // The response validator watches res.json: give it the records.
    const records: unknown[] = [];
    for (let k = 0; k < slots.length; k++)
      records.push(JSON.parse(store.json(slots[k] ?? 0, hidden).toString('utf8')));
    res.json(records);
    return;
  }
  // Each user's JSON is encoded once per store; a page is a concatenation of bytes (byte-identical to
  // JSON.stringify of the page), written straight to the socket.
  const parts: Buffer[] = [OPEN];
  for (let k = 0; k < slots.length; k++) {
    if (k > 0) parts.push(COMMA);
    parts.push(store.json(slots[k] ?? 0, hidden));
  }
  parts.push(CLOSE);
  const body = Buffer.concat(parts);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
