/**
 * Builders of hand-written user records for unit tests: deterministic uuids and complete, spec-shaped `User`
 * objects, so a test spells out only the fields its cases are about.
 */
import type { User } from '../../src/spec/types.ts';
import type { Workspace } from '../../src/data/dataset.ts';
import { UserStore } from '../../src/users/store.ts';
import { LIST_USERS_SPEC } from './spec-model.ts';

/**
 * The uuid numbered `n` (1 ≤ n < 2^48): ids compare in the order of their numbers, by code point and by collation.
 *
 * @example uuidOf(11) // '00000000-0000-4000-8000-00000000000b'
 */
export function uuidOf(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A complete user record; `identifier` also gives the name and email unless they are overridden. */
export function userRecord(n: number, identifier: string, fields: Partial<User> = {}): User {
  return {
    id: uuidOf(n),
    identifier,
    name: identifier,
    email: `${identifier}@example.com`,
    user_type: 'saas_user',
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** A store over `users` and `workspaces`, with the sortable fields of the real spec. */
export function storeOf(users: readonly User[], workspaces: readonly Workspace[] = []): UserStore {
  return new UserStore({ users, workspaces }, { sortKinds: LIST_USERS_SPEC.sortKinds });
}
