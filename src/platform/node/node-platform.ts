/** The platform of `platform.ts` on Node: node:crypto's randomness and hashing. */
import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Platform } from '../platform.ts';

export const NODE_PLATFORM: Platform = Object.freeze({
  random: Object.freeze({
    token: (bytes: number) => randomBytes(bytes).toString('base64url'),
    uuid: () => randomUUID(),
  }),
  hashing: Object.freeze({
    // One call, no Hash object: the bearer check digests every request's token to find its cached verification.
    sha256: (text: string) => hash('sha256', text, 'base64url'),
    sameSecret: (given: string, expected: string) =>
      timingSafeEqual(hash('sha256', given, 'buffer'), hash('sha256', expected, 'buffer')),
  }),
});
