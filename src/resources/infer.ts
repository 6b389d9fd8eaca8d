/**
 * What the resource engine makes of an OpenAPI 3.0 or 3.1 document (docs/own-spec.md): its collections, with
 * their item schema, id rule, parent, unique properties, seeding count and bound, and list plan; and every
 * operation bound to what serves it — a built-in handler (by `operationId` or `x-mock-handler`), a collection
 * (list, create), an item (read, replace, merge patch, delete), a singleton, or the operation's example. Pure:
 * the same document gives the same model, and nothing here reads a file or a clock.
 */
import type { SpecDocument } from '../spec/document.ts';
import type { SchemaNode } from '../spec/model.ts';
import { bindOperation } from './bind-operation.ts';
import { isBuiltInOperation } from './built-ins.ts';
import {
  findCollections,
  isParam,
  nameCollections,
  paramName,
  pathShape,
  segments,
  type FoundCollection,
} from './collections.ts';
import { readOperations, type DocOperation } from './document-operations.ts';
import { readErrorShape } from './error-shape.ts';
import { planList } from './list-params.ts';
import { rolePermissions } from './permissions.ts';
import { readIdRule } from './id-rule.ts';
import type { SortKind } from './run-list.ts';
import { SchemaReader, isRecord } from './schema.ts';
import {
  DEFAULT_MOCK_COUNT,
  DEFAULT_MOCK_MAX,
  type CollectionModel,
  type ParentLink,
  type ResourceModel,
} from './resource-model.ts';

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
