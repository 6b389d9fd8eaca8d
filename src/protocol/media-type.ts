/** The media types the mock reads and writes, and the one reading of a media type that every check uses (docs/responses.md). */

/** JSON, as a request names it (compared without parameters). */
export const JSON_MEDIA_TYPE = 'application/json';
/** A form (RFC 6749's token requests, the login form). */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
/** The `Content-Type` of every JSON answer. */
export const JSON_CONTENT_TYPE = `${JSON_MEDIA_TYPE}; charset=utf-8`;

/** JSON, or a JSON-based media type named with the `+json` suffix (RFC 6839): `application/merge-patch+json`. */
export function isJsonMediaType(type: string): boolean {
  return type === JSON_MEDIA_TYPE || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The media type of a `Content-Type` value: without parameters, trimmed, lower case ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}
