/**
 * Step 7 of docs/responses.md: parameters and body against the spec. The schema checks are a platform's
 * `RequestValidator` (express-openapi-validator on Node; schemas compiled from the spec in a browser), reporting issues
 * in one vocabulary; the rules around them are here, the same on every platform: unknown query parameters (unless
 * `--lenient-query`, or the operation's `x-eov-allow-unknown-query-parameters`), integers written in decimal digits
 * only, path parameters whose percent-encoding decodes. A request found valid is remembered (bounded) when its
 * outcome depends only on what the key holds.
 */
import { LRUCache } from 'lru-cache';
import { quote, unsupportedMediaType, type MockError } from '../errors.ts';
import { isDecimalInteger } from '../spec/formats.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { Query } from '../protocol/request.ts';
import { validationError, type RawRequestValues, type ValidationIssue } from './validation-errors.ts';

export type { ValidationIssue };

export interface ValidationInput {
  readonly method: string;
  /** The path as sent, relative to the document's server (`/users/ann`, `/faults/f1`). */
  readonly path: string;
  /** The query string as sent, without `?`. */
  readonly search: string;
  readonly query: Query;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export type ValidationOutcome =
  /** `body` is the body as checked, with the schema's defaults applied. */
  | { readonly kind: 'valid'; readonly body: unknown }
  | { readonly kind: 'invalid'; readonly issues: readonly ValidationIssue[] }
  | { readonly kind: 'unsupported-media-type' };

/** Checks a request against one document's schemas. */
export interface RequestValidator {
  validate(operation: OperationSpec, input: ValidationInput): Promise<ValidationOutcome>;
  /** Resolves once the document is loaded and checked; rejects when it is broken. */
  ready(): Promise<void>;
}

/** Valid requests remembered: at most this many, of at most VALID_MEMO_BYTES of keys together. */
const VALID_MEMO_ENTRIES = 10_000;
const VALID_MEMO_BYTES = 4 * 1024 * 1024;
/** Longer keys (a long URL) are validated every time rather than remembered. */
const MAX_KEY_LENGTH = 2048;

export interface ValidationOptions {
  readonly lenientQuery: boolean;
}

/** The validation step over `validator`: `check` throws the 400 (or 415) of docs/responses.md. */
export class RequestValidation {
  readonly #validator: RequestValidator;
  readonly #lenientQuery: boolean;
  readonly #valid = new LRUCache<string, true>({
    max: VALID_MEMO_ENTRIES,
    maxSize: VALID_MEMO_BYTES,
    sizeCalculation: (_, key) => key.length * 2,
  });

  constructor(validator: RequestValidator, options: ValidationOptions) {
    this.#validator = validator;
    this.#lenientQuery = options.lenientQuery;
  }

  /** Whether `input` is a request found valid before (then `check` would return its body unchanged). */
  remembers(operation: OperationSpec, input: ValidationInput): boolean {
    const key = memoKey(operation, input);
    return key !== undefined && this.#valid.has(key);
  }

  /** Checks `input`; returns the body as checked (the schema's defaults applied). */
  async check(operation: OperationSpec, input: ValidationInput): Promise<unknown> {
    const key = memoKey(operation, input);
    if (key !== undefined && this.#valid.has(key)) return input.body;
    const raw = { query: input.query, headers: input.headers, params: input.params, body: input.body };
    // Each rule answers on its own, in this order, before the schemas are consulted.
    const lenient = this.#lenientQuery || operation.raw['x-eov-allow-unknown-query-parameters'] === true;
    const strict = lenient ? [] : [emptyQuery];
    for (const rule of [malformedPath, lenient ? undefined : unknownQuery, looseIntegers, ...strict]) {
      const issues = rule?.(operation, input) ?? [];
      if (issues.length > 0) throw validationError(issues, operation, raw);
    }
    const outcome = await this.#validator.validate(operation, input);
    if (outcome.kind !== 'valid') throw refusal(outcome, operation, raw);
    if (key !== undefined && key.length <= MAX_KEY_LENGTH) this.#valid.set(key, true);
    return outcome.body;
  }
}

/**
 * The key a valid request is remembered by: an operation without a body gives the same outcome for the same path,
 * query and the headers it reads. Undefined for an operation with a body (never remembered).
 */
function memoKey(operation: OperationSpec, input: ValidationInput): string | undefined {
  return operation.bodyMediaTypes.length === 0
    ? `${operation.id} ${input.path}?${input.search} ${input.headers['content-type'] ?? ''} ${String(input.headers['x-api-version'])}`
    : undefined;
}

/** The refusal of a body of the wrong media type; one sent as JSON without `Content-Type` is named as such. */
function mediaTypeRefusal(operation: OperationSpec, raw: RawRequestValues): MockError {
  const accepted = operation.bodyMediaTypes.join(', ');
  const type = raw.headers['content-type'];
  const text = typeof raw.body === 'string' ? raw.body.trimStart() : '';
  if ((type === undefined || type === '') && (text.startsWith('{') || text.startsWith('['))) {
    return unsupportedMediaType(
      `the body looks like JSON but the request has no Content-Type; send Content-Type: application/json (this operation accepts ${accepted})`,
    );
  }
  return unsupportedMediaType(
    `the body of this operation must be ${accepted} (got ${type === undefined || type === '' ? 'no Content-Type' : quote(type)})`,
  );
}

/** The 400 (or 415) for a validator's refusal of a request to `operation`. */
export function refusal(
  outcome: Exclude<ValidationOutcome, { kind: 'valid' }>,
  operation: OperationSpec,
  raw: RawRequestValues,
): MockError {
  if (outcome.kind === 'unsupported-media-type') return mediaTypeRefusal(operation, raw);
  return validationError(outcome.issues, operation, raw);
}

/**
 * A path parameter whose percent-encoding does not decode (`%E0%A4`) fails its schema, as any other value that does
 * not match it.
 */
function malformedPath(operation: OperationSpec, input: ValidationInput): ValidationIssue[] {
  const template = operation.path.split('/');
  const segments = input.path.split('/');
  const issues: ValidationIssue[] = [];
  template.forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name === undefined) return;
    try {
      decodeURIComponent(segments[i] ?? '');
    } catch {
      issues.push({
        path: `/params/${name}`,
        message: 'must be valid percent-encoding',
        errorCode: 'pattern.openapi.validation',
      });
    }
  });
  return issues;
}

/** docs/users.md: an unknown query parameter is a 400 naming it; every unknown key is reported. */
function unknownQuery(operation: OperationSpec, { query }: ValidationInput): ValidationIssue[] {
  const known = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  return Object.keys(query)
    .filter((key) => !known.has(key))
    .map((key) => ({ path: `/query/${key}`, message: `Unknown query parameter '${key}'` }));
}

/**
 * A query parameter sent empty (`?path=`) is refused before its schema is read, naming the first such one, unless
 * the parameter allows an empty value (`allowEmptyValue`) or the query is lenient (`--lenient-query`).
 */
function emptyQuery(operation: OperationSpec, { query }: ValidationInput): ValidationIssue[] {
  const empty = Object.keys(query).find(
    (name) =>
      query[name] === '' &&
      !operation.parameters.some(
        (p) => p.in === 'query' && p.name === name && p.raw.allowEmptyValue === true,
      ),
  );
  return empty === undefined
    ? []
    : [{ path: `/query/${empty}`, message: `Empty value found for query parameter '${empty}'` }];
}

/**
 * Query parameters of `type: integer` take decimal digits only. A validator that coerces with `Number()` reads
 * `0x2`, `1e1`, ` 3` and `2.0` as integers: a page the caller did not write would be a silent wrong answer.
 */
function looseIntegers(operation: OperationSpec, { query }: ValidationInput): ValidationIssue[] {
  return operation.parameters
    .filter((p) => {
      const value = query[p.name];
      return (
        p.in === 'query' &&
        p.schema.type === 'integer' &&
        typeof value === 'string' &&
        value !== '' &&
        !isDecimalInteger(value)
      );
    })
    .map((p) => ({
      path: `/query/${p.name}`,
      message: 'must be integer',
      errorCode: 'type.openapi.validation',
    }));
}
