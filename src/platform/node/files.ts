/**
 * Files, as the Node platform reads them: the fixtures a user names (`--fixtures`, `createMock({ fixtures })`) and
 * the files the package ships (the default clients, the known accounts, the hashes the build recorded). The dataset
 * modules of `data/` read through these and parse what they get; nothing else of theirs touches Node.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The UTF-8 text of the file at `path`; throws Node's error (`isMissingFile` tells a missing file). */
export function readTextSync(path: string | URL): string {
  return readFileSync(path, 'utf8');
}

/** readTextSync, without holding the event loop. */
export function readText(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

/** Whether `path` is a directory; throws Node's error when there is nothing there. */
export function isDirectorySync(path: string): boolean {
  return statSync(path).isDirectory();
}

/** isDirectorySync, without holding the event loop. */
export async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path)).isDirectory();
}

/** Whether `error` says the file is not there. */
export function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The file `name` in the directory `dir`. */
export function fileIn(dir: string, name: string): string {
  return join(dir, name);
}

/** The path of a `file:` URL, as messages name the file. */
export function pathOf(url: URL): string {
  return fileURLToPath(url);
}

/** SHA-256 of the UTF-8 bytes of `text`, hex: the hashes the build records. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
