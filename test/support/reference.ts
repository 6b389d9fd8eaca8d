/**
 * A plain reference implementation of GET /users (docs/users.md and docs/access.md), written from the rules and nothing else:
 * brute force over every user, no indexes, no caches. HTTP tests compare the mock's answers with it.
 */
import type { Workspace } from '../../src/data/dataset.ts';
import type { User } from '../../src/spec/types.ts';

export const SORT_FIELDS = [
  'id',
  'identifier',
  'name',
  'email',
  'user_type',
  'status',
  'created_at',
  'updated_at',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const USER_TYPES = ['saas_admin', 'saas_user', 'saas_user_client'] as const;
export const STATUSES = ['active', 'onboarding', 'inactive', 'suspended', 'risky'] as const;
export const DATE_PARAMS = ['created_at_from', 'created_at_to', 'updated_at_from', 'updated_at_to'] as const;
export const UUID_PARAMS = ['id', 'created_by', 'updated_by'] as const;

/** Every query parameter of GET /users. */
export const QUERY_PARAMS = [
  'sort_by',
  'sort_order',
  ...UUID_PARAMS,
  'user_type',
  'status',
  ...DATE_PARAMS,
  'search',
  'page',
  'page_size',
] as const;
export type QueryParam = (typeof QUERY_PARAMS)[number];

const TIME_FIELDS: ReadonlySet<string> = new Set(['created_at', 'updated_at']);

/** The order of strings: case- and accent-insensitive (docs/users.md). */
export const COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });

/** Ties always break by `id` ascending, by code point. */
export function compareIds(a: User, b: User): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function fieldText(user: User, field: SortField): string {
  return user[field];
}

/** The comparator of `sort_by=field&sort_order=order`: the field in that direction, then id ascending. */
export function comparator(field: SortField, order: SortOrder): (a: User, b: User) => number {
  const sign = order === 'asc' ? 1 : -1;
  const primary = TIME_FIELDS.has(field)
    ? (a: User, b: User) => Date.parse(fieldText(a, field)) - Date.parse(fieldText(b, field))
    : (a: User, b: User) => COLLATOR.compare(fieldText(a, field), fieldText(b, field));
  return (a, b) => sign * Math.sign(primary(a, b)) || compareIds(a, b);
}

/** `users` sorted by `field` / `order` (a copy). */
export function sortUsers(users: readonly User[], field: SortField, order: SortOrder): User[] {
  return [...users].sort(comparator(field, order));
}

// --- Row-level access (docs/access.md) ----------------------------------------------------------------------------

/** The users `viewer` may see: everyone for saas_admin, co-members and self for saas_user, self for a client. */
export function visibleTo(users: readonly User[], workspaces: readonly Workspace[], viewer: User): User[] {
  if (viewer.user_type === 'saas_admin') return [...users];
  if (viewer.user_type === 'saas_user_client') return users.filter((u) => u.id === viewer.id);
  const mine = workspaces.filter((w) => w.members.includes(viewer.id));
  return users.filter((u) => u.id === viewer.id || mine.some((w) => w.members.includes(u.id)));
}

// --- Values ---------------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time (§5.6; a space for `T` as its note allows) as epoch milliseconds, rounded up to the next
 * millisecond when it has finer digits, so that `t >= bound` and `t < bound` are exact for millisecond instants.
 * A leap second (`:60`, only at 23:59 UTC) is the first instant of the next minute.
 */
export function parseRfc3339(text: string): number | undefined {
  const m = DATE_TIME.exec(text);
  if (m === null) return undefined;
  const n = (i: number): number => Number(m[i] ?? '0');
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const offsetHours = n(9);
  const offsetMinutes = n(10);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  // RFC 3339 §5.7: leap seconds are inserted at the end of a UTC day, 23:59:60Z in any offset.
  if (second === 60 && (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 !== 1439) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const fraction = m[7] ?? '';
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const finer = /[1-9]/.test(fraction.slice(3)) ? 1 : 0;
  return date.getTime() + millis + finer - offset * 60_000;
}

// --- Search (docs/users.md; the rules as written in the JSDoc of src/users/search.ts) --------------------------

/** Case and accents removed: NFD, combining marks dropped, lower case, whitespace runs made one space. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

/** The terms of a search value: trimmed, folded, control/format characters removed, split, deduplicated. */
export function searchTerms(value: string): string[] {
  const cleaned = fold(value.trim()).replace(/[\p{Cc}\p{Cf}]/gu, '');
  return [...new Set(cleaned.split(/\s+/).filter((term) => term !== ''))];
}

/** Whether a search value is accepted: 1–100 characters (code points) once trimmed, and some term left. */
export function isValidSearch(value: string): boolean {
  const length = value.trim().match(/[\s\S]/gu)?.length ?? 0; // code points
  return length >= 1 && length <= 100 && searchTerms(value).length > 0;
}

type Doc = readonly string[];

function docOf(user: User): Doc {
  return [user.id, user.identifier, user.name, user.email].map(fold);
}

function words(field: string): string[] {
  return field.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** Optimal string alignment distance over UTF-16 units, by the textbook dynamic programme. */
export function osaDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const up = d[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (up[j] ?? Infinity) + 1,
        (row[j - 1] ?? Infinity) + 1,
        (up[j - 1] ?? Infinity) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (d[i - 2]?.[j - 2] ?? Infinity) + 1);
      }
      row.push(best);
    }
    d.push(row);
  }
  return d[a.length]?.[b.length] ?? Infinity;
}

/** The id matches as its whole value or a prefix of 8+ units; identifier, name and email by substring or one edit. */
function termMatches([id = '', ...text]: Doc, term: string): boolean {
  if (id === term || (term.length >= 8 && id.startsWith(term))) return true;
  if (text.some((field) => field.includes(term))) return true;
  return term.length >= 4 && text.some((field) => words(field).some((word) => osaDistance(term, word) <= 1));
}

function termTier(doc: Doc, term: string): number {
  if (doc.some((field) => field === term)) return 0;
  const [id = '', ...text] = doc;
  if (term.length >= 8 && id.startsWith(term)) return 1;
  const atWordStart = (field: string, p: number): boolean =>
    p === 0 || !/[\p{L}\p{N}]$/u.test(field.slice(0, p));
  const positions = (field: string): number[] => {
    const found: number[] = [];
    for (let p = field.indexOf(term); p >= 0; p = field.indexOf(term, p + 1)) found.push(p);
    return found;
  };
  if (text.some((field) => positions(field).some((p) => atWordStart(field, p)))) return 1;
  if (text.some((field) => field.includes(term))) return 2;
  return 3;
}

/** Whether `user` matches every term. */
export function matchesSearch(user: User, terms: readonly string[]): boolean {
  const doc = docOf(user);
  return terms.every((term) => termMatches(doc, term));
}

/** Ranking tier of a matching user: 0 exact, 1 prefix, 2 substring, 3 fuzzy. */
export function searchTier(user: User, terms: readonly string[]): number {
  const doc = docOf(user);
  if (doc.some((field) => field === terms.join(' '))) return 0;
  return Math.max(0, ...terms.map((term) => termTier(doc, term)));
}

/** Search results in ranked order: tier, then created_at, then id. */
export function rankUsers(users: readonly User[], terms: readonly string[]): User[] {
  const byTime = comparator('created_at', 'asc');
  return users
    .filter((u) => matchesSearch(u, terms))
    .map((user) => ({ user, tier: searchTier(user, terms) }))
    .sort((a, b) => a.tier - b.tier || byTime(a.user, b.user))
    .map(({ user }) => user);
}

// --- The whole query ------------------------------------------------------------------------------------------

/** A query as the server decodes it: one string per parameter (repeats are the caller's to reject). */
export type DecodedQuery = Readonly<Partial<Record<QueryParam, string>>>;

export type ReferenceResult =
  | { readonly valid: false; readonly problems: readonly string[]; readonly reason: string }
  | {
      readonly valid: true;
      readonly users: readonly User[];
      readonly page: number;
      readonly pageSize: number;
    };

/** An integer of the query: decimal digits only (`0x2`, `1e1`, ` 2`, `2.0` are refused, as the mock does). */
function integerIn(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * Runs a decoded query over `users` (already restricted to what the caller sees): every matching user in the
 * order of the response, or every reason the query is refused (`invalid_range` ones say so).
 */
export function runQuery(users: readonly User[], query: DecodedQuery): ReferenceResult {
  const problems: string[] = [];
  const oneOf = (name: QueryParam, allowed: readonly string[]): void => {
    const value = query[name];
    if (value !== undefined && !allowed.includes(value)) problems.push(name);
  };
  for (const [name, value] of Object.entries(query)) if (value === '') problems.push(`${name} is empty`);
  oneOf('sort_by', SORT_FIELDS);
  oneOf('sort_order', SORT_ORDERS);
  oneOf('user_type', USER_TYPES);
  oneOf('status', STATUSES);
  for (const name of UUID_PARAMS) {
    const value = query[name];
    if (value !== undefined && !isUuid(value)) problems.push(name);
  }
  const bounds: Partial<Record<(typeof DATE_PARAMS)[number], number>> = {};
  for (const name of DATE_PARAMS) {
    const value = query[name];
    if (value === undefined) continue;
    const ms = parseRfc3339(value);
    if (ms === undefined) problems.push(name);
    else bounds[name] = ms;
  }
  const page = query.page === undefined ? 1 : integerIn(query.page, 1, 1_000_000_000);
  const pageSize = query.page_size === undefined ? 20 : integerIn(query.page_size, 1, 100);
  if (page === undefined) problems.push('page');
  if (pageSize === undefined) problems.push('page_size');
  if (query.search !== undefined && !isValidSearch(query.search)) problems.push('search');
  for (const field of ['created_at', 'updated_at'] as const) {
    const from = bounds[`${field}_from`];
    const to = bounds[`${field}_to`];
    if (from !== undefined && to !== undefined && from > to) problems.push(`${field} (invalid_range)`);
  }
  if (problems.length > 0 || page === undefined || pageSize === undefined) {
    return { valid: false, problems, reason: problems.join('; ') };
  }
  const { sort_by: sortBy, sort_order: sortOrder = 'asc', user_type: userType, status } = query;

  const lower = (text: string | undefined) => text?.toLowerCase();
  const inRange = (value: string, from: number | undefined, to: number | undefined): boolean => {
    const t = Date.parse(value);
    return (from === undefined || t >= from) && (to === undefined || t < to);
  };
  let found = users.filter(
    (u) =>
      (userType === undefined || u.user_type === userType) &&
      (status === undefined || u.status === status) &&
      (query.id === undefined || u.id.toLowerCase() === lower(query.id)) &&
      (query.created_by === undefined || lower(u.created_by) === lower(query.created_by)) &&
      (query.updated_by === undefined || lower(u.updated_by) === lower(query.updated_by)) &&
      inRange(u.created_at, bounds.created_at_from, bounds.created_at_to) &&
      inRange(u.updated_at, bounds.updated_at_from, bounds.updated_at_to),
  );
  const terms = query.search === undefined ? [] : searchTerms(query.search);
  if (terms.length > 0 && sortBy === undefined) {
    found = rankUsers(found, terms);
  } else {
    found = sortUsers(
      found.filter((u) => matchesSearch(u, terms)),
      (sortBy ?? 'created_at') as SortField,
      sortOrder as SortOrder,
    );
  }
  return { valid: true, users: found, page, pageSize };
}
