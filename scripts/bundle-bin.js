// `npm run build:bin`: the `identity-mock` command as one ES module (dist/bin/identity-mock.js) and the chunks it
// loads only when a command needs them, with its dependencies inside: resolving, reading and compiling a few
// hundred CommonJS and ES modules one by one was the largest part of a start. The library entries (`identity-mock`,
// `/client`, `/vitest`, …) stay unbundled, so a test process shares one copy of each module with them.
//
// Every module's `import.meta.url` becomes the URL of its unbundled twin in dist/ (`new URL('../spec/document-file.js',
// import.meta.url)`), so the files each looks up beside itself (the specs, fixtures, checked-specs.json, the
// console's assets) are the same ones in both. Left outside: the optional peers (Pact, msw, vitest, Playwright),
// which the user installs, and Swagger UI's files, which are served from its package.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
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
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const FAKER = join(SRC, 'data/faker.ts');

/**
 * faker (its locales are most of a start that seeds nothing) in a chunk of its own, loaded by `loadFaker()`
 * (src/data/faker.ts): until then its exports are stand-ins that say so when called.
 */
const lazyFaker = {
  name: 'lazy-faker',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/faker\.ts$/ }, (args) =>
      args.namespace === 'lazy-faker' ? { path: FAKER } : { path: 'faker', namespace: 'lazy-faker' },
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-faker' }, () => ({
      contents: `
function notLoaded() {
  throw new Error('faker is loaded on demand in the identity-mock command: await loadFaker() first');
}
export let Faker = notLoaded, generateMersenne53Randomizer = notLoaded, base, de, en, es, fr, pl, pt_BR;
export async function loadFaker() {
  if (Faker !== notLoaded) return;
  ({ Faker, generateMersenne53Randomizer, base, de, en, es, fr, pl, pt_BR } = await import(${JSON.stringify(FAKER)}));
}`,
      loader: 'js',
    }));
  },
};

for (const file of readdirSync(OUT)) await rm(join(OUT, file), { recursive: true });
await build({
  entryPoints: { 'identity-mock': join(SRC, 'bin/identity-mock.ts') },
  outdir: OUT,
  // Chunks sit beside the entry: the URLs that stand for `import.meta.url` are relative to this folder.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [
    '@pact-foundation/pact',
    'msw',
    'vitest',
    '@playwright/test',
    'playwright-core',
    'swagger-ui-dist',
  ],
  // CommonJS dependencies call `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  alias: {
    'body-parser': join(ROOT, 'scripts/bin-stubs/never-called.cjs'),
    multer: join(ROOT, 'scripts/bin-stubs/never-called.cjs'),
  },
  plugins: [lazyFaker, unbundledUrl],
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'linked',
  logLevel: 'warning',
});
console.log(
  `dist/bin: the command bundled, ${readdirSync(OUT).filter((file) => file.endsWith('.js')).length} files`,
);
