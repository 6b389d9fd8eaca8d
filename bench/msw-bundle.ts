/**
 * What a page loads for `createHandlers()` of `identity-mock/msw` with the default dataset: the bundle's entry and
 * the chunks it imports, minified and gzipped, against the 300 KB budget, and what takes the bytes. `npm run build`
 * (prebench) measures it into dist/msw/size.json; bytes are not a timing, so the figure stands on its own.
 */
import { readFileSync } from 'node:fs';

const SIZE_URL = new URL('../dist/msw/size.json', import.meta.url);
const BUDGET_BYTES = 300 * 1024;

interface BundleSize {
  readonly files: number;
  readonly bytes: number;
  readonly gzip: number;
  readonly minifiedByPart: Readonly<Record<string, number>>;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's section, from the build's measurement. */
export function mswBundleSection(url: URL = SIZE_URL): string {
  const size = JSON.parse(readFileSync(url, 'utf8')) as BundleSize;
  const verdict = size.gzip <= BUDGET_BYTES ? 'within' : 'OVER';
  const parts = Object.entries(size.minifiedByPart)
    .map(([part, bytes]) => `  ${part.padEnd(20)} ${kb(bytes).padStart(10)}`)
    .join('\n');
  return [
    `\nidentity-mock/msw: what a page loads for createHandlers() (default dataset, ${String(size.files)} files)`,
    `  minified ${kb(size.bytes)}, gzipped ${kb(size.gzip)}: ${verdict} the budget of ${kb(BUDGET_BYTES)}`,
    `  minified bytes by part:\n${parts}`,
  ].join('\n');
}
