/**
 * The order of a page's items against docs/users.md: by `sort_by` (default `created_at`) in `sort_order` (default
 * `asc`), strings case- and accent-insensitively in the mock's own collation (`users/collation.ts`), date-times as
 * instants, ties always by `id` ascending whatever the direction. A search without `sort_by` is ranked by
 * relevance, which a page cannot show: not checked. A workspace's members come in the list's default order.
 */
import { parseDateTime } from '../spec/formats.ts';
import type { SortField } from '../spec/types.ts';
import { collationKey, compareText } from '../users/collation.ts';
import type { ListUsersSpec } from '../users/query.ts';
import { queryValue, type Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';
import type { ListPage } from './list-page.ts';

/** Fields whose values a finding may quote: they name no person (names, emails and identifiers do). */
const QUOTABLE = new Set(['id', 'user_type', 'status', 'created_at', 'updated_at']);

export function checkOrder(observed: Observed, page: ListPage, spec: ListUsersSpec): FindingInput[] {
  const isList = page.operation.id === 'listUsers';
  const sortBy = isList ? queryValue(observed, 'sort_by') : undefined;
  if (isList && sortBy === undefined && queryValue(observed, 'search') !== undefined) return [];
  const field = (sortBy ?? spec.defaults.sortBy) as SortField;
  const kind = spec.sortKinds.get(field);
  if (kind === undefined) return []; // not a sortable field: the request check reports it
  const direction = (isList ? queryValue(observed, 'sort_order') : undefined) ?? spec.defaults.sortOrder;
  const sign = direction === 'desc' ? -1 : 1;
  const records = page.items.map((item) =>
    typeof item === 'object' && item !== null ? (item as Readonly<Record<string, unknown>>) : {},
  );
  // Each item's sort key, computed once (a comparison reads two).
  const keys = records.map((record) => {
    const value = record[field];
    if (typeof value !== 'string') return undefined;
    return kind === 'time' ? instant(value) : collationKey(value);
  });
  for (let i = 1; i < records.length; i++) {
    const a = records[i - 1] ?? {};
    const b = records[i] ?? {};
    const x = a[field];
    const y = b[field];
    const idA = a.id;
    const idB = b.id;
    // Items without the field or an id break the schema; the schema check reports them.
    if (typeof x !== 'string' || typeof y !== 'string' || typeof idA !== 'string' || typeof idB !== 'string')
      continue;
    const [keyA, keyB] = [keys[i - 1], keys[i]];
    let byField: number;
    if (kind === 'time') {
      if (typeof keyA !== 'number' || typeof keyB !== 'number') continue;
      byField = keyA - keyB;
    } else {
      byField = compareText(x, keyA as string | undefined, y, keyB as string | undefined);
    }
    const order = sign * byField;
    if (order < 0 || (order === 0 && idA < idB)) continue;
    const tie = order === 0;
    const quote = (record: Readonly<Record<string, unknown>>, at: number): string =>
      `item ${at} (id ${String(record.id)}${QUOTABLE.has(field) && field !== 'id' && !tie ? `, ${field} ${String(record[field])}` : ''})`;
    return [
      {
        operation: observed.operationName,
        kind: 'sort_order',
        where: tie ? 'body[].id' : `body[].${field}`,
        expected: tie
          ? `items with equal ${field} in id ascending order`
          : `items in ${field} ${direction} order${kind === 'text' ? ' (case- and accent-insensitive)' : ''}, ties by id ascending`,
        actual: `${quote(a, i - 1)} comes before ${quote(b, i)}`,
      },
    ];
  }
  return [];
}

/** Most instants are `…T…:…:…(.mmm)Z`, which `Date.parse` reads exactly; any other form goes through the RFC 3339 parser. */
const SIMPLE_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

function instant(text: string): number | undefined {
  if (SIMPLE_UTC.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return ms;
  }
  return parseDateTime(text);
}
