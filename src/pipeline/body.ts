/**
 * Step 6 of docs/responses.md: the request body, parsed when the operation takes one in the media type the request
 * says, JSON (or a `+json` type) or a form (at most 100 KiB, BODY_LIMIT_BYTES). A JSON body is an object or an array (as body-parser's
 * strict mode reads it), nested at most MAX_JSON_DEPTH deep: the depth is measured on the bytes before anything
 * parses, keeps or logs them, since every recursive walk of a value (serialising, redacting, validating) would
 * otherwise overflow the stack on a 10 KB body of brackets. A form's repeated fields become arrays. Any other media
 * type is left to the validator.
 */
import { invalidBody, invalidRequest, MockError, payloadTooLarge, unsupportedMediaType } from '../errors.ts';
import type { OperationSpec } from '../spec/model.ts';
import { FORM_MEDIA_TYPE, isJsonMediaType, mediaTypeOf } from '../protocol/media-type.ts';
import { parseQuery, type RequestBody } from '../protocol/request.ts';
import { operationOf, type Exchange } from './exchange.ts';
import type { Step } from './step.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: false });
/** Arrays and objects a JSON body may nest (docs/responses.md). */
export const MAX_JSON_DEPTH = 64;

/** Step 6: the body parsed (into `x.body`) when the operation takes one. */
export const bodyStep: Step = (x) => {
  const operation = operationOf(x);
  if (operation.bodyMediaTypes.length > 0) bodyOf(x, operation);
  return undefined;
};

/** The request's body for `operation`, parsed once per request (a gate may have read it first). */
export function bodyOf(x: Exchange, operation: OperationSpec | undefined): unknown {
  if (operation === undefined) return undefined;
  return (x.body ??= parseBody(operation, x.request.headers, x.request.body));
}

/** Whether the request came with a body (bytes, or more than the limit). */
export function hasBody(body: RequestBody | undefined): boolean {
  return body !== undefined && ('tooLarge' in body || body.bytes.length > 0);
}

/** The parsed body, or undefined when the operation takes none in this media type or none was sent. */
export function parseBody(
  operation: OperationSpec,
  headers: Readonly<Record<string, string | undefined>>,
  body: RequestBody | undefined,
): unknown {
  const contentType = headers['content-type'];
  const type = mediaTypeOf(contentType);
  const json = isJsonMediaType(type);
  if ((!json && type !== FORM_MEDIA_TYPE) || !operation.bodyMediaTypes.includes(type)) return undefined;
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
  if (json) {
    const depth = jsonDepthOver(body.bytes, MAX_JSON_DEPTH);
    if (depth !== undefined) throw tooDeep(depth);
  }
  const text = UTF8.decode(body.bytes);
  return json ? parseJson(text) : parseQuery(text);
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

/**
 * Whether `bytes`, read as JSON, nest arrays and objects deeper than `max`: the depth reached (the first past `max`),
 * or undefined. One pass, counting brackets outside strings; the bytes need not be valid JSON (the parser says
 * what else is wrong). Brackets, quotes and backslashes are ASCII, never part of a UTF-8 multi-byte sequence.
 */
export function jsonDepthOver(bytes: Uint8Array, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return depth;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--; // an unmatched close never lowers the count
  }
  return undefined;
}

/** Whether `error` is the refusal of a body nested too deep (its journal entry then omits the body). */
export function isTooDeep(error: unknown): boolean {
  return error instanceof MockError && error.code === 'invalid_body';
}

function tooDeep(depth: number): MockError {
  return invalidBody(
    `the request body nests arrays and objects ${depth} or more levels deep; at most ${MAX_JSON_DEPTH} are accepted`,
    [{ location: 'body', name: '', message: `nests more than ${MAX_JSON_DEPTH} levels` }],
  );
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
