// `npm run build:cjs`: a CommonJS twin of the library under dist/cjs/, for `require('identity-mock')` (Jest's
// module loader among others). Each ESM module that tsc emitted into dist/ becomes one CommonJS module at the same
// path under dist/cjs/ (esbuild, no bundling), next to a copy of its declarations; dist/cjs/package.json marks the
// folder CommonJS. The command line (dist/bin, dist/cli.js), the vitest entry (vitest is ESM-only) and the browser
// assets stay ESM-only.
//
// `import.meta.url` has no CommonJS equivalent: in the twin it becomes the URL of the ESM module it was made from,
// so every file looked up relative to a module (specs, fixtures, checked-specs.json and checked-fixtures.json, the console's assets) is the
// same file for both builds.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const OUT = join(DIST, 'cjs');
const ESM_ONLY = [
  /^bin\//,
  /^cli\./,
  /^console\/assets\//,
  /^vitest\//,
  /^msw\//,
  /^adapters\/msw\//,
  /^cjs\//,
];

const everything = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(sep).join('/'))
  .filter((file) => !file.startsWith('cjs/'));
const files = everything.filter((file) => !ESM_ONLY.some((pattern) => pattern.test(file)));
const modules = files.filter((file) => file.endsWith('.js'));
if (modules.some((file) => file.split('/').includes('cjs'))) {
  throw new Error('a folder named cjs inside dist/ would confuse the twin URL of import.meta.url');
}
const usesImportMeta = (file) => readFileSync(join(DIST, file), 'utf8').includes('import.meta');

// The ESM twin of this module: its own path with the `cjs` folder taken out.
const twinUrl = [
  // First, so that these modules run in strict mode as their ESM originals do.
  '"use strict";',
  'var __esmTwinUrl = (() => {',
  '  const sep = require("node:path").sep, marker = sep + "cjs" + sep, i = __filename.lastIndexOf(marker);',
  '  return require("node:url").pathToFileURL(i < 0 ? __filename : __filename.slice(0, i) + __filename.slice(i + 4)).href;',
  '})();',
].join('\n');

const common = {
  outdir: OUT,
  outbase: DIST,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  bundle: false,
  // import() becomes require() too: the twin is CommonJS throughout (Jest's loader has no import()).
  supported: { 'dynamic-import': false },
  sourcemap: 'linked',
  logLevel: 'warning',
};
await Promise.all([
  build({
    ...common,
    entryPoints: modules.filter(usesImportMeta).map((file) => join(DIST, file)),
    banner: { js: twinUrl },
    define: { 'import.meta.url': '__esmTwinUrl' },
  }),
  build({
    ...common,
    entryPoints: modules.filter((file) => !usesImportMeta(file)).map((file) => join(DIST, file)),
  }),
]);
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

// Declarations: tsc writes relative imports as they are in the sources (`./app.ts`); consumers' compilers, from
// TypeScript 5.0 on, expect the emitted name (`./app.js`). The CommonJS twin gets its own copy, read as CommonJS.
const relativeTs = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.ts(['"])/g;
for (const file of everything.filter((f) => f.endsWith('.d.ts'))) {
  const source = join(DIST, file);
  const text = readFileSync(source, 'utf8').replace(relativeTs, '$1$2.js$3');
  writeFileSync(source, text);
  if (!files.includes(file)) continue;
  const twin = join(OUT, file);
  mkdirSync(dirname(twin), { recursive: true });
  copyFileSync(source, twin);
}
process.stdout.write(`dist/cjs: ${modules.length} modules (${relative(process.cwd(), OUT)})\n`);
