/**
 * The load driver: wrk (C, one thread on the driver's core), which keeps up with servers that autocannon
 * (JavaScript, one core) cannot saturate, so ratios near the top are not compressed. `findWrk` looks for it and,
 * as root on Debian, installs it; without it the bench falls back to autocannon and says so.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadFigures } from './figures.ts';

/** The wrk binary, installing the Debian package when missing and allowed to; undefined when there is none. */
export function findWrk(log: (line: string) => void): string | undefined {
  const found = which('wrk');
  if (found !== undefined) return found;
  if (process.getuid?.() !== 0 || which('apt-get') === undefined) return undefined;
  log('wrk not found: installing the Debian package (apt-get install -y wrk)');
  try {
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return which('wrk');
}

function which(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface WrkRequest {
  readonly method: string;
  /** Paths, taken in turn by every request. */
  readonly paths: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A wrk Lua script that sends `request`'s paths in turn, with its method, headers and body. */
export function wrkScript(request: WrkRequest): string {
  const quote = (text: string): string => JSON.stringify(text); // a valid Lua string for printable ASCII
  for (const text of [...request.paths, ...Object.values(request.headers), request.body ?? '']) {
    if (!/^[\x20-\x7e]*$/.test(text))
      throw new Error(`wrk script: only printable ASCII (got ${quote(text)})`);
  }
  return [
    `wrk.method = ${quote(request.method)}`,
    ...(request.body === undefined ? [] : [`wrk.body = ${quote(request.body)}`]),
    ...Object.entries(request.headers).map(
      ([name, value]) => `wrk.headers[${quote(name)}] = ${quote(value)}`,
    ),
    `local paths = { ${request.paths.map(quote).join(', ')} }`,
    'local turn = 0',
    'request = function()',
    '  turn = turn % #paths + 1',
    '  return wrk.format(nil, paths[turn])',
    'end',
    '',
  ].join('\n');
}

/** Milliseconds of a wrk duration such as `950.00us`, `4.68ms`, `1.20s` or `2.00m`. */
function millis(value: string, unit: string): number {
  if (unit === 'us') return Number(value) / 1000;
  const factor: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000 };
  return Number(value) * (factor[unit] ?? Number.NaN);
}

/**
 * The figures of `wrk --latency` output: requests per second, p50 and p99 latency (ms), non-2xx/3xx answers and
 * socket errors. Throws when a figure is missing (a run that failed).
 */
export function parseWrk(output: string): LoadFigures {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s|m)\b/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\b/m.exec(output);
  if (rps === null || p50 === null || p99 === null) throw new Error(`unreadable wrk output:\n${output}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(rps[1]),
    p50: millis(p50[1] ?? '', p50[2] ?? ''),
    p99: millis(p99[1] ?? '', p99[2] ?? ''),
    non2xx: Number(non2xx?.[1] ?? 0),
    errors: socket === null ? 0 : socket.slice(1).reduce((sum, n) => sum + Number(n), 0),
  };
}

/** Runs wrk against `url` for `seconds` (rounded up: wrk takes whole seconds) with `connections` connections. */
export async function wrkLoad(
  wrk: string,
  url: string,
  request: WrkRequest,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'identity-mock-wrk-'));
  try {
    const script = join(dir, 'requests.lua');
    writeFileSync(script, wrkScript(request));
    const args = [
      '-t1',
      `-c${String(connections)}`,
      `-d${String(Math.max(1, Math.ceil(seconds)))}s`,
      '--latency',
      '-s',
      script,
      url,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => {
        if (code === 0) resolve(text);
        else reject(new Error(`wrk exited ${String(code)}:\n${text}`));
      });
    });
    return parseWrk(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
