/**
 * Header text (docs/responses.md): header values are ASCII, so a message goes into `X-Message` as it is when it is
 * printable ASCII, else as an RFC 8187 ext-value; and the sentences of `X-Message` that answers share.
 */

export const MESSAGES = Object.freeze({
  retrieved: 'Data retrieved successfully',
  notFound: 'Data not found',
  deleted: 'User deleted successfully',
});

/** Printable ASCII: what a header value carries as is. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** RFC 8187 §3.2.1 attr-char: the characters an ext-value keeps unencoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;
export const HEADER_MESSAGE_LIMIT = 512;
const UTF8 = new TextEncoder();

/**
 * A header-safe form of a message (docs/responses.md), at most 512 characters. Printable ASCII goes as is; any other
 * message goes as an RFC 8187 ext-value, `UTF-8''` and the UTF-8 bytes percent-encoded
 * (`UTF-8''%C5%BBaneta%20not%20found`), which `decodeURIComponent` reverses after the prefix. The response body
 * keeps the real text. (A raw non-ASCII character in a header would make Node throw, turning a 4xx into a crash.)
 *
 * @example headerSafe('no user Żaneta') // "UTF-8''no%20user%20%C5%BBaneta"
 */
export function headerSafe(message: string): string {
  if (PRINTABLE_ASCII.test(message)) {
    return message.length > HEADER_MESSAGE_LIMIT
      ? `${message.slice(0, HEADER_MESSAGE_LIMIT - 3)}...`
      : message;
  }
  let out = "UTF-8''";
  for (const char of message) {
    const encoded = ATTR_CHAR.test(char) ? char : percentEncoded(char);
    if (out.length + encoded.length > HEADER_MESSAGE_LIMIT - 3) return `${out}...`;
    out += encoded;
  }
  return out;
}

function percentEncoded(char: string): string {
  let out = '';
  // A lone surrogate encodes as U+FFFD's bytes.
  for (const byte of UTF8.encode(char)) {
    out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
