/**
 * Reading JSON Schemas of an OpenAPI 3.0 or 3.1 document for the resource engine: `$ref`s followed, `allOf`
 * merged into one object schema, `nullable` (3.0) and `type: [t, 'null']` (3.1) read as the same thing, and the
 * item schema of a list answer found (an array of objects, or an object holding exactly one such array).
 */
import { resolvePointer, type SpecDocument } from '../spec/document.ts';
import type { SchemaNode } from '../spec/model.ts';

/** Properties an envelope of a list may hold beside its array: counts, cursors, links. */
const PAGE_METADATA = new Set([
  'total',
  'count',
  'total_count',
  'totalCount',
  'page',
  'page_size',
  'per_page',
  'pages',
  'limit',
  'offset',
  'next',
  'previous',
  'prev',
  'next_page',
  'next_page_token',
  'nextPageToken',
  'cursor',
  'next_cursor',
  'has_more',
  'hasMore',
  'links',
  '_links',
  'meta',
  'pagination',
]);

const EMPTY: SchemaNode = Object.freeze({});
const MAX_HOPS = 32;

/** The kinds of scalar value a property can hold: what filters, sorts and seeding work on. */
export type ScalarKind = 'string' | 'integer' | 'number' | 'boolean';

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A reader of one document's schemas. */
export class SchemaReader {
  readonly doc: SpecDocument;

  constructor(doc: SpecDocument) {
    this.doc = doc;
  }

  /** `node` with its `$ref`s followed (a missing or foreign reference reads as the empty schema). */
  deref(node: unknown): SchemaNode {
    let current = node;
    for (let hops = 0; hops < MAX_HOPS; hops++) {
      if (!isRecord(current)) return EMPTY;
      const ref = current.$ref;
      if (typeof ref !== 'string') return current;
      if (!ref.startsWith('#/')) return EMPTY;
      try {
        current = resolvePointer(this.doc, ref);
      } catch {
        return EMPTY;
      }
    }
    return EMPTY;
  }

  /** The component name a schema node refers to (`#/components/schemas/User` → `User`), if it is a reference. */
  refName(node: unknown): string | undefined {
    if (!isRecord(node) || typeof node.$ref !== 'string') return undefined;
    const match = /^#\/components\/schemas\/([^/]+)$/.exec(node.$ref);
    return match?.[1];
  }

  /**
   * The schema with `allOf` merged (properties and `required` unioned, the rest taken from the first part that
   * has it), recursively; `oneOf`/`anyOf` of objects read as their first object branch.
   */
  resolve(node: unknown, depth = 0): SchemaNode {
    const schema = this.deref(node);
    if (depth > MAX_HOPS) return schema;
    const parts = Array.isArray(schema.allOf) ? schema.allOf : undefined;
    if (parts === undefined) {
      const branches = Array.isArray(schema.oneOf)
        ? schema.oneOf
        : Array.isArray(schema.anyOf)
          ? schema.anyOf
          : [];
      if (schema.properties === undefined && branches.length > 0) {
        const objectBranch = branches.map((b) => this.resolve(b, depth + 1)).find((b) => this.isObject(b));
        if (objectBranch !== undefined) return objectBranch;
      }
      return schema;
    }
    const properties: Record<string, unknown> = {};
    const required = new Set<string>();
    const merged: Record<string, unknown> = {};
    for (const part of [...parts.map((p) => this.resolve(p, depth + 1)), schema]) {
      for (const [key, value] of Object.entries(part)) {
        if (key === 'allOf') continue;
        if (key === 'properties' && isRecord(value)) Object.assign(properties, value);
        else if (key === 'required' && Array.isArray(value)) {
          for (const name of value) if (typeof name === 'string') required.add(name);
        } else if (!(key in merged)) merged[key] = value;
      }
    }
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.size > 0) merged.required = [...required];
    return merged;
  }

  /** The type names of a schema, `null` left out (3.0 `nullable` and 3.1 type lists alike). */
  types(schema: SchemaNode): readonly string[] {
    const type = schema.type;
    if (typeof type === 'string') return type === 'null' ? [] : [type];
    if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    if (schema.properties !== undefined) return ['object'];
    if (schema.items !== undefined) return ['array'];
    if (Array.isArray(schema.enum)) {
      const first: unknown = schema.enum.find((v) => v !== null);
      if (typeof first === 'string') return ['string'];
      if (typeof first === 'number') return [Number.isInteger(first) ? 'integer' : 'number'];
      if (typeof first === 'boolean') return ['boolean'];
    }
    return [];
  }

  isObject(schema: SchemaNode): boolean {
    return this.types(schema).includes('object') || isRecord(schema.properties);
  }

  /** The scalar kind a property schema holds, or undefined for objects, arrays and untyped schemas. */
  scalarKind(node: unknown): ScalarKind | undefined {
    const types = this.types(this.resolve(node));
    const kind = types.find((t) => t === 'string' || t === 'integer' || t === 'number' || t === 'boolean');
    return types.length === 1 || kind === 'string' ? kind : undefined;
  }

  /** The properties of an object schema, each resolved. */
  properties(schema: SchemaNode): ReadonlyMap<string, SchemaNode> {
    const props = new Map<string, SchemaNode>();
    if (!isRecord(schema.properties)) return props;
    for (const [name, node] of Object.entries(schema.properties)) props.set(name, this.resolve(node));
    return props;
  }

  required(schema: SchemaNode): readonly string[] {
    return Array.isArray(schema.required)
      ? schema.required.filter((r): r is string => typeof r === 'string')
      : [];
  }

  /**
   * Where the records of a list answer are: the answer is an array of objects (`property` undefined), or an
   * object with exactly one property that is an array of objects (`property` names it). Undefined otherwise.
   */
  listItems(node: unknown): { readonly item: unknown; readonly property: string | undefined } | undefined {
    const schema = this.resolve(node);
    if (this.types(schema).includes('array')) {
      return this.isObject(this.resolve(schema.items))
        ? { item: schema.items, property: undefined }
        : undefined;
    }
    if (!this.isObject(schema)) return undefined;
    const props = [...this.properties(schema)];
    const arrays = props.filter(([, prop]) => this.types(prop).includes('array'));
    const [only] = arrays;
    if (arrays.length !== 1 || only === undefined || !this.isObject(this.resolve(only[1].items)))
      return undefined;
    // The other properties must be what a page says of itself (a total, a cursor, links), not a record's own.
    const metadata = props.every(
      ([name, prop]) =>
        name === only[0] ||
        PAGE_METADATA.has(name) ||
        this.scalarKind(prop) === 'number' ||
        this.scalarKind(prop) === 'integer',
    );
    return metadata ? { item: only[1].items, property: only[0] } : undefined;
  }
}
