/** The bench's section on the MSW bundle: the gzipped size against the budget, and what takes the bytes. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mswBundleSection } from '../../bench/msw-bundle.ts';

function sizeFile(gzip: number): URL {
  const file = join(mkdtempSync(join(tmpdir(), 'msw-size-')), 'size.json');
  writeFileSync(file, JSON.stringify({ files: 2, bytes: 900_000, gzip, minifiedByPart: { jose: 20_480 } }));
  return pathToFileURL(file);
}

describe('mswBundleSection', () => {
  it('reports the gzipped size within the budget, and the parts', () => {
    const text = mswBundleSection(sizeFile(174_000));
    expect(text).toContain('gzipped 169.9 KB: within the budget of 300.0 KB');
    expect(text).toMatch(/jose\s+20\.0 KB/);
  });

  it('says when the bundle is over the budget', () => {
    expect(mswBundleSection(sizeFile(400_000))).toContain('OVER the budget');
  });
});
