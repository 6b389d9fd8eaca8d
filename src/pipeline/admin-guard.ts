/**
 * What the control plane asks of a request beyond the identity API's checks (docs/control-plane.md): a `Host` that
 * names this server (a loopback name or address, the `--host` address, the issuer's host or an `--allowed-host`:
 * a page whose own name was rebound to this machine's address sends that name, and gets 403 `host_not_allowed`),
 * the admin token when `--admin-token` is set, and, for every request that changes state (any method but GET, HEAD
 * and OPTIONS), that a browser did not send it from another site, and that a body, when there is one, is JSON. A browser names the
 * site it sends from: `Origin` (neither this server's own origin nor an `--admin-cors` origin is another site), or,
 * without it, `Sec-Fetch-Site: cross-site`/`same-site`. Clients that are not browsers (curl, Node, test runners)
 * send neither, so a bodiless `POST /__admin/reset` from them just works.
 */
import {
  adminTokenRequired,
  crossSiteRefused,
  hostNotAllowed,
  quote,
  unsupportedMediaType,
} from '../errors.ts';
import { bearerToken } from '../protocol/authorization.ts';
import { hostName, isLoopbackName } from '../protocol/loopback.ts';
import { JSON_MEDIA_TYPE, mediaTypeOf } from '../protocol/media-type.ts';
import { routedOf, urlOf } from './exchange.ts';
import type { Step } from './step.ts';
import type { Hashing } from '../platform/platform.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Throws 401 `admin_token_required` unless no admin token is set or the request bears it (compared in constant
 * time, `Hashing.sameSecret`).
 */
export function adminTokenCheck(
  authorization: string | undefined,
  adminToken: string | undefined,
  hashing: Hashing,
): void {
  if (adminToken === undefined) return;
  const given = bearerToken(authorization);
  if (given === undefined || !hashing.sameSecret(given, adminToken)) throw adminTokenRequired();
}

/**
 * Throws 403 `host_not_allowed` unless `host` (the URL's host: `Host`, or `X-Forwarded-Host` with `--trust-proxy`)
 * and `header` (the `Host` header itself, when it differs) both name this server for `/__admin`.
 */
export function checkAdminHost(host: string, allowed: ReadonlySet<string>, header?: string): void {
  if (header !== undefined && header !== host) checkAdminHost(header, allowed);
  const name = hostName(host);
  if (isLoopbackName(name) || allowed.has(name)) return;
  throw hostNotAllowed(
    `/__admin answers only requests to this machine by a loopback name, the --host address or the issuer's host ` +
      `(got Host ${quote(host)}); name it with --allowed-host ${name} to allow it`,
  );
}

export interface ChangeRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Whether the request carries a body (a non-empty one). */
  readonly hasBody: boolean;
  /** The origin the request reached (`http://localhost:8080`). */
  readonly ownOrigin: string;
  /** Origins named with `--admin-cors`. */
  readonly adminOrigins: readonly string[];
}

/** Throws 403 `cross_site_refused` for a change a browser sends from another site, 415 for a body that is not JSON. */
export function checkChange(r: ChangeRequest): void {
  if (SAFE_METHODS.has(r.method)) return;
  const origin = r.headers.origin;
  const site = r.headers['sec-fetch-site']?.toLowerCase();
  if (
    origin !== undefined
      ? origin !== r.ownOrigin && !r.adminOrigins.includes(origin)
      : site === 'cross-site' || site === 'same-site'
  ) {
    throw crossSiteRefused(
      `${r.method} /__admin from another site is refused (${origin === undefined ? `Sec-Fetch-Site: ${site ?? ''}` : `Origin ${quote(origin)}`}); ` +
        'the admin API takes changes from the server’s own origin, an --admin-cors origin, or a client that is not a browser',
    );
  }
  const type = mediaTypeOf(r.headers['content-type']);
  if (r.hasBody && type !== JSON_MEDIA_TYPE) {
    throw unsupportedMediaType(
      `a body sent to /__admin must be ${JSON_MEDIA_TYPE} (got ${type === '' ? 'no Content-Type' : quote(type)})`,
    );
  }
}

/** The admin step: a request to `/__admin` names this server in its `Host` (403 `host_not_allowed`). */
export const adminHostStep: Step = (x, s) => {
  // With --trust-proxy the URL's host is X-Forwarded-Host's: the rule holds for the Host header too.
  if (!routedOf(x).at.isApi) checkAdminHost(urlOf(x).host, s.adminHosts, x.request.headers.host);
  return undefined;
};
