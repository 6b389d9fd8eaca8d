/**
 * `identity-mock drift` and `identity-mock proxy` as a CI job runs them (the built bin, docs/drift.md): exit 0 when
 * the service matches, 1 when it drifts or cannot be reached, 2 on a usage error; the proxy's report and summary
 * on SIGTERM, and its recording served back with `--fixtures`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../src/server.ts';
import { freePort, launchBin, listening } from './support/bin-process.ts';
import { startDivergentUpstream, type DivergentUpstream } from './support/divergent-upstream.ts';
import { rawRequest } from './support/raw-request.ts';

const BIN = fileURLToPath(new URL('../dist/bin/identity-mock.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(args: readonly string[]): Promise<Run> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('IDENTITY_MOCK_') && name !== 'PORT'),
  );
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

let mock: RunningMock;
let upstream: DivergentUpstream;
let dir: string;
let token: string;

beforeAll(async () => {
  [mock, upstream, dir] = await Promise.all([
    startMock({ port: 0, logLevel: 'silent', users: 40 }),
    startDivergentUpstream(),
    mkdtemp(join(tmpdir(), 'identity-mock-drift-cli-')),
  ]);
  token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
});

afterAll(async () => {
  await Promise.all([mock.close(), upstream.close(), rm(dir, { recursive: true, force: true })]);
});

// Each case spawns the bin (a second or two): they all run side by side.
describe.concurrent('the drift commands', () => {
  describe('identity-mock drift', () => {
    it('exits 0 when the service matches the spec, with a summary and a report', async () => {
      const report = join(dir, 'probe.json');
      const result = await run(['drift', '--upstream', mock.url, '--token', token, '--report', report]);
      expect(result.stderr).not.toMatch(/Error|at /);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^identity-mock drift: no drift in \d+ requests$/m);
      expect(JSON.parse(await readFile(report, 'utf8'))).toEqual({ findings: [] });
    });

    it('exits 1 when the service drifts, listing each finding', async () => {
      const result = await run(['drift', '--upstream', upstream.url, '--token', 'opaque']);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/identity-mock drift: \d+ findings in \d+ requests/);
      expect(result.stdout).toContain('status  listUsers  status when a token with a wrong signature');
      expect(result.stdout).toContain('expected 401 invalid_token');
      expect(result.stderr).toContain('the service drifts from spec/openapi.yaml');
    });

    it('exits 1 when the service cannot be reached, saying why', async () => {
      const port = await freePort();
      const result = await run(['drift', '--upstream', `http://127.0.0.1:${port}`, '--token', 't']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('connection was refused');
    });

    // Every usage error is a unit test of the flags (test/unit/drift-plan.test.ts); here, that they exit 2.
    it.each([
      { args: ['drift', '--upstream', 'http://x.test'], says: 'drift needs --token T' },
      {
        args: ['proxy', '--upstream', 'http://x.test', '--keep-pii'],
        says: '--keep-pii applies to a recording',
      },
    ])('exits 2 on a usage error: $says', async ({ args, says }) => {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(says);
    });
  });

  describe('identity-mock proxy', () => {
    it('forwards, and on SIGTERM writes the report, the recording and a summary, then exits 0', async () => {
      const port = await freePort();
      const report = join(dir, 'report.json');
      const record = join(dir, 'recorded.json');
      const bin = launchBin([
        'proxy',
        '--upstream',
        mock.url,
        '--port',
        String(port),
        '--report',
        report,
        '--record',
        record,
      ]);
      await listening(bin);
      expect(bin.stderr()).toContain(
        `identity-mock proxy listening on http://127.0.0.1:${port}  →  ${mock.url}`,
      );
      const headers = { Authorization: `Bearer ${token}` };
      for (const target of ['/users?page_size=100', '/users?page=2&page_size=5', '/health']) {
        expect((await rawRequest(`http://127.0.0.1:${port}${target}`, { headers })).status).toBe(200);
      }
      bin.child.kill('SIGTERM');
      const exit = await bin.exited;
      expect(exit.code).toBe(0);
      expect(exit.stderr).toContain('identity-mock drift: no drift in 3 requests');
      expect(exit.stderr).toMatch(/\d+ users written to .*recorded\.json/);
      expect(JSON.parse(await readFile(report, 'utf8'))).toEqual({ findings: [] });

      // The recording is a fixtures file: a token for a recorded user comes from it as it is.
      const recorded = JSON.parse(await readFile(record, 'utf8')) as { email: string; identifier: string }[];
      expect(recorded.length).toBe(43);
      expect(recorded.slice(0, 3).map((u) => u.email)).toEqual([
        'admin@example.com',
        'user@example.com',
        'client@example.com',
      ]);
      const someone = recorded[10];
      const minted = await run(['token', '--fixtures', record, '--user', someone?.identifier ?? '']);
      expect(minted.stderr).toBe('');
      expect(minted.code).toBe(0);
      expect(minted.stdout).toMatch(/^eyJ/);
    });

    it('--har writes the traffic as HAR 1.2 on SIGTERM, redacted, the users anonymised', async () => {
      const port = await freePort();
      const har = join(dir, 'traffic.har');
      const bin = launchBin(['proxy', '--upstream', mock.url, '--port', String(port), '--har', har]);
      await listening(bin);
      const headers = { Authorization: `Bearer ${token}` };
      const direct = await rawRequest(`${mock.url}/users?page_size=10`, { headers });
      expect((await rawRequest(`http://127.0.0.1:${port}/users?page_size=10`, { headers })).status).toBe(200);
      bin.child.kill('SIGTERM');
      const exit = await bin.exited;
      expect(exit.code).toBe(0);
      expect(exit.stderr).toMatch(/1 requests written to .*traffic\.har as HAR 1\.2/);
      const archive = JSON.parse(await readFile(har, 'utf8')) as {
        log: {
          version: string;
          entries: {
            request: { url: string; headers: { name: string; value: string }[] };
            response: { content: { text: string } };
          }[];
        };
      };
      expect(archive.log.version).toBe('1.2');
      const [entry] = archive.log.entries;
      expect(entry?.request.url).toBe(`${mock.url}/users?page_size=10`);
      expect(entry?.request.headers.find((h) => h.name === 'authorization')?.value).toBe('Bearer [REDACTED]');
      expect(JSON.stringify(archive)).not.toContain(token);
      const real = JSON.parse(direct.body.toString('utf8')) as { id: string; email: string }[];
      const written = JSON.parse(entry?.response.content.text ?? '[]') as { id: string; email: string }[];
      expect(written.map((u) => u.id)).toEqual(real.map((u) => u.id));
      // The known accounts keep their emails; the others are stand-ins.
      expect(written[0]?.email).toBe(real[0]?.email);
      expect(written.at(-1)?.email).not.toBe(real.at(-1)?.email);
    });

    it('reports drift as it happens, and exits 1 when its port is taken', async () => {
      const port = await freePort();
      const bin = launchBin(['proxy', '--upstream', upstream.url, '--port', String(port)]);
      await listening(bin);
      await rawRequest(`http://127.0.0.1:${port}/users?sort_by=name`);
      const taken = await run(['proxy', '--upstream', upstream.url, '--port', String(port)]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`port ${port}`);
      bin.child.kill('SIGINT');
      const exit = await bin.exited;
      expect(exit.code).toBe(0);
      expect(exit.stderr).toContain('drift: sort_order listUsers body[].name');
      expect(exit.stderr).toMatch(/identity-mock drift: \d+ findings? in 1 request/);
    });
  });
});
