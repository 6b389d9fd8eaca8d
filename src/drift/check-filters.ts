/**
 * The filters of GET /users against the items a page returns (docs/users.md): `status` and `user_type` exact;
 * `id`, `created_by`, `updated_by` exact uuids (compared case-insensitively); date ranges half-open
 * (`from <= t < to`). And the metadata rule: a caller whose token lacks the metadata permission gets records
 * without `created_by` and `updated_by`. `search` is not checked here: its fuzzy matching is the mock's own.
 */
import { parseDateTime } from '../spec/formats.ts';
import type { ListUsersSpec } from '../users/query.ts';
import { queryValue, type Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';
import type { ListPage } from './list-page.ts';

type Test = (value: unknown) => boolean;

interface Filter {
  readonly field: string;
  readonly expected: string;
  readonly test: Test;
}

export function checkFilters(observed: Observed, page: ListPage): FindingInput[] {
  if (page.operation.id !== 'listUsers') return [];
  const findings: FindingInput[] = [];
  for (const filter of filtersOf(observed)) {
    const at = page.items.findIndex((item) => !filter.test(fieldOf(item, filter.field)));
    if (at === -1) continue;
    const item = page.items[at];
    const value = fieldOf(item, filter.field);
    findings.push({
      operation: observed.operationName,
      kind: 'filter',
      where: `body[].${filter.field}`,
      expected: filter.expected,
      actual: `item ${at} (id ${String(fieldOf(item, 'id'))}) has ${filter.field} ${value === undefined ? 'absent' : JSON.stringify(value)}`,
    });
  }
  return findings;
}

function filtersOf(observed: Observed): Filter[] {
  const filters: Filter[] = [];
  for (const field of ['status', 'user_type']) {
    const wanted = queryValue(observed, field);
    if (wanted !== undefined)
      filters.push({ field, expected: `${field} = ${wanted}`, test: (v) => v === wanted });
  }
  for (const field of ['id', 'created_by', 'updated_by']) {
    const wanted = queryValue(observed, field)?.toLowerCase();
    if (wanted !== undefined) {
      filters.push({
        field,
        expected: `${field} = ${wanted} (a uuid, any case)`,
        test: (v) => typeof v === 'string' && v.toLowerCase() === wanted,
      });
    }
  }
  for (const field of ['created_at', 'updated_at']) {
    const fromText = queryValue(observed, `${field}_from`);
    const toText = queryValue(observed, `${field}_to`);
    const from = fromText === undefined ? undefined : parseDateTime(fromText);
    const to = toText === undefined ? undefined : parseDateTime(toText);
    if (from === undefined && to === undefined) continue;
    const bounds = [
      ...(from === undefined ? [] : [`${fromText ?? ''} <= ${field}`]),
      ...(to === undefined ? [] : [`${field} < ${toText ?? ''}`]),
    ];
    filters.push({
      field,
      expected: `${bounds.join(' and ')} (half-open)`,
      test: (v) => {
        const t = typeof v === 'string' ? parseDateTime(v) : undefined;
        return t !== undefined && (from === undefined || t >= from) && (to === undefined || t < to);
      },
    });
  }
  return filters;
}

/**
 * Records carry `created_by`/`updated_by` only for a token with the metadata permission: `permissions` are the
 * request token's (undefined when they cannot be read, and then nothing is checked).
 */
export function checkMetadata(
  observed: Observed,
  page: ListPage,
  spec: ListUsersSpec,
  permissions: readonly string[] | undefined,
): FindingInput[] {
  if (permissions === undefined) return [];
  const findings: FindingInput[] = [];
  for (const [field, permission] of spec.guardedFields) {
    if (permissions.includes(permission)) continue;
    const at = page.items.findIndex((item) => fieldOf(item, field) !== undefined);
    if (at === -1) continue;
    findings.push({
      operation: observed.operationName,
      kind: 'metadata',
      where: `body[].${field}`,
      expected: `absent: the token lacks ${permission}`,
      actual: `item ${at} (id ${String(fieldOf(page.items[at], 'id'))}) has ${field}`,
    });
  }
  return findings;
}

function fieldOf(item: unknown, field: string): unknown {
  return typeof item === 'object' && item !== null
    ? (item as Readonly<Record<string, unknown>>)[field]
    : undefined;
}
