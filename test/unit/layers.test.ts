/**
 * The layers, read from the imports: the core (users and workspaces: store, engine, filter, search, sort,
 * paginate, memberships) reaches nothing of the HTTP edge, the control plane or Express, even through another
 * module; and no module of src/ imports itself back through others.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORE = ['src/users/', 'src/workspaces/'];
/** What the core may not reach: the edge, the control plane, the app and server, and the web framework. */
const FORBIDDEN_FILES = [
  'src/http/',
  'src/admin/',
  'src/login/',
  'src/console/',
  'src/app.ts',
  'src/server.ts',
  'src/cli.ts',
];
const FORBIDDEN_PACKAGES = ['express', 'express-openapi-validator'];

interface Imports {
  readonly files: readonly string[];
  readonly packages: readonly string[];
}

/** Every .ts file of src/, relative to the repository, with what it imports (type-only imports included). */
function importGraph(): ReadonlyMap<string, Imports> {
  const graph = new Map<string, Imports>();
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    const file = join('src', entry);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const names = importedFiles.map((i) => i.fileName);
    graph.set(file, {
      files: names
        .filter((n) => n.startsWith('.'))
        .map((n) => relative(ROOT, resolve(ROOT, dirname(file), n))),
      packages: names.filter((n) => !n.startsWith('.') && !n.startsWith('node:')),
    });
  }
  return graph;
}

/** The chain of imports from `from` to the first file `bad` accepts, if any (depth-first). */
function pathTo(
  graph: ReadonlyMap<string, Imports>,
  from: string,
  bad: (file: string) => string | undefined,
) {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    const why = bad(file);
    if (why !== undefined) return [...chain, file, why];
    for (const next of graph.get(file)?.files ?? []) {
      const found = walk(next, [...chain, file]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(from, []);
}

/** Strongly connected components of more than one file (Tarjan): each is an import cycle. */
function cycles(graph: ReadonlyMap<string, Imports>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.files ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
      onStack.delete(w);
      component.push(w);
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const GRAPH = importGraph();

describe('layers', () => {
  const core = [...GRAPH.keys()].filter((file) => CORE.some((dir) => file.startsWith(dir)));

  it('finds the core modules', () => {
    expect(core).toEqual(
      expect.arrayContaining(['src/users/store.ts', 'src/users/engine.ts', 'src/users/search.ts']),
    );
  });

  it.each(core)('%s reaches no edge module and no web framework, even indirectly', (file) => {
    const chain = pathTo(GRAPH, file, (f) => {
      if (FORBIDDEN_FILES.some((forbidden) => f.startsWith(forbidden))) return 'a module of the edge';
      const pkg = GRAPH.get(f)?.packages.find((p) => FORBIDDEN_PACKAGES.includes(p));
      return pkg === undefined ? undefined : `imports ${pkg}`;
    });
    expect(chain).toBeUndefined();
  });

  it('has no import cycle in src/', () => {
    expect(cycles(GRAPH)).toEqual([]);
  });

  it('detects a cycle and an edge import (the checks can fail)', () => {
    const graph = new Map<string, Imports>([
      ['src/users/a.ts', { files: ['src/users/b.ts'], packages: [] }],
      ['src/users/b.ts', { files: ['src/users/a.ts', 'src/http/x.ts'], packages: [] }],
      ['src/http/x.ts', { files: [], packages: ['express'] }],
    ]);
    expect(cycles(graph)).toEqual([['src/users/a.ts', 'src/users/b.ts']]);
    expect(pathTo(graph, 'src/users/a.ts', (f) => (f.startsWith('src/http/') ? 'edge' : undefined))).toEqual([
      'src/users/a.ts',
      'src/users/b.ts',
      'src/http/x.ts',
      'edge',
    ]);
  });
});
