/**
 * Row-level access (docs/access.md): which users a caller may see, by the role (`user_type`) of the token's user.
 * The query engine applies the result inside its data access, so lists, counts, links and deletes all obey it.
 */
import type { UserType } from '../spec/types.ts';
import type { Visibility } from '../users/filter.ts';
import { VISIBLE_TO_ALL } from '../users/filter.ts';
import type { UserStore } from '../users/store.ts';
import type { Principal } from './principal.ts';

const ROW_ACCESS: Readonly<Record<UserType, Visibility['kind']>> = {
  saas_admin: 'all',
  saas_user: 'co-members',
  saas_user_client: 'self',
};

/** What `principal` may see in `store`. A client_credentials token (no user) sees every user. */
export function visibilityOf(principal: Principal, store: UserStore): Visibility {
  const { slot } = principal;
  if (slot === undefined) return VISIBLE_TO_ALL;
  const role = store.users[slot]?.user_type;
  const kind = role === undefined ? 'self' : ROW_ACCESS[role];
  return kind === 'all' ? VISIBLE_TO_ALL : { kind, slot };
}

/** Whether `principal` may see the user in `slot`. */
export function canSee(principal: Principal, store: UserStore, slot: number): boolean {
  const visibility = visibilityOf(principal, store);
  if (visibility.kind === 'all') return true;
  if (slot === visibility.slot) return true;
  return visibility.kind === 'co-members' && store.memberships.share(slot, visibility.slot);
}
