/** The one reading of a media type that every check uses (docs/responses.md). */

/** The media type of a `Content-Type` value: without parameters, trimmed, lower case ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}
