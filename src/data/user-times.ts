/**
 * The epoch milliseconds of each user's `created_at` and `updated_at`, kept beside a users array by whoever had them
 * as numbers before writing them out (seeding), so that a store copies them instead of parsing two timestamps per
 * user. They are keyed by the array itself, which is frozen: they cannot drift from it, and a dataset made from
 * other users has none.
 */
import type { User } from '../spec/types.ts';

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
