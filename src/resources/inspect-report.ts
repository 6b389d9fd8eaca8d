/**
 * What `identity-mock inspect` prints (docs/own-spec.md "What the engine made of a document"): the collections the
 * engine inferred (path, item schema, id rule, parent, unique properties, records seeded per parent and the
 * `x-mock-max` bound), every operation with what serves it and the permissions it needs, and the notes the start-up
 * log gives. `--json` is `GET /__admin/resources`' answer with the seeded counts, plus the notes. Pure.
 */
import type { IdRule } from './id-rule.ts';
import type { CollectionModel, OperationModel, ResourceModel } from './resource-model.ts';
import { resourcesView } from './resources-view.ts';

export interface InspectInput {
  /** The document as messages name it (`spec/openapi.yaml`, the `--spec` file). */
  readonly name: string;
  readonly model: ResourceModel;
  /** Records seeded in `collection` (every parent's); for `users`, the users store's. */
  readonly counts: (collection: string) => number;
  /** What the request path asks of a caller of the operation `id`. */
  readonly access: (id: string) => { readonly secured: boolean; readonly permissions: readonly string[] };
}

/** `inspect --json`: `GET /__admin/resources`' answer, plus the notes. */
export function inspectJson(input: InspectInput): ReturnType<typeof resourcesView> & {
  notes: string[];
} {
  return { ...resourcesView(input.model, input.counts), notes: [...input.model.notes] };
}

/** Rows as columns padded to their widest cell, the last one unpadded, each line indented. */
function columns(rows: readonly (readonly string[])[], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    `${indent}${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')}`.trimEnd(),
  );
}

/** What a create assigns to the id, by its kind. */
const ID_ON_CREATE: Readonly<Record<IdRule['kind'], string>> = {
  uuid: 'a new uuid',
  integer: 'the next integer',
  string: 'a generated string',
};

function idText(c: CollectionModel): string {
  if (c.id.property === undefined) return 'no id property: its item operations answer their examples';
  const matches = c.id.matches.length > 1 ? `; the item path matches ${c.id.matches.join(' or ')}` : '';
  return `id ${c.id.property} (a create assigns ${ID_ON_CREATE[c.id.kind]}${matches})`;
}

function parentText(c: CollectionModel): string {
  if (c.parent === undefined) return '';
  const held = c.parent.property === undefined ? '' : `, held in ${c.parent.property}`;
  return `parent ${c.parent.collection} ({${c.parent.parameter}}${held})`;
}

function countText(input: InspectInput, c: CollectionModel): string {
  const seeded = input.counts(c.name);
  if (c.name === 'users') return `${seeded} seeded (the users store: --users, --fixtures)`;
  const parent = input.model.collections.find((p) => p.name === c.parent?.collection);
  const per = parent === undefined ? '' : `, ${c.count} per ${parent.singular}`;
  return `${seeded} seeded${per}; at most ${c.max}`;
}

function collectionLines(input: InspectInput): string[] {
  const { collections } = input.model;
  if (collections.length === 0) {
    return ['  none inferred'];
  }
  const heads = columns(
    collections.map((c) => [
      c.name,
      c.path,
      `item ${c.schemaName ?? '(inline schema)'}`,
      countText(input, c),
    ]),
  );
  return collections.flatMap((c, i) => [
    heads[i] ?? '',
    ...[
      idText(c),
      parentText(c),
      c.unique.length === 0 ? '' : `unique ${c.unique.join(', ')} (409 conflict on a duplicate)`,
    ]
      .filter((line) => line !== '')
      .map((line) => `      ${line}`),
  ]);
}

function servedText(op: OperationModel): string {
  if (op.servedBy === 'built-in')
    return op.handler === op.operationId ? 'built-in' : `built-in ${op.handler ?? ''}`;
  if (op.servedBy === 'collection' || op.servedBy === 'item') {
    return `${op.servedBy} ${op.collection ?? ''} (${op.action ?? ''})`;
  }
  if (op.servedBy === 'singleton') return op.answersCaller ? "singleton (the caller's user)" : 'singleton';
  return 'example';
}

function accessText(access: { readonly secured: boolean; readonly permissions: readonly string[] }): string {
  if (access.permissions.length > 0) return access.permissions.join(' + ');
  return access.secured ? 'a valid token' : 'no bearer token';
}

/** `inspect`'s text: the document's collections, operations and notes. */
export function inspectText(input: InspectInput): string {
  const { model } = input;
  const operations = columns([
    ['METHOD', 'PATH', 'OPERATION', 'SERVED BY', 'NEEDS'],
    ...model.operations.map((op) => [
      op.method.toUpperCase(),
      op.path,
      op.operationId,
      servedText(op),
      accessText(input.access(op.operationId)),
    ]),
  ]);
  const notes = model.notes.length === 0 ? ['  none'] : model.notes.map((n) => `  - ${n}`);
  return [
    `${input.name}: what identity-mock serves`,
    '',
    `Collections (${model.collections.length})`,
    ...collectionLines(input),
    '',
    `Operations (${model.operations.length})`,
    ...operations,
    '',
    `Notes (${model.notes.length})`,
    ...notes,
    '',
  ].join('\n');
}
