/** Frozen copies of dataset parts: consumers share a Dataset and must never change it under each other. */
import type { User } from '../spec/types.ts';
import type { Workspace } from './dataset.ts';

/**
 * A frozen copy of `user` with its properties in the schema's order, so equal users serialize identically.
 *
 * @example
 * const user = freezeUser(check.user);
 */
export function freezeUser(user: User): User {
  const copy: User = {
    id: user.id,
    identifier: user.identifier,
    name: user.name,
    email: user.email,
    user_type: user.user_type,
    status: user.status,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
  if (user.created_by !== undefined) copy.created_by = user.created_by;
  if (user.updated_by !== undefined) copy.updated_by = user.updated_by;
  return Object.freeze(copy);
}

/**
 * A frozen workspace whose members are listed in the order of `userOrder` (user id → position in the dataset).
 *
 * @example
 * freezeWorkspace('ws-01', 'Acme', memberIds, new Map(users.map((user, index) => [user.id, index])));
 */
export function freezeWorkspace(
  id: string,
  name: string,
  members: Iterable<string>,
  userOrder: ReadonlyMap<string, number>,
): Workspace {
  const sorted = [...members].sort((a, b) => (userOrder.get(a) ?? 0) - (userOrder.get(b) ?? 0));
  return Object.freeze({ id, name, members: Object.freeze(sorted) });
}
