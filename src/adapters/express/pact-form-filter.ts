/**
 * The request filter Pact's Verifier runs in its proxy, an Express app (`contracts/verify.ts`): Express's types stay
 * in this adapter.
 */
import type { NextFunction, Request, Response } from 'express';
import { FORM_MEDIA_TYPE } from '../../protocol/media-type.ts';

/**
 * Pact JS 16's proxy parses a form body and forwards `JSON.stringify(body)` with the old Content-Length
 * (a known trap): re-encode it as a form.
 */
export function formBodyFilter(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  const type = req.headers['content-type'] ?? '';
  if (
    type.startsWith(FORM_MEDIA_TYPE) &&
    typeof body === 'object' &&
    body !== null &&
    !Buffer.isBuffer(body)
  ) {
    const form = new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    req.body = Buffer.from(form);
    req.headers['content-length'] = String(Buffer.byteLength(form));
  }
  next();
}
