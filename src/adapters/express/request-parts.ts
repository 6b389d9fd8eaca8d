/**
 * The part of a document (its references resolved, `resolved-refs.ts`) that a request validator reads: operations
 * without their responses, and of the components only the security schemes and what a reference left in place (a
 * recursive schema) still names. express-openapi-validator gives Ajv the document's `paths` and `components` with
 * every operation's schemas, and Ajv walks all of it, key by key and once per place an object is named, before it
 * compiles the first request of each operation: the responses, named from every operation, were nine tenths of that
 * walk. A document with responses left out is still a valid OpenAPI 3.1 document (they are optional there).
 */
import { componentRef, resolvePointer, type SpecDocument } from '../../spec/document.ts';

/** A new document with the request parts of `doc` (objects shared with it, not copied). */
export function requestParts(doc: SpecDocument): SpecDocument {
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([key, value]) => [key, withoutResponses(value)]),
    );
  }
  const source = (doc.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const components: Record<string, Record<string, unknown>> = {};
  if (source.securitySchemes !== undefined) components.securitySchemes = source.securitySchemes;
  // The components the references left in `paths` name, and those their targets name in turn.
  const pending = referencesUnder(paths);
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const component = componentRef(ref);
    if (component === undefined) continue;
    const { kind, name } = component;
    if (components[kind]?.[name] !== undefined) continue;
    // The whole component, also for a reference into it (`…/User/properties/id`).
    const target = resolvePointer(doc, `#/components/${kind}/${name}`);
    (components[kind] ??= {})[name] = target;
    pending.push(...referencesUnder(target));
  }
  const parts: Record<string, unknown> = { ...doc, paths, components };
  return parts;
}

/** An operation without `responses` (other values of a path item as they are). */
function withoutResponses(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('responses' in value)) return value;
  const operation: Record<string, unknown> = { ...value };
  delete operation.responses;
  return operation;
}

/** The `$ref`s found under `node`, each object visited once. */
function referencesUnder(node: unknown): string[] {
  const found: string[] = [];
  const visited = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || visited.has(value)) return;
    visited.add(value);
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') found.push(ref);
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return found;
}
