/** The platform of `platform.ts` on Node: node:crypto's randomness and hashing. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Platform } from '../platform.ts';

export const NODE_PLATFORM: Platform = Object.freeze({
  random: Object.freeze({
    token: (bytes: number) => randomBytes(bytes).toString('base64url'),
    uuid: () => randomUUID(),
  }),
  hashing: Object.freeze({
    sha256: (text: string) => createHash('sha256').update(text).digest('base64url'),
  }),
});
