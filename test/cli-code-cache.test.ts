/**
 * The command runs its bundle with V8's code cache (src/bin/cached-bundle.ts, docs/running.md "Start-up"): a server
 * writes the cache to ~/.cache/identity-mock/ once it has run a second, a later start reads it and leaves it as it
 * is, a damaged or loosely permitted file is replaced, and a command that ends at once writes none. Every start
 * answers alike with or without it.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { execFile } from 'node:child_process';

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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
    expect(name).toMatch(
      new RegExp(`^command-[0-9a-f]{16}-[0-9a-f]{12}-${process.version}-${process.arch}\\.bin$`),
    );
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

  it('is one per place of install: a copy elsewhere names its own file in stack traces, not the first copy', async () => {
    // V8 keeps the script's name in the cache; two copies of one bundle (same content hash) must not share it.
    const home = mkdtempSync(join(tmpdir(), 'identity-mock-home-'));
    const runner = pathToFileURL(join(import.meta.dirname, '..', 'src', 'bin', 'cached-bundle.ts')).href;
    // Prints where its function is, then lives long enough for the cache to be written.
    const source =
      "console.log(new Error('here').stack.split('\\n')[1].trim()); setTimeout(() => {}, 1300);\n";
    const copies = ['first', 'second'].map((name) => {
      mkdirSync(join(home, name));
      writeFileSync(join(home, name, 'bundle.cjs'), source);
      return join(home, name, 'bundle.cjs');
    });
    const runIn = async (bundle: string): Promise<string> => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { runCachedBundle } from ${JSON.stringify(runner)};` +
            `runCachedBundle(new URL(${JSON.stringify(pathToFileURL(bundle).href)}), 'same-content-hash');`,
        ],
        { env: { ...process.env, HOME: home }, cwd: join(import.meta.dirname, '..') },
      );
      return stdout;
    };
    try {
      const [first = '', second = ''] = copies;
      expect(await runIn(first)).toContain(first);
      await cacheIn(home, 1);
      expect(await runIn(first)).toContain(first);
      const fromSecond = await runIn(second);
      expect(fromSecond).toContain(second);
      expect(fromSecond).not.toContain(first);
      await cacheIn(home, 2);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** Waits (at most 10 s) until `home` holds `count` cache files. */
async function cacheIn(home: string, count: number): Promise<void> {
  const folder = join(home, '.cache', 'identity-mock');
  for (let waited = 0; waited < 10_000 && cacheFiles(folder).length < count; waited += 100) await delay(100);
  expect(cacheFiles(folder)).toHaveLength(count);
}
