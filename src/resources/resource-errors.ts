/**
 * The errors of the resource engine (docs/own-spec.md "Errors"), in the style of the catalogue of `src/errors.ts`:
 * named constructors, a stable snake_case code, a message that says what was wrong, with the value, and what to
 * do. Their codes are not all from a closed list (`<thing>_not_found` is made from the document's paths), so
 * they are a class of their own over `MockError`; the request path writes them as the document's error schema says
 * (`error-shape.ts`).
 */
import { MockError, quote, type ApiErrorCode } from '../errors.ts';
import type { ErrorDetail } from '../spec/types.ts';

/** An error of the engine: a `MockError` of the API family, so the request path answers it as any other. */
export class ResourceError extends MockError {
  constructor(status: number, code: ApiErrorCode, message: string, details?: readonly ErrorDetail[]) {
    super(status, code, message, 'api', { details });
  }
}

/** 404 `<thing>_not_found` for a record (or a parent record) that the session does not hold. */
export const recordNotFound = (
  thing: string,
  code: string,
  matched: readonly string[],
  value: string,
): ResourceError =>
  new ResourceError(
    404,
    `${code}_not_found`,
    `no ${thing} has ${matched.join(' or ')} ${quote(value)} in this session; list them to see which exist`,
  );

/** 409 `conflict`: a create or update would make two records share a value that must be unique. */
export const conflict = (thing: string, field: string, value: unknown): ResourceError =>
  new ResourceError(
    409,
    'conflict',
    `a ${thing} with ${field} ${quote(value)} already exists; ${field} must be unique`,
    [{ location: 'body', name: field, message: `must be unique (${quote(value)} is taken)` }],
  );

/** 409 `collection_full`: the session already holds `x-mock-max` records of the collection. */
export const collectionFull = (collection: string, max: number): ResourceError =>
  new ResourceError(
    409,
    'collection_full',
    `${collection} holds ${max} records in this session, the most it may (x-mock-max); delete some or reset the session`,
  );

export const invalidQuery = (name: string, message: string): ResourceError =>
  new ResourceError(400, 'invalid_request', `${name} ${message}`, [{ location: 'query', name, message }]);

export const invalidRange = (from: string, to: string, fromValue: string, toValue: string): ResourceError =>
  new ResourceError(400, 'invalid_range', `${from} (${fromValue}) must not be after ${to} (${toValue})`, [
    { location: 'query', name: from, message: `must not be after ${to}` },
  ]);

/** 400 `invalid_request` (the code of every 400 of docs/responses.md) for a record a write would leave without a required property. */
export const missingProperty = (thing: string, field: string): ResourceError =>
  new ResourceError(
    400,
    'invalid_request',
    `a ${thing} needs ${field}; send it (a merge patch's null removes it)`,
    [{ location: 'body', name: field, message: 'is required' }],
  );
