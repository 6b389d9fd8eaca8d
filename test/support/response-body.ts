import type request from 'supertest';

/** A response's body as the spec describes it: parsed JSON, or the text of any other media type (YAML, HTML). */
export function bodyOf(res: request.Response): unknown {
  const type: string = res.headers['content-type'] ?? '';
  if (type === '' || type.includes('json')) return res.body as unknown;
  if (typeof res.text === 'string') return res.text;
  return Buffer.isBuffer(res.body) ? res.body.toString('utf8') : (res.body as unknown);
}
