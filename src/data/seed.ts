/**
 * Seeded faker users and workspaces (docs/running.md, docs/access.md): the same `{ seed, users }` gives byte-identical data on
 * any machine. One Faker instance per call holds all randomness; dates count back from REFERENCE_DATE, never
 * from "now".
 */
import { Faker, base, en, generateMersenne53Randomizer } from './faker.ts';
import type { User } from '../spec/types.ts';
import { DEFAULT_CLIENTS } from './clients.ts';
import type { Dataset, Workspace } from './dataset.ts';
import { KNOWN_ACCOUNTS } from './known-accounts.ts';
import { seedUsersSteps } from './seed-users.ts';
import { keepMemberSlots, keepUserTimes } from './kept-columns.ts';
import { runToEnd, type Steps } from './sliced-work.ts';
import { RandomDraws, at } from './seed-random.ts';

/** The instant seeded timestamps count back from: users are created in the three years before it. */
export const REFERENCE_DATE = new Date('2026-01-01T00:00:00.000Z');
const HISTORY_YEARS = 3;
/** Relative sizes of ws-01 … ws-10: a few large workspaces and a tail of small ones. */
const WORKSPACE_SIZES = [20, 16, 13, 11, 9, 8, 7, 6, 5, 5];

export interface SeedOptions {
  /** Faker seed: a non-negative safe integer. */
  readonly seed: number;
  /** How many faker users to make; the three known accounts come on top. */
  readonly users: number;
}

/**
 * Makes `users` faker users after the known accounts, ten workspaces (`ws-01` … `ws-10`) with every user in 1–3
 * of them, the clients of `fixtures/clients.json`, and the default password for everyone. Deterministic in
 * `options`; everything returned is frozen.
 *
 * @example
 * const dataset = seedDataset({ seed: 42, users: 200 });
 * dataset.users.length; // 203
 */
export function seedDataset(options: SeedOptions): Dataset {
  return runToEnd(seedDatasetSteps(options));
}

/** `seedDataset` in steps (`sliced-work.ts`), for building a large dataset without blocking the event loop. */
export function* seedDatasetSteps(options: SeedOptions): Steps<Dataset> {
  const { seed, users: count } = options;
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed must be a non-negative integer (got ${seed})`);
  }
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`users must be a non-negative integer (got ${count})`);
  }
  const randomizer = generateMersenne53Randomizer(seed);
  const faker = new Faker({ locale: [en, base], randomizer });

  const known = KNOWN_ACCOUNTS.users;
  const workspaceIds = WORKSPACE_SIZES.map((_, index) => `ws-${String(index + 1).padStart(2, '0')}`);
  const workspaceNames = uniqueCompanyNames(faker, workspaceIds.length);
  const start = new Date(REFERENCE_DATE);
  start.setUTCFullYear(start.getUTCFullYear() - HISTORY_YEARS);
  const seeded = yield* seedUsersSteps(new RandomDraws(randomizer), count, {
    start: start.getTime(),
    end: REFERENCE_DATE.getTime(),
    existing: known,
    workspaceSizes: WORKSPACE_SIZES,
  });
  // `concat` copies in bulk; a step between the copies keeps each one short at a million users.
  const users: User[] = known.concat(seeded.users);
  yield;
  const times = { createdMs: new Float64Array(users.length), updatedMs: new Float64Array(users.length) };
  for (const [index, user] of known.entries()) {
    times.createdMs[index] = Date.parse(user.created_at);
    times.updatedMs[index] = Date.parse(user.updated_at);
  }
  times.createdMs.set(seeded.createdMs, known.length);
  times.updatedMs.set(seeded.updatedMs, known.length);
  const members: string[][] = [];
  const memberSlots: number[][] = [];
  for (const [position, id] of workspaceIds.entries()) {
    const knownSlots = [...known.keys()].filter((slot) =>
      KNOWN_ACCOUNTS.memberships.get(at(known, slot).id)?.includes(id),
    );
    members.push(knownSlots.map((slot) => at(known, slot).id).concat(at(seeded.members, position)));
    memberSlots.push(knownSlots.concat(at(seeded.memberSlots, position)));
    yield;
  }

  const workspaces: Workspace[] = workspaceIds.map((id, index) =>
    Object.freeze({ id, name: at(workspaceNames, index), members: Object.freeze(at(members, index)) }),
  );
  // Everyone has DEFAULT_PASSWORD: the map lists only users with another one (none here).
  const passwords = new Map<string, string>();
  Object.freeze(users);
  keepUserTimes(users, times);
  Object.freeze(workspaces);
  keepMemberSlots(workspaces, users, memberSlots);
  return Object.freeze({
    users,
    passwords,
    workspaces,
    clients: DEFAULT_CLIENTS,
  });
}

function uniqueCompanyNames(faker: Faker, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(faker.company.name());
  return [...names];
}
