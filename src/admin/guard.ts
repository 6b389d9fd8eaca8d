/**
 * The media-type rule of the control plane (docs/control-plane.md): every request that changes state (any method but
 * GET, HEAD and OPTIONS) must say `Content-Type: application/json`, with a body or without. A browser sends such a
 * request cross-origin only after a CORS preflight, which `/__admin` refuses to other origins (`http/cors.ts`):
 * a "simple" request (a form post, `text/plain`, no body at all) from a web page elsewhere gets a 415 instead of
 * resetting the data or minting a token.
 */
import type { RequestHandler } from 'express';
import { ApiError, quote } from '../http/errors.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';

export const requireJsonForChanges: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) {
    next();
    return;
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === JSON_TYPE) {
    next();
    return;
  }
  throw new ApiError(
    415,
    'unsupported_media_type',
    `${req.method} /__admin requests need Content-Type: ${JSON_TYPE}, with or without a body (got ${type === '' ? 'none' : quote(type)})`,
  );
};
