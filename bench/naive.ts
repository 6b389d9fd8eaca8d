/**
 * The naive implementation of GET /users that both baselines serve, and that the bench uses as the reference for
 * correctness: Array.filter over every user, search by scanning every user (substring, then one edit against
 * every word), a comparison sort with Intl.Collator, then slice. Same semantics as identity-mock (docs/users.md),
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

/** Optimal string alignment distance ≤ 1 (one insertion, deletion, substitution or adjacent swap), in linear time. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length > b.length) return a.slice(i + 1) === b.slice(i);
  if (a.length < b.length) return a.slice(i) === b.slice(i + 1);
  if (a.slice(i + 1) === b.slice(i + 1)) return true;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** One search term, with what can be compiled once per request. */
interface Term {
  readonly text: string;
  readonly afterSeparator: RegExp;
}

function termTier(user: NaiveUser, term: Term): number | undefined {
  const { fields } = user;
  const text = term.text;
  if (user.id === text) return 0;
  if (text.length >= 8 && user.id.startsWith(text)) return 1;
  if (fields.some((f) => f.includes(text))) {
    if (fields.some((f) => f === text)) return 0;
    if (fields.some((f) => f.startsWith(text) || term.afterSeparator.test(f))) return 1;
    return 2;
  }
  if (text.length >= 4 && user.words.some((w) => withinOneEdit(text, w))) return 3;
  return undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A user with what a straightforward server would compute once at load: numeric instants, folded fields. */
export interface NaiveUser {
  readonly user: User;
  /** The id, folded: it matches a term only as its whole value or a prefix of 8+ characters. */
  readonly id: string;
  readonly created: number;
  readonly updated: number;
  readonly fields: readonly string[];
  readonly words: readonly string[];
}

/**
 * The users as both baselines hold them: in creation order (as a store filled by inserts would), each prepared
 * once. The per-request work stays naive: every filter present is an Array.filter over the whole array, search
 * scans every user, and any order but the stored one is a comparison sort of everything that matched.
 */
export function prepare(users: readonly User[]): NaiveUser[] {
  return users
    .map((user) => {
      const fields = [user.identifier, fold(user.name), fold(user.email)];
      return {
        user,
        id: user.id.toLowerCase(),
        created: Date.parse(user.created_at),
        updated: Date.parse(user.updated_at),
        fields,
        words: fields.flatMap(words),
      };
    })
    .sort((a, b) => a.created - b.created || (a.user.id < b.user.id ? -1 : 1));
}

/** Runs a GET /users query the naive way. */
export function naiveQuery(users: readonly NaiveUser[], q: NaiveQuery): NaivePage {
  const page = Number(q.page ?? '1');
  const pageSize = Number(q.page_size ?? '20');
  let matched: readonly NaiveUser[] = users;
  const { status, user_type: userType } = q;
  if (status !== undefined) matched = matched.filter((u) => u.user.status === status);
  if (userType !== undefined) matched = matched.filter((u) => u.user.user_type === userType);
  const within = (from: string | undefined, to: string | undefined, key: 'created' | 'updated'): void => {
    if (from === undefined && to === undefined) return;
    const [low, high] = [
      from === undefined ? -Infinity : Date.parse(from),
      to === undefined ? Infinity : Date.parse(to),
    ];
    matched = matched.filter((u) => u[key] >= low && u[key] < high);
  };
  within(q.created_at_from, q.created_at_to, 'created');
  within(q.updated_at_from, q.updated_at_to, 'updated');
  const tiers = new Map<NaiveUser, number>();
  const terms: Term[] =
    q.search === undefined
      ? []
      : fold(q.search.trim())
          .split(' ')
          .map((text) => ({ text, afterSeparator: new RegExp(`[^\\p{L}\\p{N}]${escape(text)}`, 'u') }));
  if (terms.length > 0) {
    const whole = terms.map((t) => t.text).join(' ');
    matched = matched.filter((u) => {
      let worst = 0;
      for (const term of terms) {
        const tier = termTier(u, term);
        if (tier === undefined) return false;
        worst = Math.max(worst, tier);
      }
      tiers.set(u, u.fields.includes(whole) || u.id === whole ? 0 : worst);
      return true;
    });
  }
  const byId = (a: NaiveUser, b: NaiveUser): number =>
    a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0;
  const field = q.sort_by;
  const direction = q.sort_order === 'desc' ? -1 : 1;
  if (field === undefined && terms.length > 0) {
    matched = [...matched].sort(
      (a, b) => (tiers.get(a) ?? 0) - (tiers.get(b) ?? 0) || a.created - b.created || byId(a, b),
    );
  } else if ((field === undefined || field === 'created_at') && direction === 1) {
    // The stored order already: nothing to sort.
  } else if (field === undefined || field === 'created_at' || field === 'updated_at') {
    const key = field === 'updated_at' ? 'updated' : 'created';
    matched = [...matched].sort((a, b) => (a[key] - b[key]) * direction || byId(a, b));
  } else {
    const key = field as keyof User;
    matched = [...matched].sort(
      (a, b) => collator.compare(a.user[key] ?? '', b.user[key] ?? '') * direction || byId(a, b),
    );
  }
  return {
    total: matched.length,
    items: matched.slice((page - 1) * pageSize, page * pageSize).map((u) => u.user),
  };
}
