/**
 * The boundary of GET /users: the request's query (already validated against the spec) becomes a typed
 * `UsersQuery`, with the spec's defaults. Rules the spec cannot express live here: `from > to` is 400
 * `invalid_range` (docs/users.md). A `search` without a visible character never gets here: the spec's `pattern`
 * refuses it at validation.
 */
import { parseDateTime } from '../spec/formats.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import type { SortField, SortOrder } from '../spec/types.ts';
import type { UsersQuery } from './engine.ts';
import type { TimeRange, UserFilter } from './filter.ts';
import { invalidRange } from '../errors.ts';
import { parseTerms } from './search.ts';
import type { SortKind } from './sort.ts';

/** What GET /users takes, read from its operation in the spec. */
export interface ListUsersSpec {
  readonly defaults: {
    readonly page: number;
    readonly pageSize: number;
    readonly sortBy: SortField;
    readonly sortOrder: SortOrder;
  };
  /** Query parameters that need a permission (`x-requires-permission`), with that permission. */
  readonly guardedParams: ReadonlyMap<string, string>;
  /** Fields of the User schema that need a permission, with that permission. */
  readonly guardedFields: ReadonlyMap<string, string>;
  /** Sortable fields (the `sort_by` enum) and how each compares. */
  readonly sortKinds: ReadonlyMap<SortField, SortKind>;
}

/** Reads the `listUsers` operation and the `User` schema of `model`. */
export function readListUsersSpec(
  model: ApiModel,
  operation: OperationSpec = model.operation('listUsers'),
): ListUsersSpec {
  const param = (name: string) => {
    const found = operation.parameters.find((p) => p.name === name && p.in === 'query');
    if (found === undefined) throw new Error(`spec: listUsers has no query parameter ${name}`);
    return found;
  };
  const sortBy = param('sort_by').schema;
  const sortFields = Array.isArray(sortBy.enum)
    ? sortBy.enum.filter((v): v is SortField => typeof v === 'string')
    : [];
  const user = model.deref({ $ref: '#/components/schemas/User' });
  const properties = model.deref(user.properties);
  const sortKinds = new Map<SortField, SortKind>();
  for (const field of sortFields) {
    const property = model.deref(properties[field]);
    sortKinds.set(field, property.format === 'date-time' ? 'time' : 'text');
  }
  const guardedFields = new Map<string, string>();
  for (const [name, property] of Object.entries(properties)) {
    const permission = model.deref(property)['x-requires-permission'];
    if (typeof permission === 'string') guardedFields.set(name, permission);
  }
  const guardedParams = new Map<string, string>();
  for (const p of operation.parameters) {
    const permission = p.raw['x-requires-permission'];
    if (typeof permission === 'string') guardedParams.set(p.name, permission);
  }
  return {
    defaults: {
      page: numberDefault(param('page').schema.default, 'page'),
      pageSize: numberDefault(param('page_size').schema.default, 'page_size'),
      sortBy: oneOf(sortBy.default, sortFields, 'sort_by'),
      sortOrder: oneOf(param('sort_order').schema.default, ['asc', 'desc'] as const, 'sort_order'),
    },
    guardedParams,
    guardedFields,
    sortKinds,
  };
}

/**
 * Builds the typed query from the raw query values (strings, as they came; already valid against the spec).
 *
 * @example toUsersQuery({ status: 'active', page: '2' }, spec) // { filter: { status: 'active' }, page: 2, ... }
 */
export function toUsersQuery(raw: Readonly<Record<string, unknown>>, spec: ListUsersSpec): UsersQuery {
  const text = (name: string): string | undefined => {
    const value = raw[name];
    return typeof value === 'string' ? value : undefined;
  };
  const filter: UserFilter = {
    ...defined('id', text('id')),
    ...defined('createdBy', text('created_by')),
    ...defined('updatedBy', text('updated_by')),
    ...defined('userType', text('user_type')),
    ...defined('status', text('status')),
    ...defined('createdAt', range(text, 'created_at')),
    ...defined('updatedAt', range(text, 'updated_at')),
  };

  const search = text('search');
  const terms = search === undefined ? [] : searchTerms(search);
  const sortBy = text('sort_by');
  const direction = oneOf(
    text('sort_order') ?? spec.defaults.sortOrder,
    ['asc', 'desc'] as const,
    'sort_order',
  );
  const field = sortBy === undefined ? undefined : oneOf(sortBy, [...spec.sortKinds.keys()], 'sort_by');
  return {
    filter,
    terms,
    sort:
      field === undefined && terms.length > 0
        ? 'ranked'
        : { field: field ?? spec.defaults.sortBy, direction },
    page: integer(text('page'), spec.defaults.page),
    pageSize: integer(text('page_size'), spec.defaults.pageSize),
  };
}

/**
 * The terms of a `search` the spec's pattern accepted. Its visible character may still fold away (a format or
 * combining character above U+FFFF, which the pattern counts as visible): then the trimmed value is the one term,
 * searched for as it is, so the search is never silently dropped.
 */
function searchTerms(search: string): string[] {
  const terms = parseTerms(search);
  const trimmed = search.trim();
  return terms.length > 0 || trimmed === '' ? terms : [trimmed];
}

function range(text: (name: string) => string | undefined, field: string): TimeRange | undefined {
  const fromText = text(`${field}_from`);
  const toText = text(`${field}_to`);
  if (fromText === undefined && toText === undefined) return undefined;
  const from = fromText === undefined ? undefined : parseDateTime(fromText);
  const to = toText === undefined ? undefined : parseDateTime(toText);
  if (from !== undefined && to !== undefined && from > to) {
    throw invalidRange(
      `${field}_from (${fromText ?? ''}) is after ${field}_to (${toText ?? ''}); the range is ${field}_from <= ${field} < ${field}_to`,
      [{ location: 'query', name: `${field}_from`, message: `must not be after ${field}_to` }],
    );
  }
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** `{ [key]: value }`, or `{}` when value is undefined (exactOptionalPropertyTypes forbids explicit undefined). */
function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}

function integer(value: string | undefined, fallback: number): number {
  return value === undefined ? fallback : Number(value);
}

function numberDefault(value: unknown, name: string): number {
  if (typeof value !== 'number') throw new Error(`spec: ${name} needs a numeric default`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new Error(`${name}: ${String(value)} is not one of ${allowed.join(', ')}`);
  return found;
}
