/**
 * The one error middleware (STYLE habit 6): every error, whoever threw it, leaves as the documented body with an
 * `X-Message`. Client mistakes are 4xx; anything unknown is a 500 in the same shape, logged with its stack.
 */
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { QueryError } from '../users/query-error.ts';
import { ApiError, OAuthError } from './errors.ts';
import { headerSafe } from './headers.ts';

/** The body limit of `dispatch.ts`'s parsers (`100kb` there: 100 × 1024 bytes). */
const BODY_LIMIT_BYTES = 100 * 1024;

/** Errors of Express's body parsers carry a `type` and a status. */
function bodyParserError(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error) || typeof error.type !== 'string') {
    return undefined;
  }
  const message = error instanceof Error ? error.message : 'unreadable body';
  switch (error.type) {
    case 'entity.parse.failed':
      return new ApiError(400, 'invalid_request', `the request body is not valid JSON: ${message}`, {
        details: [{ location: 'body', name: '', message: 'is not valid JSON' }],
      });
    case 'entity.too.large':
      return new ApiError(
        413,
        'payload_too_large',
        `the request body is over the limit of 100 KiB (${BODY_LIMIT_BYTES} bytes)`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, 'unsupported_media_type', message);
    default:
      return new ApiError(400, 'invalid_request', `the request body could not be read: ${message}`);
  }
}

/** The error a response validator raises when a body breaks the spec: a bug of the mock, reported as such. */
function responseValidationError(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 500)
    return undefined;
  if (!('path' in error) || typeof error.path !== 'string' || !error.path.startsWith('/response'))
    return undefined;
  const message = error instanceof Error ? error.message : 'invalid response';
  return new ApiError(500, 'internal_error', `the response does not match spec/openapi.yaml: ${message}`);
}

/**
 * The RFC 6749 form of any error raised on an `x-error-shape: oauth` operation (docs/tokens.md: every error of the
 * token endpoint has that shape): client mistakes are 400 `invalid_request`, the rest keeps its status.
 */
function asOAuth(error: unknown): OAuthError {
  const api = error instanceof ApiError ? error : (bodyParserError(error) ?? undefined);
  if (api === undefined || api.status >= 500)
    return new OAuthError(500, 'server_error', 'Internal server error');
  if (api.status === 429) return new OAuthError(429, 'too_many_requests', api.message, api.headers);
  if (api.status === 413) return new OAuthError(413, 'invalid_request', api.message);
  return new OAuthError(400, 'invalid_request', api.message);
}

export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      logger.error({ err: error, url: req.originalUrl }, 'error after the response started');
      next(error);
      return;
    }
    const oauth =
      error instanceof OAuthError ? error : res.locals.errorShape === 'oauth' ? asOAuth(error) : undefined;
    if (oauth !== undefined) {
      if (oauth.status >= 500) logger.error({ err: error, url: req.originalUrl }, 'internal error');
      res.status(oauth.status).set(oauth.headers);
      res.setHeader('X-Message', headerSafe(oauth.message));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      res.json({ error: oauth.error, error_description: oauth.message });
      return;
    }
    let api =
      error instanceof ApiError
        ? error
        : error instanceof QueryError
          ? new ApiError(400, error.code, error.message, { details: error.details })
          : (bodyParserError(error) ?? responseValidationError(error));
    if (api === undefined || api.status >= 500) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'internal error');
      api ??= new ApiError(500, 'internal_error', 'Internal server error');
    }
    res.status(api.status).set(api.headers);
    res.setHeader('X-Message', headerSafe(api.message));
    res.json({
      error: api.message,
      code: api.code,
      ...(api.details === undefined ? {} : { details: api.details }),
    });
  };
}
