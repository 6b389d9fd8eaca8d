/**
 * The bin on a shared machine (docs/control-plane.md): SIGTERM lets delayed requests in flight finish within
 * `--shutdown-grace`, a second signal exits at once with 1, a signing key that cannot sign exits 2 naming the file,
 * and the banner warns when the control plane is open to the network.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBin, listening, type BinProcess } from './support/bin-process.ts';

/** Starts `n` requests that the mock delays `ms` (Prefer), resolving to their statuses (0 when cut). */
function delayed(url: string, n: number, ms: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${url}/health`, { headers: { Prefer: `delay=${ms}` } }).then(
        (res) => res.status,
        () => 0,
      ),
    ),
  );
}

async function served(args: readonly string[]): Promise<{ bin: BinProcess; url: string }> {
  const port = await freePort();
  const bin = launchBin(['--port', String(port), '--users', '5', '--log-level', 'warn', ...args]);
  await listening(bin);
  return { bin, url: `http://127.0.0.1:${port}` };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.concurrent('identity-mock on a shared machine', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-mock-shared-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('SIGTERM under load: every delayed request in flight is answered, then exit 0', async () => {
    const { bin, url } = await served(['--shutdown-grace', '10s']);
    const answers = delayed(url, 8, 2_000);
    await pause(500);
    bin.child.kill('SIGTERM');
    expect(await answers).toEqual(Array.from({ length: 8 }, () => 200));
    expect((await bin.exited).code).toBe(0);
  });

  it('a second signal exits at once with 1', async () => {
    const { bin, url } = await served([]);
    const answers = delayed(url, 2, 8_000);
    await pause(500);
    bin.child.kill('SIGTERM');
    await pause(200);
    bin.child.kill('SIGINT');
    const exit = await bin.exited;
    expect(exit.code).toBe(1);
    // Cut, not answered: the process did not wait for the 8 s delays.
    expect(await answers).toEqual([0, 0]);
  });

  it.each([
    { name: 'an RSA key of 1024 bits', bits: 1024, says: 'is an RSA key of 1024 bits' },
    { name: 'a file that is not a key', bits: 0, says: 'cannot be parsed' },
    { name: 'a missing file', bits: -1, says: 'cannot be read' },
  ])('--signing-key with $name exits 2 naming the file and what is accepted', async ({ bits, says }) => {
    const file = join(dir, `key-${String(bits)}.pem`);
    if (bits > 0) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
      await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    } else if (bits === 0) await writeFile(file, 'not a key\n');
    const exit = await launchBin(['--port', '0', '--signing-key', file]).exited;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain(`signing key ${file} ${says}`);
    expect(exit.stderr).toContain('RSA private key of 2048 bits or more');
  });

  it('--host 0.0.0.0 without --admin-token: the banner warns on a line of its own; with a token it does not', async () => {
    const open = await served(['--host', '0.0.0.0']);
    const closed = await served(['--host', '0.0.0.0', '--admin-token', 'secret']);
    open.bin.child.kill('SIGTERM');
    closed.bin.child.kill('SIGTERM');
    const [openExit, closedExit] = await Promise.all([open.bin.exited, closed.bin.exited]);
    const warning = openExit.stderr.split('\n').find((line) => line.startsWith('WARNING: /__admin'));
    expect(warning).toContain('anyone who can reach port');
    expect(warning).toContain('--admin-token');
    expect(closedExit.stderr).not.toContain('WARNING: /__admin');
    // The development key: anyone can sign tokens, admin token or not (and the MSW bundle carries it).
    for (const exit of [openExit, closedExit]) {
      const devKey = exit.stderr.split('\n').find((line) => line.startsWith('WARNING: tokens are signed'));
      expect(devKey).toContain('anyone can sign tokens');
      expect(devKey).toContain('MSW bundle');
      expect(devKey).toContain('--signing-key');
    }
  });

  it('a loopback server, or one with --signing-key, does not warn of the development key', async () => {
    const local = await served([]);
    local.bin.child.kill('SIGTERM');
    expect((await local.bin.exited).stderr).not.toContain('WARNING: tokens are signed');
  });
});
