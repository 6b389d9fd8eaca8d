/** Reads the JSON files of a fixtures directory; every failure is a FixtureError naming the path. */
import { isMissingFile, pathOf, readText, readTextSync } from '../platform/node/files.ts';
import { FixtureError } from './fixture-error.ts';

/** What `readJsonFile` yields for an optional file that does not exist. */
export const ABSENT = Symbol('absent');

/**
 * Reads and parses `path`. A missing file yields ABSENT when `optional`, and a FixtureError otherwise.
 *
 * @example
 * const workspaces = await readJsonFile('fixtures/small/workspaces.json', { optional: true });
 */
export async function readJsonFile(path: string, options: { optional: boolean }): Promise<unknown> {
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    if (options.optional && isMissingFile(error)) return ABSENT;
    throw readError(path, error);
  }
  return parseJson(text, path);
}

/**
 * Synchronous readJsonFile, for start-up paths that cannot wait (`createMock`, the files shipped in `fixtures/`).
 *
 * @example
 * const clients = readJsonFileSync(new URL('../../fixtures/clients.json', import.meta.url), { optional: false });
 */
export function readJsonFileSync(path: string | URL, options: { optional: boolean }): unknown {
  const label = typeof path === 'string' ? path : pathOf(path);
  let text: string;
  try {
    text = readTextSync(path);
  } catch (error) {
    if (options.optional && isMissingFile(error)) return ABSENT;
    throw readError(label, error);
  }
  return parseJson(text, label);
}

function parseJson(text: string, path: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FixtureError([`${path}: invalid JSON (${reason})`]);
  }
}

function readError(path: string, error: unknown): FixtureError {
  if (isMissingFile(error)) return new FixtureError([`${path}: file not found`]);
  const reason = error instanceof Error ? error.message : String(error);
  return new FixtureError([`${path}: cannot be read (${reason})`]);
}
