/**
 * The faker users of a seeded dataset, drawn user after user from one randomizer. Draws are kept as numbers
 * first, then uuids and timestamps are formatted in bulk (`bulk-format.ts`) and the records assembled.
 */
import type { User, UserStatus, UserType } from '../spec/types.ts';
import { isoTimestamps, uuidStrings } from './bulk-format.ts';
import { IdentifierAllocator, fitIdentifierBase } from './identifier.ts';
import { LOCALE_WEIGHTS, namePools } from './name-pool.ts';
import type { NamePool } from './name-pool.ts';
import { at } from './seed-random.ts';
import { STEP_UNITS, type Steps } from './sliced-work.ts';
import type { RandomDraws } from './seed-random.ts';

const USER_TYPE_WEIGHTS: Readonly<Record<UserType, number>> = {
  saas_user: 85,
  saas_user_client: 11,
  saas_admin: 4,
};
const STATUS_WEIGHTS: Readonly<Record<UserStatus, number>> = {
  active: 70,
  onboarding: 10,
  inactive: 8,
  suspended: 5,
  risky: 7,
};
const DOMAIN_WEIGHTS = {
  'example.com': 40,
  'example.org': 20,
  'example.net': 15,
  'acme.test': 10,
  'globex.test': 8,
  'initech.test': 7,
};
const MEMBERSHIP_COUNT_WEIGHTS = { '1': 60, '2': 30, '3': 10 };
const MAX_MEMBERSHIPS = 3;
/** Percent of users never edited since creation (updated_at = created_at). */
const NEVER_UPDATED_PERCENT = 25;
/** Every 100th user takes the created_at of an earlier one, so sorts must break ties by id (docs/users.md). */
const SHARED_TIMESTAMP_EVERY = 100;
const UINT32_MAX = 0xffff_ffff;

export interface SeedContext {
  /** Users are created in (start, end]; end is the reference date (epoch milliseconds). */
  readonly start: number;
  readonly end: number;
  /** The users before the drawn ones (the known accounts): identifiers taken, admins available as creators. */
  readonly existing: readonly User[];
  /** Relative size of each workspace. */
  readonly workspaceSizes: readonly number[];
}

export interface SeededUsers {
  readonly users: readonly User[];
  /** Ids of the drawn users in each workspace (by position in `workspaceSizes`), in user order. */
  readonly members: readonly (readonly string[])[];
  /** The same members as positions in the dataset's users (the existing ones first). */
  readonly memberSlots: readonly (readonly number[])[];
  /** Each drawn user's `created_at` and `updated_at` in epoch milliseconds. */
  readonly createdMs: Float64Array;
  readonly updatedMs: Float64Array;
}

/**
 * Draws `count` frozen users in steps of STEP_UNITS users (`sliced-work.ts`). Same randomizer state and arguments, same
 * users, drawn in the same order.
 */
export function* seedUsersSteps(draws: RandomDraws, count: number, context: SeedContext): Steps<SeededUsers> {
  const drawn = yield* drawColumns(draws, count, context);
  const existingIds = context.existing.map((user) => user.id);
  const ids = [...existingIds];
  const createdAt: string[] = [];
  const updatedAt: string[] = [];
  for (let from = 0; from < count; from += STEP_UNITS) {
    const to = Math.min(count, from + STEP_UNITS);
    ids.push(...uuidStrings(drawn.uuidWords.subarray(from * 4, to * 4)));
    createdAt.push(...isoTimestamps(drawn.created.subarray(from, to)));
    updatedAt.push(...isoTimestamps(drawn.updated.subarray(from, to)));
    yield;
  }
  const identifiers = new IdentifierAllocator(context.existing.map((user) => user.identifier));
  const users: User[] = [];
  const members: string[][] = context.workspaceSizes.map(() => []);
  const memberSlots: number[][] = context.workspaceSizes.map(() => []);
  for (let index = 0; index < count; index++) {
    if (index % STEP_UNITS === STEP_UNITS - 1) yield;
    const pool = at(drawn.pools, index);
    const first = at(drawn.firstNames, index);
    const last = at(drawn.lastNames, index);
    const identifier = identifiers.allocate(
      fitIdentifierBase(`${at(pool.firstWords, first)}.${at(pool.lastWords, last)}`),
    );
    const id = at(ids, existingIds.length + index);
    users.push(
      Object.freeze({
        id,
        identifier,
        name: `${at(pool.firstNames, first)} ${at(pool.lastNames, last)}`,
        email: `${identifier}@${at(drawn.domains, index)}`,
        user_type: at(drawn.userTypes, index),
        status: at(drawn.statuses, index),
        created_at: at(createdAt, index),
        updated_at: at(updatedAt, index),
        created_by: at(ids, at(drawn.createdBy, index)),
        updated_by: at(ids, at(drawn.updatedBy, index)),
      }),
    );
    for (let slot = index * MAX_MEMBERSHIPS; slot < (index + 1) * MAX_MEMBERSHIPS; slot++) {
      const position = at(drawn.workspaces, slot);
      if (position >= 0) {
        at(members, position).push(id);
        at(memberSlots, position).push(existingIds.length + index);
      }
    }
  }
  return { users, members, memberSlots, createdMs: drawn.created, updatedMs: drawn.updated };
}

/** Every random choice for the drawn users, one column per field. */
interface DrawnColumns {
  /** Four 32-bit words per user, for uuidStrings. */
  readonly uuidWords: Uint32Array;
  readonly pools: readonly NamePool[];
  /** Indexes into the user's pool. */
  readonly firstNames: Uint32Array;
  readonly lastNames: Uint32Array;
  readonly domains: readonly string[];
  readonly userTypes: readonly UserType[];
  readonly statuses: readonly UserStatus[];
  /** Epoch milliseconds. */
  readonly created: Float64Array;
  readonly updated: Float64Array;
  /** Positions in the dataset's users (existing ones first) of each creator and last editor. */
  readonly createdBy: Uint32Array;
  readonly updatedBy: Uint32Array;
  /** MAX_MEMBERSHIPS slots per user: workspace positions, -1 for none. */
  readonly workspaces: Int8Array;
}

/** Every random choice, user after user, so the first N users of a seed are the same whatever the count. */
function* drawColumns(draws: RandomDraws, count: number, context: SeedContext): Steps<DrawnColumns> {
  const { start, end, existing } = context;
  const locale = draws.weighted(LOCALE_WEIGHTS);
  const userType = draws.weighted(USER_TYPE_WEIGHTS);
  const status = draws.weighted(STATUS_WEIGHTS);
  const domain = draws.weighted(DOMAIN_WEIGHTS);
  const membershipCount = draws.weighted(MEMBERSHIP_COUNT_WEIGHTS);
  const workspace = draws.weighted(
    Object.fromEntries(context.workspaceSizes.map((size, position) => [String(position), size])),
  );
  const knownAdmin = existing.findIndex((user) => user.user_type === 'saas_admin');
  if (knownAdmin < 0) throw new Error('seedUsers needs an existing saas_admin to create users');
  // Creators and editors are admins who existed at the time; the known admin, created at `start`, always did.
  const admins: { position: number; created: number }[] = [{ position: knownAdmin, created: start }];
  const adminBefore = (time: number): number => {
    const admin = at(admins, draws.index(admins.length));
    return admin.created < time ? admin.position : knownAdmin;
  };
  const pools: NamePool[] = [];
  const domains: string[] = [];
  const userTypes: UserType[] = [];
  const statuses: UserStatus[] = [];
  const columns: DrawnColumns = {
    uuidWords: new Uint32Array(count * 4),
    pools,
    firstNames: new Uint32Array(count),
    lastNames: new Uint32Array(count),
    domains,
    userTypes,
    statuses,
    created: new Float64Array(count),
    updated: new Float64Array(count),
    createdBy: new Uint32Array(count),
    updatedBy: new Uint32Array(count),
    workspaces: new Int8Array(count * MAX_MEMBERSHIPS).fill(-1),
  };
  const localePools = namePools();
  for (let index = 0; index < count; index++) {
    if (index % STEP_UNITS === STEP_UNITS - 1) yield;
    for (let word = 0; word < 4; word++) columns.uuidWords[index * 4 + word] = draws.int(0, UINT32_MAX);
    const pool = localePools[locale()];
    pools.push(pool);
    columns.firstNames[index] = draws.index(pool.firstNames.length);
    columns.lastNames[index] = draws.index(pool.lastNames.length);
    domains.push(domain());
    const type = userType();
    userTypes.push(type);
    statuses.push(status());
    const created =
      index % SHARED_TIMESTAMP_EVERY === SHARED_TIMESTAMP_EVERY - 1
        ? at(columns.created, draws.index(index))
        : // sqrt skews sign-ups towards recent months, as a growing service sees.
          start + 1 + Math.floor(Math.sqrt(draws.fraction()) * (end - start - 1));
    const updated = draws.int(0, 99) < NEVER_UPDATED_PERCENT ? created : draws.int(created, end);
    columns.created[index] = created;
    columns.updated[index] = updated;
    const createdBy = adminBefore(created);
    columns.createdBy[index] = createdBy;
    columns.updatedBy[index] = updated === created ? createdBy : adminBefore(updated);
    const first = index * MAX_MEMBERSHIPS;
    for (let next = first, wanted = first + Number(membershipCount()); next < wanted;) {
      const position = Number(workspace());
      if (!isTaken(columns.workspaces, first, next, position)) columns.workspaces[next++] = position;
    }
    if (type === 'saas_admin') admins.push({ position: existing.length + index, created });
  }
  return columns;
}

function isTaken(slots: Int8Array, from: number, to: number, position: number): boolean {
  for (let slot = from; slot < to; slot++) if (slots[slot] === position) return true;
  return false;
}
