/**
 * The platform of `platform.ts` in a browser (and any runtime with WebCrypto): `crypto.getRandomValues` and
 * `crypto.randomUUID` for randomness, SHA-256 from @noble/hashes for hashing (the domain hashes synchronously, and
 * WebCrypto's digest is asynchronous only).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Platform } from '../platform.ts';

const UTF8 = new TextEncoder();

/** `bytes` as base64url text without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const WEB_PLATFORM: Platform = Object.freeze({
  random: Object.freeze({
    token: (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes))),
    uuid: () => crypto.randomUUID(),
  }),
  hashing: Object.freeze({
    sha256: (text: string) => base64url(sha256(UTF8.encode(text))),
    sameSecret: (given: string, expected: string) => {
      // Digests of equal length, every byte compared: the time depends on neither secret.
      const a = sha256(UTF8.encode(given));
      const b = sha256(UTF8.encode(expected));
      let diff = 0;
      for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
      return diff === 0;
    },
  }),
});
