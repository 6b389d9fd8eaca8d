/**
 * The drift guard's layer, read from the imports: `src/drift/` imports no `node:` module (the proxy's sockets and
 * files live in `src/adapters/node/`) and reaches no web framework, app, server, control plane or command line,
 * even indirectly.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FORBIDDEN_FILES = [
  'src/app.ts',
  'src/server.ts',
  'src/cli.ts',
  'src/admin/',
  'src/adapters/',
  'src/console/',
];
const FORBIDDEN_PACKAGES = ['express', 'express-openapi-validator', 'pino'];

interface Imports {
  readonly files: readonly string[];
  readonly packages: readonly string[];
}

function imports(file: string): Imports {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  const names = importedFiles.map((i) => i.fileName);
  return {
    files: names.filter((n) => n.startsWith('.')).map((n) => relative(ROOT, resolve(ROOT, dirname(file), n))),
    packages: names.filter((n) => !n.startsWith('.')),
  };
}

const DRIFT = readdirSync(join(ROOT, 'src/drift'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `src/drift/${name}`);

/** The chain of imports from `from` to a forbidden file or package, if any. */
function forbiddenChain(from: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    if (FORBIDDEN_FILES.some((f) => file.startsWith(f))) return [...chain, file];
    const { files, packages } = imports(file);
    const bad = packages.find((p) => FORBIDDEN_PACKAGES.includes(p));
    if (bad !== undefined) return [...chain, file, bad];
    for (const next of files) {
      const found = walk(next, [...chain, file]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(from, []);
}

describe('src/drift/', () => {
  it('has its modules', () => {
    expect(DRIFT).toEqual(expect.arrayContaining(['src/drift/guard.ts', 'src/drift/probe.ts']));
  });

  it.each(DRIFT)('%s imports no node: module', (file) => {
    expect(imports(file).packages.filter((p) => p.startsWith('node:'))).toEqual([]);
  });

  it.each(DRIFT)('%s reaches no web framework, app, server, control plane or adapter', (file) => {
    expect(forbiddenChain(file)).toBeUndefined();
  });
});
