/**
 * Errors written out in the shape of the operation they happened on (`x-error-shape` in the spec; docs/responses.md,
 * docs/tokens.md, docs/login.md): the API shape `{"error", "code", "details"?}`; RFC 6749's
 * `{"error", "error_description"}` with `Cache-Control: no-store` (every answer of the token endpoint); or, for the
 * 400s of the browser-login operations, which a person reads, the login's HTML error page (their other errors keep
 * the API shape). Anything that is not a `MockError` is a
 * bug of the mock: a 500 that says nothing more, logged with its stack by the caller.
 */
import { json, type Answer } from '../answer.ts';
import {
  apiErrorBody,
  internalError,
  MockError,
  oauthError,
  oauthErrorBody,
  type OAuthErrorCode,
} from '../errors.ts';
import { errorBody, type ErrorShape as DocumentErrorShape } from '../resources/error-shape.ts';
import type { OperationSpec } from '../spec/model.ts';
import { errorPage } from '../html/error-page.ts';
import { NO_STORE } from '../protocol/cache-headers.ts';

export type ErrorShape = 'api' | 'oauth' | 'page';

/** The error shape of `operation` (the API's when unknown). */
export function shapeOf(operation: OperationSpec | undefined): ErrorShape {
  const shape = operation?.raw['x-error-shape'];
  return shape === 'oauth' || shape === 'page' ? shape : 'api';
}

/** Whether `error` is one the mock meant (a 4xx, or a 5xx it was asked for). */
export function isMockError(error: unknown): error is MockError {
  return error instanceof MockError;
}

/**
 * The answer for `error` in `shape`; an unknown error becomes a 500. `document` is the served document's own error
 * schema (docs/own-spec.md "Errors"), which the API shape's answers take when the document declares another one.
 */
export function errorAnswer(error: unknown, shape: ErrorShape, document?: DocumentErrorShape): Answer {
  const known = isMockError(error) ? error : internalError();
  if (shape === 'page' && known.status === 400) return errorPage(known.message, known.status);
  return shape === 'oauth' ? oauthAnswer(asOAuth(known)) : apiAnswer(known, document);
}

function apiAnswer(error: MockError, document: DocumentErrorShape | undefined): Answer {
  const body =
    document?.fields === undefined
      ? apiErrorBody(error.message, error.code, error.details)
      : errorBody(error, document);
  return json(error.status, body, error.message, error.headers);
}

function oauthAnswer(error: MockError): Answer {
  return json(error.status, oauthErrorBody(error.code, error.message), error.message, {
    ...error.headers,
    ...NO_STORE,
  });
}

/**
 * The RFC 6749 form of an error met on an OAuth operation: the server's own codes stay; a client mistake of the API's
 * kind (a bad header, a malformed body) is 400 `invalid_request` (413 for a body over the limit), a rate limit
 * `too_many_requests`, a limit of the server (503) `temporarily_unavailable` with its message and `Retry-After`,
 * anything else `server_error`.
 */
function asOAuth(error: MockError): MockError {
  if (error.family === 'oauth') return error;
  const keep = (code: OAuthErrorCode, status: number): MockError =>
    new MockError(status, code, error.message, 'oauth', { headers: error.headers });
  if (error.status === 503) return keep('temporarily_unavailable', 503);
  if (error.status >= 500) return oauthError('server_error', 'Internal server error');
  if (error.status === 429) return keep('too_many_requests', 429);
  if (error.status === 413) return keep('invalid_request', 413);
  return new MockError(400, 'invalid_request', error.message, 'oauth');
}
