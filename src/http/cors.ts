/**
 * CORS (docs/responses.md). The identity API and the authorization server answer any origin with credentials allowed
 * (the request's `Origin` reflected, `Access-Control-Allow-Credentials: true`), so a frontend on another port calls
 * the mock with `credentials: 'include'` and reads the pagination, message, version and rate-limit headers.
 * The control plane under `/__admin` sends no CORS headers to another origin unless it was named with
 * `--admin-cors ORIGIN`: a web page elsewhere cannot read it, and with the media-type check of `admin/guard.ts`
 * it cannot change it either.
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
  'X-Mock-Session',
  'Location',
];
const EXPOSED = EXPOSED_HEADERS.join(', ');

export const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-API-Version', 'Prefer', 'X-Mock-Session'];
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const ADMIN_PREFIX = '/__admin';

export interface CorsOptions {
  /** Origins (scheme://host:port, as browsers send `Origin`) that may call `/__admin` cross-origin. */
  readonly adminOrigins?: readonly string[];
}

/** Sets the CORS headers; answers a preflight itself (returns true then). */
export function applyCors(req: Request, res: Response, options: CorsOptions = {}): boolean {
  const origin = req.headers.origin;
  const admin = req.path === ADMIN_PREFIX || req.path.startsWith(`${ADMIN_PREFIX}/`);
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (admin && (origin === undefined || !(options.adminOrigins ?? []).includes(origin))) {
    if (origin !== undefined) res.setHeader('Vary', 'Origin');
    if (!preflight) return false;
    // No Access-Control-Allow-* headers: the browser refuses the call that asked.
    res.setHeader(
      'X-Message',
      'CORS preflight refused: /__admin accepts no other origin (allow one with --admin-cors ORIGIN)',
    );
    res.status(204).end();
    return true;
  }
  if (origin === undefined) res.setHeader('Access-Control-Allow-Origin', '*');
  else {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  if (!preflight) return false;
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
