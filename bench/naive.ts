/**
 * The naive implementation of GET /users that both baselines serve, and that the bench uses as the reference for
 * correctness: Array.filter over every user, search by scanning every user (substring, then one edit against
 * every word), a comparison sort with Intl.Collator, then slice. Same semantics as identity-mock (DECISIONS §3),
 * no engineering.
 */
import type { User } from '../src/spec/types.ts';

export interface NaiveQuery {
  readonly [name: string]: string | undefined;
}

export interface NaivePage {
  readonly total: number;
  readonly items: readonly User[];
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
const words = (s: string): string[] => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 0; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] ?? 0, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
      }
    }
  }
  return ((d[a.length] as number[])[b.length] ?? 9) <= 1;
}

function termTier(fields: readonly string[], term: string): number | undefined {
  if (fields.some((f) => f === term)) return 0;
  if (fields.some((f) => f.startsWith(term) || new RegExp(`[^\\p{L}\\p{N}]${escape(term)}`, 'u').test(f)))
    return 1;
  if (fields.some((f) => f.includes(term))) return 2;
  if (term.length >= 4 && fields.some((f) => words(f).some((w) => withinOneEdit(term, w)))) return 3;
  return undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A user with what a straightforward server would compute once at load: numeric instants, folded fields. */
export interface NaiveUser {
  readonly user: User;
  readonly created: number;
  readonly updated: number;
  readonly fields: readonly string[];
}

/**
 * The users as both baselines hold them: in creation order (as a store filled by inserts would), each prepared
 * once. The per-request work stays naive: every request filters, sorts and slices the whole array.
 */
export function prepare(users: readonly User[]): NaiveUser[] {
  return users
    .map((user) => ({
      user,
      created: Date.parse(user.created_at),
      updated: Date.parse(user.updated_at),
      fields: [user.id, user.identifier, fold(user.name), fold(user.email)],
    }))
    .sort((a, b) => a.created - b.created || (a.user.id < b.user.id ? -1 : 1));
}

/** Runs a GET /users query the naive way. */
export function naiveQuery(users: readonly NaiveUser[], q: NaiveQuery): NaivePage {
  const page = Number(q.page ?? '1');
  const pageSize = Number(q.page_size ?? '20');
  const from = (name: string): number => (q[name] === undefined ? -Infinity : Date.parse(q[name] ?? ''));
  const to = (name: string): number => (q[name] === undefined ? Infinity : Date.parse(q[name] ?? ''));
  const [createdFrom, createdTo, updatedFrom, updatedTo] = [
    from('created_at_from'),
    to('created_at_to'),
    from('updated_at_from'),
    to('updated_at_to'),
  ];
  const terms = q.search === undefined ? [] : fold(q.search.trim()).split(' ');
  const tiers = new Map<NaiveUser, number>();
  const matched = users.filter((u) => {
    if (q.status !== undefined && u.user.status !== q.status) return false;
    if (q.user_type !== undefined && u.user.user_type !== q.user_type) return false;
    if (u.created < createdFrom || u.created >= createdTo) return false;
    if (u.updated < updatedFrom || u.updated >= updatedTo) return false;
    if (terms.length === 0) return true;
    let worst = 0;
    for (const term of terms) {
      const tier = termTier(u.fields, term);
      if (tier === undefined) return false;
      worst = Math.max(worst, tier);
    }
    tiers.set(u, u.fields.includes(terms.join(' ')) ? 0 : worst);
    return true;
  });
  const byId = (a: NaiveUser, b: NaiveUser): number =>
    a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0;
  const field = q.sort_by;
  const direction = q.sort_order === 'desc' ? -1 : 1;
  if (field === undefined && terms.length > 0) {
    matched.sort((a, b) => (tiers.get(a) ?? 0) - (tiers.get(b) ?? 0) || a.created - b.created || byId(a, b));
  } else if (field === undefined || field === 'created_at' || field === 'updated_at') {
    const key = field === 'updated_at' ? 'updated' : 'created';
    matched.sort((a, b) => (a[key] - b[key]) * direction || byId(a, b));
  } else {
    const key = field as keyof User;
    matched.sort((a, b) => collator.compare(a.user[key] ?? '', b.user[key] ?? '') * direction || byId(a, b));
  }
  return {
    total: matched.length,
    items: matched.slice((page - 1) * pageSize, page * pageSize).map((u) => u.user),
  };
}
