/**
 * What the control plane asks of a request beyond the identity API's checks (docs/control-plane.md):
 *
 * - its `Host` is one this server answers `/__admin` to: a loopback name or address, the `--host` address, the
 *   issuer's host, or one named with `--allowed-host` (a page whose own name was rebound to this machine's address
 *   sends its own name, and gets 403 `host_not_allowed`);
 * - a state-changing request (any method but GET, HEAD and OPTIONS) that a browser sent from another site is refused
 *   with 403 `cross_site_refused`, whatever its content type: its `Origin` is neither the server's own origin nor an
 *   `--admin-cors` origin, or, without such an `Origin`, its `Sec-Fetch-Site` says `cross-site` or `same-site`.
 *   Requests without `Origin` (curl, Node clients, test runners) are not a browser's cross-site requests;
 * - the admin token when `--admin-token` is set;
 * - a body, when there is one, in JSON (415 otherwise); a bodiless call needs no `Content-Type`.
 */
import {
  adminTokenRequired,
  crossSiteRefused,
  hostNotAllowed,
  quote,
  unsupportedMediaType,
} from '../errors.ts';
import { bearerToken } from './authorization.ts';
import { mediaTypeOf } from './media-type.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';

/** Throws 401 `admin_token_required` unless no admin token is set or the request bears it. */
export function adminTokenCheck(authorization: string | undefined, adminToken: string | undefined): void {
  if (adminToken !== undefined && bearerToken(authorization) !== adminToken) throw adminTokenRequired();
}

/** The host name of a `Host` value, without its port, lower case (`[::1]:8080` → `::1`). */
export function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    return end < 0 ? lower : lower.slice(1, end);
  }
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/** Whether `name` (a host name without port) is a loopback name or address. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  const parts = name.split('.');
  return (
    parts.length === 4 &&
    parts[0] === '127' &&
    parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
  );
}

/** Throws 403 `host_not_allowed` unless `host` (the request's `Host`) names this server for `/__admin`. */
export function checkAdminHost(host: string, allowed: ReadonlySet<string>): void {
  const name = hostName(host);
  if (isLoopbackName(name) || allowed.has(name)) return;
  throw hostNotAllowed(
    `/__admin answers only requests to this machine by a loopback name, the --host address or the issuer's host ` +
      `(got Host ${quote(host)}); name it with --allowed-host ${name} to allow it`,
  );
}

/** Throws 403 `cross_site_refused` for a state-changing request a browser sent from another site. */
export function refuseCrossSite(
  method: string,
  headers: Readonly<Record<string, string | undefined>>,
  ownOrigin: string,
  adminOrigins: readonly string[],
): void {
  if (SAFE_METHODS.has(method)) return;
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin === ownOrigin || adminOrigins.includes(origin)) return;
    throw crossSiteRefused(
      `${method} /__admin from the page at ${quote(origin)} is refused: the control plane takes changes only from ` +
        `its own origin (${ownOrigin}), from clients that send no Origin, or from an origin named with --admin-cors`,
    );
  }
  const site = headers['sec-fetch-site']?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') {
    throw crossSiteRefused(
      `${method} /__admin sent by a browser from another site (Sec-Fetch-Site: ${site}) is refused; ` +
        'allow that page with --admin-cors ORIGIN',
    );
  }
}

/** Throws 415 unless a request with a body says it is JSON. */
export function requireJsonBody(method: string, contentType: string | undefined, hasBody: boolean): void {
  if (!hasBody) return;
  const type = mediaTypeOf(contentType);
  if (type === JSON_TYPE) return;
  throw unsupportedMediaType(
    `${method} /__admin takes a JSON body: send Content-Type: ${JSON_TYPE} with it, or no body at all (got ${type === '' ? 'no Content-Type' : quote(type)})`,
  );
}
