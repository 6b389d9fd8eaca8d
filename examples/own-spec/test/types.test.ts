// The types the client is written against are those of the document the mock serves: src/api.d.ts is what
// openapi-typescript makes of GET /openapi.json (`npm run gen` writes it from openapi.yaml; `--check` fails when
// the committed file differs from what it would write).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { useIdentityMock } from 'identity-mock/vitest';
import { expect, it } from 'vitest';

const mock = useIdentityMock();
const run = promisify(execFile);
const CLI = new URL(
  '../bin/cli.js',
  pathToFileURL(createRequire(import.meta.url).resolve('openapi-typescript')),
);
const TYPES = fileURLToPath(new URL('../src/api.d.ts', import.meta.url));

it('serves the team’s document: its own operations are in GET /openapi.json', async () => {
  const res = await mock.fetch('/openapi.json');
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
  expect(doc.paths['/workspaces/{workspace}/projects']?.post?.operationId).toBe('createProject');
  expect(doc.paths['/me']?.get?.operationId).toBe('getCurrentUser');
  expect(doc.paths['/users']?.post?.operationId).toBe('createUser');
});

it('src/api.d.ts is current: openapi-typescript makes the same types of the served document', async () => {
  const served = new URL('/openapi.json', mock.url).href;
  const args = [fileURLToPath(CLI), served, '--read-write-markers', '--output', TYPES, '--check'];
  const result = await run(process.execPath, args).then(
    () => ({ code: 0, stderr: '' }),
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(result.code, `src/api.d.ts is stale: run \`npm run gen\`\n${result.stderr}`).toBe(0);
}, 60_000);
