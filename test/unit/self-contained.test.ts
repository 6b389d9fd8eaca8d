/**
 * The repository documents itself: code, spec, docs, README, tests and bench never send a reader to a document
 * outside the repository, and every page of docs/ that they name exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PLACES = [
  'src',
  'spec',
  'docs',
  'test',
  'bench',
  'scripts',
  'examples',
  'README.md',
  'Dockerfile',
  'package.json',
];
const TEXT = /\.(ts|js|md|ya?ml|json)$|^Dockerfile$/;

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'results') return [];
    const child = join(path, entry.name);
    if (entry.isDirectory()) return filesUnder(child);
    return TEXT.test(entry.name) ? [join(ROOT, child)] : [];
  });
}

const files = PLACES.flatMap(filesUnder).map((file) => ({
  path: relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

// Joined at run time, so that this file does not itself hold what it looks for.
const OUTSIDE = [
  ['DECI', 'SIONS'],
  ['../', 'shared'],
  ['shared', '/'],
].map((parts) => parts.join(''));

describe('a self-contained repository', () => {
  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(OUTSIDE)('nothing refers to %s', (needle) => {
    const hits = files.flatMap(({ path, text }) =>
      text
        .split('\n')
        .flatMap((line, i) => (line.includes(needle) ? [`${path}:${String(i + 1)}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('every docs/ page that the code, spec, tests or README name exists', () => {
    const pages = new Set(readdirSync(join(ROOT, 'docs')));
    const missing = files.flatMap(({ path, text }) =>
      [...text.matchAll(/docs\/([a-z0-9-]+\.(?:md|ya?ml))/g)]
        .map((match) => match[1] ?? '')
        .filter((page) => !pages.has(page))
        .map((page) => `${path} names docs/${page}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
