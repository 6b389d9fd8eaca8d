/**
 * Starting, timing and stopping the servers under test as child processes, pinned to their own core with
 * taskset where it exists (the driver runs on the other one).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';

export const HAS_TASKSET = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Pins this process (the load driver) to core 1. */
export function pinDriver(): void {
  if (HAS_TASKSET) execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly startedAt: number;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` (in `cwd`) unpinned (start-up is measured with both cores, as a user starts it);
 * `pinServer` then moves it to core 0 for the load. The server must listen on `port` on 127.0.0.1.
 */
export function spawnServer(
  args: readonly string[],
  port: number,
  cwd?: string,
  env?: Readonly<Record<string, string>>,
): ServerProcess {
  const startedAt = performance.now();
  // This process is pinned to the driver's core and a child inherits that: taskset gives the server every core
  // (it execs node, so the pid is the server's).
  const [command, argv] = HAS_TASKSET
    ? ['taskset', ['-c', `0-${String(cpus().length - 1)}`, process.execPath, ...args]]
    : [process.execPath, [...args]];
  const child = spawn(command, argv, {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(cwd === undefined ? {} : { cwd }),
    ...(env === undefined ? {} : { env: { ...process.env, ...env } }),
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) process.stderr.write(`server exited ${code}: ${stderr}\n`);
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    startedAt,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Pins every thread of the server to core 0 (the driver runs on core 1). */
export function pinServer(server: ServerProcess): void {
  if (HAS_TASKSET && server.child.pid !== undefined) {
    execFileSync('taskset', ['-a', '-pc', '0', String(server.child.pid)], { stdio: 'ignore' });
  }
}

/** Polls `url` until it answers 200; returns the milliseconds since `since`. */
export async function waitFor200(
  url: string,
  since: number,
  init: RequestInit = {},
  timeoutMs = 120_000,
): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resident set size of a process in MB (Linux /proc), or undefined elsewhere. */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}
