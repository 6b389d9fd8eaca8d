/**
 * The package as a project that adds it sees it: `npm pack` (of the dist/ that `npm test` has just built), the
 * tarball installed into a fresh temporary project, then plain Node importing and requiring it, strict NodeNext
 * TypeScript consumers (ESM and CommonJS) on this repository's TypeScript and on the lowest one the README names,
 * and `npx identity-mock`. Dependencies come from npm's cache when it has them (`npm ci` fills it); the registry is
 * asked only for what the cache lacks. The test-runner entries run in examples/ (test/examples.test.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];
/** The lowest TypeScript whose strict checking the package's declarations pass (README "Install"). */
const TYPESCRIPT_FLOOR = '5.0.4';

let dir = '';
let project = '';
let tarball = '';
let files: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'identity-mock-consumer-'));
  // --ignore-scripts: pack the dist/ that is there; rebuilding it here would pull it from under other test files.
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, ...NPM_QUIET],
    {
      cwd: ROOT,
    },
  );
  const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  tarball = join(dir, packed.filename);
  files = packed.files.map((file) => file.path);
  project = join(dir, 'app');
  await run('mkdir', ['-p', project]);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
  );
  const typesNode = JSON.parse(
    await readFile(join(ROOT, 'node_modules', '@types', 'node', 'package.json'), 'utf8'),
  ) as { version: string };
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--ignore-scripts',
      ...NPM_QUIET,
      tarball,
      `@types/node@${typesNode.version}`,
      `typescript-floor@npm:typescript@${TYPESCRIPT_FLOOR}`,
    ],
    { cwd: project, timeout: 120_000 },
  );
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built code, the specs, fixtures, contracts and docs; no sources, tests, bench or tool config', () => {
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('dist/bin/identity-mock.js');
    expect(files).toContain('dist/adapters/express/checked-specs.json');
    expect(files).toContain('dist/data/checked-fixtures.json');
    for (const entry of ['index', 'client/index', 'playwright/index']) {
      expect(files).toContain(`dist/${entry}.js`);
      expect(files).toContain(`dist/cjs/${entry}.js`);
      expect(files).toContain(`dist/cjs/${entry}.d.ts`);
    }
    expect(files).toContain('dist/cjs/package.json');
    expect(files).toContain('dist/vitest/index.js');
    expect(files).toContain('dist/vitest/index.d.ts');
    // identity-mock/msw: the browser bundle (ESM only) and its types.
    expect(files).toContain('dist/msw/index.js');
    expect(files).toContain('dist/msw/index.d.ts');
    expect(files).toContain('spec/openapi.yaml');
    expect(files).toContain('fixtures/dev-signing-key.pem');
    expect(files).toContain('docs/README.md');
    expect(files).toContain('LICENSE');
    const unwanted = files.filter((path) =>
      /^(src|test|bench|scripts|\.ci)\/|^(tsconfig.*|eslint\.config\.js|vitest\.config\.ts|Dockerfile)$|\.test\.|\.ts$/.test(
        path.replace(/\.d\.ts$/, '.d'),
      ),
    );
    expect(unwanted).toEqual([]);
  });

  it('plain node imports startMock, which serves /health on port 0', async () => {
    const script = join(project, 'smoke.mjs');
    await writeFile(
      script,
      [
        "import { startMock } from 'identity-mock';",
        'const mock = await startMock({ port: 0, users: 10 });',
        'const res = await fetch(`${mock.url}/health`);',
        'console.log(JSON.stringify({ status: res.status, body: await res.json() }));',
        'await mock.close();',
      ].join('\n'),
    );
    const { stdout } = await run(process.execPath, [script], { cwd: project, timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('require() gives the same API as import, from the CommonJS build, with the same files behind it', async () => {
    const script = join(project, 'smoke.cjs');
    await writeFile(
      script,
      [
        "const cjs = require('identity-mock');",
        "const client = require('identity-mock/client');",
        'void (async () => {',
        "  const esm = await import('identity-mock');",
        '  const mock = await cjs.startMock({ port: 0, users: 10 });',
        '  const session = cjs.sessionClient(mock.url, client.sessionIdFor(__filename, __dirname));',
        "  const { accessToken } = await session.token('admin@example.com');",
        "  const users = await session.fetch('/users', { headers: { Authorization: `Bearer ${accessToken}` } });",
        "  const console = await fetch(`${mock.url}/__admin/ui/`, { headers: { Accept: 'text/html' } });",
        "  const refused = await session.token('nobody@example.com').catch((error) => error);",
        '  await mock.close();',
        '  process.stdout.write(JSON.stringify({',
        '    same: Object.keys(cjs).sort().join() === Object.keys(esm).filter((k) => k !== "default").sort().join(),',
        '    users: users.status, console: console.status, session: session.id,',
        '    refused: [refused instanceof client.IdentityMockError, refused.code],',
        "    fromCjsDir: require.resolve('identity-mock').includes('/dist/cjs/'),",
        '  }));',
        '})();',
      ].join('\n'),
    );
    const { stdout } = await run(process.execPath, [script], { cwd: project, timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({
      same: true,
      users: 200,
      console: 200,
      session: 'smoke.cjs',
      refused: [true, 'user_not_found'],
      fromCjsDir: true,
    });
  });

  it(`strict NodeNext TypeScript consumers, ESM and CommonJS, type-check on TypeScript ${TYPESCRIPT_FLOOR} and on this repository's`, async () => {
    await writeFile(
      join(project, 'consumer.cts'),
      [
        "import { startMock, IdentityMockError, type RunningMock, type SessionApi } from 'identity-mock';",
        "import { sessionClient, sessionIdFor, type SessionToken } from 'identity-mock/client';",
        'export async function main(): Promise<void> {',
        '  const mock: RunningMock = await startMock({ port: 0, users: 10 });',
        '  const session: SessionApi = sessionClient(mock.url, sessionIdFor(__filename, process.cwd()));',
        "  const token: SessionToken = await session.token({ user: 'admin', expiresAt: new Date() });",
        '  const clock = await session.clock.advance("1h");',
        '  console.log(token.claims, clock.offsetMs, new IdentityMockError(404, "user_not_found", "x").status);',
        '  await mock.close();',
        '}',
      ].join('\n'),
    );
    await writeFile(
      join(project, 'consumer.ts'),
      [
        "import { createApp, startMock, type MockOptions, type RunningMock, type User } from 'identity-mock';",
        'const options: MockOptions = { port: 0, seed: 7, users: 10, rateLimit: "5/1s" };',
        'const mock: RunningMock = await startMock(options);',
        'const url: string = mock.url;',
        "const { accessToken } = await mock.session().token({ user: 'user@example.com', permissions: ['read:users'] });",
        'const users: User[] = (await (await fetch(`${url}/users`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as User[];',
        'console.log(users.length, createApp({ seed: 1 }).listen === undefined);',
        'await mock.close();',
      ].join('\n'),
    );
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          noEmit: true,
          types: ['node'],
        },
        files: ['consumer.ts', 'consumer.cts'],
      }),
    );
    const floor = join(project, 'node_modules', 'typescript-floor', 'bin', 'tsc');
    for (const tsc of [TSC, floor]) {
      await expect(
        run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }),
      ).resolves.toBeDefined();
    }
  }, 120_000);

  it('npx identity-mock --port 0 serves', async () => {
    const child = spawn('npx', ['--no-install', 'identity-mock', '--port', '0', '--users', '0'], {
      cwd: project,
      detached: true,
    });
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = /listening on (http:\/\/\S+)/.exec(stderr);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.once('exit', (code) => {
          reject(new Error(`npx identity-mock exited ${String(code)}:\n${stderr}`));
        });
      });
      const res = await fetch(`${url}/health`);
      expect(res.status).toBe(200);
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    }
  });

  it('the installed runtime tree holds no build or test tools', () => {
    const modules = join(project, 'node_modules');
    expect(existsSync(join(modules, 'identity-mock', 'dist', 'index.js'))).toBe(true);
    for (const tool of [
      'typescript',
      'tsx',
      'esbuild',
      'vitest',
      '@pact-foundation/pact',
      'eslint',
      'supertest',
    ]) {
      expect(existsSync(join(modules, tool)), tool).toBe(false);
    }
  });
});
