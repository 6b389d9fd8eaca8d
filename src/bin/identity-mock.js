#!/usr/bin/env node
// The `identity-mock` command. It runs src/cli.ts as plain JavaScript: esbuild bundles the sources once per
// version of them (~0.2 s) into node_modules/.identity-mock-<key>/, and later starts reuse that bundle. Running
// the TypeScript through tsx's loader instead costs ~1 s of start-up (every module crosses to the loader's thread
// and back) and ~30 MB for that thread; tsx remains the fallback when esbuild cannot run.
//
// The bundle sits two levels below the project, like the sources it comes from (src/<dir>/*.ts), so their
// `new URL('../../spec/…', import.meta.url)` still find spec/, fixtures/ and contracts/.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'src');

/** A key of the sources: their paths, sizes and modification times (content changes move at least one). */
function sourceKey() {
  let key = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) {
        const { size, mtimeMs } = statSync(path);
        for (const part of `${path}:${size}:${mtimeMs};`)
          key = (Math.imul(key, 31) + part.charCodeAt(0)) >>> 0;
      }
    }
  };
  visit(src);
  return key.toString(36);
}

async function bundled() {
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
      packages: 'external',
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
