/** Names and places shared by the contract tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONSUMER = 'identity-web';
export const PROVIDER = 'identity-service';
export const CONTRACTS_DIR = fileURLToPath(new URL('../../contracts/', import.meta.url));
export const PACT_FILE = `${CONSUMER}-${PROVIDER}.json`;

/** Where the consumer test writes its pact: contracts/ under `npm run contracts`, else undefined (a temp dir). */
export function writtenPactDir(): string | undefined {
  return process.env.WRITE_CONTRACTS === '1' ? CONTRACTS_DIR : undefined;
}

/** A pact file without what varies between Pact versions (metadata), for comparing contents. */
export function normalizedPact(path: string): unknown {
  const pact = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(pact).filter(([key]) => key !== 'metadata'));
}
