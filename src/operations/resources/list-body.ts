/**
 * The body of a list answer (docs/own-spec.md "Lists"): the page's records as an array, or, when the document's
 * list answer is an object holding the array (`{"items": [...], "total": 42, "page": 1}`), that object with its
 * page figures filled by name — the total (`total`, `total_count`, `count`…), the page, the page size or limit, the
 * offset, whether more follow — and any other required member from its default, example or a value of its type.
 */
import type { ListQuery } from '../../resources/list-query.ts';
import type { CollectionModel, OperationModel } from '../../resources/resource-model.ts';
import type { ListResult } from '../../resources/run-list.ts';
import type { SchemaReader } from '../../resources/schema.ts';
import type { SchemaNode } from '../../spec/model.ts';

const TOTAL = new Set([
  'total',
  'total_count',
  'totalCount',
  'count',
  'total_items',
  'totalItems',
  'total_results',
]);
const PAGE = new Set(['page', 'current_page', 'currentPage', 'page_number', 'pageNumber']);
const SIZE = new Set(['page_size', 'per_page', 'pageSize', 'perPage', 'limit', 'size']);
const OFFSET = new Set(['offset', 'skip', 'start']);
const MORE = new Set(['has_more', 'hasMore', 'has_next', 'hasNext']);
const PAGES = new Set(['total_pages', 'totalPages', 'pages', 'page_count', 'pageCount']);

function placeholder(schema: SchemaNode, reader: SchemaReader): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = reader.types(schema).find((t) => t !== 'null');
  if (reader.types(schema).includes('null')) return null;
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return '';
}

/** The list answer of `result` for `op`, in the shape its success response declares. */
export function listBody(
  c: CollectionModel,
  op: OperationModel,
  reader: SchemaReader,
  result: ListResult,
  query: ListQuery,
): unknown {
  if (c.envelope === undefined) return result.items;
  const schema = reader.resolve(op.responseSchema);
  const required = reader.required(schema);
  const size = Number.isFinite(query.limit) ? query.limit : result.total;
  const body: Record<string, unknown> = {};
  for (const [name, prop] of reader.properties(schema)) {
    if (name === c.envelope) body[name] = result.items;
    else if (TOTAL.has(name)) body[name] = result.total;
    else if (PAGE.has(name)) body[name] = query.page ?? Math.floor(query.offset / Math.max(1, size)) + 1;
    else if (SIZE.has(name)) body[name] = size;
    else if (OFFSET.has(name)) body[name] = query.offset;
    else if (MORE.has(name)) body[name] = query.offset + result.items.length < result.total;
    else if (PAGES.has(name)) body[name] = Math.ceil(result.total / Math.max(1, size));
    else if (required.includes(name)) body[name] = placeholder(reader.resolve(prop), reader);
  }
  return body;
}
