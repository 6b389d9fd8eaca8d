/**
 * The JSON schemas a request to each operation is checked against where express-openapi-validator does not run (a
 * browser, MSW): the same shapes it builds, so the same values fail with the same keywords at the same places. One
 * schema holds the parameters (`query`, `headers` with lower-case names, `params`), one per media type holds the
 * body; each points into the document by `$ref`, so a component is compiled once for every operation that uses it.
 * They are compiled ahead (`npm run build`, ajv's standalone code: no `eval` in the page) or, from the sources, in
 * process with the same options.
 */
import type { ApiModel, OperationSpec } from '../../spec/model.ts';

/** The `$id`s the two documents are registered under. */
export const DOCUMENT_IDS = Object.freeze({
  api: 'https://identity-mock.local/openapi.json',
  admin: 'https://identity-mock.local/admin.json',
});

export type DocumentName = keyof typeof DOCUMENT_IDS;

type Schema = Record<string, unknown>;

/** The ajv options of express-openapi-validator's request validators (parameters are coerced, bodies are not). */
export const AJV_OPTIONS = Object.freeze({
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allowUnionTypes: false,
  validateSchema: false,
  useDefaults: true,
  removeAdditional: false,
  allErrors: true,
  validateFormats: true,
});

/** The key of one compiled schema: the parameters of an operation, or its body in one media type. */
export function schemaKey(document: DocumentName, operationId: string, mediaType?: string): string {
  return mediaType === undefined ? `${document} ${operationId}` : `${document} ${operationId} ${mediaType}`;
}

/** A JSON pointer's segment (RFC 6901). */
function segment(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

const PART: Readonly<Record<string, string>> = { query: 'query', header: 'headers', path: 'params' };

/** The parameters' schema of `operation`. */
function parametersSchema(id: string, operation: OperationSpec): Schema {
  const parts: Record<string, Schema> = { query: {}, headers: {}, params: {}, cookies: {} };
  for (const parameter of operation.parameters) {
    const part = PART[parameter.in];
    if (part === undefined) continue;
    const into = (parts[part] =
      parts[part]?.properties === undefined ? { type: 'object', properties: {} } : parts[part]);
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    (into.properties as Schema)[name] = { $ref: `${id}${parameter.pointer}/schema` };
    if (parameter.required) into.required = [...((into.required as string[] | undefined) ?? []), name];
  }
  return { required: ['query', 'headers', 'params'], properties: { ...parts, body: {} } };
}

/** The body's schema of `operation` in `mediaType`. */
function bodySchema(id: string, model: ApiModel, operation: OperationSpec, mediaType: string): Schema {
  const { requestBody } = operation.raw;
  const required = requestBody !== undefined && model.deref(requestBody).required === true;
  const body = { $ref: `${id}${operation.bodyPointer ?? ''}/content/${segment(mediaType)}/schema` };
  return {
    properties: { query: {}, headers: {}, params: {}, cookies: {}, body },
    ...(required ? { required: ['body'] } : {}),
  };
}

/** A document's schemas, by key, each with its `$id` (its key in the document's namespace): parameters and bodies. */
export interface RequestSchemaSets {
  /** The parameters of each operation: coerced from text, as express-openapi-validator does. */
  readonly params: Map<string, Schema>;
  /** The body of each operation in each media type: checked as sent. */
  readonly bodies: Map<string, Schema>;
}

/** Every schema of a document, parameters and bodies apart (an operation's id may hold spaces: keys are opaque). */
export function requestSchemaSets(document: DocumentName, model: ApiModel): RequestSchemaSets {
  const id = DOCUMENT_IDS[document];
  const params = new Map<string, Schema>();
  const bodies = new Map<string, Schema>();
  for (const operation of model.operations) {
    params.set(schemaKey(document, operation.id), parametersSchema(id, operation));
    for (const mediaType of operation.bodyMediaTypes) {
      bodies.set(schemaKey(document, operation.id, mediaType), bodySchema(id, model, operation, mediaType));
    }
  }
  return { params, bodies };
}
