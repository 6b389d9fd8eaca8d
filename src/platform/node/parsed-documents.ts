/**
 * YAML documents served with `--spec`, kept parsed (as JSON) in the user's cache folder (`user-cache.ts`) under a
 * hash of their text: a start with an unchanged document reads the JSON, a tenth of the time of parsing the YAML,
 * as the package's own documents are read parsed by the build (`document-file.ts`). An edited document hashes
 * differently and is parsed again. At most `KEEP` documents are kept, the newest.
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deepFreeze, type SpecDocument } from '../../spec/document.ts';
import { ownedAndPrivate, userCacheFolder } from './user-cache.ts';

const PREFIX = 'parsed-';
const KEEP = 8;

function fileFor(hash: string): string | undefined {
  const folder = userCacheFolder();
  return folder === undefined ? undefined : join(folder, `${PREFIX}${hash}.json`);
}

/** The document whose text hashes to `hash`, parsed on an earlier start; undefined when none is kept. */
export function keptParse(hash: string): SpecDocument | undefined {
  const file = fileFor(hash);
  if (file === undefined) return undefined;
  try {
    if (!ownedAndPrivate(file)) return undefined;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? deepFreeze(parsed as SpecDocument)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `doc`, parsed from a text hashing to `hash`, for the next start. */
export function keepParse(hash: string, doc: SpecDocument): void {
  const file = fileFor(hash);
  if (file === undefined) return;
  try {
    const temporary = `${file}.${String(process.pid)}.tmp`;
    writeFileSync(temporary, JSON.stringify(doc), { mode: 0o600 });
    renameSync(temporary, file);
    const folder = join(file, '..');
    const kept = readdirSync(folder)
      .filter((name) => name.startsWith(PREFIX) && name.endsWith('.json'))
      .map((name) => ({ path: join(folder, name), at: statSync(join(folder, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const { path } of kept.slice(KEEP)) rmSync(path, { force: true });
  } catch {
    // Not kept: the next start parses the YAML again.
  }
}
