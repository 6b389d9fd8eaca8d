#!/usr/bin/env node
// The `identity-mock` command. It runs src/cli.ts as plain JavaScript: esbuild bundles the sources (and the
// dependencies of BUNDLED) once per version of them (~0.5 s) into node_modules/.identity-mock-<key>/, and later
// starts reuse that bundle. Running
// the TypeScript through tsx's loader instead costs ~1 s of start-up (every module crosses to the loader's thread
// and back) and ~30 MB for that thread; tsx remains the fallback when esbuild cannot run.
//
// The bundle sits two levels below the project, like the sources it comes from (src/<dir>/*.ts), so their
// `new URL('../../spec/…', import.meta.url)` still find spec/, fixtures/ and contracts/.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'src');

/**
 * A key of what the bundle is made from: the sources, this script (how it bundles) and the lockfile (what it
 * bundles), by path, size and modification time (content changes move at least one).
 */
function sourceKey() {
  let key = 0;
  const add = (path) => {
    const { size, mtimeMs } = statSync(path, { throwIfNoEntry: false }) ?? { size: -1, mtimeMs: 0 };
    for (const part of `${path}:${size}:${mtimeMs};`) key = (Math.imul(key, 31) + part.charCodeAt(0)) >>> 0;
  };
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) add(path);
    }
  };
  visit(src);
  add(fileURLToPath(import.meta.url));
  add(join(root, 'package-lock.json'));
  return key.toString(36);
}

/**
 * Dependencies bundled in rather than loaded from node_modules at every start: resolving and compiling the ~300
 * CommonJS files of express, the validator and ajv cost ~300 ms of start-up, and faker's root module imports all
 * ~70 locales where the seed uses six (~150 ms, ~35 MB). The others stay external: pino starts its transports
 * from files, Pact loads a native core (and only for `verify`).
 */
const BUNDLED = new Set([
  '@faker-js/faker',
  'express',
  'express-openapi-validator',
  'ajv',
  'ajv-formats',
  'js-yaml',
  'jsonwebtoken',
]);

async function bundled() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const modules = join(root, 'node_modules');
  const dir = join(modules, `.identity-mock-${sourceKey()}`);
  const entry = join(dir, 'cli.js');
  if (statSync(entry, { throwIfNoEntry: false }) === undefined) {
    const { build } = await import('esbuild');
    // Build aside and rename: two commands starting at once never import a half-written bundle.
    const scratch = `${dir}.${process.pid}.tmp`;
    await build({
      entryPoints: [join(src, 'cli.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: Object.keys(manifest.dependencies ?? {})
        .filter((name) => !BUNDLED.has(name))
        .flatMap((name) => [name, `${name}/*`]),
      // CommonJS dependencies bundled into ESM still call require() for Node's own modules.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      sourcemap: 'linked',
      outdir: scratch,
      logLevel: 'error',
    });
    try {
      renameSync(scratch, dir);
    } catch {
      rmSync(scratch, { recursive: true, force: true }); // another start won the race: use its bundle
    }
    for (const name of readdirSync(modules)) {
      if (name.startsWith('.identity-mock-') && join(modules, name) !== dir && !name.endsWith('.tmp')) {
        rmSync(join(modules, name), { recursive: true, force: true });
      }
    }
  }
  return entry;
}

// V8 grows the heap by up to 4x the live data after each full GC; under 32 concurrent connections at 100 000 users
// that took RSS from ~240 MB to ~400-550 MB, kept after the load. Growing by 25% instead holds it near 310 MB for
// ~5% of throughput (bench: README "Performance"). Read at every GC, so setting it here, before any load, works.
setFlagsFromString('--heap-growing-percent=25');

let entry;
try {
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  entry = await bundled();
} catch {
  entry = undefined;
}
if (entry === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli.ts');
} else {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
}
