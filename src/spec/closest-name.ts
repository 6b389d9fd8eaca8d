/**
 * "Did you mean …?" for names a client got wrong (a query parameter, a body field): the closest of the accepted
 * names by edit distance, when it is close enough to be a typo; and the fields a body schema names, across its
 * `oneOf`/`anyOf`/`allOf` branches. Both bounded: names are cut to 64 characters, schemas walked to depth 8.
 */
import type { SchemaNode } from './model.ts';

const MAX_NAME = 64;

/** Levenshtein distance between two short names (each cut to MAX_NAME characters), case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.slice(0, MAX_NAME).toLowerCase();
  const y = b.slice(0, MAX_NAME).toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[y.length] ?? Math.max(x.length, y.length);
}

/**
 * The accepted name closest to `name`, when it is a likely typo (at most a third of its letters differ, or it is
 * the same without `_`/`-`); undefined otherwise.
 *
 * @example closestName('pagesize', ['page', 'page_size']) // 'page_size'
 */
export function closestName(name: string, accepted: readonly string[]): string | undefined {
  const plain = (text: string): string => text.toLowerCase().replace(/[_-]/g, '');
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of accepted) {
    if (candidate === name) continue;
    const d = plain(candidate) === plain(name) ? 0 : distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(1, Math.floor(name.length / 3));
  return bestDistance <= limit ? best : undefined;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Resolves a `$ref` (the document's `deref`); a node without one is itself. */
export type Deref = (node: unknown) => SchemaNode;

const asIs: Deref = (node) => (isRecord(node) ? node : {});

/** The property names a schema declares, its branches included. */
export function schemaFields(node: unknown, deref: Deref = asIs, depth = 0): Set<string> {
  const fields = new Set<string>();
  const schema = isRecord(node) ? safe(deref, node) : undefined;
  if (schema === undefined || depth > 8) return fields;
  if (isRecord(schema.properties)) for (const name of Object.keys(schema.properties)) fields.add(name);
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const branch of branches) for (const f of schemaFields(branch, deref, depth + 1)) fields.add(f);
  }
  return fields;
}

/** The schema of body field `name` with an `x-error-message`, in any branch of `schema`. */
export function fieldWithMessage(
  node: unknown,
  name: string,
  deref: Deref = asIs,
  depth = 0,
): SchemaNode | undefined {
  const schema = isRecord(node) ? safe(deref, node) : undefined;
  if (schema === undefined || depth > 8) return undefined;
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  const property = properties?.[name] === undefined ? undefined : safe(deref, properties[name]);
  if (isRecord(property) && typeof property['x-error-message'] === 'string') return property;
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = fieldWithMessage(branch, name, deref, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `deref(node)`, or undefined when the reference cannot be resolved (a message is never worth a crash). */
function safe(deref: Deref, node: unknown): SchemaNode | undefined {
  try {
    return deref(node);
  } catch {
    return undefined;
  }
}
