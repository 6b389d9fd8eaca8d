/**
 * `identity-mock --spec FILE --watch` (docs/own-spec.md "Live reload"), the built bin: an edit of the file is served
 * and logged with what changed; a broken edit is logged with its file, line and column while the previous document
 * keeps serving, and `GET /__admin/health` says so.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, launchBin, listening } from './support/bin-process.ts';

const EXAMPLE = new URL('../examples/own-spec/openapi.yaml', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'identity-mock-cli-reload-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('identity-mock --watch', () => {
  it(
    'serves each saved edit of the document, and keeps serving when one is broken',
    { timeout: 90_000 },
    async () => {
      const file = join(dir, 'openapi.yaml');
      copyFileSync(EXAMPLE, file);
      const port = await freePort();
      const bin = launchBin(['--spec', file, '--watch', '--port', String(port), '--users', '20']);
      let stdout = '';
      bin.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      try {
        await listening(bin);
        expect(bin.stderr()).toContain(`spec      ${file} (reloaded on change: --watch)`);
        const url = `http://localhost:${String(port)}`;
        const health = async (): Promise<{ reload?: { ok: boolean; error?: string } }> =>
          (await (await fetch(`${url}/__admin/health`)).json()) as {
            reload?: { ok: boolean; error?: string };
          };
        expect(
          ((await fetch(`${url}/openapi.json`).then((r) => r.json())) as { paths: object }).paths,
        ).not.toHaveProperty('/me/preferences');

        const doc = load(readFileSync(file, 'utf8')) as { paths: Record<string, unknown> };
        doc.paths['/me/preferences'] = {
          get: {
            operationId: 'getMyPreferences',
            responses: {
              '200': {
                description: 'The caller’s preferences.',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { theme: { type: 'string', enum: ['dark', 'light'] } },
                    },
                    example: { theme: 'dark' },
                  },
                },
              },
            },
          },
        };
        writeFileSync(file, dump(doc, { lineWidth: -1, noRefs: true }));
        await vi.waitFor(
          () => {
            expect(stdout).toContain('reloaded the document: added getMyPreferences');
          },
          { timeout: 30_000, interval: 100 },
        );
        const served = (await fetch(`${url}/openapi.json`).then((r) => r.json())) as { paths: object };
        expect(served.paths).toHaveProperty('/me/preferences');
        expect((await health()).reload).toMatchObject({ ok: true });

        writeFileSync(file, `${readFileSync(file, 'utf8')}\n  - : [\n`);
        await vi.waitFor(
          () => {
            expect(stdout).toContain('reload refused, the previous document is still served');
          },
          { timeout: 30_000, interval: 100 },
        );
        const refused = (await health()).reload;
        expect(refused?.ok).toBe(false);
        expect(refused?.error).toMatch(
          new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `),
        );
        expect(stdout).toContain(refused?.error);
        const still = (await fetch(`${url}/openapi.json`).then((r) => r.json())) as { paths: object };
        expect(still.paths).toHaveProperty('/me/preferences');
      } finally {
        bin.child.kill('SIGTERM');
        await bin.exited;
      }
    },
  );

  it(
    'reads the --config file again: a new spec is served, other options wait for a restart',
    { timeout: 90_000 },
    async () => {
      const first = join(dir, 'first.yaml');
      const second = join(dir, 'second.yaml');
      copyFileSync(EXAMPLE, first);
      const doc = load(readFileSync(EXAMPLE, 'utf8')) as { paths: Record<string, unknown> };
      delete doc.paths['/me'];
      writeFileSync(second, dump(doc, { lineWidth: -1, noRefs: true }));
      const config = join(dir, 'identity-mock.json');
      writeFileSync(config, JSON.stringify({ spec: first, users: 20 }));
      const port = await freePort();
      const bin = launchBin(['--config', config, '--watch', '--port', String(port)]);
      let stdout = '';
      bin.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      try {
        await listening(bin);
        const url = `http://localhost:${String(port)}`;
        const paths = async (): Promise<object> =>
          ((await fetch(`${url}/openapi.json`).then((r) => r.json())) as { paths: object }).paths;
        expect(await paths()).toHaveProperty('/me');
        writeFileSync(config, JSON.stringify({ spec: second, users: 30 }));
        await vi.waitFor(
          () => {
            expect(stdout).toContain('reloaded the document: removed getCurrentUser');
          },
          { timeout: 30_000, interval: 100 },
        );
        expect(await paths()).not.toHaveProperty('/me');
        expect(stdout).toContain(`--config ${config}: users changed; restart to apply`);
        // The new document is the one watched now.
        delete doc.paths['/workspaces/{workspace}/owner'];
        writeFileSync(second, dump(doc, { lineWidth: -1, noRefs: true }));
        await vi.waitFor(
          () => {
            expect(stdout).toContain('reloaded the document: removed transferWorkspaceOwnership');
          },
          { timeout: 30_000, interval: 100 },
        );
      } finally {
        bin.child.kill('SIGTERM');
        await bin.exited;
      }
    },
  );
});
