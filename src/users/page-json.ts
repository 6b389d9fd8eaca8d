/**
 * The one serialiser of a page of users: each user's JSON is encoded once per store (`UserStore.json`), and a
 * page is those bytes joined into an array, byte-identical to `JSON.stringify` of the page. Every list answer
 * (GET /users, a workspace's members) writes these bytes, with or without response validation.
 */
import type { UserStore } from './store.ts';

const OPEN = 0x5b; // [
const COMMA = 0x2c; // ,
const CLOSE = 0x5d; // ]

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
export function pageJson(store: UserStore, slots: ArrayLike<number>, hidden: readonly string[]): Uint8Array {
  const count = slots.length;
  const parts = new Array<Uint8Array | string>(count);
  // The brackets, and a comma between each two users; a user's text (one not kept as bytes) at its most bytes.
  let length = count === 0 ? 2 : count + 1;
  for (let k = 0; k < count; k++) {
    const user = store.json(slots[k] ?? 0, hidden);
    parts[k] = user;
    length += typeof user === 'string' ? user.length * MAX_BYTES_PER_UNIT : user.length;
  }
  const page = new Uint8Array(length);
  page[0] = OPEN;
  let at = 1;
  for (let k = 0; k < count; k++) {
    if (k > 0) page[at++] = COMMA;
    const user = parts[k] ?? '';
    if (typeof user === 'string') {
      at += UTF8.encodeInto(user, page.subarray(at)).written;
    } else {
      page.set(user, at);
      at += user.length;
    }
  }
  page[at] = CLOSE;
  return at + 1 === length ? page : page.subarray(0, at + 1);
}

const UTF8 = new TextEncoder();
/** UTF-8 bytes a UTF-16 code unit can take at most. */
const MAX_BYTES_PER_UNIT = 3;
