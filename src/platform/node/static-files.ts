/**
 * Where the browser files live on Node (docs/console.md): the console's and the API reference's own files, built by
 * `npm run build:console` into `dist/console/assets/`, and Swagger UI's, in its installed package. Files are served
 * by name from fixed tables: nothing from a request becomes part of a file path. Each is read once and kept (the set
 * is fixed and small).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaticFile, StaticFiles } from '../platform.ts';
import { internalError } from '../../errors.ts';

/** The built files: beside the compiled console module in dist/, or in dist/ when running from src/. */
const BUILT_CANDIDATES = [
  new URL('../../console/assets/', import.meta.url),
  new URL('../../../dist/console/assets/', import.meta.url),
];

/** Files of each area, and where each one lives. */
const AREAS: Readonly<Record<'docs' | 'console', Readonly<Record<string, 'swagger-ui' | 'built'>>>> = {
  docs: {
    'swagger-ui-bundle.js': 'swagger-ui',
    'swagger-ui.css': 'swagger-ui',
    'docs.js': 'built',
    'docs.css': 'built',
    'docs.html': 'built',
  },
  console: { 'console.js': 'built', 'console.css': 'built', 'console.html': 'built' },
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** The folder of the built console files, or undefined when `npm run build:console` has not run. */
export function builtAssetsDir(): string | undefined {
  for (const url of BUILT_CANDIDATES) {
    const dir = fileURLToPath(url);
    if (existsSync(join(dir, 'console.js'))) return dir;
  }
  return undefined;
}

/** Swagger UI's folder, found through Node's module resolution from this package. */
function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export class NodeStaticFiles implements StaticFiles {
  readonly #read = new Map<string, Promise<StaticFile>>();

  read(area: 'docs' | 'console', name: string): Promise<StaticFile | undefined> {
    const table = AREAS[area];
    const where = Object.hasOwn(table, name) ? table[name] : undefined;
    if (where === undefined) return Promise.resolve(undefined);
    const key = `${area}/${name}`;
    let file = this.#read.get(key);
    if (file === undefined) {
      file = load(where, name);
      this.#read.set(key, file);
      // A failed read (not built yet) is tried again next time.
      file.catch(() => this.#read.delete(key));
    }
    return file;
  }
}

async function load(where: 'swagger-ui' | 'built', name: string): Promise<StaticFile> {
  const dir = where === 'swagger-ui' ? swaggerUiDir() : builtAssetsDir();
  if (dir === undefined) {
    throw internalError(
      'the console and API reference are not built: run npm run build:console (npm run build runs it too)',
    );
  }
  const bytes = new Uint8Array(await readFile(join(dir, name)));
  return {
    bytes,
    contentType: CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream',
  };
}
