/**
 * CORS for any origin, on by default (docs/responses.md): a frontend on another port calls the mock directly and can
 * read the pagination, message, version and rate-limit headers.
 */
import type { Request, Response } from 'express';

/** Response headers a page on another origin may read (the CORS-safelisted ones need no listing). */
export const EXPOSED_HEADERS: readonly string[] = [
  'Link',
  'X-Total-Count',
  'X-Message',
  'X-API-Version',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'WWW-Authenticate',
  'Preference-Applied',
  'Location',
];
const EXPOSED = EXPOSED_HEADERS.join(', ');

export const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-API-Version', 'Prefer'];
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/** Sets the CORS headers; answers a preflight itself (returns true then). */
export function applyCors(req: Request, res: Response): boolean {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin !== undefined) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  const requestedMethod = req.headers['access-control-request-method'];
  if (req.method !== 'OPTIONS' || requestedMethod === undefined) return false;
  // A preflight: allow our headers plus whatever else the browser asks for.
  const requested = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  const allowed = [...new Set([...ALLOWED_HEADERS, ...requested])];
  res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
  res.setHeader('Access-Control-Allow-Headers', allowed.join(', '));
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('X-Message', 'CORS preflight accepted');
  res.status(204).end();
  return true;
}
