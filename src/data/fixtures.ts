/**
 * Datasets from JSON records instead of faker (`--fixtures DIR`, `PUT /__admin/fixtures`). Everything is checked
 * before use; a problem throws a FixtureError naming the file (or source), the record and what is accepted.
 */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CLIENT, DEFAULT_SPA_CLIENT, parseClients } from './clients.ts';
import type { Dataset } from './dataset.ts';
import { FixtureError, ProblemList } from './fixture-error.ts';
import { parseFixtureUsers } from './fixture-users.ts';
import { parseFixtureWorkspaces } from './fixture-workspaces.ts';
import { ABSENT, readJsonFile, readJsonFileSync } from './json-file.ts';

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
 * `workspaces.json` and `clients.json` (optional). See datasetFromRecords for what is checked and added.
 *
 * @example
 * const dataset = await loadFixtures('fixtures/small');
 */
export async function loadFixtures(dir: string): Promise<Dataset> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(dir)).isDirectory();
  } catch (error) {
    throw directoryError(dir, error);
  }
  const sources = fileSources(dir, isDirectory);
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
export function loadFixturesSync(dir: string): Dataset {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw directoryError(dir, error);
  }
  const sources = fileSources(dir, isDirectory);
  return datasetFromFiles(
    readJsonFileSync(sources.users, { optional: true }),
    readJsonFileSync(sources.workspaces, { optional: true }),
    readJsonFileSync(sources.clients, { optional: true }),
    sources,
  );
}

function fileSources(dir: string, isDirectory: boolean): FixtureSources {
  if (!isDirectory)
    throw new FixtureError([`${dir}: not a directory; fixtures are a directory holding users.json`]);
  return {
    users: join(dir, 'users.json'),
    workspaces: join(dir, 'workspaces.json'),
    clients: join(dir, 'clients.json'),
  };
}

function directoryError(dir: string, error: unknown): FixtureError {
  const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
  const reason = error instanceof Error ? error.message : String(error);
  return new FixtureError([
    missing ? `${dir}: fixtures directory not found` : `${dir}: cannot be read (${reason})`,
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
