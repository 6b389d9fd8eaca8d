/**
 * Datasets from JSON records instead of faker (`--fixtures DIR`, `PUT /__admin/fixtures`). Everything is checked
 * before use; a problem throws a FixtureError naming the file (or source), the record and what is accepted.
 */
import { DEFAULT_CLIENT, DEFAULT_SPA_CLIENT, parseClients } from './clients.ts';
import type { Dataset } from './dataset.ts';
import { collectionFixtures, STORE_FILES } from './collection-fixtures.ts';
import { FixtureError, ProblemList } from './fixture-error.ts';
import { parseFixtureUsers } from './fixture-users.ts';
import { parseFixtureWorkspaces } from './fixture-workspaces.ts';
import { ABSENT, readJsonFile, readJsonFileSync } from './json-file.ts';
import { fileIn, isDirectory as isDirectoryAt, isDirectorySync } from '../platform/node/files.ts';

export { FixtureError } from './fixture-error.ts';

/** What fixture data is made of; `workspaces` and `clients` may be left out. */
export interface FixtureRecords {
  readonly users: unknown;
  readonly workspaces?: unknown;
  readonly clients?: unknown;
}

/** How messages name each part of the input: file paths, or e.g. `request body (users)`. */
export interface FixtureSources {
  readonly users: string;
  readonly workspaces: string;
  readonly clients: string;
}

/**
 * Reads a fixtures directory: `users.json` (required: User records, each optionally with a `password`),
 * `workspaces.json` and `clients.json` (optional). Or a single fixtures file: a JSON array of User records, or an
 * object `{"users": [...], "workspaces"?: [...], "clients"?: [...]}` (what `identity-mock proxy --record` writes,
 * docs/drift.md). See datasetFromRecords for what is checked and added.
 *
 * @example
 * const dataset = await loadFixtures('fixtures/small');
 */
export async function loadFixtures(dir: string): Promise<Dataset> {
  let isDirectory: boolean;
  try {
    isDirectory = await isDirectoryAt(dir);
  } catch (error) {
    throw directoryError(dir, error);
  }
  if (!isDirectory) return datasetFromFile(dir, await readJsonFile(dir, { optional: false }));
  const sources = fileSources(dir);
  const [users, workspaces, clients] = await Promise.all([
    readJsonFile(sources.users, { optional: true }),
    readJsonFile(sources.workspaces, { optional: true }),
    readJsonFile(sources.clients, { optional: true }),
  ]);
  return datasetFromFiles(users, workspaces, clients, sources);
}

/**
 * loadFixtures, synchronously: for building a mock in one call (`createMock({ fixtures })`) at start-up.
 *
 * @example
 * const dataset = loadFixturesSync('fixtures/small');
 */
export function loadFixturesSync(dir: string, collections: readonly string[] = []): Dataset {
  let isDirectory: boolean;
  try {
    isDirectory = isDirectorySync(dir);
  } catch (error) {
    throw directoryError(dir, error);
  }
  if (!isDirectory) return datasetFromFile(dir, readJsonFileSync(dir, { optional: false }), collections);
  const sources = fileSources(dir);
  return datasetFromFiles(
    readJsonFileSync(sources.users, { optional: true }),
    readJsonFileSync(sources.workspaces, { optional: true }),
    readJsonFileSync(sources.clients, { optional: true }),
    sources,
  );
}

function fileSources(dir: string): FixtureSources {
  return {
    users: fileIn(dir, 'users.json'),
    workspaces: fileIn(dir, 'workspaces.json'),
    clients: fileIn(dir, 'clients.json'),
  };
}

const FILE_KEYS = ['users', 'workspaces', 'clients'];

/** A single fixtures file: an array of User records, or an object of `users` and optional `workspaces`, `clients`. */
function datasetFromFile(path: string, value: unknown, collections: readonly string[] = []): Dataset {
  const shape = `a fixtures file holds a JSON array of User records, or an object {"users": [...], "workspaces"?: [...], "clients"?: [...]}`;
  if (Array.isArray(value)) {
    return datasetFromRecords(
      { users: value },
      { users: path, workspaces: `${path} (workspaces)`, clients: `${path} (clients)` },
    );
  }
  if (typeof value !== 'object' || value === null || !('users' in value)) {
    throw new FixtureError([`${path}: ${shape}`]);
  }
  const unknown = Object.keys(value).filter((key) => !FILE_KEYS.includes(key) && !collections.includes(key));
  if (unknown.length > 0) throw new FixtureError([`${path}: unknown key "${unknown[0] ?? ''}"; ${shape}`]);
  const records = value as FixtureRecords;
  return datasetFromRecords(
    {
      users: records.users,
      ...(records.workspaces === undefined ? {} : { workspaces: records.workspaces }),
      ...(records.clients === undefined ? {} : { clients: records.clients }),
    },
    path,
  );
}

function directoryError(dir: string, error: unknown): FixtureError {
  const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
  const reason = error instanceof Error ? error.message : String(error);
  return new FixtureError([
    missing ? `${dir}: fixtures directory or file not found` : `${dir}: cannot be read (${reason})`,
  ]);
}

function datasetFromFiles(
  users: unknown,
  workspaces: unknown,
  clients: unknown,
  sources: FixtureSources,
): Dataset {
  if (users === ABSENT) {
    throw new FixtureError([
      `${sources.users}: file not found; a fixtures directory needs users.json (a JSON array of User records) and may have workspaces.json and clients.json`,
    ]);
  }
  return datasetFromRecords(
    {
      users,
      workspaces: workspaces === ABSENT ? undefined : workspaces,
      clients: clients === ABSENT ? undefined : clients,
    },
    sources,
  );
}

/**
 * Builds a frozen Dataset from in-memory records, checked as `loadFixtures` checks files: every user against the
 * spec's User schema; unique ids, identifiers and emails; `created_by`/`updated_by` naming users of the dataset;
 * unique workspace ids whose members are users; well-formed clients. The known accounts (docs/tokens.md) are added
 * when absent, with their workspaces (a known account the records include has only the memberships they give
 * it), and so are the default clients `mock-client` and `spa-client`. Users without a `password` get DEFAULT_PASSWORD. `source`
 * names the input in messages (`request body` → `request body (users): record 3 …`).
 *
 * @example
 * const dataset = datasetFromRecords({ users: body.users, workspaces: body.workspaces }, 'request body');
 */
export function datasetFromRecords(input: FixtureRecords, source: string | FixtureSources): Dataset {
  const sources: FixtureSources =
    typeof source === 'string'
      ? { users: `${source} (users)`, workspaces: `${source} (workspaces)`, clients: `${source} (clients)` }
      : source;
  const problems = new ProblemList();
  const { users, passwords, addedKnown } = parseFixtureUsers(input.users, sources.users, problems);
  const clients = input.clients === undefined ? [] : parseClients(input.clients, sources.clients, problems);
  problems.throwIfAny();
  const workspaces = parseFixtureWorkspaces(
    input.workspaces,
    sources.workspaces,
    users,
    addedKnown,
    problems,
  );
  problems.throwIfAny();
  const missing = [DEFAULT_CLIENT, DEFAULT_SPA_CLIENT].filter(
    (preset) => !clients.some((client) => client.client_id === preset.client_id),
  );
  const withDefault = [...missing, ...clients];
  return Object.freeze({
    users: Object.freeze([...users]),
    passwords,
    workspaces: Object.freeze(workspaces),
    clients: Object.freeze(withDefault),
  });
}

/** `collectionFixtures` of a fixtures directory (`<name>.json` files) or file, read from disk. */
export function collectionFixturesSync(
  path: string,
  names: readonly string[],
): ReadonlyMap<string, readonly Readonly<Record<string, unknown>>[]> {
  if (!isDirectorySync(path))
    return collectionFixtures(readJsonFileSync(path, { optional: false }), names, path);
  const files: Record<string, unknown> = {};
  for (const name of names) {
    if (STORE_FILES.has(name)) continue;
    const value = readJsonFileSync(fileIn(path, `${name}.json`), { optional: true });
    if (value !== ABSENT) files[name] = value;
  }
  return collectionFixtures(files, names, path);
}
