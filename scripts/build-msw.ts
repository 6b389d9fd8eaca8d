// `npm run build:msw`: the browser bundle of `identity-mock/msw` (dist/msw/index.js, ESM, msw left to the user's
// copy). What the sources read or compile at run time is built ahead here, so a page loads no faker, compiles no
// schema (no `eval`: a strict Content-Security-Policy holds) and reads no file:
// - the two documents, as JSON;
// - the request schemas (src/adapters/msw/request-schemas.ts), as ajv's standalone code;
// - the default dataset (seed and size of the command line's defaults), as JSON;
// - the dev signing key, as PEM text.
// Faker goes to a chunk of its own, loaded only for another seed or size, or a document of a team's own. The size a page loads for
// `createHandlers()` (the entry and what it imports, not the lazy chunks) is written to dist/msw/size.json for
// `npm run bench`.
import { build, type Plugin } from 'esbuild';
import { lazyFaker } from './lazy-faker.js';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import standalone from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv';
import { DEFAULTS } from '../src/config.ts';
import { seedDataset } from '../src/data/seed.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument } from '../src/platform/node/document-file.ts';
import { buildApiModel } from '../src/spec/model.ts';
import { DEV_SIGNING_KEY_PATH } from '../src/platform/node/signing-keys.ts';
import { partDefaults } from '../src/adapters/msw/parts.ts';
import { userSchemaAjv } from '../src/data/user-schema.ts';
import { requestSchemaSets } from '../src/adapters/msw/request-schemas.ts';
import { standaloneSchemas } from '../src/adapters/msw/standalone-schemas.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist', 'msw');
const WORK = join(ROOT, 'dist', 'msw-build');

const api = readSpecDocument(API_SPEC_PATH);
const admin = readSpecDocument(ADMIN_SPEC_PATH);

const DOCUMENTS = [
  { name: 'api' as const, doc: api, model: buildApiModel(api) },
  { name: 'admin' as const, doc: admin, model: buildApiModel(admin) },
];

/** One standalone module of `schemas` with `coerceTypes`; returns the export name of each key. */
function compiled(
  file: string,
  schemas: Map<string, object>,
  coerceTypes: boolean,
): ReadonlyMap<string, string> {
  const formats = _`require(${join(SRC, 'adapters/msw/request-formats.ts')}).REQUEST_FORMATS`;
  const { code, names } = standaloneSchemas(DOCUMENTS, schemas, coerceTypes, { esm: true, formats });
  writeFileSync(join(WORK, file), code);
  return names;
}

/** Code of the module that stands in for src/adapters/msw/source-parts.ts in the bundle. */
function partsModule(): string {
  const sets = DOCUMENTS.map(({ name, model }) => requestSchemaSets(name, model));
  const params = new Map(sets.flatMap((set) => [...set.params]));
  const bodies = new Map(sets.flatMap((set) => [...set.bodies]));
  const names = [...compiled('params.js', params, true), ...compiled('bodies.js', bodies, false)].map(
    ([key, name]) => [key, `${bodies.has(key) ? 'bodies' : 'params'}.${name}`],
  );
  const { users, workspaces } = seedDataset({ seed: DEFAULTS.seed, users: DEFAULTS.users });
  const src = (path: string): string => JSON.stringify(join(SRC, path));
  return `
import { DEFAULT_CLIENTS } from ${src('data/clients.ts')};
import { KNOWN_ACCOUNTS } from ${src('data/known-accounts.ts')};
import { datasetFromRecords } from ${src('data/fixtures.ts')};
import { loadFaker } from ${src('data/faker.ts')};
import * as params from './params.js';
import * as bodies from './bodies.js';
const SCHEMAS = new Map([${names.map(([key, name]) => `[${JSON.stringify(key)}, ${name}]`).join(',')}]);
const freeze = (value) => {
  if (typeof value === 'object' && value !== null) { Object.freeze(value); Object.values(value).forEach(freeze); }
  return value;
};
const DATASET = ${JSON.stringify(JSON.stringify({ users, workspaces }))};
export const MSW_PARTS = {
  documents: freeze(JSON.parse(${JSON.stringify(JSON.stringify({ api, admin }))})),
  schemas: (key) => SCHEMAS.get(key),
  signingKeyPem: ${JSON.stringify(readFileSync(DEV_SIGNING_KEY_PATH, 'utf8'))},
  defaults: ${JSON.stringify(partDefaults(DEFAULTS))},
  knownAccounts: KNOWN_ACCOUNTS.users,
  defaultDataset: () => {
    const { users, workspaces } = freeze(JSON.parse(DATASET));
    return Object.freeze({ users, passwords: new Map(), workspaces, clients: DEFAULT_CLIENTS });
  },
  seed: async (seed, users) => {
    await loadFaker();
    return (await import(${src('data/seed.ts')})).seedDataset({ seed, users });
  },
  fromRecords: (records, source) => datasetFromRecords(records, source),
};
`;
}

/** The module that stands in for src/data/user-schema.ts: the User schema compiled ahead, the same messages. */
function userSchemaModule(): string {
  const { ajv, schema, allowed } = userSchemaAjv(api, {
    source: true,
    esm: true,
    formats: _`require(${join(ROOT, 'node_modules/ajv-formats/dist/formats.js')}).fullFormats`,
  });
  writeFileSync(join(WORK, 'user-validate.js'), standalone.default(ajv, ajv.compile(schema)));
  return `import validate from './user-validate.js';
import { userChecker } from ${JSON.stringify(join(SRC, 'data/user-check.ts'))};
export const checkUserRecord = userChecker(validate, ${JSON.stringify(allowed)});`;
}

const FAKER = join(SRC, 'data/faker.ts');

/** faker in a chunk of its own (`lazy-faker.js`): seeding another dataset and a document's collections await it. */
const lazy = lazyFaker(FAKER, 'identity-mock/msw loads faker on demand: await loadFaker() first');

/** The files of fixtures/ the data modules read at load, served from the bundle; Node's modules as stand-ins. */
const browserShims: Plugin = {
  name: 'identity-mock-browser',
  setup(b) {
    b.onResolve({ filter: /source-parts\.ts$/ }, () => ({ path: join(WORK, 'parts.js') }));
    b.onResolve({ filter: /\/user-schema\.ts$/ }, () => ({ path: join(WORK, 'user-schema.js') }));
    b.onResolve({ filter: /\/json-file\.ts$/ }, () => ({ path: 'json-file', namespace: 'shim' }));
    b.onResolve({ filter: /\/checked-by-build\.ts$/ }, () => ({
      path: 'checked-by-build',
      namespace: 'shim',
    }));
    b.onResolve({ filter: /\/platform\/node\/files\.ts$/ }, () => ({
      path: 'node-files',
      namespace: 'shim',
    }));
    b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: 'shim' }));
    b.onLoad({ filter: /.*/, namespace: 'shim' }, (args) => {
      if (args.path === 'node-files') {
        // The Node platform's files: a page names shipped files in messages and reads none.
        const fail = "() => { throw new Error('identity-mock/msw reads no files in a browser'); }";
        return {
          contents: `export const readTextSync = ${fail}, readText = ${fail}, isDirectorySync = ${fail}, isDirectory = ${fail}, sha256Hex = ${fail};
export const isMissingFile = () => false, pathOf = (url) => String(url), fileIn = (dir, name) => dir + '/' + name;`,
          loader: 'js',
        };
      }
      if (args.path === 'json-file') {
        const files = Object.fromEntries(
          ['known-accounts.json', 'clients.json'].map((name) => [
            name,
            JSON.parse(readFileSync(join(ROOT, 'fixtures', name), 'utf8')) as unknown,
          ]),
        );
        return {
          contents: `const FILES = ${JSON.stringify(files)};
export const ABSENT = Symbol('absent');
export const readJsonFileSync = (path) => structuredClone(FILES[String(path).split('/').pop()]);
export const readJsonFile = () => Promise.reject(new Error('a browser reads no files'));`,
          loader: 'js',
        };
      }
      if (args.path === 'checked-by-build') {
        // Nothing is recorded for a page: its user records are checked by the schema compiled ahead.
        return {
          contents: `export const contentHash = () => '';
export const recordedHashes = () => new Set();`,
          loader: 'js',
        };
      }
      if (args.path === 'node:buffer') {
        // What bulk-format.ts (seeding) uses of Buffer: latin1 text in and out, alloc (with a fill or not), copy.
        return {
          contents: `export class Buffer extends Uint8Array {
  static from(text) { return Buffer.of(...Array.from(text, (c) => c.charCodeAt(0))); }
  static alloc(length, fill = 0) { return new Buffer(length).fill(fill); }
  static allocUnsafe(length) { return new Buffer(length); }
  toString() { let out = ''; for (let i = 0; i < this.length; i += 8192) out += String.fromCharCode(...this.subarray(i, i + 8192)); return out; }
  copy(target, at) { target.set(this, at); return this.length; }
}`,
          loader: 'js',
        };
      }
      if (args.path === 'node:url') {
        return { contents: 'export const fileURLToPath = (url) => String(url);', loader: 'js' };
      }
      // Read only by what a browser never runs (loading fixtures from a folder): fails if it ever is.
      const fail = "() => { throw new Error('identity-mock/msw reads no files in a browser'); }";
      return {
        contents: `export const readFileSync = ${fail}, statSync = ${fail}, stat = ${fail}, readFile = ${fail}, join = (...parts) => parts.join('/');`,
        loader: 'js',
      };
    });
  },
};

rmSync(WORK, { recursive: true, force: true });
rmSync(join(OUT, 'chunks'), { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
writeFileSync(join(WORK, 'parts.js'), partsModule());
writeFileSync(join(WORK, 'user-schema.js'), userSchemaModule());
const result = await build({
  entryPoints: { index: join(SRC, 'msw/index.ts') },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  external: ['msw'],
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [lazy, browserShims],
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
rmSync(WORK, { recursive: true, force: true });

// What a page loads for createHandlers(): the entry and the chunks it imports statically.
const outputs = result.metafile.outputs;
const loaded = new Set<string>();
const visit = (file: string): void => {
  if (loaded.has(file)) return;
  loaded.add(file);
  for (const i of outputs[file]?.imports ?? [])
    if (i.kind === 'import-statement' && !i.external) visit(i.path);
};
const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint !== undefined);
if (entry === undefined) throw new Error('esbuild wrote no entry');
visit(entry);
let bytes = 0;
let gzip = 0;
const parts = new Map<string, number>();
for (const file of loaded) {
  const text = readFileSync(join(ROOT, file));
  bytes += text.length;
  gzip += gzipSync(text, { level: 9 }).length;
  for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
    const owner =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
      (input.startsWith('dist/msw-build') ? 'built-ahead parts' : 'identity-mock');
    parts.set(owner, (parts.get(owner) ?? 0) + bytesInOutput);
  }
}
mkdirSync(dirname(join(OUT, 'size.json')), { recursive: true });
writeFileSync(
  join(OUT, 'size.json'),
  `${JSON.stringify({ files: [...loaded].length, bytes, gzip, minifiedByPart: Object.fromEntries([...parts].sort((a, b) => b[1] - a[1])) }, null, 2)}\n`,
);
