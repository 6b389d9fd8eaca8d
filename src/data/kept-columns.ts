/**
 * What seeding had as numbers before it wrote the records, kept beside the frozen arrays it returns, so that a
 * store takes them instead of working them out again: the epoch milliseconds of each user's `created_at` and
 * `updated_at` (instead of parsing two timestamps per user), and each workspace's members as positions in the
 * users (instead of looking up every member's id). They are keyed by the frozen arrays themselves: they cannot
 * drift from them, and a dataset made of other users or workspaces has none.
 */
import type { User } from '../spec/types.ts';
import type { Workspace } from './dataset.ts';

export interface UserTimes {
  readonly createdMs: Float64Array;
  readonly updatedMs: Float64Array;
}

const kept = new WeakMap<readonly User[], UserTimes>();

/** Keeps `times` for the frozen `users`, one entry per user in order. */
export function keepUserTimes(users: readonly User[], times: UserTimes): void {
  if (!Object.isFrozen(users)) throw new Error('keepUserTimes needs a frozen users array');
  if (times.createdMs.length !== users.length || times.updatedMs.length !== users.length)
    throw new Error(`keepUserTimes: ${users.length} users but ${times.createdMs.length} times`);
  kept.set(users, times);
}

/** The times kept for `users`, if whoever made the array kept them. */
export function userTimesOf(users: readonly User[]): UserTimes | undefined {
  return kept.get(users);
}

/** Each workspace's members as positions in one users array, and that array. */
interface MemberSlots {
  readonly users: readonly User[];
  readonly slots: readonly (readonly number[])[];
}

const members = new WeakMap<readonly Workspace[], MemberSlots>();

/**
 * Keeps, for the frozen `workspaces`, each one's members as positions in `users`: `slots[w][k]` is where
 * `workspaces[w].members[k]` is in `users`.
 */
export function keepMemberSlots(
  workspaces: readonly Workspace[],
  users: readonly User[],
  slots: readonly (readonly number[])[],
): void {
  if (!Object.isFrozen(workspaces)) throw new Error('keepMemberSlots needs a frozen workspaces array');
  for (const [w, workspace] of workspaces.entries()) {
    if (slots[w]?.length !== workspace.members.length)
      throw new Error(`keepMemberSlots: workspace ${workspace.id} has ${workspace.members.length} members`);
  }
  members.set(workspaces, { users, slots });
}

/** The member slots kept for `workspaces`, when they were kept for these very `users`. */
export function memberSlotsOf(
  workspaces: readonly Workspace[],
  users: readonly User[],
): readonly (readonly number[])[] | undefined {
  const kept = members.get(workspaces);
  return kept?.users === users ? kept.slots : undefined;
}
