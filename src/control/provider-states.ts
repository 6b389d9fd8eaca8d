/**
 * Pact provider states (docs/control-plane.md), one table entry per state: a template (parameters in braces, also accepted
 * written out: `a user with identifier ann exists`) and what it does to the freshly reset data. Each returns the
 * values a contract may use through `fromProviderState`.
 */
import type { Dataset, Workspace } from '../data/dataset.ts';
import { invalidRequest, unknownProviderState } from '../errors.ts';
import type { Hashing } from '../platform/platform.ts';
import type { User, UserStatus } from '../spec/types.ts';

export type StateValues = Record<string, unknown>;

/** Reads the data in force and replaces it. */
export interface StateTarget {
  readonly dataset: Dataset;
  /** The live users (a deleted user is not in `dataset`'s sense of the store). */
  liveUsers(): readonly User[];
  load(dataset: Dataset): void;
  deleteUser(id: string): boolean;
  /** The known accounts of docs/tokens.md, which the states keep. */
  readonly knownAccounts: readonly User[];
  /** A dataset from records, as `PUT /__admin/fixtures` builds one (throws on an invalid record). */
  datasetFromRecords(records: {
    readonly users: readonly unknown[];
    readonly workspaces: readonly Workspace[];
    readonly clients: Dataset['clients'];
  }): Dataset;
  readonly hashing: Hashing;
}

interface StateDefinition {
  readonly template: string;
  readonly run: (params: Readonly<Record<string, string>>, target: StateTarget) => StateValues;
}

export const PROVIDER_STATES: readonly StateDefinition[] = [
  { template: 'users exist', run: (_params, target) => ({ count: target.liveUsers().length }) },
  {
    template: 'no users exist',
    run: (_params, target) => {
      target.load(rebuild(target, [], []));
      return { count: target.liveUsers().length };
    },
  },
  {
    template: 'a user with identifier {identifier} exists',
    run: ({ identifier = '' }, target) => userValues(ensureUser(target, { identifier })),
  },
  {
    template: 'a user with id {id} exists',
    run: ({ id = '' }, target) => userValues(ensureUser(target, { id })),
  },
  {
    template: 'user {id} does not exist',
    run: ({ id = '' }, target) => {
      target.deleteUser(id);
      return { id };
    },
  },
  {
    template: '{count} users with status {status} exist',
    run: ({ count = '', status = '' }, target) => usersWithStatus(target, countOf(count), status),
  },
  {
    template: 'a workspace {workspace} with {count} members exists',
    run: ({ workspace = '', count = '' }, target) => workspaceWithMembers(target, workspace, countOf(count)),
  },
];

const PATTERNS = PROVIDER_STATES.map((definition) => {
  const names: string[] = [];
  const source = definition.template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return name === 'count' ? '(\\d+|\\{count\\})' : '(\\S+)';
    })
    .join('');
  // Written exactly as the template (case included), as spec/admin.yaml's patterns say. Built once from the fixed
  // templates above (literal parts escaped, each parameter one `\S+` or `\d+` between literals, so matching is
  // linear); a state a client sends is only ever matched, never compiled.
  return { definition, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * Applies a provider state to `target` (already reset) and returns its values. Parameters come from the state
 * text, or from `params` where the text keeps the placeholder. An unknown state is 400 naming the known ones.
 */
export function applyProviderState(
  state: string,
  params: Readonly<Record<string, unknown>>,
  target: StateTarget,
): StateValues {
  if (state.trim() === '') return {};
  for (const { definition, names, pattern } of PATTERNS) {
    const match = pattern.exec(state.trim());
    if (match === null) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const written = match[i + 1] ?? '';
      const given = params[name];
      values[name] = written === `{${name}}` ? paramText(given) : written;
      if (values[name] === '') throw invalidRequest(`provider state "${state}" needs the parameter ${name}`);
    });
    return definition.run(values, target);
  }
  const known = PROVIDER_STATES.map((s) => `"${s.template}"`).join(', ');
  throw unknownProviderState(`unknown provider state ${JSON.stringify(state)}; known states: ${known}`);
}

/** The most users a provider state creates: as many as the largest store the bench serves. */
const MAX_COUNT = 100_000;

/**
 * A `count` parameter: decimal digits up to MAX_COUNT. Given through `params` it may be anything; `abc` or `1e9`
 * must be a 400, not a state set up with NaN users or a server busy creating a billion.
 */
function countOf(text: string): number {
  const count = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(count <= MAX_COUNT)) {
    throw invalidRequest(
      `provider state parameter count must be a whole number from 0 to ${MAX_COUNT} (got ${JSON.stringify(text)})`,
    );
  }
  return count;
}

/** A provider-state parameter as text (Pact sends them as JSON values). */
function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function userValues(user: User): StateValues {
  return { id: user.id, identifier: user.identifier, email: user.email, name: user.name };
}

/** The user with this identifier or id, created (deterministically from the key) when absent. */
function ensureUser(target: StateTarget, key: { identifier?: string; id?: string }): User {
  const users = target.liveUsers();
  const existing = users.find((u) =>
    key.id !== undefined ? u.id.toLowerCase() === key.id.toLowerCase() : u.identifier === key.identifier,
  );
  if (existing !== undefined) return existing;
  const identifier =
    key.identifier ??
    `user-${(key.id ?? '')
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 12)
      .toLowerCase()}`;
  const user = newUser(
    target,
    identifier,
    emailsOf(users),
    key.id === undefined ? {} : { id: key.id.toLowerCase() },
  );
  target.load(rebuild(target, [...target.dataset.users, user], target.dataset.workspaces));
  return user;
}

function usersWithStatus(target: StateTarget, count: number, status: string): StateValues {
  const users = target.liveUsers();
  const fixed = users.filter((u) => u.status === status && isKnown(target, u));
  if (count < fixed.length) {
    throw invalidRequest(
      `${count} users with status ${status} cannot exist: ${fixed.length} known accounts have it`,
    );
  }
  const other: UserStatus = status === 'onboarding' ? 'inactive' : 'onboarding';
  let kept = fixed.length;
  const next: User[] = users.map((u) => {
    if (u.status !== status || isKnown(target, u)) return u;
    if (kept < count) {
      kept++;
      return u;
    }
    return { ...u, status: other };
  });
  const emails = emailsOf(next);
  for (let k = 0; kept < count; k++, kept++) {
    next.push({ ...newUser(target, `${status}-${k + 1}`, emails), status: status as UserStatus });
  }
  target.load(rebuild(target, next, target.dataset.workspaces));
  return {
    count,
    status,
    ids: target
      .liveUsers()
      .filter((u) => u.status === status)
      .map((u) => u.id),
  };
}

function workspaceWithMembers(target: StateTarget, workspace: string, count: number): StateValues {
  const users = [...target.liveUsers()];
  const emails = emailsOf(users);
  for (let k = 0; users.length < count; k++)
    users.push(newUser(target, `${workspace}-member-${k + 1}`, emails));
  const current = target.dataset.workspaces.find((w) => w.id === workspace);
  const live = new Set(users.map((u) => u.id));
  const members = (current?.members ?? []).filter((id) => live.has(id)).slice(0, count);
  const chosen = new Set(members);
  for (const user of users) {
    if (members.length >= count) break;
    if (!chosen.has(user.id)) members.push(user.id);
  }
  const updated: Workspace = { id: workspace, name: current?.name ?? workspace, members };
  const workspaces = [...target.dataset.workspaces.filter((w) => w.id !== workspace), updated];
  target.load(rebuild(target, users, workspaces));
  return { workspace, count, members };
}

function emailsOf(users: readonly User[]): Set<string> {
  return new Set(users.map((u) => u.email.toLowerCase()));
}

function isKnown(target: StateTarget, user: User): boolean {
  return target.knownAccounts.some((k) => k.id === user.id);
}

/** A new active saas_user whose id, email and timestamps derive from `identifier` alone. */
function newUser(
  target: StateTarget,
  identifier: string,
  emails: Set<string>,
  overrides: Partial<User> = {},
): User {
  const adminId = target.knownAccounts.find((u) => u.user_type === 'saas_admin')?.id;
  let email = `${identifier}@example.com`;
  for (let k = 2; emails.has(email); k++) email = `${identifier}.${k}@example.com`;
  // The caller's set grows with each new user: making N users costs O(N), not O(N²).
  emails.add(email);
  return {
    id: uuidFrom(target.hashing, identifier),
    identifier,
    name: identifier
      .split(/[._-]+/)
      .filter((w) => w !== '')
      .map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`)
      .join(' '),
    email,
    user_type: 'saas_user',
    status: 'active',
    created_at: '2025-12-31T00:00:00.000Z',
    updated_at: '2025-12-31T00:00:00.000Z',
    ...(adminId === undefined ? {} : { created_by: adminId, updated_by: adminId }),
    ...overrides,
  };
}

/** A version-4-shaped uuid from a hash of `text`, so a state creates the same user on every run. */
function uuidFrom(hashing: Hashing, text: string): string {
  const hex = hexOfBase64url(hashing.sha256(`provider-state:${text}`));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Hex digits of base64url `text`. */
function hexOfBase64url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  let hex = '';
  for (let i = 0; i < binary.length; i++) hex += binary.charCodeAt(i).toString(16).padStart(2, '0');
  return hex;
}

/** The dataset with these users and workspaces; a parameter that makes an invalid record is 400, not 500. */
function rebuild(target: StateTarget, users: readonly User[], workspaces: readonly Workspace[]): Dataset {
  const { dataset } = target;
  const live = new Set(users.map((u) => u.id));
  try {
    return target.datasetFromRecords({
      users: users.map((u) => {
        const password = dataset.passwords.get(u.id);
        return password === undefined ? u : { ...u, password };
      }),
      workspaces: workspaces.map((w) => ({ ...w, members: w.members.filter((id) => live.has(id)) })),
      clients: dataset.clients,
    });
  } catch (error) {
    // An invalid record (`FixtureError`) made from the state's parameters is the caller's mistake.
    if (error instanceof Error && error.name === 'FixtureError') throw invalidRequest(error.message);
    throw error;
  }
}
