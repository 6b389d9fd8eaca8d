/**
 * The known accounts' user records are checked against the User schema unless the build recorded this very content
 * as checked (`data/checked-by-build.ts`): an edited file is checked again.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHash, recordedHashes } from '../../src/data/checked-by-build.ts';
import { KNOWN_ACCOUNTS, KNOWN_ACCOUNTS_URL, loadKnownAccounts } from '../../src/data/known-accounts.ts';

const dir = mkdtempSync(join(tmpdir(), 'known-accounts-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const shipped = JSON.parse(readFileSync(KNOWN_ACCOUNTS_URL, 'utf8')) as { users: Record<string, unknown>[] };
/** The shipped file with the admin's email broken. */
const edited = {
  ...shipped,
  users: shipped.users.map((u, i) => (i === 0 ? { ...u, email: 'not an email' } : u)),
};

function file(name: string, value: unknown): URL {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return pathToFileURL(path);
}

describe('known accounts', () => {
  it('are read from the sources with every record checked', () => {
    expect(KNOWN_ACCOUNTS.users.map((user) => user.email)).toContain('admin@example.com');
    expect(() => loadKnownAccounts(file('edited.json', edited))).toThrow(/email/);
  });

  it('are taken as they are when the content is recorded as checked, and checked again once edited', () => {
    const record = file('checked.json', { sha256: [contentHash(shipped)] });
    expect(loadKnownAccounts(file('shipped.json', shipped), record).users).toHaveLength(shipped.users.length);
    expect(() => loadKnownAccounts(file('edited-after.json', edited), record)).toThrow(/email/);
  });

  it('find no record where the build wrote none, and refuse a record that is not JSON', () => {
    expect(recordedHashes(new URL('missing.json', pathToFileURL(`${dir}/`))).size).toBe(0);
    expect(recordedHashes(file('odd.json', { sha256: [1, 'a'] }))).toEqual(new Set(['a']));
    writeFileSync(join(dir, 'broken.json'), '{');
    expect(() => recordedHashes(pathToFileURL(join(dir, 'broken.json')))).toThrow(SyntaxError);
  });
});
