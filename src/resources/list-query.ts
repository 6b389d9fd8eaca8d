/**
 * A list request's query, read once into a typed `ListQuery` by the collection's `ListPlan` (`list-params.ts`):
 * values converted to the property's kind, ranges checked (`from > to` is 400 `invalid_range`), `sort_by`
 * checked against the sortable properties, paging defaults applied. The document's validator has already checked
 * the parameters' own schemas; what is checked here is what a schema cannot say.
 */
import { parseTerms } from '../users/search.ts';
import type { ListPlan } from './list-params.ts';
import { invalidQuery, invalidRange } from './resource-errors.ts';

export type Scalar = string | number | boolean;

export interface ListQuery {
  readonly filters: readonly { readonly property: string; readonly values: readonly Scalar[] }[];
  /** Half-open ranges in epoch milliseconds: `from <= value < to`. */
  readonly ranges: readonly { readonly property: string; readonly from?: number; readonly to?: number }[];
  /** Folded search terms; empty without `search`. */
  readonly terms: readonly string[];
  readonly sort: { readonly property: string; readonly order: 'asc' | 'desc' } | undefined;
  readonly offset: number;
  /** Records per page; `Infinity` when the list is not paginated. */
  readonly limit: number;
  /** The page asked for, when paging is by page (for `Link`). */
  readonly page: number | undefined;
}

/** A query value as text (a repeated parameter's first value). */
function text(raw: unknown): string {
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'string' ? first : JSON.stringify(first);
}

function values(raw: unknown): readonly unknown[] {
  return Array.isArray(raw) ? raw : [raw];
}

function toScalar(name: string, kind: 'string' | 'integer' | 'number' | 'boolean', raw: unknown): Scalar {
  if (kind === 'string') return typeof raw === 'string' ? raw : String(raw);
  if (kind === 'boolean') {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw invalidQuery(name, `must be true or false (got ${JSON.stringify(raw)})`);
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || (kind === 'integer' && !Number.isInteger(n))) {
    throw invalidQuery(
      name,
      `must be ${kind === 'integer' ? 'an integer' : 'a number'} (got ${JSON.stringify(raw)})`,
    );
  }
  return n;
}

function positiveInteger(name: string, raw: unknown, min: number): number {
  const n = toScalar(name, 'integer', raw);
  if (typeof n !== 'number' || n < min)
    throw invalidQuery(name, `must be an integer of at least ${min} (got ${JSON.stringify(raw)})`);
  return n;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;

/**
 * The typed query of `raw` (the request's query parameters by name, strings or already-coerced values).
 * `sortable` lists the properties `sort_by` may name.
 */
export function readListQuery(
  plan: ListPlan,
  raw: Readonly<Record<string, unknown>>,
  sortable: ReadonlySet<string>,
): ListQuery {
  const filters: { property: string; values: Scalar[] }[] = [];
  const ranges = new Map<
    string,
    { property: string; from?: number; to?: number; fromName?: string; toName?: string }
  >();
  let terms: string[] = [];
  let sortBy = plan.defaultSortBy;
  let sortGiven = false;
  let order = plan.defaultSortOrder;
  let page = 1;
  let size = plan.defaultSize;
  let offset = 0;
  for (const [name, role] of plan.params) {
    const value = raw[name];
    if (value === undefined) continue;
    switch (role.kind) {
      case 'filter':
        filters.push({
          property: role.property,
          values: values(value).map((v) => toScalar(name, role.scalar, v)),
        });
        break;
      case 'range': {
        const stamp = text(value);
        const ms = RFC3339.test(stamp) ? Date.parse(stamp) : NaN;
        if (Number.isNaN(ms))
          throw invalidQuery(name, `must be an RFC 3339 date-time (got ${JSON.stringify(stamp)})`);
        const range = ranges.get(role.property) ?? { property: role.property };
        if (role.bound === 'from') Object.assign(range, { from: ms, fromName: name });
        else Object.assign(range, { to: ms, toName: name });
        ranges.set(role.property, range);
        break;
      }
      case 'search':
        terms = parseTerms(text(value));
        break;
      case 'sort_by':
        sortBy = text(value);
        sortGiven = true;
        break;
      case 'sort_order':
        if (value !== 'asc' && value !== 'desc')
          throw invalidQuery(name, `must be asc or desc (got ${JSON.stringify(value)})`);
        order = value;
        break;
      case 'page':
        page = positiveInteger(name, value, 1);
        break;
      case 'size':
      case 'limit':
        size = positiveInteger(name, value, 1);
        break;
      case 'offset':
        offset = positiveInteger(name, value, 0);
        break;
    }
  }
  for (const range of ranges.values()) {
    if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
      throw invalidRange(
        range.fromName ?? '',
        range.toName ?? '',
        text(raw[range.fromName ?? '']),
        text(raw[range.toName ?? '']),
      );
    }
  }
  if (sortBy !== undefined && !sortable.has(sortBy)) {
    throw invalidQuery(
      'sort_by',
      `must be one of ${[...sortable].join(', ')} (got ${JSON.stringify(sortBy)})`,
    );
  }
  const paged = plan.paging === 'page';
  return {
    filters,
    ranges: [...ranges.values()].map(({ property, from, to }) => ({
      property,
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    })),
    terms,
    // A search ranks its matches (best first, as GET /users does) unless sort_by is given.
    sort: sortBy === undefined || (terms.length > 0 && !sortGiven) ? undefined : { property: sortBy, order },
    offset: paged ? (page - 1) * size : offset,
    limit: plan.paging === 'none' ? Infinity : size,
    page: paged ? page : undefined,
  };
}
