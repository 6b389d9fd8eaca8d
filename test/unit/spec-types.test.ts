import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED, renderTypes } from '../../scripts/generate-types.ts';

describe('generated spec types', () => {
  it.each(
    GENERATED.map(({ spec, types }) => ({ name: fileURLToPath(types).split('/src/')[1] ?? '', spec, types })),
  )('src/$name is what its spec generates (else: run npm run gen:types)', async ({ spec, types }) => {
    const committed = await readFile(types, 'utf8');
    expect(committed, `${fileURLToPath(types)} is stale: run npm run gen:types`).toBe(
      await renderTypes(spec),
    );
  });
});
