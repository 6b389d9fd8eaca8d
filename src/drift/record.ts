/**
 * `--record FILE` of the proxy (docs/drift.md): the users seen in the service's list answers, merged by id, written
 * as a fixtures file that `--fixtures FILE` loads as it is. Names, emails and identifiers are replaced by stand-ins
 * keyed by each user's id (`anonymise.ts`) unless PII is kept; the known accounts keep their documented records;
 * `created_by`/`updated_by` that name a user not recorded are left out (fixtures may only name their own users);
 * a record the spec's User schema refuses, or that repeats an identifier or email, is skipped and counted.
 */
import type { User } from '../spec/types.ts';
import { standIn, type StandIn } from './anonymise.ts';

/** Users kept at most; more are counted, not kept (the proxy's memory stays bounded). */
export const MAX_RECORDED_USERS = 100_000;

export interface RecorderOptions {
  /** The documented known accounts (docs/tokens.md): a recorded user with one of their emails or ids is that account. */
  readonly known: readonly User[];
  /** The spec's User schema check (what `--fixtures` applies). */
  readonly check: (record: unknown) => { readonly ok: boolean };
  readonly capacity?: number;
}

export interface RecordedFixtures {
  /** Known accounts first, then the others by id. */
  readonly users: readonly Readonly<Record<string, unknown>>[];
  /** Records left out: refused by the User schema, or repeating an identifier or email. */
  readonly skipped: number;
  /** Users seen beyond the capacity, not kept. */
  readonly overflow: number;
}

const REFERENCES = ['created_by', 'updated_by'] as const;

export class UserRecorder {
  readonly #users = new Map<string, Readonly<Record<string, unknown>>>();
  readonly #options: RecorderOptions;
  readonly #capacity: number;
  #overflow = 0;

  constructor(options: RecorderOptions) {
    this.#options = options;
    this.#capacity = options.capacity ?? MAX_RECORDED_USERS;
  }

  /** Records the items of a list answer; a user seen again is merged (later fields win). */
  add(items: readonly unknown[]): void {
    for (const item of items) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
      const record = item as Readonly<Record<string, unknown>>;
      const id = record.id;
      if (typeof id !== 'string') continue;
      const key = id.toLowerCase();
      const known = this.#users.get(key);
      if (known === undefined && this.#users.size >= this.#capacity) {
        this.#overflow++;
        continue;
      }
      this.#users.set(key, { ...known, ...record });
    }
  }

  /** Users recorded so far. */
  get size(): number {
    return this.#users.size;
  }

  /** The fixtures file's records: stand-ins for PII unless `keepPii`. */
  fixtures(keepPii: boolean): RecordedFixtures {
    const { known } = this.#options;
    const knownOf = (record: Readonly<Record<string, unknown>>): User | undefined =>
      known.find(
        (account) =>
          sameText(account.id, record.id) ||
          (typeof record.email === 'string' && sameText(account.email, record.email)),
      );
    const taken = {
      identifier: new Set(known.map((u) => u.identifier)),
      email: new Set(known.map((u) => u.email.toLowerCase())),
    };
    let skipped = 0;
    // Recorded ids → the ids they have in the fixtures (a known account takes its documented id).
    const ids = new Map<string, string>(known.map((account) => [account.id.toLowerCase(), account.id]));
    const accepted: Record<string, unknown>[] = [];
    const sorted = [...this.#users.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key, record] of sorted) {
      const account = knownOf(record);
      if (account !== undefined) {
        ids.set(key, account.id);
        continue;
      }
      const user: Record<string, unknown> = { ...record };
      if (!keepPii) Object.assign(user, unique(standIn(String(record.id)), taken));
      const identifier = typeof user.identifier === 'string' ? user.identifier : '';
      const email = typeof user.email === 'string' ? user.email.toLowerCase() : '';
      if (!this.#options.check(user).ok || taken.identifier.has(identifier) || taken.email.has(email)) {
        skipped++;
        continue;
      }
      taken.identifier.add(identifier);
      taken.email.add(email);
      ids.set(key, String(record.id));
      accepted.push(user);
    }
    // References to users that are not in the file are left out: fixtures may only name their own users.
    const resolved = accepted.map((user) =>
      Object.fromEntries(
        Object.entries(user).flatMap(([field, value]): [string, unknown][] => {
          if (!(REFERENCES as readonly string[]).includes(field)) return [[field, value]];
          const mapped = typeof value === 'string' ? ids.get(value.toLowerCase()) : undefined;
          return mapped === undefined ? [] : [[field, mapped]];
        }),
      ),
    );
    const out: Readonly<Record<string, unknown>>[] = [...known, ...resolved];
    return { users: out, skipped, overflow: this.#overflow };
  }
}

/** `stand`, with a number after its identifier (and so its email) in the rare case that one is taken. */
function unique(
  stand: StandIn,
  taken: { readonly identifier: ReadonlySet<string>; readonly email: ReadonlySet<string> },
): StandIn {
  const [local = '', domain = ''] = stand.email.split('@');
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : String(n);
    const identifier = `${stand.identifier}${suffix}`;
    const email = `${local}${suffix}@${domain}`;
    if (!taken.identifier.has(identifier) && !taken.email.has(email))
      return { name: stand.name, identifier, email };
  }
}

function sameText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
