/**
 * The command runs its bundle with V8's code cache (src/bin/cached-bundle.ts, docs/running.md "Start-up"): a server
 * writes the cache to ~/.cache/identity-mock/ once it has run a second, a later start reads it and leaves it as it
 * is, a damaged or loosely permitted file is replaced, and a command that ends at once writes none. Every start
 * answers alike with or without it.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, launchBin, listening } from './support/bin-process.ts';

const HOME = mkdtempSync(join(tmpdir(), 'identity-mock-home-'));
const FOLDER = join(HOME, '.cache', 'identity-mock');

afterAll(() => {
  rmSync(HOME, { recursive: true, force: true });
});

function cacheFiles(folder = FOLDER): string[] {
  try {
    return readdirSync(folder).filter((name) => name.endsWith('.bin'));
  } catch {
    return [];
  }
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server with HOME, checks it answers, lets it run `ms`, stops it. */
async function serveFor(ms: number): Promise<void> {
  const port = await freePort();
  const bin = launchBin(['--port', String(port), '--log-level', 'silent'], { HOME });
  try {
    await listening(bin);
    const health = await fetch(`http://127.0.0.1:${String(port)}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    await delay(ms);
  } finally {
    bin.child.kill('SIGTERM');
    await bin.exited;
  }
}

/** Waits (at most 10 s) until the one cache file is `predicate`'s. */
async function cacheWhere(predicate: (bytes: Buffer) => boolean): Promise<Buffer> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const [name] = cacheFiles();
    if (name !== undefined) {
      const bytes = readFileSync(join(FOLDER, name));
      if (predicate(bytes)) return bytes;
    }
    await delay(100);
  }
  throw new Error(`no cache file as expected in ${FOLDER}: ${cacheFiles().join(', ')}`);
}

describe('the code cache of the identity-mock command', () => {
  it('is left alone when the home folder cannot hold it, and the command runs as usual', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'identity-mock-home-')), 'a-file');
    writeFileSync(home, 'not a folder');
    const port = await freePort();
    const bin = launchBin(['--port', String(port), '--log-level', 'silent'], { HOME: home });
    try {
      await listening(bin);
      expect((await fetch(`http://127.0.0.1:${String(port)}/health`)).status).toBe(200);
    } finally {
      bin.child.kill('SIGTERM');
      await bin.exited;
      rmSync(join(home, '..'), { recursive: true, force: true });
    }
  });

  it('is not written by a command that ends at once', async () => {
    const home = mkdtempSync(join(tmpdir(), 'identity-mock-home-'));
    try {
      const bin = launchBin(['--version'], { HOME: home });
      expect((await bin.exited).code).toBe(0);
      expect(cacheFiles(join(home, '.cache', 'identity-mock'))).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('is written by a server, read by the next start and left as it is, and replaced when damaged', async () => {
    // Written: private to its user, named for the bundle, Node and architecture.
    await serveFor(1_500);
    await cacheWhere((bytes) => bytes.length > 100_000);
    const [name] = cacheFiles();
    expect(name).toMatch(new RegExp(`^command-[0-9a-f]{16}-${process.version}-${process.arch}\\.bin$`));
    const file = join(FOLDER, name ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Read by the next start, and not written again.
    const before = { bytes: readFileSync(file), at: statSync(file).mtimeMs };
    await serveFor(1_500);
    expect(readFileSync(file).equals(before.bytes)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(before.at);

    // A damaged file, and one others may write, are replaced; the start answers as usual.
    for (const mode of [0o600, 0o666]) {
      writeFileSync(file, 'not a code cache');
      chmodSync(file, mode);
      await serveFor(1_500);
      await cacheWhere((bytes) => bytes.length > 100_000);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  });
});
