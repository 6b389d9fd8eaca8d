/**
 * A copy of a document with its local `$ref`s replaced by what they name (the same object wherever it is named),
 * for express-openapi-validator: handed references, it bundles the document again (json-schema-ref-parser) and,
 * while preparing its schemas, compiles each schema a reference names with Ajv only to read it back, a large share
 * of a start; a document without references gives it neither to do. A schema that names itself, directly or not,
 * keeps that one reference.
 */
import { resolvePointer, type SpecDocument } from '../../spec/document.ts';

/** Replaces, in place, every local `$ref` object under `doc` by its target; returns `doc`. */
export function resolveRefsInPlace(doc: SpecDocument): SpecDocument {
  const resolved = new Map<string, unknown>();
  const visited = new Set<object>();
  // The objects being walked, outermost first: a reference to one of them stays a reference (no object cycle).
  const path = new Set<unknown>();
  const visit = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = resolvePointer(doc, ref);
      if (path.has(target)) return node;
      if (!resolved.has(ref)) resolved.set(ref, visit(target));
      return resolved.get(ref);
    }
    if (visited.has(node)) return node;
    visited.add(node);
    path.add(node);
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = visit(record[key]);
    path.delete(node);
    return node;
  };
  visit(doc);
  return doc;
}
