/**
 * The operations tagged User (docs/users.md): a page of users through the query engine, with row-level access
 * (docs/access.md); deleting a user by id or identifier.
 */
import { canSee, visibilityOf } from '../../access/row-level.ts';
import { empty } from '../../answer.ts';
import { principalOf, type Handler } from '../../context.ts';
import { insufficientPermission, notFound, quote } from '../../errors.ts';
import { MESSAGES } from '../../protocol/header-text.ts';
import { isUuid } from '../../spec/formats.ts';
import { toUsersQuery } from '../../users/query.ts';
import { userPage } from '../user-page.ts';

export const listUsers: Handler = async (context) => {
  const { query, services, session } = context;
  const principal = principalOf(context);
  const spec = services.listUsers;
  for (const [param, permission] of spec.guardedParams) {
    if (query[param] !== undefined && !principal.permissions.has(permission)) {
      throw insufficientPermission(
        principal.permissions,
        permission,
        'metadata_permission_required',
        `the ${param} filter`,
      );
    }
  }
  const usersQuery = toUsersQuery(query, spec);
  const { store, engine } = session.state;
  const visibility = visibilityOf(principal, store);
  // Data served while it is still being prepared (the start's, in the background): a query that needs what is
  // not built yet waits for it, and never builds it in one piece.
  while (!engine.readyFor(usersQuery, visibility)) await store.base.progress();
  const page = await engine.answer(usersQuery, visibility);
  return userPage(context.url, store, page, usersQuery, principal, spec.guardedFields);
};

export const deleteUser: Handler = (context) => {
  const principal = principalOf(context);
  const key = context.params['id-or-identifier'] ?? '';
  const { store } = context.session.state;
  const slot = (isUuid(key) ? store.slotOfId(key) : undefined) ?? store.slotOfIdentifier(key);
  if (slot === undefined || !canSee(principal, store, slot)) {
    throw notFound('user_not_found', `no user with id or identifier ${quote(key)}`);
  }
  store.delete(slot);
  return empty(204, MESSAGES.deleted);
};
