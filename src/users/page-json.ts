/**
 * The one serialiser of a page of users: each user's JSON is encoded once per store (`UserStore.json`), and a
 * page is those bytes joined into an array, byte-identical to `JSON.stringify` of the page. Every list answer
 * (GET /users, a workspace's members) writes these bytes, with or without response validation.
 */
import type { UserStore } from './store.ts';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The fields of `guarded` (field → permission) that a caller holding `permissions` may not read, sorted.
 *
 * @example hiddenFields(new Set(['read:users']), new Map([['created_by', 'read:user_metadata']])) // ['created_by']
 */
export function hiddenFields(
  permissions: ReadonlySet<string>,
  guarded: ReadonlyMap<string, string>,
): string[] {
  const hidden: string[] = [];
  for (const [field, permission] of guarded) if (!permissions.has(permission)) hidden.push(field);
  return hidden.sort();
}

/** The JSON array of the users in `slots`, in order, without the fields in `hidden` (sorted). */
export function pageJson(store: UserStore, slots: ArrayLike<number>, hidden: readonly string[]): Buffer {
  const parts: Buffer[] = [OPEN];
  for (let k = 0; k < slots.length; k++) {
    if (k > 0) parts.push(COMMA);
    parts.push(store.json(slots[k] ?? 0, hidden));
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
