/**
 * The request validators on Node (`pipeline/validation.ts`): express-openapi-validator, through its documented entry
 * `OpenApiValidator.middleware(options)`, an array of Express middlewares run over a request object made from the
 * pipeline's input (the pipeline has already routed it: the validator may ignore undocumented paths).
 *
 * 1. The documents are merged into one (`merged-document.ts`) and given to one validator: building one compiles the
 *    OpenAPI meta-schema, which its documented options cannot turn off, so every document beyond the first would
 *    pay it again. Each document's validator asks about its paths under the document's mount.
 * 2. The validator loads the document; `ready()` resolves once it is, so a server awaits it before `listen` and a
 *    broken document fails the start. Documents the build has not checked (`checkDocuments`) are each checked
 *    against the OpenAPI meta-schema by a validator of their own, so that a fault names its document.
 * 3. The validator turns each `{name}` of a path into an Express `:name`, which cannot hold a `-`: it is given
 *    a copy where such names are aliased, and its error paths are mapped back.
 * 4. The copy it is given has its references resolved (`resolved-refs.ts`), which spares it bundling the document
 *    and compiling every referenced schema while preparing it; once checked, it is given only the parts requests
 *    are checked against (`request-parts.ts`), which spares a walk over every response at each operation's first
 *    request.
 * 5. Unknown query parameters are the pipeline's to refuse (`pipeline/validation.ts`, which `--lenient-query` turns
 *    off): the validator accepts them, so one validator serves both settings.
 */
import express, { type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type {
  RequestValidator,
  ValidationInput,
  ValidationIssue,
  ValidationOutcome,
} from '../../pipeline/validation.ts';
import type { SpecDocument } from '../../spec/document.ts';
import { isOpenApi30, normalizeOpenApi30 } from '../../spec/openapi-30.ts';
import { STRICT_FORMATS } from '../../spec/formats.ts';
import { KnownRoutes, type Middleware } from './known-routes.ts';
import { mergeDocuments, mountOf } from './merged-document.ts';
import { requestParts } from './request-parts.ts';
import { resolveRefsInPlace } from './resolved-refs.ts';

export interface OpenApiValidatorOptions {
  /** Check the documents against the OpenAPI meta-schema on load (off for ones the build checked). */
  readonly checkDocuments: boolean;
}

/** A name path-to-regexp accepts after `:`. */
const EXPRESS_PARAM = /^[A-Za-z_$][\w$]*$/;

/** A validator for each of `docs`, in their order, over one express-openapi-validator. */
export function createOpenApiValidators(
  docs: readonly SpecDocument[],
  options: OpenApiValidatorOptions,
): RequestValidator[] {
  if (options.checkDocuments && docs.length > 1) return checkedApart(docs);
  const { document, aliases } = withExpressParamNames(mergeDocuments(docs));
  resolveRefsInPlace(document);
  if (docs.some(isOpenApi30)) normalizeOpenApi30(document);
  const chain = OpenApiValidator.middleware({
    // A document being checked is given whole; one checked already, only what requests are checked against.
    apiSpec: (options.checkDocuments ? document : requestParts(document)) as Parameters<
      typeof OpenApiValidator.middleware
    >[0]['apiSpec'],
    validateApiSpec: options.checkDocuments,
    validateRequests: { allowUnknownQueryParameters: true, allErrors: true },
    validateResponses: false,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: STRICT_FORMATS,
    ignoreUndocumented: true,
    // No operation takes a multipart body; its middleware would build one more Ajv of every schema.
    fileUploader: false,
  }) as unknown as readonly Middleware[];
  const app = express();
  const loaded = runChain(chain, requestFor(app, '', probeInput()), Object.create(app.response) as Response);
  // Handled here so that an unawaited failure is not an unhandled rejection; `ready()` still reports it.
  loaded.catch(() => undefined);
  const known = new KnownRoutes(chain);
  const renamedTo = new Map([...aliases].map(([renamed, name]) => [name, renamed]));
  const validatorName = (name: string): string => renamedTo.get(name) ?? name;

  return docs.map((_, index) => {
    const mount = mountOf(index);
    const ready = (): Promise<void> => loaded;
    return {
      ready,
      async validate(operation, input) {
        const req = requestFor(app, mount, input);
        const key = `${mount} ${operation.id}`;
        const params: Record<string, string> = {};
        for (const [name, value] of Object.entries(input.params)) params[validatorName(name)] = value;
        const route = `${mount}${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => `{${validatorName(name)}}`)}`;
        try {
          await runChain(known.chainFor(key, req, params), req, Object.create(app.response) as Response);
        } catch (error) {
          const outcome = validatorOutcome(unaliased(error, aliases));
          if (outcome === undefined) throw error;
          return outcome;
        } finally {
          known.learn(key, req, route);
        }
        if (!('openapi' in req) || req.openapi === undefined) {
          throw new Error(
            `the validator found no operation for ${input.method} ${input.path} (${operation.id})`,
          );
        }
        // The validator applies the schema's defaults to the body it checked.
        return { kind: 'valid', body: req.body as unknown };
      },
    } satisfies RequestValidator;
  });
}

/**
 * Validators over `docs` merged, each document checked against the meta-schema by a validator of its own (the merged
 * document holds only the first one's top-level fields): a document's `ready()` rejects with its own fault, resolves
 * when another document is the broken one, and otherwise reports whether the merged one loaded.
 */
function checkedApart(docs: readonly SpecDocument[]): RequestValidator[] {
  const checks = docs.map((doc) => {
    const [alone] = createOpenApiValidators([doc], { checkDocuments: true });
    if (alone === undefined) throw new Error('createOpenApiValidators lost a document');
    const checked = alone.ready();
    checked.catch(() => undefined);
    return checked;
  });
  return createOpenApiValidators(docs, { checkDocuments: false }).map((merged, index) => ({
    validate: (operation, input) => merged.validate(operation, input),
    async ready() {
      await checks[index];
      const all = await Promise.allSettled(checks);
      if (all.some((outcome) => outcome.status === 'rejected')) return;
      await merged.ready();
    },
  }));
}

/** A request object of Express's own prototype (the validator reads `path`, `app` and the rest from it). */
function requestFor(app: express.Express, mount: string, input: ValidationInput): Request {
  const path = `${mount}${input.path}`;
  const url = input.search === '' ? path : `${path}?${input.search}`;
  return Object.create(app.request as object, {
    method: { value: input.method, enumerable: true },
    url: { value: url, writable: true, enumerable: true },
    originalUrl: { value: url, enumerable: true },
    baseUrl: { value: '', enumerable: true },
    headers: { value: { ...input.headers }, enumerable: true },
    // The validator coerces query values and sets path parameters in place: each request gets copies.
    query: { value: copyQuery(input.query), writable: true, enumerable: true },
    params: { value: {}, writable: true, enumerable: true },
    body: { value: input.body, writable: true, enumerable: true },
  }) as Request;
}

function copyQuery(query: ValidationInput['query']): Record<string, string | string[]> {
  const copy: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(query))
    copy[name] = typeof value === 'string' ? value : [...value];
  return copy;
}

function probeInput(): ValidationInput {
  return {
    method: 'GET',
    path: '/.identity-mock-probe',
    search: '',
    query: {},
    headers: {},
    params: {},
    body: undefined,
  };
}

/**
 * What express-openapi-validator's error says, in the pipeline's vocabulary (`pipeline/validation.ts`); undefined
 * when `error` is not one of its 400s or 415s.
 */
export function validatorOutcome(error: unknown): ValidationOutcome | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  if (error.status === 415) return { kind: 'unsupported-media-type' };
  if (error.status !== 400 || !('errors' in error) || !Array.isArray(error.errors)) return undefined;
  const issues: ValidationIssue[] = [];
  for (const item of error.errors as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const path = 'path' in item && typeof item.path === 'string' ? item.path : '';
    const message = 'message' in item && typeof item.message === 'string' ? item.message : 'is invalid';
    const errorCode = 'errorCode' in item && typeof item.errorCode === 'string' ? item.errorCode : undefined;
    issues.push(errorCode === undefined ? { path, message } : { path, message, errorCode });
  }
  return { kind: 'invalid', issues };
}

/** Runs the middlewares in order; resolves when the last passes the request on, rejects with the first error. */
function runChain(chain: readonly Middleware[], req: Request, res: Response): Promise<void> {
  return chain.reduce<Promise<void>>(
    (previous, middleware) =>
      previous.then(
        () =>
          new Promise<void>((resolve, reject) => {
            let settled = false;
            const result = middleware(req, res, (error?: unknown) => {
              if (settled) return;
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

/** `document` (changed in place) with path parameters whose names Express cannot hold renamed, and the renames. */
function withExpressParamNames(doc: SpecDocument): { document: SpecDocument; aliases: Map<string, string> } {
  const document = doc as Record<string, unknown>;
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
  // Path parameters defined once under components and referenced (`$ref: '#/components/parameters/Id'`).
  const components = (document.components ?? {}) as Record<string, unknown>;
  const shared = components.parameters;
  if (typeof shared === 'object' && shared !== null) renameIn(Object.values(shared));
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
