/**
 * OpenAPI 3.0 schema forms that the JSON Schema validators refuse, rewritten in place to what they mean
 * (OpenAPI 3.0.3 §4.7.24): `nullable` on a schema without `type` has no effect, so it is dropped (ajv throws on
 * it when it compiles, which would turn the first request of such an operation into a 500); for JSON Schema
 * 2020-12, a boolean `exclusiveMinimum` / `exclusiveMaximum` becomes the bound it qualifies. Public documents
 * (Ory Kratos') write both. Visits each object once, so a document whose references were resolved into cycles
 * is walked safely.
 */

/** Drops `nullable` from every schema without `type` under `node`; with `draft2020`, rewrites boolean bounds too. */
export function normalizeOpenApi30(node: unknown, draft2020 = false): void {
  const seen = new WeakSet<object>();
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      stack.push(...(current as unknown[]));
      continue;
    }
    const schema = current as Record<string, unknown>;
    if (typeof schema['nullable'] === 'boolean' && schema['type'] === undefined) delete schema['nullable'];
    if (draft2020) {
      exclusiveBound(schema, 'exclusiveMinimum', 'minimum');
      exclusiveBound(schema, 'exclusiveMaximum', 'maximum');
    }
    stack.push(...Object.values(schema));
  }
}

/** A boolean `exclusiveMinimum` (or maximum) as JSON Schema 2020-12 writes it: the bound itself, or nothing. */
function exclusiveBound(
  schema: Record<string, unknown>,
  flag: 'exclusiveMinimum' | 'exclusiveMaximum',
  bound: 'minimum' | 'maximum',
): void {
  const value = schema[flag];
  if (typeof value !== 'boolean') return;
  const limit = schema[bound];
  const rest = Object.entries(schema).filter(([key]) => key !== flag && (!value || key !== bound));
  for (const key of Object.keys(schema)) Reflect.deleteProperty(schema, key);
  Object.assign(schema, Object.fromEntries(rest));
  if (value && typeof limit === 'number') schema[flag] = limit;
}

/** Whether `doc` is an OpenAPI 3.0 document. */
export function isOpenApi30(doc: unknown): boolean {
  const version = (doc as { openapi?: unknown } | null)?.openapi;
  return typeof version === 'string' && version.startsWith('3.0');
}
