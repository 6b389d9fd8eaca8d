/**
 * `npm run test:cluster`: three identity-mock replicas behind a real NGINX (deploy/nginx.conf, its upstream and
 * listen lines rewritten for loopback ports), checked from outside:
 * - every session sticks to one replica: a deletion through the balancer is seen by every later request of that
 *   session and by no other session, and the session exists on exactly one replica;
 * - a token obtained through the balancer is accepted by every replica (one issuer, one signing key).
 * Installs Debian's nginx when it is missing. Not part of `npm test`: it starts four servers.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The built bin when the package builds to dist/, else the bin that runs from the sources. */
const builtBin = join(root, 'dist', 'bin', 'identity-mock.js');
const sourceBin = join(root, 'src', 'bin', 'identity-mock.js');
const hasBuild =
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
    .scripts?.build !== undefined;
const bin = hasBuild ? builtBin : sourceBin;
const REPLICAS = 3;
const SESSIONS = 12;

const children: ChildProcess[] = [];
let failures = 0;

function check(ok: boolean, what: string): void {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

function nginxPath(): string {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  console.log("nginx is missing: installing Debian's package");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return '/usr/sbin/nginx';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function waitFor(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function start(command: string, args: string[], name: string): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
  children.push(child);
  return child;
}

function nginxConfig(listen: number, replicas: readonly number[], dir: string): string {
  const source = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8');
  const servers = replicas.map((port) => `    server 127.0.0.1:${port};`).join('\n');
  const config = source
    .replace(/( *server mock-\d:8080;\n)+/, `${servers}\n`)
    .replace('listen 8080;', `listen 127.0.0.1:${listen};`)
    .replace(
      'http {',
      [
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
        ),
      ].join('\n'),
    );
  if (!config.includes(`127.0.0.1:${replicas[0] ?? 0}`))
    throw new Error('deploy/nginx.conf: upstream not found');
  return config;
}

interface Answer {
  readonly status: number;
  readonly total: number | undefined;
  readonly body: unknown;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  const total = res.headers.get('x-total-count');
  return {
    status: res.status,
    total: total === null ? undefined : Number(total),
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

async function main(): Promise<void> {
  if (hasBuild && !existsSync(bin)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const nginx = nginxPath();
  const dir = mkdtempSync(join(tmpdir(), 'identity-mock-cluster-'));
  try {
    const balancer = await freePort();
    const lb = `http://127.0.0.1:${balancer}`;
    const ports: number[] = [];
    for (let i = 0; i < REPLICAS; i += 1) ports.push(await freePort());
    for (const [i, port] of ports.entries()) {
      start(
        process.execPath,
        [bin, '--port', String(port), '--issuer', `${lb}/`, '--trust-proxy', '--log-level', 'warn'],
        `replica ${i + 1}`,
      );
    }
    await Promise.all(ports.map((port, i) => waitFor(`http://127.0.0.1:${port}/health`, `replica ${i + 1}`)));
    const config = join(dir, 'nginx.conf');
    writeFileSync(config, nginxConfig(balancer, ports, dir));
    start(
      nginx,
      ['-p', dir, '-c', config, '-g', `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr;`],
      'nginx',
    );
    await waitFor(`${lb}/health`, 'nginx');
    console.log(`balancer ${lb} over replicas ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}`);

    // One issuer and one key: a token from the balancer works on every replica.
    const grant = await call(`${lb}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
        username: 'admin@example.com',
        password: 'Passw0rd!',
      }),
    });
    const token = (grant.body as { access_token?: string } | undefined)?.access_token ?? '';
    check(grant.status === 200 && token !== '', 'password grant through the balancer');
    const auth = { Authorization: `Bearer ${token}` };
    for (const [i, port] of ports.entries()) {
      const res = await call(`http://127.0.0.1:${port}/users?page_size=1`, { headers: auth });
      check(res.status === 200, `replica ${i + 1} accepts the balancer's token (${res.status})`);
    }
    const initial = (await call(`${lb}/users?page_size=1`, { headers: auth })).total ?? -1;
    const page = await call(`${lb}/users?page_size=${SESSIONS + 3}&sort_by=identifier`, { headers: auth });
    // The known accounts stay: the token names admin, and a session that deleted it could not list any more.
    const identifiers = (page.body as { identifier: string }[])
      .map((user) => user.identifier)
      .filter((identifier) => !['admin', 'user', 'client'].includes(identifier))
      .slice(0, SESSIONS);

    // Each session deletes its own user; every later request of the session sees it, no other session does.
    const sessions = identifiers.map((identifier, i) => ({ id: `suite-${i}`, identifier }));
    for (const session of sessions) {
      const res = await call(`${lb}/users/${session.identifier}`, {
        method: 'DELETE',
        headers: { ...auth, 'X-Mock-Session': session.id },
      });
      check(res.status === 204, `session ${session.id} deletes ${session.identifier} (${res.status})`);
    }
    for (const session of sessions) {
      const seen: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await call(`${lb}/users?page_size=1`, {
          headers: { ...auth, 'X-Mock-Session': session.id },
        });
        seen.push(res.total ?? -1);
      }
      check(
        seen.every((total) => total === initial - 1),
        `session ${session.id} sees its deletion on 10 of 10 requests`,
      );
    }
    const other = await call(`${lb}/users?page_size=1`, {
      headers: { ...auth, 'X-Mock-Session': 'untouched' },
    });
    check(other.total === initial, `another session sees all ${initial} users (${other.total})`);
    const plain = await call(`${lb}/users?page_size=1`, { headers: auth });
    check(plain.total === initial, `the default session sees all ${initial} users (${plain.total})`);

    // Each session lives on exactly one replica.
    const where = new Map<string, number[]>();
    for (const [i, port] of ports.entries()) {
      const res = await call(`http://127.0.0.1:${port}/__admin/sessions`);
      for (const { id } of (res.body as { sessions: { id: string }[] }).sessions) {
        where.set(id, [...(where.get(id) ?? []), i + 1]);
      }
    }
    for (const session of sessions) {
      const replicas = where.get(session.id) ?? [];
      check(replicas.length === 1, `session ${session.id} lives on replica ${replicas.join(', ') || 'none'}`);
    }
    const used = new Set(sessions.flatMap((session) => where.get(session.id) ?? []));
    console.log(`${SESSIONS} sessions spread over ${used.size} of ${REPLICAS} replicas`);
  } finally {
    // Every server stopped before its files go: nginx removes its pid file on the way out.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else {
              child.once('exit', () => {
                resolve();
              });
              child.kill('SIGTERM');
            }
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures === 0 ? 'cluster: every check passed' : `cluster: ${failures} check(s) FAILED`);
  process.exitCode = failures === 0 ? 0 : 1;
}

await main();
