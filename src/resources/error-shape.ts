/**
 * The body of an engine error (docs/own-spec.md "Errors"): the API shape `{"error", "code", "details"?}` of
 * docs/responses.md, or, when the document's error responses declare another schema, that schema's properties
 * filled by name — `error` and `message` the message, `code` the code (the status when `code` is a number),
 * `details` the details, `status` the HTTP status — an object-valued `error` filled the same way inside (as
 * `{"error": {"code": 404, "message": …}}` documents write it), and any other required property from its example
 * or a placeholder of its type.
 */
import type { SchemaNode } from '../spec/model.ts';
import type { DocOperation } from './document-operations.ts';
import type { MockError } from '../errors.ts';

/** What an error body is filled from. */
type ErrorParts = Pick<MockError, 'status' | 'code' | 'message' | 'details'>;
import type { SchemaReader } from './schema.ts';

type Fill = 'message' | 'code' | 'status' | 'details' | 'fixed' | 'object';

interface Field {
  readonly name: string;
  readonly fill: Fill;
  /** Whether the property is a number (a numeric `code` or `status` is the HTTP status). */
  readonly numeric: boolean;
  readonly fixed?: unknown;
  readonly fields?: readonly Field[];
}

export interface ErrorShape {
  /** Undefined for the API shape; otherwise how each property of the document's error schema is filled. */
  readonly fields: readonly Field[] | undefined;
  /** The component the shape came from, for `GET /__admin/resources` and the docs. */
  readonly schemaName: string | undefined;
}

const API_FIELDS = new Set(['error', 'code', 'details']);
const MAX_DEPTH = 4;

function placeholder(schema: SchemaNode, type: unknown): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return '';
}

function planFields(schema: SchemaNode, reader: SchemaReader, depth: number): Field[] {
  const required = reader.required(schema);
  const fields: Field[] = [];
  for (const [name, prop] of reader.properties(schema)) {
    const type = reader.types(prop)[0];
    const numeric = type === 'integer' || type === 'number';
    if (type === 'object' && depth < MAX_DEPTH && (name === 'error' || required.includes(name))) {
      fields.push({ name, fill: 'object', numeric, fields: planFields(prop, reader, depth + 1) });
    } else if (name === 'error' || name === 'message') fields.push({ name, fill: 'message', numeric });
    else if (name === 'code') fields.push({ name, fill: 'code', numeric });
    else if (name === 'status') fields.push({ name, fill: 'status', numeric });
    else if (name === 'details' && type === 'array') fields.push({ name, fill: 'details', numeric });
    else if (required.includes(name))
      fields.push({ name, fill: 'fixed', numeric, fixed: placeholder(prop, type) });
  }
  return fields;
}

/** The error shape the document's 4xx answers declare (the first one with a JSON object schema). */
export function readErrorShape(operations: readonly DocOperation[], reader: SchemaReader): ErrorShape {
  for (const op of operations) {
    for (const response of op.responses) {
      if (response.status < 400 || response.status >= 500 || response.schema === undefined) continue;
      const schema = reader.resolve(response.schema);
      const names = [...reader.properties(schema).keys()];
      if (names.length === 0) continue;
      const schemaName = reader.refName(response.schema);
      const apiShape =
        names.every((k) => API_FIELDS.has(k)) && names.includes('error') && names.includes('code');
      return { fields: apiShape ? undefined : planFields(schema, reader, 0), schemaName };
    }
  }
  return { fields: undefined, schemaName: undefined };
}

function fill(fields: readonly Field[], error: ErrorParts): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    switch (field.fill) {
      case 'object':
        body[field.name] = fill(field.fields ?? [], error);
        break;
      case 'message':
        body[field.name] = field.numeric ? error.status : error.message;
        break;
      case 'code':
        body[field.name] = field.numeric ? error.status : error.code;
        break;
      case 'status':
        body[field.name] = field.numeric ? error.status : String(error.status);
        break;
      case 'details':
        body[field.name] = error.details ?? [];
        break;
      case 'fixed':
        body[field.name] = field.fixed;
        break;
    }
  }
  return body;
}

/** The body of `error` in `shape`. */
export function errorBody(error: ErrorParts, shape: ErrorShape): Record<string, unknown> {
  if (shape.fields === undefined) {
    return {
      error: error.message,
      code: error.code,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
  return fill(shape.fields, error);
}
