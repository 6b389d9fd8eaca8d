/**
 * `npm run build:console`: bundles the console's and the API reference's scripts (src/console/ui/) with esbuild and
 * copies their pages and style sheets into `dist/console/assets/`, where the server finds them (`platform/node/static-files.ts`).
 * Tests call `buildConsole()` first (test/support/build-console.ts).
 */
import { build } from 'esbuild';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const UI_DIR = new URL('./ui/', import.meta.url);
export const OUT_DIR = new URL('../../dist/console/assets/', import.meta.url);
const ENTRIES = ['console.ts', 'docs.ts'];
const COPIED = ['console.html', 'console.css', 'docs.html', 'docs.css'];

/** Builds into `outDir`; resolves to each written file's size in bytes. */
export async function buildConsole(outDir: URL = OUT_DIR): Promise<Record<string, number>> {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: ENTRIES.map((name) => fileURLToPath(new URL(name, UI_DIR))),
    outdir: fileURLToPath(outDir),
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome110', 'firefox110', 'safari16'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  await Promise.all(COPIED.map((name) => copyFile(new URL(name, UI_DIR), new URL(name, outDir))));
  const sizes: Record<string, number> = {};
  for (const name of [...ENTRIES.map((entry) => entry.replace(/\.ts$/, '.js')), ...COPIED]) {
    sizes[name] = (await stat(new URL(name, outDir))).size;
  }
  return sizes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await buildConsole();
  for (const [name, size] of Object.entries(sizes)) console.log(`dist/console/assets/${name}  ${size} bytes`);
}
