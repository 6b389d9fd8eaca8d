/**
 * GET /workspaces/{workspace}/members (docs/access.md): the workspace's users through the query engine, so
 * row-level access, counts and links follow the same code as GET /users.
 */
import { visibilityOf } from '../auth/row-level.ts';
import type { ApiModel } from '../spec/model.ts';
import type { ListUsersSpec } from '../users/query.ts';
import type { UsersState } from '../users/state.ts';
import type { OperationHandler } from './dispatch.ts';
import { ApiError, quote } from './errors.ts';
import { sendUserPage } from './user-page.ts';

export function workspaceHandlers(
  current: () => UsersState,
  model: ApiModel,
  users: ListUsersSpec,
): Record<'listWorkspaceMembers', OperationHandler> {
  const operation = model.operation('listWorkspaceMembers');
  const perPageDefault = operation.parameters.find((p) => p.name === 'per_page')?.schema.default;
  const pageDefault = operation.parameters.find((p) => p.name === 'page')?.schema.default;
  const defaults = {
    page: typeof pageDefault === 'number' ? pageDefault : 1,
    pageSize: typeof perPageDefault === 'number' ? perPageDefault : 20,
  };
  return {
    listWorkspaceMembers(context) {
      const { params, query, principal } = context;
      if (principal === undefined) throw new Error('listWorkspaceMembers ran without a principal');
      const workspace = params.workspace ?? '';
      const { store, engine } = current();
      if (!store.memberships.has(workspace)) {
        const known = store.workspaces.map((w) => w.id).join(', ') || 'none';
        throw new ApiError(
          404,
          'workspace_not_found',
          `no workspace ${quote(workspace)}; workspaces: ${known}`,
        );
      }
      const visibility = visibilityOf(principal, store);
      if (visibility.kind !== 'all' && !store.memberships.isMember(workspace, visibility.slot)) {
        throw new ApiError(
          403,
          'insufficient_permissions',
          `only members of workspace ${workspace} and saas_admin users may list its members; the caller is neither`,
        );
      }
      const request = {
        page: typeof query.page === 'string' ? Number(query.page) : defaults.page,
        pageSize: typeof query.per_page === 'string' ? Number(query.per_page) : defaults.pageSize,
      };
      const result = engine.run(
        {
          filter: { workspace },
          terms: [],
          sort: { field: users.defaults.sortBy, direction: users.defaults.sortOrder },
          ...request,
        },
        visibility,
      );
      sendUserPage(context, store, result, request, principal, users.guardedFields);
    },
  };
}
