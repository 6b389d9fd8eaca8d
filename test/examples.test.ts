/**
 * The example projects of examples/ (README "Test runners"), each run as a user runs it: installed from the packed
 * package, then `npm test`. They run at the same time.
 *
 * The examples are installed together, as the workspaces of one npm project in the system's temporary folder
 * (outside the repository, so no folder above them holds this project's own node_modules): one `npm install`
 * resolves and unpacks what they share once, where an install per example did it again (~20 s of a 2-core machine's
 * CPU apiece). Hoisting lets an example find a package another one declares, so the first test below holds every
 * example to importing only what its own package.json names. The install is kept, keyed by a hash of what decides
 * it: every example's package.json, the package's own runtime dependencies, Node's major version and the platform.
 * A run with a kept install only puts the freshly packed package in place of the last one (its files are all that
 * change between runs) and copies the examples' files in again. A new example is one more folder with a
 * package.json and a `test` script.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const CACHE = join(
  tmpdir(),
  'identity-mock-examples',
  createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
);
const TARBALL = join(CACHE, 'identity-mock.tgz');
const ARTIFACTS = join(ROOT, 'test', 'browser', 'artifacts');
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];
/** Marks a finished install (an interrupted one is started again). */
const INSTALLED = '.installed';
/** What the kept install owns in an example's folder; everything else is the example's and copied in each run. */
const KEPT = new Set(['node_modules', 'package-lock.json']);
/** Packages a runner provides to the code it runs without their being installed by name. */
const PROVIDED_BY: Record<string, string> = { '@jest/globals': 'jest' };

const examples = (await readdir(EXAMPLES, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && existsSync(join(EXAMPLES, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort();

/** The environment of the run, without this runner's own variables or a mock URL that would leak into a child. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && !name.startsWith('IDENTITY_MOCK_') && name !== 'NODE_ENV',
    ),
  );
  // An example that takes a screenshot (msw-browser) leaves it with the browser tests' artifacts.
  return {
    ...env,
    CI: '1',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    SCREENSHOT_DIR: ARTIFACTS,
  };
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

async function manifestOf(example: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(EXAMPLES, example, 'package.json'), 'utf8')) as Manifest;
}

/** The example's package.json with identity-mock taken from the packed tarball. */
async function manifestFor(example: string): Promise<string> {
  const manifest = await manifestOf(example);
  manifest.devDependencies = { ...manifest.devDependencies, 'identity-mock': `file:${TARBALL}` };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function installKey(): Promise<string> {
  const own = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const hash = createHash('sha256');
  for (const example of examples)
    hash.update(`${example}\n`).update(await readFile(join(EXAMPLES, example, 'package.json')));
  return hash
    .update(JSON.stringify([own.dependencies, own.peerDependencies]))
    .update(`${process.version.split('.')[0] ?? ''} ${process.platform} ${process.arch}`)
    .digest('hex')
    .slice(0, 16);
}

/** Copies the example's files (not its node_modules) over `dir`'s, after removing what the last run copied. */
async function copyExample(example: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(dir))
    if (!KEPT.has(entry)) await rm(join(dir, entry), { recursive: true });
  const source = join(EXAMPLES, example);
  for (const entry of await readdir(source)) {
    if (KEPT.has(entry)) continue;
    await cp(join(source, entry), join(dir, entry), { recursive: true });
  }
  await writeFile(join(dir, 'package.json'), await manifestFor(example));
}

/** The examples installed together in the cache: kept from an earlier run when the key matches, else afresh. */
async function prepare(): Promise<string> {
  const dir = join(CACHE, `workspaces-${await installKey()}`);
  if (existsSync(join(dir, INSTALLED))) {
    for (const example of examples) await copyExample(example, join(dir, example));
    // The package's files only: its nested node_modules (dependencies npm could not hoist) stay.
    const installed = join(dir, 'node_modules', 'identity-mock');
    for (const entry of await readdir(installed)) {
      if (entry !== 'node_modules') await rm(join(installed, entry), { recursive: true });
    }
    await run('tar', ['-xzf', TARBALL, '-C', installed, '--strip-components=1']);
    return dir;
  }
  // Older installs go (one example per folder before, or another key); the new one is made beside and moved in
  // place once complete.
  for (const entry of await readdir(CACHE, { withFileTypes: true }))
    if (entry.isDirectory()) await rm(join(CACHE, entry.name), { recursive: true, force: true });
  const building = `${dir}.partial`;
  await mkdir(building, { recursive: true });
  for (const example of examples) await copyExample(example, join(building, example));
  await writeFile(
    join(building, 'package.json'),
    `${JSON.stringify({ name: 'identity-mock-examples', private: true, workspaces: examples }, null, 2)}\n`,
  );
  await run('npm', ['install', ...NPM_QUIET], { cwd: building, env: childEnv(), timeout: 600_000 });
  await writeFile(join(building, INSTALLED), `${new Date().toISOString()}\n`);
  await rename(building, dir);
  return dir;
}

/**
 * The packages an example's code names: bare import and require specifiers, without subpaths. What the example's
 * .gitignore names (a build's output, such as msw-browser's public/) is not its code.
 */
async function importedPackages(example: string): Promise<Set<string>> {
  const names = new Set<string>();
  const ignoreFile = join(EXAMPLES, example, '.gitignore');
  const ignored = new Set(['node_modules']);
  if (existsSync(ignoreFile))
    for (const line of (await readFile(ignoreFile, 'utf8')).split('\n'))
      if (line.trim() !== '' && !line.startsWith('#')) ignored.add(line.trim().replace(/\/$/, ''));
  const files = (await readdir(join(EXAMPLES, example), { recursive: true, encoding: 'utf8' })).filter(
    (file) => /\.[cm]?[jt]s$/.test(file) && !file.split('/').some((part) => ignored.has(part)),
  );
  for (const file of files) {
    const text = await readFile(join(EXAMPLES, example, file), 'utf8');
    for (const match of text.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g,
    )) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
    }
  }
  return names;
}

let workspaces = '';

beforeAll(async () => {
  await mkdir(CACHE, { recursive: true });
  await mkdir(ARTIFACTS, { recursive: true });
  // --ignore-scripts: pack the dist/ that `npm test` has just built, as the package tests do.
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', CACHE, ...NPM_QUIET],
    {
      cwd: ROOT,
    },
  );
  const [packed] = JSON.parse(stdout) as [{ filename: string }];
  await rename(join(CACHE, packed.filename), TARBALL);
  workspaces = await prepare();
}, 600_000);

describe('the example projects, installed from the packed package', () => {
  it('are there, and each imports only the packages its own package.json names', async () => {
    expect(examples).toEqual(
      expect.arrayContaining([
        'authjs-express',
        'express-openid-connect',
        'jest-cjs',
        'jest-esm',
        'msw-browser',
        'msw-node',
        'own-spec',
        'passport-openid-client',
        'passport-openidconnect',
        'playwright-api',
        'resource-server',
        'vitest',
      ]),
    );
    for (const example of examples) {
      const manifest = await manifestOf(example);
      const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
      const undeclared = [...(await importedPackages(example))].filter(
        (name) => !declared.has(name) && !declared.has(PROVIDED_BY[name] ?? name),
      );
      expect(undeclared, example).toEqual([]);
    }
  });

  it.concurrent.each(examples)(
    'examples/%s: npm test passes',
    async (example) => {
      const result = await run('npm', ['test'], {
        cwd: join(workspaces, example),
        env: childEnv(),
        timeout: 300_000,
      }).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
      const output = `${result.stdout}\n${result.stderr}`;
      expect('code' in result ? result.code : 0, output).toBe(0);
    },
    900_000,
  );
});
