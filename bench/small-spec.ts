/**
 * The `stack` baseline's OpenAPI document: one operation of the full document (GET /users), its parameters
 * resolved, no response schemas, and only the component schemas those parameters reach — what a lean Express
 * service that serves this one list would hand to express-openapi-validator. Pure: unit-tested in
 * test/unit/bench-small-spec.test.ts.
 */

interface Json {
  readonly [key: string]: unknown;
}

const SCHEMA_REF = '#/components/schemas/';
const PARAMETER_REF = '#/components/parameters/';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), value);
}

/** The names of the component schemas that `value` refers to, directly or through other schemas. */
export function reachedSchemas(value: unknown, schemas: Json): Set<string> {
  const reached = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) {
      const name = ref.slice(SCHEMA_REF.length);
      if (!reached.has(name)) {
        reached.add(name);
        walk(schemas[name]);
      }
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(value);
  return reached;
}

/** The small document for `method path` of `full`: that operation's parameters, an untyped 200, nothing else. */
export function smallSpec(full: unknown, path = '/users', method = 'get'): Json {
  const operation = at(full, 'paths', path, method);
  if (!isObject(operation)) throw new Error(`smallSpec: no ${method.toUpperCase()} ${path} in the document`);
  const listed = Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : [];
  const parameters = listed.map((p) => {
    const ref = at(p, '$ref');
    if (typeof ref !== 'string') return p;
    const resolved = at(full, 'components', 'parameters', ref.slice(PARAMETER_REF.length));
    if (!ref.startsWith(PARAMETER_REF) || resolved === undefined)
      throw new Error(`smallSpec: cannot resolve parameter ${ref}`);
    return resolved;
  });
  const schemas = at(full, 'components', 'schemas');
  const all: Json = isObject(schemas) ? schemas : {};
  const reached = [...reachedSchemas(parameters, all)].sort();
  return {
    openapi: at(full, 'openapi') ?? '3.1.0',
    info: { title: 'stack baseline', version: '1' },
    paths: { [path]: { [method]: { parameters, responses: { '200': { description: 'ok' } } } } },
    components: { schemas: Object.fromEntries(reached.map((name) => [name, all[name]])) },
  };
}
