/**
 * Pact files: where identity-mock keeps its own (`contracts/`), and reading any consumer's (V2 or V3 JSON).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pact } from '../../protocol/pact-file.ts';

export const CONTRACTS_DIR = fileURLToPath(new URL('../../../contracts/', import.meta.url));

/** The pact files (`*.json`) of a directory, sorted by name. */
export function pactFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

/** A file, every pact file of a directory, or a URL (left for the verifier to fetch). */
export function pactSources(source: string): string[] {
  if (/^https?:\/\//.test(source)) return [source];
  const stat = statSync(source, { throwIfNoEntry: false });
  if (stat === undefined) throw new Error(`no pact file or directory at ${source}`);
  if (!stat.isDirectory()) return [source];
  const files = pactFilesIn(source);
  if (files.length === 0) throw new Error(`${source} holds no pact files (*.json)`);
  return files;
}

/** Reads a pact file; throws naming the file when it is not a pact. */
export function readPact(path: string): Pact {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('interactions' in parsed) ||
    !Array.isArray(parsed.interactions) ||
    !('consumer' in parsed) ||
    !('provider' in parsed)
  ) {
    throw new Error(`${path} is not a pact file (no consumer, provider and interactions)`);
  }
  return parsed as Pact;
}
