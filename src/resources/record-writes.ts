/**
 * The record a create, replace or merge patch makes (docs/own-spec.md "Writes"). `readOnly` properties are the
 * server's: an `id` of format uuid gets a uuid from the session's seeded random, an integer `id` the largest so
 * far plus one (a deleted id is not given again), `created_at`/`updated_at` the session clock's now,
 * `created_by`/`updated_by` the caller's user id, the parent's id for the property naming the parent, and any other
 * required one its `default`, example or a value of its type. A replace keeps the `readOnly` properties; a patch
 * ignores them. Every write sets `updated_at`/`updated_by`. A duplicate id or `x-unique` value is 409 `conflict`.
 */
import type { SchemaNode } from '../spec/model.ts';
import type { CollectionModel } from './resource-model.ts';
import { mergePatch } from './merge-patch.ts';
import { samplePattern } from './pattern-sample.ts';
import { collectionFull, conflict, missingProperty, ResourceError } from './resource-errors.ts';
import type { ResourceRecord } from './run-list.ts';
import type { SeedEntry } from './seed-entry.ts';

/** Who writes: the caller's user id, for `created_by` / `updated_by`. */
export interface Caller {
  readonly userId: string | undefined;
}

export interface WriteContext {
  readonly model: CollectionModel;
  readonly now: string;
  readonly caller: Caller;
  readonly random: () => number;
  /** The parent record's id value, for a nested collection. */
  readonly parentId: unknown;
  /** The live entries whose `property` has `value`, under any parent (for uniqueness checks). */
  readonly holding: (property: string, value: unknown) => Iterable<SeedEntry>;
}

/** What a create reads and advances of the session's collection. */
export interface CreateTarget {
  readonly size: number;
  maxInteger: number;
  has(key: string): boolean;
}

const CREATED = ['created_at', 'createdAt'];
const UPDATED = ['updated_at', 'updatedAt'];
const CREATED_BY = ['created_by', 'createdBy'];
const UPDATED_BY = ['updated_by', 'updatedBy'];

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bodyObject(model: CollectionModel, body: unknown): Readonly<Record<string, unknown>> {
  if (isObject(body)) return body;
  const got = Array.isArray(body) ? 'an array' : body === undefined ? 'no body' : typeof body;
  throw new ResourceError(400, 'invalid_request', `a ${model.singular} is a JSON object (got ${got})`, [
    { location: 'body', name: 'body', message: 'must be a JSON object' },
  ]);
}

/** A version 4 uuid from `random` (RFC 9562 §5.4). */
export function uuidFrom(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 16; i++) {
    let byte = Math.floor(random() * 256) & 0xff;
    if (i === 6) byte = (byte & 0x0f) | 0x40;
    if (i === 8) byte = (byte & 0x3f) | 0x80;
    hex += byte.toString(16).padStart(2, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function placeholder(schema: SchemaNode): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type: unknown = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return '';
}

function keyOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function stamp(
  ctx: WriteContext,
  record: Record<string, unknown>,
  names: readonly string[],
  value: unknown,
  force: boolean,
): void {
  for (const name of names) {
    const prop = ctx.model.properties.get(name);
    if (prop === undefined || value === undefined) continue;
    if (force || prop.readOnly === true || record[name] === undefined) record[name] = value;
  }
}

function checkRequired(model: CollectionModel, record: ResourceRecord): void {
  for (const name of model.required)
    if (
      record[name] === undefined ||
      (record[name] === null &&
        model.properties.get(name)?.nullable !== true &&
        !nullableType(model.properties.get(name)))
    )
      throw missingProperty(model.singular, name);
}

function nullableType(schema: SchemaNode | undefined): boolean {
  return Array.isArray(schema?.type) && schema.type.includes('null');
}

function checkUnique(
  ctx: WriteContext,
  record: ResourceRecord,
  parent: string | undefined,
  self: string | undefined,
): void {
  for (const name of ctx.model.unique) {
    const value = record[name];
    if (value === undefined || value === null) continue;
    for (const entry of ctx.holding(name, value)) {
      if (entry.key !== self && entry.parent === parent) throw conflict(ctx.model.singular, name, value);
    }
  }
}

/** The body's members the client may write: readOnly ones dropped, and undeclared ones when the schema is closed. */
function withoutReadOnly(
  model: CollectionModel,
  body: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const closed = model.schema.additionalProperties === false;
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (!model.readOnly.includes(k) && (!closed || model.properties.has(k))) kept[k] = v;
  }
  return kept;
}

/** Draws before a pattern-made id is given up on for a uuid (the pattern's space is nearly full). */
const ID_DRAWS = 16;

/** A new id for a create: the next integer, a uuid, or a sample of the id's readable `pattern`, not yet taken. */
function newId(model: CollectionModel, target: CreateTarget, random: () => number): string | number {
  if (model.id.kind === 'integer') return target.maxInteger + 1;
  const pattern =
    model.id.property === undefined ? undefined : model.properties.get(model.id.property)?.pattern;
  if (model.id.kind === 'string' && typeof pattern === 'string') {
    for (let draw = 0; draw < ID_DRAWS; draw++) {
      const sampled = samplePattern(pattern, (n) => Math.floor(random() * n));
      if (sampled === undefined) break;
      if (!target.has(sampled)) return sampled;
    }
  }
  return uuidFrom(random);
}

/** The entry a `POST` of `body` makes under `parent`. */
export function buildCreated(
  ctx: WriteContext,
  target: CreateTarget,
  body: unknown,
  parent: string | undefined,
): SeedEntry {
  const { model } = ctx;
  if (target.size >= model.max) throw collectionFull(model.name, model.max);
  const record = withoutReadOnly(model, bodyObject(model, body));
  for (const [name, prop] of model.properties)
    if (record[name] === undefined && prop.default !== undefined && prop.readOnly !== true)
      record[name] = prop.default;
  const idName = model.id.property;
  if (idName !== undefined) {
    let id = record[idName];
    if (id === undefined) {
      id = newId(model, target, ctx.random);
      record[idName] = id;
    }
    if (target.has(keyOf(id))) throw conflict(model.singular, idName, id);
    if (typeof id === 'number' && id > target.maxInteger) target.maxInteger = id;
  }
  if (model.parent?.property !== undefined) record[model.parent.property] = ctx.parentId;
  stamp(ctx, record, [...CREATED, ...UPDATED], ctx.now, false);
  stamp(ctx, record, [...CREATED_BY, ...UPDATED_BY], ctx.caller.userId, false);
  for (const name of model.readOnly) {
    const prop = model.properties.get(name);
    if (record[name] === undefined && prop !== undefined && model.required.includes(name))
      record[name] = placeholder(prop);
  }
  checkRequired(model, record);
  checkUnique(ctx, record, parent, undefined);
  return {
    key: idName === undefined ? uuidFrom(ctx.random) : keyOf(record[idName]),
    parent,
    record: Object.freeze(record),
  };
}

/** The record's server-kept properties from `before`: readOnly ones, the id, the parent's id. */
function kept(model: CollectionModel, before: ResourceRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const names = [
    ...model.readOnly,
    ...(model.id.property === undefined ? [] : [model.id.property]),
    ...(model.parent?.property === undefined ? [] : [model.parent.property]),
  ];
  for (const name of names) if (before[name] !== undefined) out[name] = before[name];
  return out;
}

function finish(ctx: WriteContext, before: SeedEntry, record: Record<string, unknown>): SeedEntry {
  stamp(ctx, record, UPDATED, ctx.now, true);
  stamp(ctx, record, UPDATED_BY, ctx.caller.userId, true);
  checkRequired(ctx.model, record);
  checkUnique(ctx, record, before.parent, before.key);
  return { key: before.key, parent: before.parent, record: Object.freeze(record) };
}

/** The entry a `PUT` of `body` makes of `before`: the body, with the server's properties kept. */
export function buildReplaced(ctx: WriteContext, before: SeedEntry, body: unknown): SeedEntry {
  const record = {
    ...withoutReadOnly(ctx.model, bodyObject(ctx.model, body)),
    ...kept(ctx.model, before.record),
  };
  for (const name of [...CREATED, ...CREATED_BY])
    if (record[name] === undefined && before.record[name] !== undefined) record[name] = before.record[name];
  return finish(ctx, before, record);
}

/** The entry a merge `PATCH` makes of `before` (RFC 7396), the server's properties untouched. */
export function buildPatched(ctx: WriteContext, before: SeedEntry, patch: unknown): SeedEntry {
  const merged = mergePatch(before.record, withoutReadOnly(ctx.model, bodyObject(ctx.model, patch)));
  const record = { ...(isObject(merged) ? merged : {}), ...kept(ctx.model, before.record) };
  return finish(ctx, before, record);
}
