/**
 * The layers, read from the imports of src/ (type-only imports included):
 * - the core (users, workspaces: store, engine, filter, search, sort, paginate, memberships) reaches nothing of the
 *   request path, the authorization server, the control plane or an adapter, even through another module;
 * - the domain (the core, the authorization server, access, sessions, the control plane, the request path, the
 *   operations, the HTTP rules, the platform's interfaces) imports no `node:` module and nothing of Express, pino or
 *   jsonwebtoken, even through another module: signing, randomness, hashing and files come through
 *   src/platform/, which Node implements in src/platform/node/ (what lets the same mock run in a browser);
 * - no module imports itself back through others, and no folder does either: not a layer (below), and not a top
 *   folder of src/ taken whole (src/adapters/, src/platform/, with all their subfolders; a file at the top of src/
 *   is its own);
 * - `node:` modules are imported only by the Node platform (src/platform/node/), the adapters, the bin, the
 *   console's serving and the Node entry files;
 * - Express's types (express, express-openapi-validator) are imported only by the Express adapter.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORE = ['src/users/', 'src/workspaces/'];
/** What the core may not reach. */
const CORE_FORBIDDEN = [
  'src/pipeline/',
  'src/operations/',
  'src/resources/',
  'src/oauth/',
  'src/control/',
  'src/sessions/',
  'src/adapters/',
  'src/platform/node/',
  'src/console/',
  'src/mock.ts',
  'src/server.ts',
  'src/cli.ts',
];
const DOMAIN = [
  ...CORE,
  'src/resources/',
  'src/oauth/',
  'src/access/',
  'src/sessions/',
  'src/control/',
  'src/pipeline/',
  'src/operations/',
  'src/protocol/',
  'src/html/',
  'src/platform/platform.ts',
  'src/errors.ts',
  'src/answer.ts',
  'src/context.ts',
];
/** Where `node:` modules may be imported. */
const NODE_ALLOWED = [
  'src/platform/node/',
  'src/adapters/',
  'src/bin/',
  'src/console/',
  'src/cli.ts',
  'src/server.ts',
  'src/node-services.ts',
];
/** Express's packages: only the Express adapter imports them (their types included). */
const EXPRESS_PACKAGES = ['express', 'express-openapi-validator'];
/** Packages of the platform or the web framework, which the domain reaches only through interfaces. */
const PLATFORM_PACKAGES = ['express', 'express-openapi-validator', 'pino', 'jsonwebtoken'];

interface Imports {
  readonly files: readonly string[];
  readonly packages: readonly string[];
}

/** Every .ts file of src/ (the browser scripts of the console aside), with what it imports. */
function importGraph(): ReadonlyMap<string, Imports> {
  const graph = new Map<string, Imports>();
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.startsWith(join('console', 'ui'))) continue;
    const file = join('src', entry);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const names = importedFiles.map((i) => i.fileName);
    graph.set(file, {
      files: names
        .filter((n) => n.startsWith('.'))
        .map((n) => relative(ROOT, resolve(ROOT, dirname(file), n))),
      packages: names.filter((n) => !n.startsWith('.')),
    });
  }
  return graph;
}

/** The chain of imports from `from` to the first file `bad` accepts, if any (depth-first). */
function pathTo(
  graph: ReadonlyMap<string, Imports>,
  from: string,
  bad: (file: string) => string | undefined,
): string[] | undefined {
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

/** Strongly connected components of more than one node (Tarjan): each is an import cycle. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
    for (const w of graph.get(v) ?? []) {
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

/**
 * The folder a file belongs to, as a layer: a folder of src/ with its subfolders, except that each adapter, each
 * spec's operations and each platform (Node's, the browser's) are layers of their own; a file at the top of src/ is its own.
 */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 2) return file;
  if ((parts[1] === 'adapters' || parts[1] === 'operations') && parts.length > 3)
    return parts.slice(0, 3).join('/');
  if (parts[1] === 'platform' && (parts[2] === 'node' || parts[2] === 'web'))
    return parts.slice(0, 3).join('/');
  return parts.slice(0, 2).join('/');
}

/** The graph of folders: an edge where a file of one imports a file of another. */
function folderGraph(graph: ReadonlyMap<string, Imports>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, { files }] of graph) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of files) if (folderOf(target) !== from) edges.add(folderOf(target));
    folders.set(from, edges);
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

/** The top folder of src/ a file is in (src/adapters/fetch/fetch.ts → src/adapters); a file at the top is its own. */
function topFolderOf(file: string): string {
  const parts = file.split('/');
  return parts.length === 2 ? file : parts.slice(0, 2).join('/');
}

/** The graph of top folders, as folderGraph's of layers. */
function topFolderGraph(graph: ReadonlyMap<string, Imports>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, { files }] of graph) {
    const from = topFolderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of files) if (topFolderOf(target) !== from) edges.add(topFolderOf(target));
    folders.set(from, edges);
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

/** The files of `graph` that import a package `bad` accepts, with the first such package. */
function importersOf(
  graph: ReadonlyMap<string, Imports>,
  bad: (pkg: string) => boolean,
): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, { packages }] of graph) {
    const pkg = packages.find(bad);
    if (pkg !== undefined) found.set(file, pkg);
  }
  return found;
}

const isNodeModule = (pkg: string): boolean => pkg.startsWith('node:');

const fileEdges = (graph: ReadonlyMap<string, Imports>): Map<string, readonly string[]> =>
  new Map([...graph].map(([file, { files }]) => [file, files]));

const GRAPH = importGraph();

describe('layers', () => {
  const core = [...GRAPH.keys()].filter((file) => CORE.some((dir) => file.startsWith(dir)));
  const domain = [...GRAPH.keys()].filter((file) => DOMAIN.some((dir) => file.startsWith(dir)));

  it('finds the core and the domain', () => {
    expect(core).toEqual(
      expect.arrayContaining(['src/users/store.ts', 'src/users/engine.ts', 'src/users/search.ts']),
    );
    expect(domain).toEqual(
      expect.arrayContaining([
        'src/pipeline/handle.ts',
        'src/oauth/token-endpoint.ts',
        'src/operations/api/table.ts',
      ]),
    );
  });

  it.each(core)(
    '%s reaches no module of the request path, the server or an adapter, even indirectly',
    (file) => {
      const chain = pathTo(GRAPH, file, (f) =>
        CORE_FORBIDDEN.some((forbidden) => f.startsWith(forbidden)) ? 'outside the core' : undefined,
      );
      expect(chain).toBeUndefined();
    },
  );

  it.each(domain)('%s reaches no node: module and no web framework, even indirectly', (file) => {
    const chain = pathTo(GRAPH, file, (f) => {
      const pkg = GRAPH.get(f)?.packages.find((p) => p.startsWith('node:') || PLATFORM_PACKAGES.includes(p));
      return pkg === undefined ? undefined : `imports ${pkg}`;
    });
    expect(chain).toBeUndefined();
  });

  // What a page loads for `identity-mock/msw`: only the module that reads the sources from disk may reach Node.
  const browser = [...GRAPH.keys()].filter(
    (file) =>
      (file.startsWith('src/platform/web/') ||
        file.startsWith('src/adapters/msw/') ||
        file === 'src/msw/index.ts') &&
      file !== 'src/adapters/msw/source-parts.ts',
  );
  // The bundle puts modules built ahead in place of source-parts.ts: its imports are not the page's.
  const bundled = new Map(
    [...GRAPH].map(([f, imports]) => [
      f,
      f === 'src/adapters/msw/source-parts.ts' ? { files: [], packages: [] } : imports,
    ]),
  );
  it.each(browser)('%s (the browser bundle) reaches no node: module and no web framework', (file) => {
    const chain = pathTo(bundled, file, (f) => {
      const pkg = bundled
        .get(f)
        ?.packages.find((p) => p.startsWith('node:') || PLATFORM_PACKAGES.includes(p));
      return pkg === undefined ? undefined : `imports ${pkg}`;
    });
    expect(chain).toBeUndefined();
  });

  it('has no import cycle between files of src/', () => {
    expect(cycles(fileEdges(GRAPH))).toEqual([]);
  });

  it('has no import cycle between folders of src/', () => {
    expect(cycles(folderGraph(GRAPH))).toEqual([]);
  });

  it('has no import cycle between the top folders of src/, adapters and platforms taken whole', () => {
    expect(cycles(topFolderGraph(GRAPH))).toEqual([]);
  });

  it('imports node: modules only in the Node platform, the adapters, the bin, the console and the Node entries', () => {
    const outside = [...importersOf(GRAPH, isNodeModule)]
      .filter(([file]) => !NODE_ALLOWED.some((allowed) => file.startsWith(allowed)))
      .map(([file, pkg]) => `${file} imports ${pkg}`);
    expect(outside).toEqual([]);
  });

  it('imports Express (its types too) only in the Express adapter', () => {
    const outside = [...importersOf(GRAPH, (pkg) => EXPRESS_PACKAGES.includes(pkg))]
      .filter(([file]) => !file.startsWith('src/adapters/express/'))
      .map(([file, pkg]) => `${file} imports ${pkg}`);
    expect(outside).toEqual([]);
  });

  it('detects a cycle of top folders, a node: import and an Express type out of place (the checks can fail)', () => {
    const graph = new Map<string, Imports>([
      ['src/config.ts', { files: ['src/adapters/express/log.ts'], packages: [] }],
      ['src/adapters/express/log.ts', { files: [], packages: ['express'] }],
      ['src/adapters/msw/parts.ts', { files: ['src/config.ts'], packages: [] }],
      ['src/data/read.ts', { files: [], packages: ['node:fs'] }],
      ['src/contracts/verify.ts', { files: [], packages: ['express'] }],
    ]);
    // As layers, adapters/express and adapters/msw are apart; as top folders, adapters and config.ts import each other.
    expect(cycles(folderGraph(graph))).toEqual([]);
    expect(cycles(topFolderGraph(graph))).toEqual([['src/adapters', 'src/config.ts']]);
    expect([...importersOf(graph, isNodeModule).keys()]).toEqual(['src/data/read.ts']);
    expect([...importersOf(graph, (pkg) => EXPRESS_PACKAGES.includes(pkg)).keys()]).toEqual([
      'src/adapters/express/log.ts',
      'src/contracts/verify.ts',
    ]);
  });

  it('detects a cycle, a folder cycle and a forbidden import (the checks can fail)', () => {
    const graph = new Map<string, Imports>([
      ['src/users/a.ts', { files: ['src/users/b.ts'], packages: [] }],
      ['src/users/b.ts', { files: ['src/users/a.ts', 'src/pipeline/x.ts'], packages: [] }],
      ['src/pipeline/x.ts', { files: ['src/users/c.ts'], packages: ['node:crypto'] }],
      ['src/users/c.ts', { files: [], packages: [] }],
    ]);
    expect(cycles(fileEdges(graph))).toEqual([['src/users/a.ts', 'src/users/b.ts']]);
    expect(cycles(folderGraph(graph))).toEqual([['src/pipeline', 'src/users']]);
    expect(
      pathTo(graph, 'src/users/a.ts', (f) =>
        graph.get(f)?.packages.includes('node:crypto') === true ? 'node' : undefined,
      ),
    ).toEqual(['src/users/a.ts', 'src/users/b.ts', 'src/pipeline/x.ts', 'node']);
  });
});
