/**
 * What the query parameters of a collection's `GET` mean (docs/own-spec.md "Lists"), read from their names
 * against the item schema: equality filters on scalar properties, `<date-time>_from`/`_to` half-open ranges,
 * `search` (or `q`), `sort_by`/`sort_order`, `page` with `page_size` or `per_page`, or `limit`/`offset`. A query
 * parameter that fits none of these is reported (the start-up log names it) and otherwise accepted and ignored.
 */
import type { SchemaNode } from '../spec/model.ts';
import type { DocParameter } from './document-operations.ts';
import type { ScalarKind, SchemaReader } from './schema.ts';

export type ListParamRole =
  | { readonly kind: 'filter'; readonly property: string; readonly scalar: ScalarKind }
  | { readonly kind: 'range'; readonly property: string; readonly bound: 'from' | 'to' }
  | { readonly kind: 'search' }
  | { readonly kind: 'sort_by' }
  | { readonly kind: 'sort_order' }
  | { readonly kind: 'page' }
  | { readonly kind: 'size' }
  | { readonly kind: 'limit' }
  | { readonly kind: 'offset' };

export interface ListPlan {
  /** Query parameter name → what it does. */
  readonly params: ReadonlyMap<string, ListParamRole>;
  /** Query parameters the engine does not interpret. */
  readonly uninterpreted: readonly string[];
  readonly paging: 'page' | 'offset' | 'none';
  /** Page size (or limit) when the request gives none: the parameter's `default`, else 20. */
  readonly defaultSize: number;
  readonly defaultSortBy: string | undefined;
  readonly defaultSortOrder: 'asc' | 'desc';
  /** The page-size parameter's name (`page_size`, `per_page`), for `Link`. */
  readonly sizeParam: string | undefined;
}

const SIZE_NAMES = ['page_size', 'per_page', 'pageSize', 'perPage'];
const DEFAULT_SIZE = 20;

function isDateTime(schema: SchemaNode | undefined): boolean {
  return schema?.format === 'date-time' || schema?.format === 'date';
}

/** The plan of a list operation's query parameters over the item's properties. */
export function planList(
  parameters: readonly DocParameter[],
  properties: ReadonlyMap<string, SchemaNode>,
  reader: SchemaReader,
): ListPlan {
  const params = new Map<string, ListParamRole>();
  const uninterpreted: string[] = [];
  let defaultSize = DEFAULT_SIZE;
  let defaultSortBy: string | undefined;
  let defaultSortOrder: 'asc' | 'desc' = 'asc';
  let sizeParam: string | undefined;
  for (const param of parameters) {
    if (param.in !== 'query') continue;
    const { name } = param;
    const role = roleOf(name, properties, reader);
    if (role === undefined) {
      uninterpreted.push(name);
      continue;
    }
    params.set(name, role);
    const fallback = param.schema.default;
    if ((role.kind === 'size' || role.kind === 'limit') && typeof fallback === 'number')
      defaultSize = fallback;
    if (role.kind === 'size') sizeParam = name;
    if (role.kind === 'sort_by' && typeof fallback === 'string') defaultSortBy = fallback;
    if (role.kind === 'sort_order' && (fallback === 'asc' || fallback === 'desc'))
      defaultSortOrder = fallback;
  }
  const kinds = new Set([...params.values()].map((r) => r.kind));
  const paging =
    kinds.has('page') || kinds.has('size')
      ? 'page'
      : kinds.has('limit') || kinds.has('offset')
        ? 'offset'
        : 'none';
  return { params, uninterpreted, paging, defaultSize, defaultSortBy, defaultSortOrder, sizeParam };
}

function roleOf(
  name: string,
  properties: ReadonlyMap<string, SchemaNode>,
  reader: SchemaReader,
): ListParamRole | undefined {
  if (name === 'search' || name === 'q') return { kind: 'search' };
  if (name === 'sort_by') return { kind: 'sort_by' };
  if (name === 'sort_order') return { kind: 'sort_order' };
  if (name === 'page') return { kind: 'page' };
  if (SIZE_NAMES.includes(name)) return { kind: 'size' };
  if (name === 'limit') return { kind: 'limit' };
  if (name === 'offset') return { kind: 'offset' };
  const property = properties.get(name);
  const scalar = property === undefined ? undefined : reader.scalarKind(property);
  if (scalar !== undefined) return { kind: 'filter', property: name, scalar };
  for (const bound of ['from', 'to'] as const) {
    const suffix = `_${bound}`;
    if (!name.endsWith(suffix)) continue;
    const base = name.slice(0, -suffix.length);
    if (isDateTime(properties.get(base))) return { kind: 'range', property: base, bound };
  }
  return undefined;
}
