/**
 * Runs the command's CommonJS bundle (dist/bin/identity-mock.cjs, scripts/bundle-bin.js) with V8's code cache, as
 * Node 22's `module.enableCompileCache()` does for modules (which does not reach a script run this way, and which
 * Node 20 does not have): a start that finds the cache skips parsing the bundle and compiling the functions the
 * last long run compiled (docs/running.md, "Start-up").
 *
 * - The cache is a file per bundle (its content hash, fixed at build), the bundle's path, Node version and
 *   architecture, in the user's own `~/.cache/identity-mock/`; a file another user owns, or that others may
 *   write, is not read. The path is part of the name because V8 keeps the script's name in the cache: a copy of
 *   the same version installed elsewhere would otherwise name the other copy's file in its stack traces.
 * - V8 checks what it is given (its version, flags, the source's length) and ignores a cache that does not fit:
 *   the bundle is then compiled as usual, and the cache written again.
 * - A cache is written by a run that lives a second (a server), not by a command that ends at once (`token`,
 *   `--help`), so that it holds what serving compiles; at most `KEEP` files are kept.
 * - Any failure to read or write it is ignored: the cache only ever saves time.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, Script } from 'node:vm';
import { ownedAndPrivate, userCacheFolder } from '../platform/node/user-cache.ts';

/** How long a run lives before it writes the cache. */
const WRITE_AFTER_MS = 1_000;
/** Cache files kept (other builds and Node versions), newest first. */
const KEEP = 4;
const PREFIX = 'command-';

type CommonJsWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** Runs the bundle at `url`, whose content hash is `hash`, as Node runs a CommonJS module. */
export function runCachedBundle(url: URL, hash: string): void {
  const file = fileURLToPath(url);
  const cacheFile = cacheFileFor(hash, file);
  const cachedData = cacheFile === undefined ? undefined : readOwnFile(cacheFile);
  // The wrapper adds nothing before the source's first line, so line numbers in stack traces stay the bundle's.
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    {
      filename: file,
      ...(cachedData === undefined ? {} : { cachedData }),
      // `import()` inside the bundle (optional peers, such as Pact) loads as it would in a module.
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true))
    writeLater(script, cacheFile);
  const run = script.runInThisContext() as CommonJsWrapper;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}

/** The cache file of this bundle, path, Node and architecture; undefined when there is no cache folder to use. */
function cacheFileFor(hash: string, file: string): string | undefined {
  const folder = userCacheFolder();
  if (folder === undefined) return undefined;
  return join(folder, `${PREFIX}${hash}-${pathHash(file)}-${process.version}-${process.arch}.bin`);
}

/** Tells apart the copies of one version that a user runs (installed globally and in a project, say). */
function pathHash(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, 12);
}

function readOwnFile(file: string): Buffer | undefined {
  try {
    return ownedAndPrivate(file) ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

function writeLater(script: Script, cacheFile: string): void {
  setTimeout(() => {
    try {
      const temporary = `${cacheFile}.${String(process.pid)}.tmp`;
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      renameSync(temporary, cacheFile);
      removeOldest(dirname(cacheFile));
    } catch {
      // A cache that cannot be written is not used next time: nothing else changes.
    }
  }, WRITE_AFTER_MS).unref();
}

function removeOldest(folder: string): void {
  const files = readdirSync(folder)
    .filter((name) => name.startsWith(PREFIX))
    .map((name) => ({ path: join(folder, name), at: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { path } of files.slice(KEEP)) rmSync(path, { force: true });
}
