/**
 * Several OpenAPI documents as one, for one express-openapi-validator: building a validator compiles the OpenAPI
 * meta-schema whatever its options (a large part of a start), so the identity API and the control plane share one.
 *
 * Document `i`'s paths are mounted under `mountOf(i)` (the validator is asked about `mountOf(i) + path`, its
 * servers' base paths left out: the pipeline has routed the request already), and its components are renamed
 * `d<i>_<name>`, every local `$ref` with them, so that two documents may name a schema alike. The documents must
 * share their `openapi` version and JSON Schema dialect, which decide how the validator reads every schema.
 */
import { componentRef, type SpecDocument } from '../../spec/document.ts';

/** Where document `index`'s paths are mounted in the merged document. */
export function mountOf(index: number): string {
  return `/__document-${String(index)}`;
}

/** One document made of copies of `docs` (they are not changed). */
export function mergeDocuments(docs: readonly SpecDocument[]): SpecDocument {
  const [first] = docs;
  if (first === undefined) throw new Error('mergeDocuments needs at least one document');
  const paths: Record<string, unknown> = {};
  const components: Record<string, Record<string, unknown>> = {};
  docs.forEach((original, index) => {
    for (const key of ['openapi', 'jsonSchemaDialect'] as const) {
      if (original[key] !== first[key])
        throw new Error(
          `documents with different ${key} (${String(first[key])}, ${String(original[key])}) cannot share a validator`,
        );
    }
    const doc = renamed(structuredClone(original), `d${String(index)}_`, mountOf(index));
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, unknown>))
      paths[`${mountOf(index)}${path}`] = item;
    for (const [kind, named] of Object.entries((doc.components ?? {}) as Record<string, unknown>)) {
      if (typeof named === 'object' && named !== null) Object.assign((components[kind] ??= {}), named);
    }
  });
  const merged: Record<string, unknown> = {
    openapi: first.openapi,
    info: structuredClone(first.info),
    servers: [{ url: '/' }],
    paths,
    components,
  };
  if (first.jsonSchemaDialect !== undefined) merged.jsonSchemaDialect = first.jsonSchemaDialect;
  return merged;
}

const PATH_REF = /^#\/paths\//;

/**
 * `doc` with every component named `prefix + name` and its paths' future mount, and every local reference to a
 * component or a path following it.
 */
function renamed(doc: SpecDocument, prefix: string, mount: string): SpecDocument {
  const components = (doc.components ?? {}) as Record<string, unknown>;
  for (const [kind, named] of Object.entries(components)) {
    if (typeof named !== 'object' || named === null) continue;
    components[kind] = Object.fromEntries(
      Object.entries(named).map(([name, value]) => [`${prefix}${name}`, value]),
    );
  }
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string') {
      const component = componentRef(record.$ref);
      record.$ref = (
        component === undefined
          ? record.$ref
          : `#/components/${component.kind}/${prefix}${component.name}${component.rest}`
      ).replace(PATH_REF, `#/paths/${mount.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(doc);
  return doc;
}
