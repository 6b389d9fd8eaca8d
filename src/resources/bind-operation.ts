/**
 * Which part of the engine serves an operation (docs/own-spec.md): a built-in handler, its collection (list,
 * create), its item (read, replace, merge patch, delete), a singleton, or its example; with the permissions it
 * needs, its success status and the headers the engine fills.
 */
import type { SpecDocument } from '../spec/document.ts';
import type { HttpMethod } from '../spec/model.ts';
import { isBuiltInOperation, type BuiltInOperation } from './built-ins.ts';
import { isParam, paramName, pathShape, segments, type FoundCollection } from './collections.ts';
import { successResponse, type DocOperation } from './document-operations.ts';
import { operationAccess } from './permissions.ts';
import type {
  CollectionModel,
  OperationModel,
  ParentLink,
  ResourceAction,
  ServedBy,
} from './resource-model.ts';
import type { SchemaReader } from './schema.ts';

const USER_SCHEMA_NAMES = new Set(['User']);

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

export function bindOperation(
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
  // An operation that documents no 2xx (a redirect such as Kratos' `303`) answers its lowest documented 3xx.
  const success = successResponse(op) ?? op.responses.find((r) => r.status >= 300 && r.status < 400);
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
