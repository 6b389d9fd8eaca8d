/**
 * Writes a page of users as every paginated list answers (DECISIONS §3, §6): `X-Total-Count`, `Link` when the
 * total exceeds the page size, `X-Message`, and records without the fields the caller may not read.
 */
import type { Principal } from '../auth/bearer.ts';
import type { OperationContext } from '../http/dispatch.ts';
import { MESSAGES } from '../http/headers.ts';
import { buildLink } from '../http/link.ts';
import type { User } from '../spec/types.ts';
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
  const hidden = new Set<string>();
  for (const [field, permission] of guardedFields)
    if (!principal.permissions.has(permission)) hidden.add(field);
  const body: User[] = [];
  for (let k = 0; k < result.slots.length; k++) {
    const user = store.users[result.slots[k] ?? 0];
    if (user !== undefined) body.push(hidden.size === 0 ? user : without(user, hidden));
  }
  res.setHeader('X-Total-Count', String(result.total));
  const link = buildLink({
    base: `${req.protocol}://${req.host}${req.baseUrl}${req.path}`,
    query: req.originalUrl.split('?')[1] ?? '',
    page: request.page,
    pageSize: request.pageSize,
    total: result.total,
  });
  if (link !== undefined) res.setHeader('Link', link);
  res.setHeader('X-Message', body.length > 0 ? MESSAGES.retrieved : MESSAGES.notFound);
  res.json(body);
}

function without(user: User, hidden: ReadonlySet<string>): User {
  return Object.fromEntries(Object.entries(user).filter(([field]) => !hidden.has(field))) as User;
}
