/**
 * The user's own cache folder, `~/.cache/identity-mock/` (mode 0700): what the command keeps between runs to
 * start sooner (its code cache, `bin/cached-bundle.ts`; the documents it has checked, `checked-documents.ts`). A
 * folder or file another user owns, or that others may write, is not used. Every failure to read or write it is
 * the caller's to ignore: the cache only ever saves time.
 */
import { mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The cache folder, made if need be; undefined when there is none this user may use. */
export function userCacheFolder(): string | undefined {
  const cache = join(homedir(), '.cache');
  const folder = join(cache, 'identity-mock');
  try {
    // One level at a time: a recursive mkdir loops for ever on some paths Node 20 cannot create (under /proc).
    for (const path of [cache, folder]) makeFolder(path);
    return ownedAndPrivate(folder) ? folder : undefined;
  } catch {
    return undefined;
  }
}

function makeFolder(path: string): void {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Owned by this user (where the platform has users) and writable by nobody else. */
export function ownedAndPrivate(path: string): boolean {
  const stat = statSync(path);
  const uid = process.getuid?.();
  return (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
}
