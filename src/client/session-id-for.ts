/**
 * A session id for a test file: its path relative to the project root, made to fit the `X-Mock-Session` rule (1–64
 * characters of `A-Z a-z 0-9 . _ -`). Different paths give different ids — `a/users.test.ts` and `b/users.test.ts`
 * never share a session — and the same path gives the same id on every run and machine.
 */
import { SESSION_ID_MAX, sessionIdProblem } from '../sessions/session-id.ts';

/** Hex digits of the path's hash appended whenever the path had to be changed to fit. */
const HASH_DIGITS = 12;

/**
 * `path` as a session id: as it is when it already fits; otherwise with every run of other characters turned into
 * `-`, the start cut so that it fits, and a hash of the whole path appended (so two paths never meet).
 * With `root`, a path under it is taken relative to it first; `\` counts as `/`.
 *
 * @example
 * sessionIdFor('/work/app/test/admin/users.test.ts', '/work/app'); // 'test-admin-users.test.ts-5d0c…' (12 hex digits)
 * sessionIdFor('users.test.ts'); // 'users.test.ts'
 */
export function sessionIdFor(path: string, root?: string): string {
  const slashed = path.replaceAll('\\', '/');
  const base = root === undefined ? '' : `${root.replaceAll('\\', '/').replace(/\/+$/, '')}/`;
  const relative = (
    base !== '/' && base !== '' && slashed.startsWith(base) ? slashed.slice(base.length) : slashed
  ).replace(/^(\.\/)+/, '');
  if (sessionIdProblem(relative) === undefined) return relative;
  const readable = relative.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+/, '');
  const hash = fnv1a64(relative).slice(0, HASH_DIGITS);
  const room = SESSION_ID_MAX - HASH_DIGITS - 1;
  const kept = readable.length > room ? readable.slice(readable.length - room).replace(/^-+/, '') : readable;
  return kept === '' ? hash : `${kept}-${hash}`;
}

/** FNV-1a, 64 bits, over the UTF-8 bytes of `text`, as 16 hex digits: stable everywhere, no platform hashing needed. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}
