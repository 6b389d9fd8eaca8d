/**
 * Fixed-size keys for caches a client can fill (docs/control-plane.md): a token or address of any length becomes a
 * 43-character SHA-256 digest, so a cache of N entries costs N × a few hundred bytes whatever clients send.
 */
import { createHash } from 'node:crypto';

/** SHA-256 of `key`, base64url. */
export function keyDigest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
