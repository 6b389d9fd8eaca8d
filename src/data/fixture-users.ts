/**
 * User records of fixture data: each checked against the spec's User schema, then as a set (unique id,
 * identifier and email; `created_by`/`updated_by` naming users of the dataset), with the known accounts of
 * docs/tokens.md added when the fixture lacks them.
 */
import type { User } from '../spec/types.ts';
import { DEFAULT_PASSWORD } from './dataset.ts';
import { kindOf, recordLabel } from './fixture-error.ts';
import type { ProblemList } from './fixture-error.ts';
import { freezeUser } from './freeze.ts';
import { KNOWN_ACCOUNTS } from './known-accounts.ts';
import { checkUserRecord } from './user-schema.ts';

export interface FixtureUsers {
  /** Known accounts first (the fixture's version when it has one), then the fixture's users in file order. */
  readonly users: readonly User[];
  readonly passwords: ReadonlyMap<string, string>;
  /** The known accounts the fixture lacked, added from `fixtures/known-accounts.json`. */
  readonly addedKnown: readonly User[];
}

interface Entry {
  readonly user: User;
  readonly password: string;
  /** Full location for messages: `users.json: record 3 (id "…")`. */
  readonly where: string;
  /** Short name for "already used by …": `record 3`. */
  readonly name: string;
}

/**
 * Checks `value` (a JSON array of User records, each optionally with a `password`) and completes it with the
 * known accounts. Problems go to `problems`, each naming `source` and the record.
 *
 * @example
 * const problems = new ProblemList();
 * const { users, passwords } = parseFixtureUsers(JSON.parse(text), 'fixtures/small/users.json', problems);
 * problems.throwIfAny();
 */
export function parseFixtureUsers(value: unknown, source: string, problems: ProblemList): FixtureUsers {
  if (!Array.isArray(value)) {
    problems.add(source, `expected a JSON array of User records (got ${kindOf(value)})`);
    return { users: [], passwords: new Map(), addedKnown: [] };
  }
  const entries = value.flatMap(
    (record: unknown, index) => parseRecord(record, index, source, problems) ?? [],
  );
  const claimed = new Map<string, Entry>();
  const others: Entry[] = [];
  for (const entry of entries) {
    const known = claimKnownAccount(entry, problems);
    if (known === MISMATCH) continue;
    if (known !== undefined && !claimed.has(known.id)) claimed.set(known.id, entry);
    else others.push(entry);
  }
  const addedKnown = KNOWN_ACCOUNTS.users.filter((known) => !claimed.has(known.id));
  const all = [
    ...KNOWN_ACCOUNTS.users.map(
      (known): Entry =>
        claimed.get(known.id) ?? {
          user: known,
          password: DEFAULT_PASSWORD,
          where: `known account ${known.email}`,
          name: `known account ${known.email}`,
        },
    ),
    ...others,
  ];
  checkUnique(all, problems);
  checkReferences(all, problems);
  return {
    users: all.map((entry) => entry.user),
    passwords: new Map(
      all
        .filter((entry) => entry.password !== DEFAULT_PASSWORD)
        .map((entry) => [entry.user.id, entry.password]),
    ),
    addedKnown,
  };
}

function parseRecord(
  record: unknown,
  index: number,
  source: string,
  problems: ProblemList,
): Entry | undefined {
  const where = recordLabel(source, index, record);
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    problems.add(where, `expected a User object (got ${kindOf(record)})`);
    return undefined;
  }
  const password: unknown = Reflect.get(record, 'password');
  if (password !== undefined && (typeof password !== 'string' || password === '')) {
    problems.add(where, `password must be a non-empty string (got ${kindOf(password)})`);
  }
  const check = checkUserRecord(
    Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'password')),
  );
  if (!check.ok) {
    for (const problem of check.problems) problems.add(where, problem);
    return undefined;
  }
  return {
    user: freezeUser(check.user),
    password: typeof password === 'string' && password !== '' ? password : DEFAULT_PASSWORD,
    where,
    name: `record ${index}`,
  };
}

/** A record that claims a known account inconsistently: already reported, left out of further checks. */
const MISMATCH = Symbol('mismatch');

/** The known account `entry` stands for, if any; MISMATCH (and a problem) when it contradicts it. */
function claimKnownAccount(entry: Entry, problems: ProblemList): User | typeof MISMATCH | undefined {
  const { user } = entry;
  const byId = KNOWN_ACCOUNTS.users.find((known) => sameKey(known.id, user.id));
  const byEmail = KNOWN_ACCOUNTS.users.find((known) => sameKey(known.email, user.email));
  const known = byId ?? byEmail;
  if (known === undefined) return undefined;
  if (byId !== byEmail) {
    const other = byEmail ?? known;
    problems.add(
      entry.where,
      byEmail === undefined
        ? `id "${user.id}" is the known account ${known.email}'s (docs/tokens.md), so the email must be "${known.email}" (got "${user.email}")`
        : `email "${user.email}" belongs to the known account "${other.identifier}" (docs/tokens.md), whose id is "${other.id}"; use that id, or another email`,
    );
    return MISMATCH;
  }
  if (user.identifier !== known.identifier || user.user_type !== known.user_type) {
    problems.add(
      entry.where,
      `the known account ${known.email} (docs/tokens.md) must keep identifier "${known.identifier}" and user_type "${known.user_type}" (got "${user.identifier}", "${user.user_type}")`,
    );
    return MISMATCH;
  }
  return known;
}

function checkUnique(entries: readonly Entry[], problems: ProblemList): void {
  for (const field of ['id', 'identifier', 'email'] as const) {
    const firstUse = new Map<string, Entry>();
    for (const entry of entries) {
      const value = entry.user[field];
      // uuids and emails name the same thing whatever their case.
      const key = field === 'identifier' ? value : value.toLowerCase();
      const first = firstUse.get(key);
      if (first === undefined) {
        firstUse.set(key, entry);
        continue;
      }
      const caseNote =
        first.user[field] === value ? '' : ` as "${first.user[field]}" (compared case-insensitively)`;
      problems.add(entry.where, `${field} "${value}" is already used by ${first.name}${caseNote}`);
    }
  }
}

function checkReferences(entries: readonly Entry[], problems: ProblemList): void {
  const ids = new Set(entries.map((entry) => entry.user.id.toLowerCase()));
  for (const entry of entries) {
    for (const field of ['created_by', 'updated_by'] as const) {
      const id = entry.user[field];
      if (id !== undefined && !ids.has(id.toLowerCase())) {
        problems.add(
          entry.where,
          `${field} "${id}" is not the id of a user of this dataset (known accounts included)`,
        );
      }
    }
  }
}

function sameKey(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
