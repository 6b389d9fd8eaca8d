/**
 * The `identity-mock` bin as a child process, for tests of signals, exit codes and the banner: spawned with a clean
 * environment on a port that was free a moment ago, and killed by the test that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../dist/bin/identity-mock.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

export interface BinProcess {
  readonly child: ChildProcess;
  stderr(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<Exit>;
}

/** Spawns the bin with `args`; `extra` is added to the clean environment (`HOME` for the code cache's folder). */
export function launchBin(args: readonly string[], extra: Readonly<Record<string, string>> = {}): BinProcess {
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('IDENTITY_MOCK_') && name !== 'PORT'),
    ),
    ...extra,
  };
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      resolve({ code, signal, stderr });
    });
  });
  return { child, stderr: () => stderr, exited };
}

/** Waits until the banner says the bin listens (rejects if it exits first). */
export function listening(bin: BinProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (bin.stderr().includes('listening on ')) resolve();
    };
    bin.child.stderr?.on('data', check);
    void bin.exited.then((exit) => {
      reject(new Error(`identity-mock exited (${String(exit.code)}) before listening:\n${exit.stderr}`));
    });
    check();
  });
}

/** A port that was free a moment ago: bound on port 0, read, released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}
