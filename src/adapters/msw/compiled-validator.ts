/**
 * The request validator where express-openapi-validator does not run (`pipeline/validation.ts`): the schemas of
 * `request-schemas.ts`, compiled, applied as that validator applies them — parameters (coerced from text) and body
 * checked together, with every problem reported in its vocabulary (`/query/page_size`,
 * `maximum.openapi.validation`). Unknown and empty query parameters are the pipeline's to refuse, before either.
 */
import { mediaTypeOf } from '../../protocol/media-type.ts';
import type {
  RequestValidator,
  ValidationInput,
  ValidationIssue,
  ValidationOutcome,
} from '../../pipeline/validation.ts';
import type { ApiModel, OperationSpec } from '../../spec/model.ts';
import { schemaKey, type DocumentName } from './request-schemas.ts';

/** An ajv validate function, compiled ahead (standalone code) or in process. */
export interface CompiledSchema {
  (data: unknown): boolean;
  errors?: readonly AjvError[] | null;
}

/** What the validator reads of an ajv error. */
export interface AjvError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly message?: string | undefined;
  readonly params: Readonly<Record<string, unknown>>;
}

/** The compiled schema of a key of `request-schemas.ts`. */
export type CompiledSchemas = (key: string) => CompiledSchema | undefined;

/** Passes anything: the body of an operation that takes none, or of an optional body sent without a type. */
const ANYTHING: CompiledSchema = () => true;

export function compiledValidator(
  document: DocumentName,
  model: ApiModel,
  schemas: CompiledSchemas,
): RequestValidator {
  const schemaOf = (key: string): CompiledSchema => {
    const found = schemas(key);
    if (found === undefined) throw new Error(`no compiled schema ${key}`);
    return found;
  };
  return {
    ready: () => Promise.resolve(),
    validate: (operation, input) => Promise.resolve(validate(document, model, operation, input, schemaOf)),
  };
}

function validate(
  document: DocumentName,
  model: ApiModel,
  operation: OperationSpec,
  input: ValidationInput,
  schemaOf: (key: string) => CompiledSchema,
): ValidationOutcome {
  const body = bodySchema(document, model, operation, input.headers['content-type'], schemaOf);
  if (body === undefined) return { kind: 'unsupported-media-type' };
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(input.query))
    query[name] = typeof value === 'string' ? value : [...value];
  const data = {
    query,
    headers: { ...input.headers },
    params: { ...input.params },
    cookies: undefined,
    body: input.body,
  };
  const general = schemaOf(schemaKey(document, operation.id));
  const validGeneral = general(data);
  const validBody = body(data);
  if (validGeneral && validBody) return { kind: 'valid', body: data.body };
  const errors = [...(validGeneral ? [] : (general.errors ?? [])), ...(validBody ? [] : (body.errors ?? []))];
  return { kind: 'invalid', issues: errors.map(issueOf) };
}

/** The body's schema for the request's media type; undefined when the operation takes a body in no such type. */
function bodySchema(
  document: DocumentName,
  model: ApiModel,
  operation: OperationSpec,
  contentType: string | undefined,
  schemaOf: (key: string) => CompiledSchema,
): CompiledSchema | undefined {
  if (operation.bodyMediaTypes.length === 0) return ANYTHING;
  const type = mediaTypeOf(contentType);
  const mediaType = operation.bodyMediaTypes.find((m) => m.toLowerCase() === type);
  if (mediaType !== undefined) return schemaOf(schemaKey(document, operation.id, mediaType));
  const { requestBody } = operation.raw;
  const required = requestBody !== undefined && model.deref(requestBody).required !== false;
  return type === '' && !required ? ANYTHING : undefined;
}

/** An ajv error as express-openapi-validator reports it. */
function issueOf(error: AjvError): ValidationIssue {
  const { params } = error;
  const property = [params.missingProperty, params.additionalProperty, params.unevaluatedProperty].find(
    (p) => p !== undefined,
  );
  const allowed = params.allowedValues;
  const message =
    error.keyword === 'enum' && Array.isArray(allowed)
      ? `${error.message ?? ''}: ${allowed.map(String).join(', ')}`
      : (error.message ?? '');
  return {
    path:
      property === undefined
        ? error.instancePath
        : `${error.instancePath}/${typeof property === 'string' ? property : JSON.stringify(property)}`,
    message,
    errorCode: `${error.keyword}.openapi.validation`,
  };
}
