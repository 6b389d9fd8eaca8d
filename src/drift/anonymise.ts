/**
 * Stand-in names for recorded users (docs/drift.md): a faker name, the identifier derived from it and an email
 * built on that identifier, all chosen from a hash of the user's id, so that the same user gets the same values
 * on every recording, whoever else was recorded with them.
 */
import { fitIdentifierBase } from '../data/identifier.ts';
import { LOCALE_WEIGHTS, namePools, type PoolLocale } from '../data/name-pool.ts';

/** Domains of stand-in emails: reserved for documentation (RFC 2606), so no message can reach anyone. */
const DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

export interface StandIn {
  readonly name: string;
  readonly identifier: string;
  readonly email: string;
}

/**
 * The stand-in of the user with id `id`: the same id, the same values.
 *
 * @example standIn('8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b') // { name: '…', identifier: '….8f14', email: '….8f14@example.org' }
 */
export function standIn(id: string): StandIn {
  const locale = pickLocale(hash(id, 1));
  const pool = namePools()[locale];
  const first = hash(id, 2) % pool.firstNames.length;
  const last = hash(id, 3) % pool.lastNames.length;
  const name = `${pool.firstNames[first] ?? ''} ${pool.lastNames[last] ?? ''}`.trim();
  const words = [pool.firstWords[first], pool.lastWords[last]]
    .filter((w) => w !== undefined && w !== '')
    .join('.');
  // A tag drawn from the id keeps identifiers apart when two users draw the same name.
  const tag = (hash(id, 5) % 36 ** 4).toString(36).padStart(4, '0');
  const identifier = `${fitIdentifierBase(words)}.${tag}`.replace(/\.{2,}/g, '.');
  const domain = DOMAINS[hash(id, 4) % DOMAINS.length] ?? DOMAINS[0];
  return { name, identifier, email: `${identifier}@${domain}` };
}

function pickLocale(draw: number): PoolLocale {
  const entries = Object.entries(LOCALE_WEIGHTS) as [PoolLocale, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let at = draw % total;
  for (const [locale, weight] of entries) {
    if (at < weight) return locale;
    at -= weight;
  }
  return 'en';
}

/** FNV-1a (32 bits) of `text` salted with `salt`: a stable, well-spread number per id and purpose. */
function hash(text: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A final mix, so that nearby ids and salts spread over the whole range.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}
