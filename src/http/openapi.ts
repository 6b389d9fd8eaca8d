/**
 * Request (and optionally response) validation with express-openapi-validator, through its documented entry:
 * `OpenApiValidator.middleware(options)`, an array of Express middlewares, run here for the operation our
 * `RouteTable` matched (`dispatch.ts` decides 404/405 itself, so the validator may ignore undocumented paths).
 *
 * 1. The document is loaded and checked against the OpenAPI meta-schema by the validator itself; `ready()`
 *    resolves once it is, so a server awaits it before `listen` and a broken document fails the start.
 * 2. The validator turns each `{name}` of a path into an Express `:name`, which cannot hold a `-`: it is given
 *    a copy of the document where such names are aliased, and its error paths are mapped back.
 * 3. A request already found valid is not validated again (a memo around the middleware, `VALID_MEMO`), unless
 *    responses are validated: the response check needs the metadata the middleware attaches to each request.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { LRUCache } from 'lru-cache';
import type { SpecDocument } from '../spec/document.ts';
import { isDecimalInteger, STRICT_FORMATS } from '../spec/formats.ts';
import type { OperationSpec } from '../spec/model.ts';

export interface SpecValidatorOptions {
  /** Validate response bodies too (in tests and with `--validate-responses`). */
  readonly validateResponses: boolean;
  /** Accept query parameters the spec does not declare (`--lenient-query`). */
  readonly lenientQuery: boolean;
  /** Check the document against the OpenAPI meta-schema on load (default true; off for a known-good one). */
  readonly checkDocument?: boolean;
}

export interface SpecValidator {
  /** Resolves once the validator has loaded and checked the document; rejects when the document is broken. */
  ready(): Promise<void>;
  /**
   * Validates `req` against `operation`; rejects with express-openapi-validator's HttpError when it does not
   * conform. With response validation, `next` receives an error raised later by the response check.
   */
  validateRequest(req: Request, res: Response, operation: OperationSpec, next: NextFunction): Promise<void>;
  /** Whether responses are validated (handlers then answer through `res.json`, which the validator watches). */
  readonly validatesResponses: boolean;
}

/** Valid requests remembered: at most this many, of at most VALID_MEMO_BYTES of keys together. */
const VALID_MEMO_ENTRIES = 10_000;
const VALID_MEMO_BYTES = 4 * 1024 * 1024;
/** Longer keys (a long URL) are validated every time rather than remembered. */
const MAX_KEY_LENGTH = 2048;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A name path-to-regexp accepts after `:`. */
const EXPRESS_PARAM = /^[A-Za-z_$][\w$]*$/;

/**
 * A uuid in its string form only (RFC 9562 §4; README "Users": "exact uuid match, 400 if not a uuid"). ajv-formats'
 * `uuid` also takes `urn:uuid:…`, which the id filters would then match against nothing.
 */
function isUuid(value: string): boolean {
  return UUID.test(value);
}

type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => unknown;

export function createSpecValidator(doc: SpecDocument, options: SpecValidatorOptions): SpecValidator {
  const { document, aliases } = withExpressParamNames(doc);
  const chain = OpenApiValidator.middleware({
    apiSpec: document as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'],
    validateApiSpec: options.checkDocument ?? true,
    validateRequests: { allowUnknownQueryParameters: options.lenientQuery, allErrors: true },
    validateResponses: options.validateResponses ? { allErrors: true } : false,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: { ...STRICT_FORMATS, uuid: isUuid },
    ignoreUndocumented: true,
  }) as unknown as readonly Middleware[];
  const loaded = probe(chain);
  // Handled here so that an unawaited failure is not an unhandled rejection; `ready()` still reports it.
  loaded.catch(() => undefined);
  const valid = new LRUCache<string, true>({
    max: VALID_MEMO_ENTRIES,
    maxSize: VALID_MEMO_BYTES,
    sizeCalculation: (_, key) => key.length * 2,
  });

  return {
    validatesResponses: options.validateResponses,
    ready: () => loaded,
    async validateRequest(req, res, operation, next) {
      // Validation is a function of the spec and the request: an operation without a body, the same URL and the
      // same headers it reads give the same outcome.
      const key =
        operation.bodyMediaTypes.length === 0 && !options.validateResponses
          ? `${operation.id} ${req.originalUrl} ${req.headers['content-type'] ?? ''} ${String(req.headers['x-api-version'])}`
          : undefined;
      if (key !== undefined && valid.has(key)) return;
      rejectMalformedPath(req, operation);
      // `x-eov-allow-unknown-query-parameters` (the validator's own extension) marks operations that must ignore
      // parameters they do not know, as RFC 6749 §3.1 asks of the authorization endpoint.
      if (!options.lenientQuery && operation.raw['x-eov-allow-unknown-query-parameters'] !== true)
        rejectUnknownQuery(req, operation);
      rejectLooseIntegers(req, operation);
      try {
        await runChain(chain, req, res, next);
      } catch (error) {
        throw unaliased(error, aliases);
      }
      if (!('openapi' in req) || req.openapi === undefined) {
        throw new Error(`the validator found no operation for ${req.method} ${req.path} (${operation.id})`);
      }
      if (key !== undefined && key.length <= MAX_KEY_LENGTH) valid.set(key, true);
    },
  };
}

/**
 * Runs the middlewares in order; resolves when the last passes the request on, rejects with the first error.
 * A middleware that calls its `next` again later (the response check, once the handler answers) reaches `late`.
 */
function runChain(
  chain: readonly Middleware[],
  req: Request,
  res: Response,
  late: NextFunction,
): Promise<void> {
  return chain.reduce<Promise<void>>(
    (previous, middleware) =>
      previous.then(
        () =>
          new Promise<void>((resolve, reject) => {
            let settled = false;
            const result = middleware(req, res, (error?: unknown) => {
              if (settled) {
                if (error !== undefined) late(error);
                return;
              }
              settled = true;
              if (error === undefined || error === null) resolve();
              else
                reject(
                  error instanceof Error
                    ? error
                    : new Error('a validator middleware failed', { cause: error }),
                );
            });
            if (result instanceof Promise) result.catch(reject);
          }),
      ),
    Promise.resolve(),
  );
}

/**
 * Loads the validator's document by passing a request for a path no operation has through the middlewares: each
 * passes it on once the document is loaded and checked, the first fails it when the document is not.
 */
function probe(chain: readonly Middleware[]): Promise<void> {
  const app = express();
  const url = '/.identity-mock-probe';
  const req = Object.create(app.request as object, {
    method: { value: 'GET' },
    url: { value: url, writable: true },
    originalUrl: { value: url },
    baseUrl: { value: '' },
    headers: { value: {} },
    query: { value: {} },
  }) as Request;
  const res = Object.create(app.response as object) as Response;
  return runChain(chain, req, res, () => undefined);
}

/** A copy of `doc` in which path parameters whose names Express cannot hold are renamed, and the renames. */
function withExpressParamNames(doc: SpecDocument): { document: SpecDocument; aliases: Map<string, string> } {
  const document = structuredClone(doc) as Record<string, unknown>;
  const aliases = new Map<string, string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const alias = (name: string): string => {
    if (EXPRESS_PARAM.test(name)) return name;
    const renamed = `${name.replace(/[^\w$]/g, '_')}_`;
    aliases.set(renamed, name);
    return renamed;
  };
  const renameIn = (parameters: unknown): void => {
    if (!Array.isArray(parameters)) return;
    for (const parameter of parameters as Record<string, unknown>[]) {
      if (parameter.in === 'path' && typeof parameter.name === 'string')
        parameter.name = alias(parameter.name);
    }
  };
  const renamed = Object.entries(paths).map(([path, item]) => {
    renameIn(item.parameters);
    for (const operation of Object.values(item)) {
      if (typeof operation === 'object' && operation !== null && 'parameters' in operation)
        renameIn(operation.parameters);
    }
    return [path.replace(/\{([^}]+)\}/g, (_, name: string) => `{${alias(name)}}`), item] as const;
  });
  document.paths = Object.fromEntries(renamed);
  return { document, aliases };
}

/** The validator's error with aliased parameter names (`/params/id_or_identifier_`) put back. */
function unaliased(error: unknown, aliases: ReadonlyMap<string, string>): unknown {
  if (aliases.size === 0 || typeof error !== 'object' || error === null || !('errors' in error)) return error;
  if (!Array.isArray(error.errors)) return error;
  for (const issue of error.errors as { path?: unknown }[]) {
    if (typeof issue.path !== 'string') continue;
    const [, where, name, ...rest] = issue.path.split('/');
    const original = name === undefined ? undefined : aliases.get(name);
    if (where === 'params' && original !== undefined) issue.path = ['', where, original, ...rest].join('/');
  }
  return error;
}

const { BadRequest } = OpenApiValidator.error;

/**
 * A path parameter whose percent-encoding does not decode (`%E0%A4`) fails its schema, as any other value that does
 * not match it. The validator would answer it as a malformed URI of the body instead.
 */
function rejectMalformedPath(req: Request, operation: OperationSpec): void {
  const template = operation.path.split('/');
  const segments = req.path.split('/');
  const malformed: string[] = [];
  template.forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name === undefined) return;
    try {
      decodeURIComponent(segments[i] ?? '');
    } catch {
      malformed.push(name);
    }
  });
  if (malformed.length === 0) return;
  throw new BadRequest({
    path: '/params',
    message: `not valid percent-encoding: ${malformed.join(', ')}`,
    errors: malformed.map((name) => ({
      path: `/params/${name}`,
      message: 'must be valid percent-encoding',
      errorCode: 'pattern.openapi.validation',
    })),
  });
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
 * README "Users": an unknown query parameter is a 400 naming it. Checked here, on the query as Express parsed it,
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
