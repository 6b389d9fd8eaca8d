/**
 * `identity-mock verify --pact`: how a frontend team checks that the mock serves what its own consumer tests
 * expect — against a good pact, a deliberately broken one, and a pact taken by URL from a running mock.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.ts';
import { CONTRACTS_DIR, PACT_FILE } from '../support/contracts.ts';
import { SPECS } from '../support/harness.ts';

// Pact's report is coloured whatever NO_COLOR says.
// eslint-disable-next-line no-control-regex
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'dist/bin/identity-mock.js');

/**
 * Runs the bin without blocking this process (a test below serves the pact from a mock in this process), and
 * returns its exit status and output without colours.
 */
function verify(...args: string[]): Promise<{ status: number | null; output: string }> {
  return verifyWith(BIN, ...args);
}

function verifyWith(bin: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'verify', ...args], {
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true', NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      resolve({ status, output: output.replace(ANSI_COLOUR, '') });
    });
  });
}

describe('identity-mock verify', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, specs: SPECS });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('passes a good pact, exit 0', async () => {
    const { status, output } = await verify('--pact', join(CONTRACTS_DIR, PACT_FILE));
    expect(output).toContain('a request for the first page of users');
    expect(output).toContain('every interaction of');
    expect(status).toBe(0);
  });

  it('fails a deliberately broken pact, exit 1, naming the interaction', async () => {
    const pact = JSON.parse(readFileSync(join(CONTRACTS_DIR, PACT_FILE), 'utf8')) as {
      interactions: { description: string; response: { status: number } }[];
    };
    const broken = pact.interactions.find((i) => i.description === 'a delete of a user by identifier');
    if (broken === undefined) throw new Error('the committed pact lost its delete-by-identifier interaction');
    broken.response.status = 200;
    pact.interactions = [broken];
    const file = join(mkdtempSync(join(tmpdir(), 'broken-pact-')), 'broken.json');
    writeFileSync(file, JSON.stringify(pact));
    const { status, output } = await verify('--pact', file);
    expect(status).toBe(1);
    expect(output).toContain('a delete of a user by identifier');
    expect(output).toContain('expected 200 but was 204');
    expect(output).toContain('FAILED');
  });

  it('passes the mock\'s provider-state error through (Pact said only "Invalid status code: 400")', async () => {
    const pact = JSON.parse(readFileSync(join(CONTRACTS_DIR, PACT_FILE), 'utf8')) as {
      interactions: { providerStates?: { name: string }[] }[];
    };
    const first = pact.interactions[0];
    if (first === undefined) throw new Error('the committed pact has no interaction');
    first.providerStates = [{ name: 'a state nobody knows' }];
    pact.interactions = [first];
    const file = join(mkdtempSync(join(tmpdir(), 'state-pact-')), 'state.json');
    writeFileSync(file, JSON.stringify(pact));
    const { status, output } = await verify('--pact', file);
    expect(status).toBe(1);
    expect(output).toContain('provider state refused by the mock: 400');
    expect(output).toContain('a state nobody knows');
  });

  it('takes a pact by URL from a running mock', async () => {
    const { status, output } = await verify('--pact', `${mock.url}/__admin/contracts/${PACT_FILE}`);
    expect(output).toContain('every interaction of');
    expect(status).toBe(0);
  });

  it.each([
    { name: 'no --pact', args: [], says: 'verify needs --pact' },
    {
      name: 'a missing file',
      args: ['--pact', '/nonexistent/pact.json'],
      says: 'no pact file or directory at /nonexistent/pact.json',
    },
  ])('exits 2 for $name', async ({ args, says }) => {
    const { status, output } = await verify(...args);
    expect(status).toBe(2);
    expect(output).toContain(says);
  });

  it('exits 2 for a setup problem: Pact not installed, naming what to install', async () => {
    // The package as a project without @pact-foundation/pact installs it: its files, and no node_modules above.
    const project = mkdtempSync(join(tmpdir(), 'no-pact-'));
    try {
      for (const part of ['dist', 'spec', 'fixtures', 'contracts', 'package.json']) {
        cpSync(join(ROOT, part), join(project, part), { recursive: true });
      }
      const { status, output } = await verifyWith(
        join(project, 'dist/bin/identity-mock.js'),
        '--pact',
        join(CONTRACTS_DIR, PACT_FILE),
      );
      expect(output).toContain('verify needs @pact-foundation/pact 16 in the project');
      expect(output).toContain('npm i -D @pact-foundation/pact@16');
      expect(output).toContain("Cannot find module '@pact-foundation/pact'");
      expect(output).not.toContain('FAILED');
      expect(status).toBe(2);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
