/**
 * Shipped files the build has checked: `npm run build` checks the documents and fixtures that change only when the
 * project is edited and records a hash of each beside the compiled module that reads it, so the built package does
 * not check them again at every start. An edited file hashes differently and is checked again; from the sources
 * nothing is recorded, so everything is checked. Nothing is written at run time.
 */
import { isMissingFile, readTextSync, sha256Hex } from '../platform/node/files.ts';

/** The hash under which a parsed document or fixture is recorded as checked. */
export function contentHash(value: unknown): string {
  return sha256Hex(JSON.stringify(value));
}

/** The hashes recorded at `url` (`{ "sha256": [...] }`); none when the build wrote no such file. */
export function recordedHashes(url: URL): ReadonlySet<string> {
  let recorded: unknown;
  try {
    recorded = JSON.parse(readTextSync(url));
  } catch (error) {
    if (isMissingFile(error)) return new Set();
    throw error;
  }
  const hashes =
    typeof recorded === 'object' && recorded !== null && 'sha256' in recorded ? recorded.sha256 : [];
  return new Set(
    Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : [],
  );
}
