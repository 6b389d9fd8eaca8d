/**
 * Handlers of the User operations: thin adapters from a validated request to the query engine and the store.
 */
import { insufficientPermission, type Principal } from '../auth/bearer.ts';
import { canSee, visibilityOf } from '../auth/row-level.ts';
import { toUsersQuery, type ListUsersSpec } from '../users/query.ts';
import type { UsersState } from '../users/state.ts';
import type { OperationContext, OperationHandler } from './dispatch.ts';
import { ApiError, quote } from './errors.ts';
import { MESSAGES } from './headers.ts';
import { sendUserPage } from './user-page.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function userHandlers(
  current: () => UsersState,
  spec: ListUsersSpec,
): Record<'listUsers' | 'deleteUser', OperationHandler> {
  return {
    listUsers(context) {
      const { query: raw } = context;
      const principal = required(context);
      for (const [param, permission] of spec.guardedParams) {
        if (raw[param] !== undefined && !principal.permissions.has(permission)) {
          throw insufficientPermission(
            principal,
            permission,
            'metadata_permission_required',
            `the ${param} filter`,
          );
        }
      }
      const query = toUsersQuery(raw, spec);
      const { store, engine } = current();
      const page = engine.run(query, visibilityOf(principal, store));
      sendUserPage(context, store, page, query, principal, spec.guardedFields);
    },

    deleteUser(context) {
      const { res, params } = context;
      const principal = required(context);
      const key = params['id-or-identifier'] ?? '';
      const { store } = current();
      const slot = (UUID.test(key) ? store.slotOfId(key) : undefined) ?? store.slotOfIdentifier(key);
      if (slot === undefined || !canSee(principal, store, slot)) {
        throw new ApiError(404, 'user_not_found', `no user with id or identifier ${quote(key)}`);
      }
      store.delete(slot);
      res.setHeader('X-Message', MESSAGES.deleted);
      res.status(204).end();
    },
  };
}

function required(context: OperationContext): Principal {
  if (context.principal === undefined) throw new Error(`${context.operation.id} ran without a principal`);
  return context.principal;
}
