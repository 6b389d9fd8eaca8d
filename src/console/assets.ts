/**
 * Where the browser files live (docs/console.md): the console's and the API reference's own files, built by
 * `npm run build:console` into `dist/console/assets/`, and Swagger UI's, in its installed package. Files are served
 * by name from fixed tables: nothing from a request becomes part of a file path.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '../http/errors.ts';

/** The built files: beside this module once compiled to dist/, or in dist/ when this module runs from src/. */
const BUILT_CANDIDATES = [
  new URL('./assets/', import.meta.url),
  new URL('../../dist/console/assets/', import.meta.url),
];

/** The folder of the built console files, or undefined when `npm run build:console` has not run. */
export function builtAssetsDir(): string | undefined {
  for (const url of BUILT_CANDIDATES) {
    const dir = fileURLToPath(url);
    if (existsSync(join(dir, 'console.js'))) return dir;
  }
  return undefined;
}

/** Swagger UI's folder, found through Node's module resolution from this package. */
export function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
});

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
}

/** The built folder, or the 500 that says how to build it. */
export function requireBuiltDir(): string {
  const dir = builtAssetsDir();
  if (dir === undefined) {
    throw new ApiError(
      500,
      'internal_error',
      'the console and API reference are not built: run npm run build:console (npm run build runs it too)',
    );
  }
  return dir;
}
