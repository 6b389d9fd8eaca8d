/**
 * The `identity-mock` bin (`node dist/bin/identity-mock.js`), spawned as a user runs it: help, bad flags (exit 2
 * naming the flag), serving on a freshly freed port, SIGTERM, `token`, `--config`, the environment, `--no-admin`
 * and `--rate-limit`. Each spawn costs about a second, so the cases run concurrently and stay few.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToken } from './support/auth.ts';
import { seedDataset } from '../src/data/seed.ts';
import { at } from '../src/data/seed-random.ts';
import { fetchChecked } from './support/fetch-checked.ts';
import { startMockInternals as startMock, type RunningMockInternals as RunningMock } from '../src/server.ts';

const BIN = fileURLToPath(new URL('../dist/bin/identity-mock.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The environment of the test run without any identity-mock setting, plus `extra`. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('IDENTITY_MOCK_') && name !== 'PORT'),
  );
  return { ...env, ...extra };
}

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function exited(child: ChildProcess, output: { stdout: string; stderr: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      resolve({ code, signal, ...output });
    });
  });
}

function launch(args: readonly string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(env) });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  return { child, output, done: exited(child, output) };
}

/** Runs the bin to completion. */
function run(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return launch(args, env).done;
}

/** A port that was free a moment ago: bound on port 0, read, released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    server.close((error) => {
      if (error === undefined) resolve();
      else reject(error);
    });
  });
  return port;
}

interface Served {
  readonly url: string;
  readonly banner: () => string;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<Run>;
}

/** Starts `serve` with `args` and waits until its banner says it listens. */
async function serve(
  port: number,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<Served> {
  const { child, output, done } = launch(args, env);
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (output.stderr.includes(`listening on ${url}`)) resolve();
    };
    child.stderr.on('data', check);
    void done.then((result) => {
      reject(new Error(`identity-mock exited (${String(result.code)}) before listening:\n${result.stderr}`));
    });
    check();
  });
  return {
    url,
    banner: () => output.stderr,
    stop: () => {
      child.kill('SIGTERM');
      return done;
    },
  };
}

describe.concurrent('identity-mock', () => {
  describe('--help and bad flags', () => {
    it('--help exits 0 listing the commands and flags', async () => {
      const { code, stdout } = await run(['--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage:/);
      expect(stdout).toMatch(/identity-mock \[serve\]/);
      expect(stdout).toMatch(/identity-mock token --user/);
      for (const flag of [
        '--port',
        '--seed',
        '--users',
        '--fixtures',
        '--rate-limit',
        '--no-admin',
        '--admin-token',
        '--config',
        '--log-level',
        '--permissions',
      ]) {
        expect(stdout).toContain(flag);
      }
    });

    it.each([
      { name: 'a port that is not a number', args: ['--port', 'abc'], flag: '--port' },
      { name: 'a negative user count', args: ['--users', '-1'], flag: '--users' },
      { name: 'an unknown flag', args: ['--nope'], flag: '--nope' },
    ])('$name exits 2 naming $flag', async ({ args, flag }) => {
      const { code, stderr, stdout } = await run(args);
      expect(code).toBe(2);
      expect(stderr).toContain(flag);
      expect(stderr).toContain('--help');
      expect(stdout).toBe('');
    });
  });

  describe('-h, -v and exit codes', () => {
    it('-h prints the help, -v and --version the package version', async () => {
      const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      expect((await run(['-h'])).stdout).toMatch(/^Usage:/);
      for (const flag of ['-v', '--version']) {
        const { code, stdout } = await run([flag]);
        expect(code).toBe(0);
        expect(stdout.trim()).toBe(manifest.version);
      }
    });

    it.each([
      {
        name: 'a negative number: the range rule',
        args: ['--port', '-1'],
        says: '--port must be an integer from 0 to 65535 (got "-1")',
      },
      { name: 'a misspelt flag: the nearest one', args: ['--prot', '80'], says: 'did you mean --port?' },
      {
        name: 'an unknown IDENTITY_MOCK_ variable',
        args: [],
        env: { IDENTITY_MOCK_USRES: '10' },
        says: 'unknown variable IDENTITY_MOCK_USRES; did you mean IDENTITY_MOCK_USERS?',
      },
      {
        name: 'a bad value in a variable names the variable',
        args: [],
        env: { IDENTITY_MOCK_SEED: 'x' },
        says: 'IDENTITY_MOCK_SEED must be an integer',
      },
      {
        name: 'a missing config file',
        args: ['--config', '/nonexistent/mock.json'],
        says: '/nonexistent/mock.json',
      },
      {
        name: 'a missing fixtures directory',
        args: ['--fixtures', '/nonexistent'],
        says: '--fixtures /nonexistent',
      },
      {
        name: 'a signing key that is not a key',
        args: ['--signing-key', 'README.md'],
        says: '--signing-key: signing key README.md cannot be parsed',
      },
    ])('exit 2 for $name', async ({ args, env, says }) => {
      const { code, stderr } = await run(args, env);
      expect(code).toBe(2);
      expect(stderr).toContain(says);
      expect(stderr).toContain('--help');
    });

    it('exit 1 naming --port, or --auth-port, when the port is in use', async () => {
      const busy = createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
      const { port } = busy.address() as AddressInfo;
      try {
        const api = await run(['--port', String(port), '--users', '0']);
        expect(api.code).toBe(1);
        expect(api.stderr).toContain(`--port ${port}: port ${port} on 127.0.0.1 is already in use`);
        const auth = await run(['--port', '0', '--auth-port', String(port), '--users', '0']);
        expect(auth.code).toBe(1);
        expect(auth.stderr).toContain(`--auth-port ${port}: port ${port} on 127.0.0.1 is already in use`);
      } finally {
        busy.close();
      }
    });

    it('exit 1 naming --host when the name cannot be resolved', async () => {
      const { code, stderr } = await run(['--port', '0', '--host', 'no-such-host.invalid', '--users', '0']);
      expect(code).toBe(1);
      expect(stderr).toContain('--host no-such-host.invalid: the name cannot be resolved');
    });

    it('above 50 000 users, a progress line on stderr before the banner, whose time counts from the start', async () => {
      const port = await freePort();
      const served = await serve(port, ['--port', String(port), '--users', '50001', '--log-level', 'warn']);
      try {
        const banner = served.banner();
        expect(banner).toMatch(/seeding 50,001 users and building their indexes[^\n]*\n[\s\S]*listening on/);
        const ready = /ready in (\d+) ms/.exec(banner);
        expect(Number(ready?.[1])).toBeGreaterThan(0);
      } finally {
        expect((await served.stop()).code).toBe(0);
      }
    });
  });

  describe('serve', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'identity-mock-cli-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('--port P --log-level warn serves; IDENTITY_MOCK_USERS=5 gives 8 users; SIGTERM exits 0', async () => {
      const port = await freePort();
      const served = await serve(port, ['--port', String(port), '--log-level', 'warn'], {
        IDENTITY_MOCK_USERS: '5',
      });
      try {
        const health = await fetchChecked(served.url, '/health');
        expect(health.status).toBe(200);
        expect(health.body).toEqual({ status: 'ok' });
        expect(health.headers['x-ratelimit-limit']).toBeUndefined();
        const banner = served.banner();
        expect(banner).toContain(`listening on ${served.url}`);
        for (const account of [
          'admin@example.com (saas_admin)',
          'user@example.com (saas_user)',
          'client@example.com (saas_user_client)',
        ]) {
          expect(banner).toContain(account);
        }
        expect(banner).toContain('Passw0rd!');
        expect(banner).toContain('8 users');
        expect(banner).toContain(`${served.url}/docs`);
        expect(banner).toContain(`${served.url}/__admin/ui/`);
        expect(banner).toContain(
          `issuer    the address a client used: ${served.url}/, http://127.0.0.1:${new URL(served.url).port}/, … (--issuer pins one)`,
        );
        expect(banner).toContain('public client spa-client');
        const admin = await fetch(`${served.url}/__admin/health`);
        expect(await admin.json()).toMatchObject({ status: 'ok', users: 8 });
      } finally {
        const result = await served.stop();
        expect(result.code).toBe(0);
      }
      await expect(fetch(`${served.url}/health`)).rejects.toThrow();
    });

    it('--config FILE is honoured; --no-admin hides /__admin; --rate-limit 2/1s adds X-RateLimit headers', async () => {
      const port = await freePort();
      const file = join(dir, 'config.json');
      await writeFile(file, JSON.stringify({ port, 'log-level': 'warn', users: 2, seed: 9 }));
      const served = await serve(port, ['--config', file, '--no-admin', '--rate-limit', '2/1s']);
      try {
        expect(served.banner()).toContain('5 users (seed 9)');
        expect(served.banner()).toMatch(/admin\s+off/);
        expect(served.banner()).toMatch(/console\s+off/);
        const admin = await fetch(`${served.url}/__admin/health`);
        expect(admin.status).toBe(404);
        expect(await admin.json()).toMatchObject({ code: 'not_found' });
        const health = await fetchChecked(served.url, '/health');
        expect(health.status).toBe(200);
        expect(health.headers['x-ratelimit-limit']).toBe('2');
        expect(health.headers['x-ratelimit-remaining']).toMatch(/^[01]$/);
        expect(health.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
      } finally {
        expect((await served.stop()).code).toBe(0);
      }
    });
  });

  describe('token', () => {
    it('prints a JWT with the given permissions and gty app_token', async () => {
      const { code, stdout } = await run([
        'token',
        '--user',
        'user@example.com',
        '--permissions',
        'read:users',
      ]);
      expect(code).toBe(0);
      const token = stdout.trim();
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const { header, claims } = decodeToken(token);
      expect(header.alg).toBe('RS256');
      expect(claims).toMatchObject({
        gty: 'app_token',
        permissions: ['read:users'],
        iss: 'http://localhost:8080/',
      });
    });

    it('--expires-in -1h (as the README writes it) gives an already expired token', async () => {
      const { code, stdout, stderr } = await run([
        'token',
        '--user',
        'admin@example.com',
        '--expires-in',
        '-1h',
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const { claims } = decodeToken(stdout.trim());
      expect(Number(claims.exp) - Number(claims.iat)).toBe(-3600);
    });

    it('an unknown user exits 2 naming it', async () => {
      const { code, stdout, stderr } = await run(['token', '--user', 'nobody@x']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('nobody@x');
    });

    it('--seed and --users: a user of that data only (seeded with faker, not the data seeded ahead)', async () => {
      const seeded = at(seedDataset({ seed: 7, users: 5 }).users, 4);
      const flags = ['--seed', '7', '--users', '5'];
      const { code, stdout, stderr } = await run(['token', '--user', seeded.email, ...flags]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(decodeToken(stdout.trim()).claims.sub).toBe(`auth0|${seeded.id}`);
      const atDefault = await run(['token', '--user', seeded.email]);
      expect(atDefault.code).toBe(2);
    });
  });

  describe('token from a running mock (--url, IDENTITY_MOCK_URL)', () => {
    let mock: RunningMock;
    beforeAll(async () => {
      mock = await startMock({ port: 0, users: 5 });
    });
    afterAll(async () => {
      await mock.close(200);
    });

    it('--url: the server mints it, with its issuer (no --port repeated), and it is accepted', async () => {
      const { code, stdout, stderr } = await run(['token', '--url', mock.url, '--user', 'admin@example.com']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const token = stdout.trim();
      expect(decodeToken(token).claims).toMatchObject({ iss: `${mock.url}/`, gty: 'app_token' });
      const res = await fetch(`${mock.url}/users`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    });

    it('IDENTITY_MOCK_URL names the server; --session mints in that session; the flags map as offline', async () => {
      const { code, stdout } = await run(
        [
          'token',
          '--user',
          'user',
          '--session',
          'cli-token',
          '--permissions',
          'read:users',
          '--expires-in',
          '-1h',
        ],
        { IDENTITY_MOCK_URL: mock.url },
      );
      expect(code).toBe(0);
      const { claims } = decodeToken(stdout.trim());
      expect(claims).toMatchObject({ permissions: ['read:users'], iss: `${mock.url}/` });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(-3600);
      expect(mock.sessions.list().map((s) => s.id)).toContain('cli-token');
    });

    it('a refusal of the server exits 2 with its message; an unreachable one exits 1', async () => {
      const refused = await run(['token', '--url', mock.url, '--user', 'nobody@x']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('nobody@x');
      const closed = `http://127.0.0.1:${String(await freePort())}`;
      const unreachable = await run(['token', '--url', closed, '--user', 'admin@example.com']);
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toContain(`cannot reach the mock at ${closed}/`);
      expect(unreachable.stderr).not.toMatch(/\n\s+at /);
    });

    it('--session without a URL exits 2; IDENTITY_MOCK_URL does not trouble the other commands', async () => {
      const session = await run(['token', '--user', 'admin', '--session', 's']);
      expect(session.code).toBe(2);
      expect(session.stderr).toContain('--session needs --url');
      const version = await run(['--version'], { IDENTITY_MOCK_URL: mock.url });
      expect(version.code).toBe(0);
    });
  });

  describe('a reader that goes away', () => {
    /** Exit code of the bin (not of the reader) and its stderr, with `reader` reading its stdout. */
    function piped(args: string, reader: string): Promise<{ code: number | null; stderr: string }> {
      return new Promise((resolve, reject) => {
        const child = spawn(
          'bash',
          ['-o', 'pipefail', '-c', `"$0" "$1" ${args} | ${reader} >/dev/null`, process.execPath, BIN],
          {
            cwd: ROOT,
            env: cleanEnv(),
          },
        );
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('error', reject);
        child.once('close', (code) => {
          resolve({ code, stderr });
        });
      });
    }

    it('--help | head -3, and a reader gone before the first write, exit 0 without a stack trace', async () => {
      for (const reader of ['head -3', 'true']) {
        const { code, stderr } = await piped('--help', reader);
        expect({ reader, code, stderr }).toEqual({ reader, code: 0, stderr: '' });
      }
    });
  });
});
