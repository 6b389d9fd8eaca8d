/**
 * Request headers every route checks (docs/responses.md): `X-API-Version` (400 `unsupported_api_version`) and
 * `Content-Type` (415 `unsupported_media_type`).
 */
import { quote, unsupportedApiVersion, unsupportedMediaType } from '../errors.ts';
import { JSON_MEDIA_TYPE, mediaTypeOf } from '../protocol/media-type.ts';
import { hasBody } from './body.ts';
import { routedOf } from './exchange.ts';
import type { Step } from './step.ts';

import type { ApiModel } from '../spec/model.ts';

/** What the control plane takes a body in. */
const ADMIN_MEDIA_TYPES: readonly string[] = [JSON_MEDIA_TYPE];

/** Throws 400 `unsupported_api_version` unless the request's `X-API-Version` is absent or one of `accepted`. */
export function checkApiVersion(
  value: string | readonly string[] | undefined,
  accepted: readonly string[],
): void {
  // A document that declares no versions checks none.
  if (value === undefined || accepted.length === 0 || (typeof value === 'string' && accepted.includes(value)))
    return;
  const message = `must be one of ${accepted.join(', ')} (got ${quote(value)})`;
  throw unsupportedApiVersion(`X-API-Version ${message}`, [
    { location: 'header', name: 'X-API-Version', message },
  ]);
}

/**
 * Throws 415 `unsupported_media_type` when the request declares a Content-Type (media type compared without
 * parameters, case-insensitively) outside `accepted`.
 */
export function checkMediaType(contentType: string | undefined, accepted: readonly string[]): void {
  if (contentType === undefined) return;
  const mediaType = mediaTypeOf(contentType);
  if (accepted.includes(mediaType)) return;
  throw unsupportedMediaType(
    `Content-Type ${quote(mediaType)} is not accepted; use one of ${accepted.join(', ')}`,
  );
}

/**
 * Step 5: the request's `Content-Type` against the identity API's list (the spec's), or JSON on the control plane,
 * where a bodiless call is not held to it (a generated client may send one anyway).
 */
export const mediaTypeStep: Step = (x, s) => {
  const { isApi } = routedOf(x).at;
  if (!isApi && !hasBody(x.request.body)) return undefined;
  checkMediaType(
    x.request.headers['content-type'],
    isApi ? s.services.api.requestContentTypes : ADMIN_MEDIA_TYPES,
  );
  return undefined;
};

/**
 * The `X-API-Version` values the spec accepts (its header parameter's enum); `v1` for a document of a team's own
 * that declares no such parameter.
 */
export function apiVersionsOf(model: ApiModel): string[] {
  // A served document of a team's own may declare no X-API-Version: the default version, and no check.
  const components = model.doc.components;
  const parameters =
    typeof components === 'object' && components !== null && 'parameters' in components
      ? components.parameters
      : undefined;
  if (typeof parameters !== 'object' || parameters === null || !('X-API-Version' in parameters)) return [];
  const parameter = model.deref({ $ref: '#/components/parameters/X-API-Version' });
  const versions = model.deref(parameter.schema).enum;
  return Array.isArray(versions) ? versions.map(String) : ['v1'];
}
