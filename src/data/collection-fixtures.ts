/**
 * Fixture records for the collections of a served document (docs/own-spec.md "Seeding"), from the records a
 * program passes or a fixtures file's keys. Pure: reading the files is `fixtures.ts`'.
 */
import { ProblemList } from './fixture-error.ts';

/** Names a served document's collections may not take fixtures by: the users store's own files. */
export const STORE_FILES: ReadonlySet<string> = new Set(['users', 'workspaces', 'clients']);

/**
 * The records given for the served document's collections `names` (docs/own-spec.md "Seeding"): `<name>.json`
 * in a fixtures directory, or the `<name>` key of a fixtures file or of the records a program passes; each a JSON
 * array of objects. `users`, `workspaces` and `clients` keep their own meaning (the users store's files).
 */
export function collectionFixtures(
  input: unknown,
  names: readonly string[],
  source: string,
): ReadonlyMap<string, readonly Readonly<Record<string, unknown>>[]> {
  const found = new Map<string, readonly Readonly<Record<string, unknown>>[]>();
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return found;
  const problems = new ProblemList();
  for (const name of names) {
    if (STORE_FILES.has(name) || !(name in input)) continue;
    const records: unknown = (input as Record<string, unknown>)[name];
    if (
      !Array.isArray(records) ||
      records.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))
    ) {
      problems.add(`${source} (${name})`, `the records of collection ${name} are a JSON array of objects`);
      continue;
    }
    found.set(name, records as Readonly<Record<string, unknown>>[]);
  }
  problems.throwIfAny();
  return found;
}
