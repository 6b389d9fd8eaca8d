/**
 * The MCP tools of the control plane, generated from spec/admin.yaml (docs/agents.md): one per operation, named
 * by its `operationId` in snake_case, described by its summary and description, taking its path and query
 * parameters as arguments of those names and its request body as `body`, each with the document's own schema.
 * Components the schemas refer to travel in the tool's `$defs`, so each input schema stands alone. Pure: a
 * document in, tool definitions out.
 */
import type { SpecDocument } from '../../spec/document.ts';

/** A JSON Schema, as an object (boolean schemas are written `{}` and `{"not": {}}`: MCP clients refuse `true`). */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface ToolParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
}

export interface AdminTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema & { readonly type: 'object' };
  readonly operationId: string;
  readonly method: string;
  /** The path under `/__admin`, with `{name}` for its path parameters. */
  readonly path: string;
  readonly parameters: readonly ToolParameter[];
  /** Whether the operation takes a body, and whether it must. */
  readonly body: 'none' | 'optional' | 'required';
  /** The operation answers a stream of server-sent events: the tool collects them for `seconds`. */
  readonly stream: boolean;
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
  };
}

/** How long the stream tool listens, at most, in seconds. */
export const MAX_STREAM_SECONDS = 10;
/** The argument that says how long a stream tool listens. */
export const STREAM_SECONDS_SCHEMA: JsonSchema = Object.freeze({
  type: 'number',
  minimum: 0,
  maximum: MAX_STREAM_SECONDS,
  default: 2,
  description: `Seconds to listen for (at most ${MAX_STREAM_SECONDS}); the events seen in that time are the result.`,
});

/** The extension that keeps an operation out of the tools (the MCP endpoint itself). */
export const NOT_A_TOOL = 'x-mcp-tool';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const SCHEMA_REF = '#/components/schemas/';

/** `listClaimRules` → `list_claim_rules`; `getAdminOpenApi` → `get_admin_open_api`. */
export function snakeCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` where `#/...` pointers of the document are followed (parameters may be references). */
function deref(document: SpecDocument, value: unknown): unknown {
  let current = value;
  for (let hops = 0; hops < 16 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    let at: unknown = document;
    for (const part of ref.slice(2).split('/'))
      at = isRecord(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    current = at;
  }
  return current;
}

const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

/**
 * `schema` as a tool's JSON Schema: component references point into `$defs` (the names met are added to `seen`),
 * boolean subschemas become objects, examples (for people, not constraints) are left out. Values (`enum`,
 * `const`, `default`) are kept as they are.
 */
export function toolSchema(schema: unknown, seen: Set<string>): unknown {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
      const name = value.slice(SCHEMA_REF.length);
      seen.add(name);
      out.$ref = `#/$defs/${name}`;
    } else if (key === 'example' || key === 'examples') {
      continue;
    } else if (SCHEMA_KEYWORDS.has(key) && (isRecord(value) || typeof value === 'boolean')) {
      // `additionalProperties: false` and the like are constraints clients take; only a property's schema must
      // be an object.
      out[key] = typeof value === 'boolean' ? value : toolSchema(value, seen);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((item: unknown) => toolSchema(item, seen));
    } else if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, toolSchema(sub, seen)]),
      );
    } else out[key] = value;
  }
  return out;
}

/** The components named in `seen`, and those they refer to, as `$defs`. */
function definitions(document: SpecDocument, seen: Set<string>): Record<string, unknown> {
  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  const defs: Record<string, unknown> = {};
  const queue = [...seen];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (name in defs) continue;
    const more = new Set<string>();
    defs[name] = toolSchema(schemas[name] ?? {}, more);
    for (const next of more) if (!(next in defs)) queue.push(next);
  }
  return Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, defs[name]]),
  );
}

function describe(operation: Readonly<Record<string, unknown>>): string {
  const summary = typeof operation.summary === 'string' ? operation.summary.trim() : '';
  const text = typeof operation.description === 'string' ? operation.description.trim() : '';
  return [summary === '' ? '' : `${summary}.`, text].filter((part) => part !== '').join('\n\n');
}

function answersStream(operation: Readonly<Record<string, unknown>>): boolean {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const ok = isRecord(responses['200']) ? responses['200'] : {};
  return isRecord(ok.content) && 'text/event-stream' in ok.content;
}

/** The tools of every operation of the control plane's document, in the document's order. */
export function adminTools(document: SpecDocument): AdminTool[] {
  const paths = isRecord(document.paths) ? document.paths : {};
  const tools: AdminTool[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as unknown[]) : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation) || typeof operation.operationId !== 'string') continue;
      if (operation[NOT_A_TOOL] === false) continue;
      tools.push(toolOf(document, path, method, operation, shared));
    }
  }
  return tools;
}

function toolOf(
  document: SpecDocument,
  path: string,
  method: string,
  operation: Readonly<Record<string, unknown>>,
  shared: readonly unknown[],
): AdminTool {
  const seen = new Set<string>();
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const parameters: ToolParameter[] = [];
  const own = Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : [];
  for (const raw of [...shared, ...own]) {
    const parameter = deref(document, raw);
    if (!isRecord(parameter) || typeof parameter.name !== 'string') continue;
    // Headers (the session) are the server's to set: `--session` on stdio, the initialize request over HTTP.
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const schema = toolSchema(parameter.schema ?? {}, seen) as Record<string, unknown>;
    const description = typeof parameter.description === 'string' ? parameter.description.trim() : undefined;
    properties[parameter.name] = description === undefined ? schema : { ...schema, description };
    const isRequired = parameter.required === true;
    if (isRequired) required.push(parameter.name);
    parameters.push({ name: parameter.name, in: parameter.in, required: isRequired });
  }
  const requestBody = deref(document, operation.requestBody);
  let body: AdminTool['body'] = 'none';
  if (isRecord(requestBody) && isRecord(requestBody.content)) {
    const json = requestBody.content['application/json'];
    const schema = isRecord(json) ? json.schema : undefined;
    properties.body = toolSchema(schema ?? {}, seen);
    body = requestBody.required === true ? 'required' : 'optional';
    if (body === 'required') required.push('body');
  }
  const stream = answersStream(operation);
  if (stream) properties.seconds = STREAM_SECONDS_SCHEMA;
  const defs = definitions(document, seen);
  const inputSchema = {
    type: 'object' as const,
    properties,
    ...(required.length === 0 ? {} : { required }),
    additionalProperties: false,
    ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }),
  };
  const summary = typeof operation.summary === 'string' ? operation.summary : String(operation.operationId);
  return {
    name: snakeCase(String(operation.operationId)),
    description: describe(operation),
    inputSchema,
    operationId: String(operation.operationId),
    method: method.toUpperCase(),
    path,
    parameters,
    body,
    stream,
    annotations: { title: summary, readOnlyHint: method === 'get', destructiveHint: method === 'delete' },
  };
}
