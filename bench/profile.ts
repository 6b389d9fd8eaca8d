/**
 * CPU profiles of an identity-mock build, summarised (`cpuprofile.ts`), to see what to cut and to compare before
 * and after a change:
 * - `list`: `GET /users?page=2&page_size=20` with an admin token at 50 connections (wrk) for `--seconds`, the
 *   server pinned to core 0 and wrk to core 1; the summary covers the load window only (warm-up and start left out);
 * - `startup`: a start at `--users` users, from the process's first instruction to the first 200 on GET /users.
 *
 *   npx tsx bench/profile.ts [--build DIR] [--name before] [--out DIR] [--seconds 8] [--users 10000|default]
 *     [--only list|startup]
 *
 * Writes `profile-<name>-list.txt` and `profile-<name>-startup.txt` (and the `.cpuprofile` files, which Chrome's
 * DevTools open) into `--out` (default: bench/results, where *.cpuprofile is not committed).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatSummary, summarise, type CpuProfile, type Window } from './cpuprofile.ts';
import { load } from './load.ts';
import { freePort, pinDriver, pinServer, spawnServer, waitFor200, type ServerProcess } from './processes.ts';
import type { Scenario } from './scenarios.ts';
import { buildOf, ISSUER, mintToken, type Build } from './servers.ts';
import { findWrk } from './wrk.ts';

const { values } = parseArgs({
  options: {
    build: { type: 'string' },
    name: { type: 'string' },
    out: { type: 'string' },
    seconds: { type: 'string' },
    users: { type: 'string' },
    only: { type: 'string' },
  },
});
const build = buildOf(values.build ?? '.', true);
const NAME = values.name ?? 'profile';
const OUT = resolve(values.out ?? 'bench/results');
const SECONDS = Number(values.seconds ?? '8');
/** undefined: the default data (no `--users`). */
const USERS = values.users === 'default' ? undefined : Number(values.users ?? '10000');
const ONLY = values.only;
const DATA = USERS === undefined ? 'the default data' : `${String(USERS)} users`;
const PATH = '/users?page=2&page_size=20';
const CONNECTIONS = 50;

/** Microseconds on the monotonic clock that V8 stamps its profiles with. */
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

function profiled(dir: string, port: number): ServerProcess {
  const args = ['--cpu-prof', '--cpu-prof-dir', dir, 'dist/bin/identity-mock.js', '--port', String(port)];
  const flags = [
    ...(USERS === undefined ? [] : ['--users', String(USERS)]),
    '--log-level',
    'warn',
    '--issuer',
    ISSUER,
  ];
  return spawnServer([...args, ...flags], port, build.dir);
}

/** The main thread's profile of `pid` in `dir` (worker threads write their own). */
function mainProfile(dir: string, pid: number | undefined): { file: string; profile: CpuProfile } {
  const name = readdirSync(dir).find((f) => f.includes(`.${String(pid)}.0.`) && f.endsWith('.cpuprofile'));
  if (name === undefined) throw new Error(`no main-thread profile of ${String(pid)} in ${dir}`);
  const file = join(dir, name);
  return { file, profile: JSON.parse(readFileSync(file, 'utf8')) as CpuProfile };
}

function header(what: string): string {
  let commit = 'unknown commit';
  try {
    commit = execFileSync('git', ['-C', build.dir, 'log', '-1', '--format=%h %s'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    // not a git checkout
  }
  return `${what}\nbuild: ${build.dir} (${commit}), Node ${process.version}`;
}

function write(kind: string, text: string, file: string, window: Window, profile: CpuProfile): void {
  const summary = summarise(profile, build.dir, window);
  const ms = (us: number | undefined): string => (us === undefined ? '' : (us / 1000).toFixed(0));
  const again = `again, or deeper: npx tsx bench/profile-summary.ts profile-${NAME}-${kind}.cpuprofile --root ${build.dir}${window.fromUs === undefined ? '' : ` --from-ms ${ms(window.fromUs)}`}${window.toUs === undefined ? '' : ` --to-ms ${ms(window.toUs)}`} --top 60`;
  writeFileSync(join(OUT, `profile-${NAME}-${kind}.txt`), `${text}\n${again}\n\n${formatSummary(summary)}\n`);
  copyFileSync(file, join(OUT, `profile-${NAME}-${kind}.cpuprofile`));
  process.stdout.write(`wrote ${join(OUT, `profile-${NAME}-${kind}.txt`)}\n`);
}

async function listProfile(token: string, wrk: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'identity-mock-prof-'));
  try {
    const server = profiled(dir, await freePort());
    await waitFor200(`${server.url}${PATH}`, server.startedAt, {
      headers: { authorization: `Bearer ${token}` },
    });
    pinServer(server);
    const scenario: Scenario = {
      name: 'list',
      method: 'GET',
      paths: [PATH],
      expect: { total: 0, items: 0 },
      authenticated: true,
    };
    const driver = { kind: 'wrk', path: wrk } as const;
    await load(driver, server.url, scenario, token, CONNECTIONS, { seconds: 2 }); // warm-up, left out
    const from = nowUs();
    const figures = await load(driver, server.url, scenario, token, CONNECTIONS, { seconds: SECONDS });
    const to = nowUs();
    await server.stop();
    const { file, profile } = mainProfile(dir, server.child.pid);
    const text = header(
      `GET ${PATH} (admin token), ${String(CONNECTIONS)} connections, ${String(SECONDS)} s, ${DATA}; server on core 0, wrk on core 1, under --cpu-prof: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99.toFixed(1)} ms`,
    );
    write('list', text, file, { fromUs: from - profile.startTime, toUs: to - profile.startTime }, profile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startupProfile(token: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'identity-mock-prof-'));
  try {
    const server = profiled(dir, await freePort());
    const ms = await waitFor200(`${server.url}/users`, server.startedAt, {
      headers: { authorization: `Bearer ${token}` },
    });
    const ready = nowUs();
    await server.stop();
    const { file, profile } = mainProfile(dir, server.child.pid);
    const text = header(
      `start-up at ${DATA}, spawn → first 200 on GET /users with a token: ${ms.toFixed(0)} ms under --cpu-prof (every core)`,
    );
    write('startup', text, file, { toUs: ready - profile.startTime }, profile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(target: Build): Promise<void> {
  pinDriver();
  const token = mintToken(target);
  if (ONLY !== 'startup') {
    const wrk = findWrk((line) => process.stdout.write(`${line}\n`));
    if (wrk === undefined) throw new Error('profile: wrk is needed for the list profile');
    await listProfile(token, wrk);
  }
  if (ONLY !== 'list') await startupProfile(token);
}

await main(build);
