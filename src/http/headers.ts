/**
 * Headers every response carries (docs/responses.md), and the checks of request headers that apply to every route:
 * `X-API-Version` (400 `unsupported_api_version`) and `Content-Type` (415 `unsupported_media_type`).
 */
import { ApiError, quote } from './errors.ts';

export const MESSAGES = Object.freeze({
  retrieved: 'Data retrieved successfully',
  notFound: 'Data not found',
  deleted: 'User deleted successfully',
});

/**
 * A header-safe form of a message: characters outside printable ASCII become `\uXXXX`, and it is cut to 512
 * characters. (A raw non-ASCII character in a header would make Node throw, turning a 4xx into a crash.)
 */
export function headerSafe(message: string): string {
  const escaped = message.replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 512 ? `${escaped.slice(0, 509)}...` : escaped;
}

/** Throws 400 `unsupported_api_version` unless the request's `X-API-Version` is absent or one of `accepted`. */
export function checkApiVersion(value: string | string[] | undefined, accepted: readonly string[]): void {
  if (value === undefined || (typeof value === 'string' && accepted.includes(value))) return;
  const message = `must be one of ${accepted.join(', ')} (got ${quote(value)})`;
  throw new ApiError(400, 'unsupported_api_version', `X-API-Version ${message}`, {
    details: [{ location: 'header', name: 'X-API-Version', message }],
  });
}

/**
 * Throws 415 `unsupported_media_type` when the request declares a Content-Type (media type compared without
 * parameters, case-insensitively) outside `accepted`.
 */
export function checkMediaType(contentType: string | undefined, accepted: readonly string[]): void {
  if (contentType === undefined) return;
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (accepted.includes(mediaType)) return;
  throw new ApiError(
    415,
    'unsupported_media_type',
    `Content-Type ${quote(mediaType)} is not accepted; use one of ${accepted.join(', ')}`,
  );
}
