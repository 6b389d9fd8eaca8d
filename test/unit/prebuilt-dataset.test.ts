/**
 * The default dataset seeded ahead by the build (dist/data/default-dataset.json) is the dataset seeding gives, to
 * the byte: a start that reads it serves what a start that seeds would.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config.ts';
import { hasPrebuiltDataset, prebuiltDataset, prebuiltFile } from '../../src/data/prebuilt-dataset.ts';
import { seedDataset } from '../../src/data/seed.ts';

const BUILT = new URL('../../dist/data/default-dataset.json', import.meta.url);
const DEFAULT_SEEDING = { seed: DEFAULTS.seed, users: DEFAULTS.users };
const dir = mkdtempSync(join(tmpdir(), 'prebuilt-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the default dataset seeded ahead', () => {
  it('is built, and serialises exactly as the seeded dataset, frozen alike', () => {
    expect(existsSync(BUILT)).toBe(true);
    const prebuilt = prebuiltDataset(DEFAULT_SEEDING, BUILT);
    const seeded = seedDataset(DEFAULT_SEEDING);
    expect(prebuilt).toBeDefined();
    expect(JSON.stringify(prebuilt?.users)).toBe(JSON.stringify(seeded.users));
    expect(JSON.stringify(prebuilt?.workspaces)).toBe(JSON.stringify(seeded.workspaces));
    expect(prebuilt?.clients).toBe(seeded.clients);
    expect(prebuilt?.passwords.size).toBe(0);
    expect(Object.isFrozen(prebuilt?.users)).toBe(true);
    expect(Object.isFrozen(prebuilt?.users[5])).toBe(true);
    expect(Object.isFrozen(prebuilt?.workspaces[0]?.members)).toBe(true);
  });

  it('serves only the seed and size it was seeded with, and nothing when the file is absent', () => {
    const url = pathToFileURL(join(dir, 'small.json'));
    const options = { seed: 3, users: 5 };
    writeFileSync(url, JSON.stringify(prebuiltFile(options, seedDataset(options))));
    expect(hasPrebuiltDataset(options, url)).toBe(true);
    expect(prebuiltDataset(options, url)?.users).toHaveLength(8);
    expect(prebuiltDataset({ seed: 4, users: 5 }, url)).toBeUndefined();
    expect(prebuiltDataset({ seed: 3, users: 6 }, url)).toBeUndefined();
    expect(hasPrebuiltDataset(options, pathToFileURL(join(dir, 'missing.json')))).toBe(false);
  });
});
