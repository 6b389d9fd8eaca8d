/**
 * The operation tagged Workspace: `GET /workspaces/{workspace}/members` (docs/access.md), the workspace's users
 * through the query engine, so row-level access, counts and links follow the same code as `GET /users`. When
 * the served document has a workspaces collection (docs/own-spec.md "Workspaces"), a workspace exists when the
 * session's collection holds it.
 */
import { visibilityOf } from '../../access/row-level.ts';
import { principalOf, type Handler } from '../../context.ts';
import { forbidden, notFound, quote } from '../../errors.ts';
import type { OperationSpec } from '../../spec/model.ts';
import { userPage } from '../user-page.ts';

/** The default of a query parameter of `operation`, read from the spec. */
function defaultOf(operation: OperationSpec, name: string, fallback: number): number {
  const value = operation.parameters.find((p) => p.name === name)?.schema.default;
  return typeof value === 'number' ? value : fallback;
}

export const listWorkspaceMembers: Handler = (context) => {
  const { params, query, operation, services, session } = context;
  const principal = principalOf(context);
  const workspace = params.workspace ?? '';
  const { store, engine } = session.state;
  if (services.resources.model.collections.some((c) => c.name === 'workspaces' && c.parent === undefined)) {
    // The workspaces are a collection of the served document: the session's records say which exist (a
    // workspace created in the session has no members yet; a deleted one is gone).
    session.resources.read('workspaces', [], workspace);
  } else if (!store.memberships.has(workspace)) {
    const known = store.workspaces.map((w) => w.id).join(', ') || 'none';
    throw notFound('workspace_not_found', `no workspace ${quote(workspace)}; workspaces: ${known}`);
  }
  const visibility = visibilityOf(principal, store);
  if (visibility.kind !== 'all' && !store.memberships.isMember(workspace, visibility.slot)) {
    throw forbidden(
      `only members of workspace ${workspace} and saas_admin users may list its members; the caller is neither`,
    );
  }
  const page = typeof query.page === 'string' ? Number(query.page) : defaultOf(operation, 'page', 1);
  const pageSize =
    typeof query.per_page === 'string' ? Number(query.per_page) : defaultOf(operation, 'per_page', 20);
  const { defaults, guardedFields } = services.listUsers;
  const result = engine.run(
    {
      filter: { workspace },
      terms: [],
      sort: { field: defaults.sortBy, direction: defaults.sortOrder },
      page,
      pageSize,
    },
    visibility,
  );
  return userPage(context.url, store, result, { page, pageSize }, principal, guardedFields);
};
