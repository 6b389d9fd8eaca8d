/**
 * Which paths of a document are collections (docs/own-spec.md "Collections"): `/things` whose `GET` answers an
 * array of an object schema, or an object holding one such array; or, when the document lists nothing there,
 * `/things/{p}` whose `GET` answers an object. `/things/{p}` is the item; `/parents/{p}/things` is scoped to a
 * record of the collection `/parents` when that is one.
 */
import type { SchemaNode } from '../spec/model.ts';
import { successResponse, type DocOperation } from './document-operations.ts';
import { singular, snakeCase, titleCase } from './naming.ts';
import type { SchemaReader } from './schema.ts';

/** A path's shape: parameters blanked (`/workspaces/{}/projects`), so templates naming them differently agree. */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

export function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

export function paramName(segment: string): string {
  return segment.slice(1, -1);
}

/** A collection found, before its id rule and list plan are read. */
export interface FoundCollection {
  readonly path: string;
  readonly shape: string;
  /** The path template of its item, when the document has one. */
  readonly itemPath: string | undefined;
  /** The item schema node (unresolved, so its component name is kept). */
  readonly item: unknown;
  readonly schema: SchemaNode;
  /** The list answer's property holding the array, when the answer is an object. */
  readonly envelope: string | undefined;
  readonly listOperation: DocOperation | undefined;
  readonly segment: string;
}

function get(ops: readonly DocOperation[], shape: string): DocOperation | undefined {
  return ops.find((op) => op.method === 'get' && pathShape(op.path) === shape);
}

/** The collections of a document, shortest paths first (parents before their children). */
export function findCollections(ops: readonly DocOperation[], reader: SchemaReader): FoundCollection[] {
  const byShape = new Map<string, FoundCollection>();
  const paths = [...new Set(ops.map((op) => op.path))].sort(
    (a, b) => segments(a).length - segments(b).length,
  );
  const itemPathOf = (shape: string): string | undefined =>
    paths.find((p) => {
      const segs = segments(p);
      const last = segs.at(-1);
      return last !== undefined && isParam(last) && pathShape(`/${segs.slice(0, -1).join('/')}`) === shape;
    });
  for (const path of paths) {
    const segs = segments(path);
    const last = segs.at(-1);
    if (last === undefined) continue;
    const shape = pathShape(path);
    if (!isParam(last)) {
      if (byShape.has(shape)) continue;
      const list = get(ops, shape);
      const response = list === undefined ? undefined : successResponse(list);
      const items = response?.schema === undefined ? undefined : reader.listItems(response.schema);
      if (items === undefined) continue;
      byShape.set(shape, {
        path,
        shape,
        itemPath: itemPathOf(shape),
        item: items.item,
        schema: reader.resolve(items.item),
        envelope: items.property,
        listOperation: list,
        segment: last,
      });
    } else {
      const parentPath = `/${segs.slice(0, -1).join('/')}`;
      const parentShape = pathShape(parentPath);
      const parentLast = segs.at(-2);
      if (byShape.has(parentShape) || parentLast === undefined || isParam(parentLast)) continue;
      // Not beneath another collection: `/identities/by/external/{id}` is a lookup of identities, not a collection.
      if ([...byShape.keys()].some((shape) => parentShape.startsWith(`${shape}/`))) continue;
      const read = get(ops, shape);
      const response = read === undefined ? undefined : successResponse(read);
      if (response?.schema === undefined) continue;
      const schema = reader.resolve(response.schema);
      if (!reader.isObject(schema) || reader.listItems(response.schema) !== undefined) continue;
      byShape.set(parentShape, {
        path: parentPath,
        shape: parentShape,
        itemPath: path,
        item: response.schema,
        schema,
        envelope: undefined,
        listOperation: undefined,
        segment: parentLast,
      });
    }
  }
  return [...byShape.values()];
}

/** The names of collections: the last segment, or, when two share it, the parent's singular before it. */
export function nameCollections(
  found: readonly FoundCollection[],
  parentOf: (c: FoundCollection) => FoundCollection | undefined,
): Map<FoundCollection, { name: string; singular: string; code: string; title: string }> {
  const names = new Map<FoundCollection, { name: string; singular: string; code: string; title: string }>();
  const taken = new Set<string>();
  for (const collection of found) {
    const base = collection.segment;
    let name = base;
    const parent = parentOf(collection);
    if (taken.has(name)) {
      const before = segments(collection.path)
        .slice(0, -1)
        .filter((s) => !isParam(s))
        .at(-1);
      const prefix = parent !== undefined ? singular(names.get(parent)?.name ?? parent.segment) : before;
      if (prefix !== undefined) name = `${prefix}_${base}`;
    }
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    const one = singular(base);
    names.set(collection, { name, singular: one, code: snakeCase(one), title: titleCase(one) });
  }
  return names;
}
