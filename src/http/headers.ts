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

/** Longest header text; a longer message is cut and ends with `...` (the body keeps all of it). */
const HEADER_TEXT_LIMIT = 512;

/**
 * A header-safe form of a message (docs/responses.md, "Header text"): printable ASCII stays as it is; every other
 * character, and `%` itself, becomes the percent-encoded bytes of its UTF-8 form, as RFC 8187 encodes header
 * parameters, so `decodeURIComponent` gives the message back. A raw non-ASCII character in a header would make Node
 * throw, turning a 4xx into a crash. The result is at most 512 characters, cut between characters.
 */
export function headerSafe(message: string): string {
  const pieces = Array.from(message, (char) => {
    if (/^[\x20-\x24\x26-\x7e]$/.test(char)) return char;
    // A lone surrogate has no UTF-8 form: it stands for U+FFFD, the replacement character.
    return char.length === 1 && /[\ud800-\udfff]/.test(char) ? '%EF%BF%BD' : encodeURIComponent(char);
  });
  const whole = pieces.join('');
  if (whole.length <= HEADER_TEXT_LIMIT) return whole;
  let cut = '';
  for (const piece of pieces) {
    if (cut.length + piece.length > HEADER_TEXT_LIMIT - 3) break;
    cut += piece;
  }
  return `${cut}...`;
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
