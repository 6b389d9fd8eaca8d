/**
 * A platform whose randomness repeats (a seeded generator): two mocks built with the same seed issue the same
 * tokens, codes and ids in the same order, so their answers can be compared byte for byte. Hashing is Node's.
 */
import { mulberry32 } from '../../src/control/faults.ts';
import { NODE_PLATFORM } from '../../src/platform/node/node-platform.ts';
import type { Platform } from '../../src/platform/platform.ts';

export function seededPlatform(seed: number): Platform {
  const next = mulberry32(seed);
  const bytes = (count: number): Uint8Array =>
    Uint8Array.from({ length: count }, () => Math.floor(next() * 256));
  return {
    hashing: NODE_PLATFORM.hashing,
    random: {
      token: (count) => Buffer.from(bytes(count)).toString('base64url'),
      uuid: () => {
        const b = bytes(16);
        b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
        b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
        const hex = Buffer.from(b).toString('hex');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      },
    },
  };
}
