/**
 * Spec-valid answers for a forced status (`Prefer: code=…`, fault rules; docs/control-plane.md): the documented example
 * of the response when there is one, else a value generated from its schema; required headers likewise. Built
 * from the spec, so a forced 401 of GET /users looks exactly like a real one to a client's schema check.
 */
import type { ApiModel, OperationSpec, SchemaNode } from '../spec/model.ts';

export interface ForcedAnswer {
  readonly status: number;
  /** JSON body, or undefined when the response documents none. */
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  /** The message for `X-Message`. */
  readonly message: string;
  /** The documented media type when it is not JSON (the spec served as YAML, an HTML page): the body is sent as text. */
  readonly textType?: string;
}

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  uuid: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  'date-time': '2026-01-01T00:00:00.000Z',
  uri: 'http://localhost:8080/',
};

/** The answer `operation` gives with `status`, or undefined when the spec does not document that status. */
export function forcedAnswer(
  model: ApiModel,
  operation: OperationSpec,
  status: number,
): ForcedAnswer | undefined {
  const responses = model.deref(operation.raw.responses);
  const raw = responses[String(status)];
  if (raw === undefined) return undefined;
  const response = model.deref(raw);
  const message =
    status >= 400 ? `forced by the mock: ${status} for ${operation.id}` : 'Data retrieved successfully';
  const content = response.content === undefined ? undefined : model.deref(response.content);
  const mediaTypeName = content === undefined ? undefined : Object.keys(content)[0];
  const mediaType = content === undefined ? undefined : model.deref(Object.values(content)[0]);
  let body: unknown;
  if (mediaType !== undefined) {
    body = 'example' in mediaType ? mediaType.example : sample(model, mediaType.schema, message);
    if (status >= 400) body = withMessage(body, message);
  }
  const headers: Record<string, string> = {};
  for (const [name, rawHeader] of Object.entries(model.deref(response.headers ?? {}))) {
    const header = model.deref(rawHeader);
    if (header.required !== true || name === 'X-Message' || name === 'X-API-Version') continue;
    if (name === 'X-Total-Count') {
      headers[name] = String(Array.isArray(body) ? body.length : 0);
      continue;
    }
    const value = 'example' in header ? header.example : sample(model, header.schema, message);
    headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const textType = mediaTypeName === undefined || mediaTypeName.includes('json') ? undefined : mediaTypeName;
  return { status, body, headers, message, ...(textType === undefined ? {} : { textType }) };
}

/** Puts the forced message into an error body's message field, keeping every other field. */
function withMessage(body: unknown, message: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  if ('error_description' in body) return { ...body, error_description: message };
  if ('error' in body && typeof body.error === 'string') return { ...body, error: message };
  return body;
}

/** A value valid against `schema` (examples, consts and enums first; then the simplest value of its type). */
export function sample(model: ApiModel, node: unknown, text = 'string', depth = 0): unknown {
  if (node === undefined || depth > 12) return undefined;
  const schema = model.deref(node);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.allOf)) return mergeAll(model, schema, text, depth);
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as unknown[];
    return sample(model, options[0], text, depth + 1);
  }
  switch (schema.type) {
    case 'object':
      return sampleObject(model, schema, text, depth);
    case 'array': {
      const item = sample(model, schema.items, text, depth + 1);
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: Math.max(min, 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    default:
      return sampleString(schema, text);
  }
}

/**
 * The compiled `pattern` of a schema of a served document (spec/openapi.yaml or `--spec`'s, spec/admin.yaml), never
 * a request's: nothing a client sends becomes a regular expression. Compiled once each; the map is emptied when it
 * passes `SPEC_PATTERNS_KEPT`, so that documents reloaded with `--watch` do not grow it.
 */
const SPEC_PATTERNS = new Map<string, RegExp>();
const SPEC_PATTERNS_KEPT = 512;
function specPattern(source: string): RegExp {
  let pattern = SPEC_PATTERNS.get(source);
  if (pattern === undefined) {
    if (SPEC_PATTERNS.size >= SPEC_PATTERNS_KEPT) SPEC_PATTERNS.clear();
    pattern = new RegExp(source, 'u');
    SPEC_PATTERNS.set(source, pattern);
  }
  return pattern;
}

/** Candidates for a string with a `pattern` and no example (e.g. an identifier), tried in order. */
const PATTERN_SAMPLES = ['sample', 'example', 'x1', 'a', '0'];

/** A string valid against `schema`: its format's sample, else `text` when it fits the pattern, else a candidate. */
function sampleString(schema: SchemaNode, text: string): string {
  if (typeof schema.format === 'string' && schema.format in FORMAT_SAMPLES)
    return FORMAT_SAMPLES[schema.format] ?? text;
  if (typeof schema.pattern !== 'string') return text;
  const pattern = specPattern(schema.pattern);
  return [text, ...PATTERN_SAMPLES].find((candidate) => pattern.test(candidate)) ?? text;
}

function sampleObject(
  model: ApiModel,
  schema: SchemaNode,
  text: string,
  depth: number,
): Record<string, unknown> {
  const properties = model.deref(schema.properties ?? {});
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const out: Record<string, unknown> = {};
  for (const name of required) {
    const value = sample(model, properties[name], text, depth + 1);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** allOf: the first branch's sample with later branches' property constraints (const/enum) applied. */
function mergeAll(model: ApiModel, schema: SchemaNode, text: string, depth: number): unknown {
  const branches = (schema.allOf as unknown[]).map((b) => model.deref(b));
  const base = sample(model, branches[0], text, depth + 1);
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const branch of branches.slice(1)) {
    for (const [name, property] of Object.entries(model.deref(branch.properties ?? {}))) {
      const value = sample(model, property, text, depth + 1);
      if (value !== undefined) merged[name] = value;
    }
  }
  return merged;
}
