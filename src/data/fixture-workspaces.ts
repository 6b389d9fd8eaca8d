/**
 * Workspace records of fixture data (`{id, name, members}`), checked against the dataset's users, plus the
 * memberships of the known accounts that the loader added (docs/access.md).
 */
import type { User } from '../spec/types.ts';
import type { Workspace } from './dataset.ts';
import { kindOf, recordLabel } from './fixture-error.ts';
import type { ProblemList } from './fixture-error.ts';
import { freezeWorkspace } from './freeze.ts';
import { KNOWN_ACCOUNTS } from './known-accounts.ts';

const WORKSPACE_KEYS = ['id', 'name', 'members'];
/** Workspace ids appear in paths (`/workspaces/{workspace}/members`), so they stay URL-safe. */
const WORKSPACE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

interface Draft {
  readonly id: string;
  readonly name: string;
  readonly members: Set<string>;
}

/**
 * Checks `value` (a JSON array of workspaces, or `undefined` when there is none) against `users`, then adds each
 * account of `addedKnown` to its workspaces, creating those that are missing. Members come out in user order.
 *
 * @example
 * const workspaces = parseFixtureWorkspaces(json, 'fixtures/small/workspaces.json', users, addedKnown, problems);
 */
export function parseFixtureWorkspaces(
  value: unknown,
  source: string,
  users: readonly User[],
  addedKnown: readonly User[],
  problems: ProblemList,
): Workspace[] {
  const idOf = new Map(users.map((user) => [user.id.toLowerCase(), user.id]));
  const drafts = new Map<string, Draft>();
  if (value !== undefined && !Array.isArray(value)) {
    problems.add(source, `expected a JSON array of workspaces {id, name, members} (got ${kindOf(value)})`);
  }
  const records: unknown[] = Array.isArray(value) ? value : [];
  records.forEach((record, index) => {
    const where = recordLabel(source, index, record);
    const draft = parseWorkspace(record, where, idOf, problems);
    if (draft === undefined) return;
    if (drafts.has(draft.id))
      problems.add(where, `workspace id "${draft.id}" is already used by an earlier record`);
    else drafts.set(draft.id, draft);
  });
  for (const known of addedKnown) {
    for (const workspaceId of KNOWN_ACCOUNTS.memberships.get(known.id) ?? []) {
      let draft = drafts.get(workspaceId);
      if (draft === undefined) {
        draft = {
          id: workspaceId,
          name: KNOWN_ACCOUNTS.workspaceNames.get(workspaceId) ?? workspaceId,
          members: new Set(),
        };
        drafts.set(workspaceId, draft);
      }
      draft.members.add(known.id);
    }
  }
  const userOrder = new Map(users.map((user, index) => [user.id, index]));
  return [...drafts.values()].map((draft) => freezeWorkspace(draft.id, draft.name, draft.members, userOrder));
}

function parseWorkspace(
  record: unknown,
  where: string,
  idOf: ReadonlyMap<string, string>,
  problems: ProblemList,
): Draft | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    problems.add(where, `expected a workspace object {id, name, members} (got ${kindOf(record)})`);
    return undefined;
  }
  const before = problems.size;
  for (const key of Object.keys(record)) {
    if (!WORKSPACE_KEYS.includes(key)) {
      problems.add(where, `unknown property "${key}" (allowed: ${WORKSPACE_KEYS.join(', ')})`);
    }
  }
  const id: unknown = Reflect.get(record, 'id');
  const name: unknown = Reflect.get(record, 'name');
  const members: unknown = Reflect.get(record, 'members');
  if (typeof id !== 'string' || !WORKSPACE_ID.test(id)) {
    problems.add(
      where,
      `id must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit (got ${kindOf(id)})`,
    );
  }
  if (typeof name !== 'string' || name.trim() === '') {
    problems.add(where, `name must be a non-empty string (got ${kindOf(name)})`);
  }
  const memberIds = new Set<string>();
  if (!Array.isArray(members)) {
    problems.add(where, `members must be an array of user ids (got ${kindOf(members)})`);
  } else {
    members.forEach((member: unknown, position) => {
      const userId = typeof member === 'string' ? idOf.get(member.toLowerCase()) : undefined;
      if (userId === undefined) {
        problems.add(where, `members[${position}] ${kindOf(member)} is not the id of a user of this dataset`);
      } else if (memberIds.has(userId)) {
        problems.add(where, `members[${position}] "${userId}" is listed twice`);
      } else {
        memberIds.add(userId);
      }
    });
  }
  if (problems.size > before || typeof id !== 'string' || typeof name !== 'string') return undefined;
  return { id, name, members: memberIds };
}
