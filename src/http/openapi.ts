/**
 * Request (and optionally response) validation with express-openapi-validator, driven by our route table.
 *
 * Why not `OpenApiValidator.middleware()`: it loads the spec lazily (a broken document would fail the first
 * request, not start-up), recompiles every route's path pattern on every request, and chains five promise-based
 * middlewares. We use the same validator classes, built once here from the document already in memory, and give
 * them the operation our `RouteTable` matched. The version is pinned in package.json because these are the
 * package's internal modules.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type {
  OpenAPIV3,
  OpenApiRequest,
  ValidateResponseOpts,
} from 'express-openapi-validator/dist/framework/types.js';
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator.js';
import { BadRequest } from 'express-openapi-validator/dist/framework/types.js';
import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
import { ResponseValidator } from 'express-openapi-validator/dist/middlewares/openapi.response.validator.js';
import { SchemaPreprocessor } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor.js';
import { OpenApiValidator } from 'express-openapi-validator/dist/openapi.validator.js';
import type { SpecDocument } from '../spec/document.ts';
import { isDecimalInteger, STRICT_FORMATS } from '../spec/formats.ts';
import type { OperationSpec } from '../spec/model.ts';

export interface SpecValidatorOptions {
  /** Validate response bodies too (in tests and with `--validate-responses`). */
  readonly validateResponses: boolean;
  /** Accept query parameters the spec does not declare (`--lenient-query`). */
  readonly lenientQuery: boolean;
}

export interface SpecValidator {
  /** Validates `req` against `operation`; throws express-openapi-validator's HttpError when it does not conform. */
  validateRequest(
    req: Request,
    res: Response,
    operation: OperationSpec,
    pathParams: Record<string, string>,
  ): void;
  /** Whether responses are validated (handlers then answer through `res.json`, which the validator watches). */
  readonly validatesResponses: boolean;
  /** Hooks `res.json` to validate the body against the operation's response (no-op unless enabled). */
  watchResponse(req: Request, res: Response, next: NextFunction): void;
}

const SERIAL = 0;
/** Distinct valid requests remembered (then forgotten all at once: a cache, not a log). */
const VALID_CACHE_SIZE = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid in its string form only (RFC 9562 §4; docs/users.md: "exact uuid match, 400 if not a uuid"). ajv-formats'
 * `uuid` also takes `urn:uuid:…`, which the id filters would then match against nothing.
 */
function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A checker of documents against the OpenAPI meta-schema of `version` (compiling the meta-schema is most of the
 * cost: build one checker for several documents).
 */
export function documentChecker(version: string): (doc: SpecDocument, name: string) => void {
  const validator = new OpenAPISchemaValidator({ version, validateApiSpec: true });
  return (doc, name) => {
    const document = structuredClone(doc) as unknown as OpenAPIV3.DocumentV3_1;
    const { errors } = validator.validate(document);
    if (errors !== null && errors.length > 0) {
      const lines = errors.slice(0, 10).map((e) => `  ${e.instancePath || '/'} ${e.message ?? ''}`);
      throw new Error(`${name} is not a valid OpenAPI document:\n${lines.join('\n')}`);
    }
  };
}

/** Checks `doc` against the OpenAPI 3.x meta-schema; throws listing the problems. */
export function assertValidDocument(doc: SpecDocument, name: string): void {
  documentChecker(String(doc.openapi))(doc, name);
}

export function createSpecValidator(doc: SpecDocument, options: SpecValidatorOptions): SpecValidator {
  const normalized = new OpenApiValidator({
    apiSpec: '(in memory)',
    validateRequests: { allowUnknownQueryParameters: options.lenientQuery, allErrors: true },
    validateResponses: options.validateResponses ? { allErrors: true } : false,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: { ...STRICT_FORMATS, uuid: isUuid },
  });
  // The validator classes mutate the document they are given: give them their own copy.
  const document = structuredClone(doc) as unknown as OpenAPIV3.DocumentV3_1;
  const responseOptions = normalized.options.validateResponses;
  // With `false`, the preprocessor skips the response copy of the document (it tests the option for truthiness).
  const processed = new SchemaPreprocessor(
    document,
    normalized.ajvOpts.preprocessor,
    responseOptions === false ? (false as unknown as ValidateResponseOpts) : responseOptions,
  ).preProcess();
  const requests = new RequestValidator(processed.apiDoc, normalized.ajvOpts.request);
  const responses =
    responseOptions === false
      ? undefined
      : new ResponseValidator(processed.apiDocRes, normalized.ajvOpts.response, responseOptions, SERIAL);
  const watch: RequestHandler | undefined = responses?.validate();

  const paths = processed.apiDoc.paths ?? {};
  // apiDocRes is null when response validation is off.
  const responsePaths = (processed.apiDocRes as typeof processed.apiDocRes | null)?.paths ?? {};
  const operationObject = (operation: OperationSpec, source: typeof paths): OpenAPIV3.OperationObject => {
    const item = source[operation.path] as Readonly<Record<string, unknown>> | undefined;
    const op = item?.[operation.method] as OpenAPIV3.OperationObject | undefined;
    if (op === undefined) throw new Error(`validator has no ${operation.method} ${operation.path}`);
    return op;
  };

  // Validation is a function of the spec and the request: an operation without a body, the same URL and the same
  // headers it reads give the same outcome, so a request already found valid is not validated again.
  const valid = new Set<string>();
  return {
    validatesResponses: responses !== undefined,
    validateRequest(req, res, operation, pathParams) {
      const key =
        operation.bodyMediaTypes.length === 0
          ? `${operation.id} ${req.originalUrl} ${req.headers['content-type'] ?? ''} ${String(req.headers['x-api-version'])}`
          : undefined;
      const request = req as OpenApiRequest;
      // The response validator reads this metadata, so it is set even when the request is known valid.
      const metadata = {
        expressRoute: `${operation.method} ${operation.path}`,
        openApiRoute: operation.path,
        pathParams,
        schema: operationObject(operation, paths),
        serial: SERIAL,
        _responseSchema: responses === undefined ? undefined : operationObject(operation, responsePaths),
      };
      request.openapi = metadata;
      if (key !== undefined && valid.has(key)) return;
      // `x-eov-allow-unknown-query-parameters` (the validator's own extension) marks operations that must ignore
      // parameters they do not know, as RFC 6749 §3.1 asks of the authorization endpoint.
      if (!options.lenientQuery && operation.raw['x-eov-allow-unknown-query-parameters'] !== true)
        rejectUnknownQuery(req, operation);
      rejectLooseIntegers(req, operation);
      // The validator throws on invalid input and calls back synchronously on valid input.
      const outcome = { passed: false };
      void requests.validate(request, res, () => {
        outcome.passed = true;
      });
      if (!outcome.passed)
        throw new Error(`request validation of ${operation.id} did not complete synchronously`);
      if (key !== undefined) {
        if (valid.size >= VALID_CACHE_SIZE) valid.clear();
        valid.add(key);
      }
    },
    watchResponse(req, res, next) {
      if (watch === undefined) return;
      // The validator's hook calls `next()` at once, as a middleware would; here it is not one, and continuing the
      // chain would run Express's final 404 handler beside ours (an error thrown by the handler then answers 404
      // with an empty body). Only its `next(error)`, for a response that breaks the spec, is passed on.
      void watch(req, res, (error?: unknown) => {
        if (error !== undefined) next(error);
      });
    },
  };
}

/**
 * Query parameters of `type: integer` take decimal digits only. The validator coerces with `Number()`, which reads
 * `0x2`, `1e1`, ` 3` and `2.0` as integers: a page the caller did not write would be a silent wrong answer.
 */
function rejectLooseIntegers(req: Request, operation: OperationSpec): void {
  const loose = operation.parameters.filter((p) => {
    const value: unknown = req.query[p.name];
    return (
      p.in === 'query' &&
      p.schema.type === 'integer' &&
      typeof value === 'string' &&
      value !== '' &&
      !isDecimalInteger(value)
    );
  });
  if (loose.length === 0) return;
  throw new BadRequest({
    path: '/query',
    message: `not integers: ${loose.map((p) => p.name).join(', ')}`,
    errors: loose.map((p) => ({
      path: `/query/${p.name}`,
      message: 'must be integer',
      errorCode: 'type.openapi.validation',
    })),
  });
}

/**
 * docs/users.md: an unknown query parameter is a 400 naming it. Checked here, on the query as Express parsed it,
 * because the validator first rewrites bracket notation: it drops keys such as `[` or `[x]` (which then pass
 * unnoticed) and renames `a[` to `a`. Every unknown key is reported, in the validator's error shape.
 */
function rejectUnknownQuery(req: Request, operation: OperationSpec): void {
  const known = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const unknown = Object.keys(req.query).filter((key) => !known.has(key));
  if (unknown.length === 0) return;
  throw new BadRequest({
    path: '/query',
    message: `unknown query parameters: ${unknown.join(', ')}`,
    errors: unknown.map((key) => ({ path: `/query/${key}`, message: `Unknown query parameter '${key}'` })),
  });
}
