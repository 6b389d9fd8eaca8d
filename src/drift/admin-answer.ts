/**
 * The drift guard's part of the control plane (spec/admin.yaml): `GET /__admin/drift` lists the findings,
 * `DELETE /__admin/drift` clears them; the proxy also answers `GET /__admin/health`. Pure: a function of the
 * request's method, path and headers over a findings store, so the proxy (and any other adapter) answers the
 * same way. Its refusals are the catalogue's (`errors.ts`), in the identity API's error body.
 */
import {
  adminTokenRequired,
  apiErrorBody,
  crossSiteRefused,
  hostNotAllowed,
  methodNotAllowed,
  unsupportedMediaType,
  type MockError,
} from '../errors.ts';
import { bearerToken } from '../protocol/authorization.ts';
import { headerSafe } from '../protocol/header-text.ts';
import { JSON_CONTENT_TYPE, JSON_MEDIA_TYPE, mediaTypeOf } from '../protocol/media-type.ts';
import type { FindingStore } from './finding.ts';

export const DRIFT_PATH = '/__admin/drift';
export const HEALTH_PATH = '/__admin/health';

export interface AdminAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON body; undefined for none. */
  readonly body?: unknown;
}

export interface AdminRequest {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export interface AdminContext {
  readonly store: FindingStore;
  /** The health body: what the proxy forwards to, and how much it has seen. */
  readonly health: () => Readonly<Record<string, unknown>>;
  /** `--admin-token`: required as `Authorization: Bearer T` when set. */
  readonly adminToken?: string | undefined;
  /** The proxy's own origin (`http://127.0.0.1:4010`): a state change from another origin is refused. */
  readonly origin: string;
  /** Compares the admin token in constant time (`Hashing.sameSecret`). */
  readonly sameSecret: (given: string, expected: string) => boolean;
  /**
   * Whether the request's `Host` names the proxy (a loopback name, its `--host` address, an `--allowed-host`):
   * `/__admin/drift` answers no other (DNS rebinding).
   */
  readonly hostAllowed: (host: string | undefined) => boolean;
}

/** The answer to an admin request of the proxy, or undefined when the path is not one it answers (forward it). */
export function answerAdmin(request: AdminRequest, context: AdminContext): AdminAnswer | undefined {
  const { method, path, headers } = request;
  if (path !== DRIFT_PATH && path !== HEALTH_PATH) return undefined;
  const allowed = path === DRIFT_PATH ? 'GET, DELETE' : 'GET';
  if (!allowed.split(', ').includes(method) && method !== 'HEAD') {
    return refusal(methodNotAllowed(method, path, allowed.split(', ')));
  }
  if (path === DRIFT_PATH && !context.hostAllowed(headers.host)) {
    return refusal(
      hostNotAllowed(
        `/__admin/drift answers only requests to this machine by a loopback name or the --host address (got Host ` +
          `${JSON.stringify((headers.host ?? '').slice(0, 80))}); name it with --allowed-host to allow it`,
      ),
    );
  }
  if (context.adminToken !== undefined) {
    const given = bearerToken(headers.authorization);
    if (given === undefined || !context.sameSecret(given, context.adminToken))
      return refusal(adminTokenRequired());
  }
  if (path === HEALTH_PATH) return json(200, context.health(), 'OK');
  if (method !== 'DELETE') return json(200, context.store.listing(), 'OK');
  const refused = crossSite(headers, context.origin);
  if (refused !== undefined) return refused;
  const type = mediaTypeOf(headers['content-type']);
  const hasBody = headers['content-length'] !== undefined && headers['content-length'] !== '0';
  if ((hasBody || headers['transfer-encoding'] !== undefined) && type !== JSON_MEDIA_TYPE) {
    return refusal(
      unsupportedMediaType(
        `a body of DELETE ${path} must be ${JSON_MEDIA_TYPE} (got ${type === '' ? 'none' : type}); it needs none`,
      ),
    );
  }
  context.store.clear();
  return { status: 204, headers: { 'X-Message': 'Drift findings cleared', 'X-API-Version': 'v1' } };
}

/** A state change that a browser sends from another site (its `Origin`, or `Sec-Fetch-Site`) is refused. */
function crossSite(
  headers: Readonly<Record<string, string | undefined>>,
  origin: string,
): AdminAnswer | undefined {
  const from = headers.origin;
  const site = headers['sec-fetch-site'];
  if (
    (from !== undefined && from !== origin) ||
    (from === undefined && (site === 'cross-site' || site === 'same-site'))
  ) {
    return refusal(
      crossSiteRefused(`the admin API refuses changes requested by another site (${from ?? site ?? ''})`),
    );
  }
  return undefined;
}

function json(status: number, body: unknown, message: string): AdminAnswer {
  return {
    status,
    headers: {
      'Content-Type': JSON_CONTENT_TYPE,
      'X-Message': message,
      'X-API-Version': 'v1',
    },
    body,
  };
}

/** A refusal of the catalogue, as the proxy answers it. */
function refusal(refused: MockError): AdminAnswer {
  return error(refused.status, refused.code, refused.message, refused.headers);
}

/**
 * An answer of the proxy itself, in the identity API's error body (docs/responses.md): a refusal of the catalogue,
 * or the proxy's own failure to forward (`proxy_error`, `upstream_timeout`, …).
 */
export function error(
  status: number,
  code: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): AdminAnswer {
  const answer = json(status, apiErrorBody(message, code), headerSafe(message));
  return { ...answer, headers: { ...answer.headers, ...headers } };
}
