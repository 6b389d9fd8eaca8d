/**
 * The three known accounts of docs/tokens.md (admin, user, client) and their workspaces, from
 * `fixtures/known-accounts.json`. Every dataset, seeded or loaded, holds them.
 */
import type { User } from '../spec/types.ts';
import { ProblemList, kindOf, recordLabel } from './fixture-error.ts';
import { contentHash, recordedHashes } from './checked-by-build.ts';
import { readJsonFileSync } from './json-file.ts';
import { checkUserRecord } from './user-schema.ts';
import { pathOf } from '../platform/node/files.ts';

export interface KnownAccounts {
  /** The accounts, admin first, frozen. */
  readonly users: readonly User[];
  /** Workspace ids of each known account, by user id. */
  readonly memberships: ReadonlyMap<string, readonly string[]>;
  /** A name for each workspace of `memberships`, for datasets that do not name it themselves. */
  readonly workspaceNames: ReadonlyMap<string, string>;
}

export const KNOWN_ACCOUNTS_URL = new URL('../../fixtures/known-accounts.json', import.meta.url);
/** Where the build records the shipped known accounts as checked (`checked-by-build.ts`). */
export const CHECKED_FIXTURES_URL = new URL('./checked-fixtures.json', import.meta.url);

/**
 * The known accounts of `fixtures/known-accounts.json`, loaded once and checked unless the build has checked this
 * very content (the user records' check compiles the User schema, a share of every start).
 */
export const KNOWN_ACCOUNTS: KnownAccounts = loadKnownAccounts(KNOWN_ACCOUNTS_URL, CHECKED_FIXTURES_URL);

/**
 * Reads and checks a known-accounts file: `{ users: User[], memberships: {id: [ws…]}, workspace_names: {ws: name} }`.
 * Its user records are taken as they are when their content is recorded as checked at `checkedAt`.
 *
 * @example
 * const { users } = loadKnownAccounts(new URL('../../fixtures/known-accounts.json', import.meta.url));
 */
export function loadKnownAccounts(url: URL, checkedAt?: URL): KnownAccounts {
  const source = pathOf(url);
  const problems = new ProblemList();
  const json = readJsonFileSync(url, { optional: false });
  const checked = checkedAt !== undefined && recordedHashes(checkedAt).has(contentHash(json));
  const users = parseUsers(field(json, 'users'), source, problems, checked);
  const ids = new Set(users.map((user) => user.id));
  const memberships = parseStringListMap(field(json, 'memberships'), `${source}: memberships`, problems);
  const workspaceNames = parseNameMap(field(json, 'workspace_names'), `${source}: workspace_names`, problems);
  for (const [userId, workspaceIds] of memberships) {
    if (!ids.has(userId))
      problems.add(`${source}: memberships`, `"${userId}" is not the id of a known account`);
    for (const workspaceId of workspaceIds) {
      if (!workspaceNames.has(workspaceId)) {
        problems.add(`${source}: workspace_names`, `workspace "${workspaceId}" of memberships has no name`);
      }
    }
  }
  problems.throwIfAny();
  return Object.freeze({ users: Object.freeze(users), memberships, workspaceNames });
}

function parseUsers(value: unknown, source: string, problems: ProblemList, checked: boolean): User[] {
  if (!Array.isArray(value)) {
    problems.add(source, `users must be an array of User records (got ${kindOf(value)})`);
    return [];
  }
  return value.flatMap((record: unknown, index) => {
    const check = checked ? { ok: true as const, user: record as User } : checkUserRecord(record);
    if (check.ok) return [Object.freeze({ ...check.user })];
    for (const problem of check.problems)
      problems.add(recordLabel(`${source}: users`, index, record), problem);
    return [];
  });
}

function parseStringListMap(
  value: unknown,
  where: string,
  problems: ProblemList,
): Map<string, readonly string[]> {
  const map = new Map<string, readonly string[]>();
  for (const [key, list] of entries(value, where, problems)) {
    if (Array.isArray(list) && list.every((item) => typeof item === 'string')) {
      map.set(key, Object.freeze(list.filter((item): item is string => typeof item === 'string')));
    } else {
      problems.add(where, `"${key}" must map to an array of workspace ids (got ${kindOf(list)})`);
    }
  }
  return map;
}

function parseNameMap(value: unknown, where: string, problems: ProblemList): Map<string, string> {
  const map = new Map<string, string>();
  for (const [key, name] of entries(value, where, problems)) {
    if (typeof name === 'string' && name !== '') map.set(key, name);
    else problems.add(where, `"${key}" must map to a non-empty name (got ${kindOf(name)})`);
  }
  return map;
}

function entries(value: unknown, where: string, problems: ProblemList): [string, unknown][] {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return Object.entries(value);
  problems.add(where, `expected an object (got ${kindOf(value)})`);
  return [];
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
