/**
 * The package as a project that adds it sees it: `npm pack` (of the dist/ that `npm test` has just built), the
 * tarball installed into a fresh temporary project, then plain Node importing `startMock`, a strict NodeNext
 * TypeScript consumer, and `npx identity-mock`. Dependencies come from npm's cache when it has them (`npm ci` fills
 * it); the registry is asked only for what the cache lacks.
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

  it('a strict NodeNext TypeScript consumer type-checks', async () => {
    await writeFile(
      join(project, 'consumer.ts'),
      [
        "import { createApp, startMock, type MockOptions, type RunningMock, type User } from 'identity-mock';",
        'const options: MockOptions = { port: 0, seed: 7, users: 10, rateLimit: "5/1s" };',
        'const mock: RunningMock = await startMock(options);',
        'const url: string = mock.url;',
        "const { accessToken } = mock.token({ user: 'user@example.com', permissions: ['read:users'] });",
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
        files: ['consumer.ts'],
      }),
    );
    await expect(
      run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }),
    ).resolves.toBeDefined();
  });

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
