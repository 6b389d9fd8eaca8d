/**
 * What the control plane asks of a request beyond the identity API's checks (docs/control-plane.md): the admin token
 * when `--admin-token` is set, and `Content-Type: application/json` on every request that changes state (any method
 * but GET, HEAD and OPTIONS), with a body or without. A browser sends such a request cross-origin only after a CORS
 * preflight, which `/__admin` refuses to other origins (`cors.ts`): a "simple" request (a form post, `text/plain`, no
 * body at all) from a web page elsewhere gets a 415 instead of resetting the data or minting a token.
 */
import { adminTokenRequired, quote, unsupportedMediaType } from '../errors.ts';
import { bearerToken } from '../protocol/authorization.ts';
import { mediaTypeOf } from '../protocol/media-type.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';

/** Throws 401 `admin_token_required` unless no admin token is set or the request bears it. */
export function adminTokenCheck(authorization: string | undefined, adminToken: string | undefined): void {
  if (adminToken !== undefined && bearerToken(authorization) !== adminToken) throw adminTokenRequired();
}

/** Throws 415 unless a state-changing request says it is JSON. */
export function requireJsonForChanges(method: string, contentType: string | undefined): void {
  if (SAFE_METHODS.has(method)) return;
  const type = mediaTypeOf(contentType);
  if (type === JSON_TYPE) return;
  throw unsupportedMediaType(
    `${method} /__admin requests need Content-Type: ${JSON_TYPE}, with or without a body (got ${type === '' ? 'none' : quote(type)})`,
  );
}
