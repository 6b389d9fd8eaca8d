// `npm run build:bin`: the `identity-mock` command as one CommonJS script (dist/bin/identity-mock.cjs) with its
// dependencies inside, and the small ES module that runs it with V8's code cache (dist/bin/identity-mock.js, from
// src/bin/identity-mock.ts and cached-bundle.ts, given the script's content hash): resolving, reading and compiling
// a few hundred CommonJS and ES modules one by one was the largest part of a start, and compiling the one script the
// largest part of what was left. The library entries (`identity-mock`, `/client`, `/vitest`, …) stay unbundled, so a
// test process shares one copy of each module with them.
//
// Every module's `import.meta.url` becomes the URL of its unbundled twin in dist/ (`'../platform/node/document-file.js'`
// from the script's folder), so the files each looks up beside itself (the specs, fixtures, checked-specs.json, the
// console's assets) are the same ones in both. Left outside: the optional peers (Pact, msw, vitest, Playwright),
// which the user installs, and Swagger UI's files, which are served from its package.
import { build } from 'esbuild';
import { lazyFaker } from './lazy-faker.js';
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist/bin');

/** `import.meta.url` of a source module, as the URL of its tsc output in dist/ relative to the bundle. */
const unbundledUrl = {
  name: 'unbundled-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!path.startsWith(SRC + sep) || !source.includes('import.meta.url')) return undefined;
      const twin = join(ROOT, 'dist', relative(SRC, path)).replace(/\.ts$/, '.js');
      const fromBundle = relative(OUT, twin).split(sep).join('/');
      const url = `require('node:url').pathToFileURL(require('node:path').join(__dirname, ${JSON.stringify(fromBundle)})).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const FAKER = join(SRC, 'data/faker.ts');

// faker (its locales are most of a start that seeds nothing) evaluated only by `loadFaker()` (src/data/faker.ts).
const lazy = lazyFaker(
  FAKER,
  'faker is loaded on demand in the identity-mock command: await loadFaker() first',
);

for (const file of readdirSync(OUT)) await rm(join(OUT, file), { recursive: true });
const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: { 'identity-mock': join(SRC, 'cli.ts') },
  outExtension: { '.js': '.cjs' },
  outdir: OUT,
  format: 'cjs',
  external: [
    '@pact-foundation/pact',
    'msw',
    'vitest',
    '@playwright/test',
    'playwright-core',
    'swagger-ui-dist',
  ],
  alias: {
    'body-parser': join(ROOT, 'scripts/bin-stubs/never-called.cjs'),
    multer: join(ROOT, 'scripts/bin-stubs/never-called.cjs'),
  },
  plugins: [lazy, unbundledUrl],
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'linked',
});
const hash = createHash('sha256')
  .update(readFileSync(join(OUT, 'identity-mock.cjs')))
  .digest('hex')
  .slice(0, 16);
await build({
  ...common,
  entryPoints: { 'identity-mock': join(SRC, 'bin/identity-mock.ts') },
  outdir: OUT,
  format: 'esm',
  define: { COMMAND_BUNDLE_HASH: JSON.stringify(hash) },
});
console.log(`dist/bin: the command bundled (${hash}), ${readdirSync(OUT).length} files`);
