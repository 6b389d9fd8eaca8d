// `npm run build:faker`: replaces dist/data/faker.js (a re-export of faker's root module, which loads every locale)
// with an esbuild bundle of the same exports, which holds only what seeding uses (src/data/faker.ts says why).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  entryPoints: [fileURLToPath(new URL('../src/data/faker.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('../dist/data/faker.js', import.meta.url)),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // The map names faker's files without copying them: they are faker's, not this package's.
  sourcesContent: false,
  logLevel: 'warning',
});
