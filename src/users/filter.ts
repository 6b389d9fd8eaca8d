/**
 * Filters of GET /users (docs/users.md) as data, and the per-user test the engine applies to candidates.
 */
import type { UserStore } from './store.ts';

/** A half-open range of instants in epoch milliseconds: `from <= t < to`. */
export interface TimeRange {
  readonly from?: number;
  readonly to?: number;
}

export interface UserFilter {
  readonly id?: string;
  readonly createdBy?: string;
  readonly updatedBy?: string;
  readonly userType?: string;
  readonly status?: string;
  readonly createdAt?: TimeRange;
  readonly updatedAt?: TimeRange;
  /** Members of this workspace only (GET /workspaces/{workspace}/members). */
  readonly workspace?: string;
}

/** Who is asking, for row-level access (docs/access.md): everyone, a user's co-members and self, or self only. */
export type Visibility =
  | { readonly kind: 'all' }
  | { readonly kind: 'co-members'; readonly slot: number }
  | { readonly kind: 'self'; readonly slot: number };

export const VISIBLE_TO_ALL: Visibility = Object.freeze({ kind: 'all' });

/** Whether the filter restricts anything. */
export function isEmptyFilter(filter: UserFilter): boolean {
  return (
    filter.id === undefined &&
    filter.createdBy === undefined &&
    filter.updatedBy === undefined &&
    filter.userType === undefined &&
    filter.status === undefined &&
    filter.createdAt === undefined &&
    filter.updatedAt === undefined &&
    filter.workspace === undefined
  );
}

/**
 * Compiles `filter` and `visibility` for `store` into a test of one slot (liveness included). Returns `undefined`
 * when nothing can match (an enum value no user has), so the caller can answer without scanning.
 */
export function compileFilter(
  store: UserStore,
  filter: UserFilter,
  visibility: Visibility,
): ((slot: number) => boolean) | undefined {
  const { alive, typeCode, statusCode, createdMs, updatedMs, users } = store;
  const type = filter.userType === undefined ? -1 : (store.typeCodeOf(filter.userType) ?? -2);
  const status = filter.status === undefined ? -1 : (store.statusCodeOf(filter.status) ?? -2);
  if (type === -2 || status === -2) return undefined;
  const id = filter.id?.toLowerCase();
  const createdBy = filter.createdBy?.toLowerCase();
  const updatedBy = filter.updatedBy?.toLowerCase();
  const cFrom = filter.createdAt?.from ?? -Infinity;
  const cTo = filter.createdAt?.to ?? Infinity;
  const uFrom = filter.updatedAt?.from ?? -Infinity;
  const uTo = filter.updatedAt?.to ?? Infinity;
  // Skipped when absent: reading a user's instants is a cache miss at 100 000 users.
  const byCreated = filter.createdAt !== undefined;
  const byUpdated = filter.updatedAt !== undefined;
  const { memberships } = store;
  const { workspace } = filter;
  return (slot) => {
    if (alive[slot] !== 1) return false;
    if (type >= 0 && typeCode[slot] !== type) return false;
    if (status >= 0 && statusCode[slot] !== status) return false;
    if (byCreated) {
      const c = createdMs[slot] ?? 0;
      if (c < cFrom || c >= cTo) return false;
    }
    if (byUpdated) {
      const u = updatedMs[slot] ?? 0;
      if (u < uFrom || u >= uTo) return false;
    }
    if (id !== undefined || createdBy !== undefined || updatedBy !== undefined) {
      const user = users[slot];
      if (user === undefined) return false;
      if (id !== undefined && user.id.toLowerCase() !== id) return false;
      if (createdBy !== undefined && user.created_by?.toLowerCase() !== createdBy) return false;
      if (updatedBy !== undefined && user.updated_by?.toLowerCase() !== updatedBy) return false;
    }
    if (workspace !== undefined && !memberships.isMember(workspace, slot)) return false;
    if (visibility.kind === 'self') return slot === visibility.slot;
    if (visibility.kind === 'co-members')
      return slot === visibility.slot || memberships.share(slot, visibility.slot);
    return true;
  };
}
