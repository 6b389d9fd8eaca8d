/**
 * CORS (docs/responses.md). The identity API and the authorization server answer any origin with credentials allowed
 * (the request's `Origin` reflected, `Access-Control-Allow-Credentials: true`), so a frontend on another port calls
 * the mock with `credentials: 'include'` and reads the pagination, message, version and rate-limit headers.
 * The control plane under `/__admin` sends no CORS headers to another origin unless it was named with
 * `--admin-cors ORIGIN`: a web page elsewhere cannot read it, and with the media-type check of `admin-guard.ts`
 * it cannot change it either. The browser-navigation routes (the operations the spec marks `x-error-shape: page`:
 * the authorization endpoint, its login form, the logout routes) send none at all (RFC 9700 §4.12): they are for
 * top-level navigations, and a page elsewhere must not read a code from them.
 */
import { empty, type Answer } from '../answer.ts';
import type { ApiModel } from '../spec/model.ts';
import { urlOf } from './exchange.ts';
import { shapeOf } from './render.ts';
import type { Step } from './step.ts';

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
  'X-Mock-Session-Started',
  'Location',
];
const EXPOSED = EXPOSED_HEADERS.join(', ');
/** The headers of an answer to a request without `Origin` (most requests: made once). */
const ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
});

export const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-API-Version', 'Prefer', 'X-Mock-Session'];
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const ADMIN_PREFIX = '/__admin';

/** Whether `path` is the control plane's (`/__admin` or under it). */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

/** The paths of the browser-navigation routes (docs/login.md): the operations of `model` with the `page` error shape. */
export function navigationPaths(model: ApiModel): ReadonlySet<string> {
  return new Set(model.operations.filter((op) => shapeOf(op) === 'page').map((op) => op.path));
}

export interface CorsOptions {
  /** Origins (scheme://host:port, as browsers send `Origin`) that may call `/__admin` cross-origin. */
  readonly adminOrigins?: readonly string[];
  /** The paths of the browser-navigation routes, which send no CORS headers (`navigationPaths`). */
  readonly navigation?: ReadonlySet<string>;
}

/** The CORS headers of an answer, and the answer of a preflight, which the mock gives itself. */
export interface CorsOutcome {
  readonly headers: Readonly<Record<string, string>>;
  readonly preflight: Answer | undefined;
}

/** CORS for a request with these headers to `path`. */
export function cors(
  method: string,
  path: string,
  headers: Readonly<Record<string, string | undefined>>,
  options: CorsOptions = {},
): CorsOutcome {
  const origin = headers.origin;
  const admin = isAdminPath(path);
  const preflight = method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
  if (options.navigation?.has(path) === true) {
    if (!preflight) return { headers: {}, preflight: undefined };
    return {
      headers: {},
      preflight: empty(204, `CORS preflight refused: ${path} is for top-level navigations, not for scripts`),
    };
  }
  if (admin && (origin === undefined || !(options.adminOrigins ?? []).includes(origin))) {
    const vary: Record<string, string> = origin === undefined ? {} : { Vary: 'Origin' };
    if (!preflight) return { headers: vary, preflight: undefined };
    // No Access-Control-Allow-* headers: the browser refuses the call that asked.
    return {
      headers: vary,
      preflight: empty(
        204,
        'CORS preflight refused: /__admin accepts no other origin (allow one with --admin-cors ORIGIN)',
        vary,
      ),
    };
  }
  const allow: Readonly<Record<string, string>> =
    origin === undefined
      ? ANY_ORIGIN
      : {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          Vary: 'Origin',
          'Access-Control-Expose-Headers': EXPOSED,
        };
  if (!preflight) return { headers: allow, preflight: undefined };
  // A preflight: allow our headers plus whatever else the browser asks for.
  const requested = (headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  const allowed = [...new Set([...ALLOWED_HEADERS, ...requested])];
  const preflightHeaders = {
    ...allow,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': allowed.join(', '),
    'Access-Control-Max-Age': '600',
  };
  return { headers: allow, preflight: empty(204, 'CORS preflight accepted', preflightHeaders) };
}

/** The CORS step: its headers go on every answer to the request; a preflight is answered here. */
export const corsStep: Step = (x, s) => {
  const outcome = cors(x.request.method, urlOf(x).path, x.request.headers, {
    adminOrigins: s.options.adminOrigins,
    navigation: s.navigation,
  });
  Object.assign(x.headers, outcome.headers);
  return outcome.preflight;
};
