/**
 * Step 6 of docs/responses.md: the request body, parsed when the operation takes one in the media type the request
 * says, JSON or a form (at most 100 KiB, BODY_LIMIT_BYTES). A JSON body is an object or an array (as body-parser's
 * strict mode reads it); a form's repeated fields become arrays. Any other media type is left to the validator.
 */
import { invalidRequest, payloadTooLarge, unsupportedMediaType } from '../errors.ts';
import type { OperationSpec } from '../spec/model.ts';
import { mediaTypeOf } from '../protocol/media-type.ts';
import { parseQuery, type RequestBody } from '../protocol/request.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const UTF8 = new TextDecoder('utf-8', { fatal: false });

/** The parsed body, or undefined when the operation takes none in this media type or none was sent. */
export function parseBody(
  operation: OperationSpec,
  headers: Readonly<Record<string, string | undefined>>,
  body: RequestBody | undefined,
): unknown {
  const contentType = headers['content-type'];
  const type = mediaTypeOf(contentType);
  if ((type !== JSON_TYPE && type !== FORM_TYPE) || !operation.bodyMediaTypes.includes(type))
    return undefined;
  if (body === undefined) return undefined;
  if ('tooLarge' in body) throw payloadTooLarge();
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    throw unsupportedMediaType(
      `Content-Encoding ${JSON.stringify(encoding)} is not accepted; send the body as is`,
    );
  }
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw unsupportedMediaType(`unsupported charset "${charset.toUpperCase()}"`);
  }
  const text = UTF8.decode(body.bytes);
  return type === JSON_TYPE ? parseJson(text) : parseQuery(text);
}

/** A JSON body: empty is `{}`; otherwise an object or an array. */
function parseJson(text: string): unknown {
  const start = text.search(/\S/);
  if (start < 0) return {};
  const first = text[start];
  if (first !== '{' && first !== '[')
    throw notJson(`Unexpected token '${first ?? ''}': the body must be an object or an array`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw notJson(error instanceof Error ? error.message : 'unreadable');
  }
}

function notJson(reason: string): Error {
  return invalidRequest(`the request body is not valid JSON: ${reason}`, [
    { location: 'body', name: '', message: 'is not valid JSON' },
  ]);
}

/** The `charset` parameter of a Content-Type, lower case. */
function charsetOf(contentType: string | undefined): string | undefined {
  for (const part of (contentType ?? '').split(';').slice(1)) {
    const [name = '', value = ''] = part.split('=');
    if (name.trim().toLowerCase() === 'charset')
      return value
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
}
