/**
 * Files written whole or not at all, and never through a link planted at their path (docs/drift.md "Files"): the
 * text goes to a new file in the same folder (created exclusively, so no existing file or symlink is opened), then
 * is renamed into place, which replaces whatever was at the path (a symlink included) instead of following it.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` as described above; `mode` is the new file's permissions (0o600 for a file that keeps
 * personal data), 0o644 by default, both under the process's umask.
 *
 * @example writeFileAtomic('drift-report.json', JSON.stringify(listing), 0o600)
 */
export function writeFileAtomic(path: string, text: string, mode = 0o644): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
