/**
 * The default dataset, seeded ahead: `npm run build` seeds it with the built code and writes it beside this module
 * (`default-dataset.json`), so a start at the default seed and size reads ~80 KB of JSON instead of loading faker
 * and seeding. Any other seed or size, and a start from the sources, seeds as before; the test of this module holds
 * the file to what seeding gives.
 */
import type { User } from '../spec/types.ts';
import { DEFAULT_CLIENTS } from './clients.ts';
import type { Dataset, Workspace } from './dataset.ts';
import { freezeUser } from './freeze.ts';
import { ABSENT, readJsonFileSync } from './json-file.ts';
import type { SeedOptions } from './seed.ts';

export const PREBUILT_DATASET_URL = new URL('./default-dataset.json', import.meta.url);

/** What the file holds: the options it was seeded with, and the seeded users and workspaces. */
export interface PrebuiltFile {
  readonly seed: number;
  readonly users: number;
  readonly dataset: { readonly users: readonly User[]; readonly workspaces: readonly Workspace[] };
}

/** The file's content for a dataset seeded with `options` (the build writes it). */
export function prebuiltFile(options: SeedOptions, dataset: Dataset): PrebuiltFile {
  return { ...options, dataset: { users: dataset.users, workspaces: dataset.workspaces } };
}

/**
 * Each file as read, by URL: a start asks twice (whether to load faker, then for the data) and a second mock in the
 * process asks again. The URLs are the package's own (and a test's), never a client's, so this stays small.
 */
const files = new Map<string, PrebuiltFile | undefined>();

function fileFor(options: SeedOptions, url: URL): PrebuiltFile | undefined {
  if (!files.has(url.href)) {
    const read = readJsonFileSync(url, { optional: true });
    files.set(url.href, read === ABSENT ? undefined : (read as PrebuiltFile));
  }
  const file = files.get(url.href);
  return file?.seed === options.seed && file.users === options.users ? file : undefined;
}

/** A dataset was seeded ahead for `options`. */
export function hasPrebuiltDataset(options: SeedOptions, url: URL = PREBUILT_DATASET_URL): boolean {
  return fileFor(options, url) !== undefined;
}

/** The dataset seeded ahead for `options`, frozen as seeded data is; undefined when none was built for them. */
export function prebuiltDataset(options: SeedOptions, url: URL = PREBUILT_DATASET_URL): Dataset | undefined {
  const dataset = fileFor(options, url)?.dataset;
  if (dataset === undefined) return undefined;
  const workspaces = dataset.workspaces.map((workspace) =>
    Object.freeze({ id: workspace.id, name: workspace.name, members: Object.freeze([...workspace.members]) }),
  );
  return Object.freeze({
    users: Object.freeze(dataset.users.map(freezeUser)),
    passwords: new Map<string, string>(),
    workspaces: Object.freeze(workspaces),
    clients: DEFAULT_CLIENTS,
  });
}
