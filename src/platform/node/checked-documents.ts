/**
 * The documents served with `--spec` that have passed the OpenAPI meta-schema check, remembered by a hash of their
 * content in the user's cache folder (`user-cache.ts`), so that starting again with an unchanged document does
 * not check it again (the check compiles the meta-schema: most of the time a `--spec` start would add). An edited
 * document hashes differently and is checked. At most `KEEP` hashes are kept, the newest.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownedAndPrivate, userCacheFolder } from './user-cache.ts';

const FILE = 'checked-documents.json';
const KEEP = 64;

function fileOf(): string | undefined {
  const folder = userCacheFolder();
  return folder === undefined ? undefined : join(folder, FILE);
}

function read(file: string): string[] {
  try {
    if (!ownedAndPrivate(file)) return [];
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether the document hashing to `hash` passed the check on an earlier start. */
export function checkedBefore(hash: string): boolean {
  const file = fileOf();
  return file !== undefined && read(file).includes(hash);
}

/** Remembers that the document hashing to `hash` passed the check. */
export function rememberChecked(hash: string): void {
  const file = fileOf();
  if (file === undefined) return;
  try {
    const hashes = [hash, ...read(file).filter((h) => h !== hash)].slice(0, KEEP);
    const temporary = `${file}.${String(process.pid)}.tmp`;
    writeFileSync(temporary, JSON.stringify(hashes), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // Not remembered: the next start checks the document again.
  }
}
