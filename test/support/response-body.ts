import { CORE_SCHEMA, load } from 'js-yaml';
import type request from 'supertest';

/**
 * A response's body as the spec describes it: parsed JSON, a YAML document parsed (a schema describes the
 * document, as a client that reads it sees it), or the text of any other media type (HTML, scripts).
 */
export function bodyOf(res: request.Response): unknown {
  const type: string = res.headers['content-type'] ?? '';
  if (type === '' || type.includes('json')) return res.body as unknown;
  const text =
    typeof res.text === 'string'
      ? res.text
      : Buffer.isBuffer(res.body)
        ? res.body.toString('utf8')
        : undefined;
  if (text === undefined) return res.body as unknown;
  return type.includes('yaml') ? load(text, { schema: CORE_SCHEMA }) : text;
}
