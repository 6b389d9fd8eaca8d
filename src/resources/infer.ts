/**
 * What the resource engine makes of an OpenAPI 3.0 or 3.1 document (docs/own-spec.md): its collections, with
 * their item schema, id rule, parent, unique properties, seeding count and bound, and list plan; and every
 * operation bound to what serves it — a built-in handler (by `operationId` or `x-mock-handler`), a collection
 * (list, create), an item (read, replace, merge patch, delete), a singleton, or the operation's example. Pure:
 * the same document gives the same model, and nothing here reads a file or a clock.
 */
import type { SpecDocument } from '../spec/document.ts';
import type { HttpMethod, SchemaNode } from '../spec/model.ts';
import { isBuiltInOperation, type BuiltInOperation } from './built-ins.ts';
import {
  findCollections,
  isParam,
  nameCollections,
  paramName,
  pathShape,
  segments,
  type FoundCollection,
} from './collections.ts';
import { readOperations, successResponse, type DocOperation } from './document-operations.ts';
import { readErrorShape, type ErrorShape } from './error-shape.ts';
import { planList, type ListPlan } from './list-params.ts';
import { operationAccess, rolePermissions } from './permissions.ts';
import { readIdRule, type IdRule } from './id-rule.ts';
import type { ListShape, SortKind } from './run-list.ts';
import { SchemaReader, isRecord } from './schema.ts';

export const DEFAULT_MOCK_COUNT = 20;
export const DEFAULT_MOCK_MAX = 10_000;

export interface ParentLink {
  /** The parent collection's name. */
  readonly collection: string;
  /** The path parameter naming the parent record in this collection's paths. */
  readonly parameter: string;
  /** The item property that holds the parent's id (`workspace_id`), when the schema has one. */
  readonly property: string | undefined;
}

export interface CollectionModel {
  readonly name: string;
  /** The singular of the path's last segment (`workspace`), as prose says it. */
  readonly singular: string;
  /** Its snake_case, for codes (`workspace_not_found`). */
  readonly code: string;
  /** Its title case, for notices (`Workspace created successfully`). */
  readonly title: string;
  readonly path: string;
  readonly itemPath: string | undefined;
  /** The item schema's component name, when it is a reference. */
  readonly schemaName: string | undefined;
  /** The item schema, `allOf` merged. */
  readonly schema: SchemaNode;
  readonly properties: ReadonlyMap<string, SchemaNode>;
  readonly required: readonly string[];
  readonly readOnly: readonly string[];
  readonly writeOnly: readonly string[];
  readonly id: IdRule;
  readonly parent: ParentLink | undefined;
  /** Properties whose values are unique in the collection (`x-unique: true`), the id aside. */
  readonly unique: readonly string[];
  /** Records seeded (per parent record, for a nested collection): `x-mock-count`, default 20. */
  readonly count: number;
  /** Records a session may hold: `x-mock-max`, default 10 000. */
  readonly max: number;
  readonly list: ListPlan | undefined;
  /** The list answer's property holding the array, when the answer is an object. */
  readonly envelope: string | undefined;
  readonly listShape: ListShape;
  readonly sortable: ReadonlySet<string>;
}

export type ServedBy = 'built-in' | 'collection' | 'item' | 'example' | 'singleton';
export type ResourceAction = 'list' | 'create' | 'read' | 'replace' | 'patch' | 'delete';

export interface OperationModel {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly servedBy: ServedBy;
  readonly handler: BuiltInOperation | undefined;
  readonly collection: string | undefined;
  readonly action: ResourceAction | undefined;
  /** The path parameter naming the record (item operations). */
  readonly itemParameter: string | undefined;
  /** The parents' path parameters, outermost first, with their collections. */
  readonly scope: readonly { readonly parameter: string; readonly collection: string }[];
  readonly secured: boolean;
  readonly permissions: readonly string[];
  /** The documented success status (the lowest 2xx), or the action's default (201 create, 204 delete, else 200). */
  readonly status: number;
  /** The success answer's schema node and example, for `example` and `singleton` operations. */
  readonly responseSchema: unknown;
  readonly example: unknown;
  /** A singleton `GET` whose answer is the user schema: it answers the caller's own record. */
  readonly answersCaller: boolean;
  /** Success headers the document declares that the engine fills. */
  readonly headers: { readonly location: boolean; readonly totalCount: boolean; readonly link: boolean };
}

export interface ResourceModel {
  readonly collections: readonly CollectionModel[];
  readonly operations: readonly OperationModel[];
  readonly rolePermissions: ReadonlyMap<string, readonly string[]>;
  readonly errorShape: ErrorShape;
  /** What the start-up log says: parameters not interpreted, paths read in a way worth knowing. */
  readonly notes: readonly string[];
  /** What a start refuses (exit 2): an `x-mock-handler` naming no built-in operation. */
  readonly errors: readonly string[];
}

const USER_SCHEMA_NAMES = new Set(['User']);

function extension(nodes: readonly unknown[], name: string): number | undefined {
  for (const node of nodes) {
    const value = isRecord(node) ? node[name] : undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}

function sortKindOf(schema: SchemaNode, reader: SchemaReader): SortKind | undefined {
  const kind = reader.scalarKind(schema);
  if (kind === 'string') return schema.format === 'date-time' || schema.format === 'date' ? 'time' : 'text';
  if (kind === 'integer' || kind === 'number') return 'number';
  return kind === 'boolean' ? 'boolean' : undefined;
}

/** The resource model of `doc`. */
export function inferResources(doc: SpecDocument): ResourceModel {
  const reader = new SchemaReader(doc);
  const ops = readOperations(doc, reader);
  const notes: string[] = [];
  const errors: string[] = [];
  const found = keptCollections(findCollections(ops, reader), ops);
  const byShape = new Map(found.map((f) => [f.shape, f]));
  const parentOf = (f: FoundCollection): FoundCollection | undefined => {
    const segs = segments(f.path);
    const param = segs.at(-2);
    if (param === undefined || !isParam(param)) return undefined;
    return byShape.get(pathShape(`/${segs.slice(0, -2).join('/')}`));
  };
  const names = nameCollections(found, parentOf);
  const collections: CollectionModel[] = [];
  const modelOf = new Map<FoundCollection, CollectionModel>();
  for (const f of found) {
    const naming = names.get(f);
    if (naming === undefined) continue;
    const properties = reader.properties(f.schema);
    const id = readIdRule(f, properties, naming.singular, reader);
    if (id.property === undefined) {
      notes.push(
        `${f.path}: the item schema has no id property (id, or one the item path names); its item operations answer their examples`,
      );
    }
    const parentFound = parentOf(f);
    const parentModel = parentFound === undefined ? undefined : modelOf.get(parentFound);
    const segs = segments(f.path);
    const scopeSegment = segs.at(-2);
    if (scopeSegment !== undefined && isParam(scopeSegment) && parentModel === undefined) {
      notes.push(
        `${f.path}: {${paramName(scopeSegment)}} names no record of a collection; the records are shared by every value of it`,
      );
    }
    let parent: ParentLink | undefined;
    if (parentModel !== undefined && scopeSegment !== undefined) {
      const parameter = paramName(scopeSegment);
      const candidates = [parameter, `${parentModel.code}_id`, `${parentModel.singular}Id`];
      parent = {
        collection: parentModel.name,
        parameter,
        property: candidates.find((c) => properties.has(c)),
      };
    }
    const itemRaw = reader.deref(f.item);
    const sources = [itemRaw, f.schema, f.listOperation?.raw];
    const plan =
      f.listOperation === undefined ? undefined : planList(f.listOperation.parameters, properties, reader);
    for (const name of plan?.uninterpreted ?? []) {
      notes.push(
        `${f.listOperation?.operationId ?? f.path}: query parameter ${name} is accepted and ignored (not a property, range, search, sort or paging parameter)`,
      );
    }
    const sortKinds = new Map<string, SortKind>();
    for (const [name, schema] of properties) {
      const kind = sortKindOf(schema, reader);
      if (kind !== undefined && schema.writeOnly !== true) sortKinds.set(name, kind);
    }
    const sortByParam = f.listOperation?.parameters.find((p) => p.in === 'query' && p.name === 'sort_by');
    const sortEnum = Array.isArray(sortByParam?.schema.enum)
      ? sortByParam.schema.enum.filter((v): v is string => typeof v === 'string')
      : undefined;
    const searchFields = [...properties]
      .filter(([name, s]) => name !== id.property && sortKinds.get(name) === 'text' && s.format !== 'uuid')
      .map(([name]) => name);
    const model: CollectionModel = {
      ...naming,
      path: f.path,
      itemPath: f.itemPath,
      schemaName: reader.refName(f.item),
      schema: f.schema,
      properties,
      required: reader.required(f.schema),
      readOnly: [...properties].filter(([, s]) => s.readOnly === true).map(([n]) => n),
      writeOnly: [...properties].filter(([, s]) => s.writeOnly === true).map(([n]) => n),
      id,
      parent,
      unique: [...properties].filter(([n, s]) => s['x-unique'] === true && n !== id.property).map(([n]) => n),
      count: extension(sources, 'x-mock-count') ?? DEFAULT_MOCK_COUNT,
      max: extension(sources, 'x-mock-max') ?? DEFAULT_MOCK_MAX,
      list: plan,
      envelope: f.envelope,
      listShape: { idProperty: id.property ?? 'id', searchFields, sortKinds },
      sortable: new Set(sortEnum ?? sortKinds.keys()),
    };
    modelOf.set(f, model);
    collections.push(model);
  }
  const operations = ops.map((op) => bindOperation(doc, op, collections, modelOf, byShape, reader, errors));
  const named = operations.flatMap((op) => op.permissions);
  return {
    collections,
    operations,
    rolePermissions: rolePermissions(doc, named),
    errorShape: readErrorShape(
      ops.filter((op) => !isBuiltInOperation(op.operationId)),
      reader,
    ),
    notes,
    errors,
  };
}

function isBuiltIn(op: DocOperation): boolean {
  return typeof op.raw['x-mock-handler'] === 'string' || (op.named && isBuiltInOperation(op.operationId));
}

/**
 * The collections the engine serves: those with an operation (on the collection or its item) that no built-in
 * handler serves, and the parents of those. A path only built-ins serve (`GET /users` alone, the JWKS) is theirs.
 */
function keptCollections(found: readonly FoundCollection[], ops: readonly DocOperation[]): FoundCollection[] {
  const served = (f: FoundCollection): boolean =>
    ops.some((op) => {
      const shape = pathShape(op.path);
      return (
        !isBuiltIn(op) && (shape === f.shape || (f.itemPath !== undefined && shape === pathShape(f.itemPath)))
      );
    });
  return found.filter(
    (f) => served(f) || found.some((child) => child.shape.startsWith(`${f.shape}/{}/`) && served(child)),
  );
}

const ACTIONS: Readonly<Record<string, Readonly<Partial<Record<HttpMethod, ResourceAction>>>>> = {
  collection: { get: 'list', post: 'create' },
  item: { get: 'read', put: 'replace', patch: 'patch', delete: 'delete' },
};

function scopeOf(
  model: CollectionModel,
  all: readonly CollectionModel[],
): { parameter: string; collection: string }[] {
  const chain: { parameter: string; collection: string }[] = [];
  let current: CollectionModel | undefined = model;
  for (let depth = 0; current?.parent !== undefined && depth < 32; depth++) {
    const link: ParentLink = current.parent;
    chain.unshift({ parameter: link.parameter, collection: link.collection });
    current = all.find((c) => c.name === link.collection);
  }
  return chain;
}

function bindOperation(
  doc: SpecDocument,
  op: DocOperation,
  collections: readonly CollectionModel[],
  modelOf: ReadonlyMap<FoundCollection, CollectionModel>,
  byShape: ReadonlyMap<string, FoundCollection>,
  reader: SchemaReader,
  errors: string[],
): OperationModel {
  const shape = pathShape(op.path);
  const segs = segments(op.path);
  const last = segs.at(-1);
  const success = successResponse(op);
  const headers = new Set((success?.headers ?? []).map((h) => h.toLowerCase()));
  const declared = op.raw['x-mock-handler'];
  let handler: BuiltInOperation | undefined;
  if (typeof declared === 'string') {
    if (isBuiltInOperation(declared)) handler = declared;
    else
      errors.push(`${op.operationId}: x-mock-handler names ${declared}, which is not a built-in operation`);
  } else if (op.named && isBuiltInOperation(op.operationId)) handler = op.operationId;

  const asCollection = byShape.get(shape);
  const itemOf =
    last !== undefined && isParam(last)
      ? byShape.get(pathShape(`/${segs.slice(0, -1).join('/')}`))
      : undefined;
  const owner = asCollection ?? itemOf;
  const collection = owner === undefined ? undefined : modelOf.get(owner);
  let servedBy: ServedBy = 'example';
  let action: ResourceAction | undefined;
  if (collection !== undefined) {
    const kind = asCollection !== undefined ? 'collection' : 'item';
    const bound = ACTIONS[kind]?.[op.method];
    if (bound !== undefined && (kind === 'collection' || collection.id.property !== undefined)) {
      servedBy = kind;
      action = bound;
    }
  }
  const responseSchema = success?.schema;
  const noParams = !segs.some(isParam);
  if (servedBy === 'example' && noParams && ['get', 'put', 'patch'].includes(op.method)) {
    const schema = reader.resolve(responseSchema);
    if (reader.isObject(schema) && reader.listItems(responseSchema) === undefined) servedBy = 'singleton';
  }
  if (handler !== undefined) servedBy = 'built-in';
  const resource = collection?.name ?? nearestResource(op.path, collections) ?? last ?? 'root';
  const access = operationAccess(doc, op, resource);
  const refName = reader.refName(responseSchema);
  const users = collections.find((c) => c.name === 'users');
  const answersCaller =
    servedBy === 'singleton' &&
    op.method === 'get' &&
    refName !== undefined &&
    (USER_SCHEMA_NAMES.has(refName) || refName === users?.schemaName);
  const fallbackStatus = action === 'create' ? 201 : action === 'delete' ? 204 : 200;
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    servedBy,
    handler,
    collection: servedBy === 'collection' || servedBy === 'item' ? collection?.name : undefined,
    action: servedBy === 'collection' || servedBy === 'item' ? action : undefined,
    itemParameter: servedBy === 'item' && last !== undefined ? paramName(last) : undefined,
    scope:
      collection === undefined || (servedBy !== 'collection' && servedBy !== 'item')
        ? []
        : scopeOf(collection, collections),
    secured: access.secured,
    permissions: access.permissions,
    status: success?.status ?? fallbackStatus,
    responseSchema,
    example: success?.example,
    answersCaller,
    headers: {
      location: headers.has('location'),
      totalCount: headers.has('x-total-count'),
      link: headers.has('link'),
    },
  };
}

/** The collection whose path is the longest prefix of `path` (an action under an item belongs to it). */
function nearestResource(path: string, collections: readonly CollectionModel[]): string | undefined {
  const shape = pathShape(path);
  let best: CollectionModel | undefined;
  for (const c of collections) {
    const prefix = pathShape(c.path);
    if (shape.startsWith(`${prefix}/`) && (best === undefined || prefix.length > pathShape(best.path).length))
      best = c;
  }
  return best?.name;
}

/** `GET /__admin/resources`' answer for a session whose collections hold `counts` records. */
export function resourcesView(
  model: ResourceModel,
  counts: (collection: string) => number,
): {
  collections: {
    name: string;
    path: string;
    schema: string | null;
    id: string | null;
    parent: string | null;
    unique: string[];
    count: number;
  }[];
  operations: { operationId: string; method: string; path: string; served_by: ServedBy }[];
} {
  return {
    collections: model.collections.map((c) => ({
      name: c.name,
      path: c.path,
      schema: c.schemaName ?? null,
      id: c.id.property ?? null,
      parent: c.parent?.collection ?? null,
      unique: [...c.unique],
      count: counts(c.name),
    })),
    operations: model.operations.map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      served_by: op.servedBy,
    })),
  };
}
