/**
 * The Dockerfile, as far as a machine without a Docker daemon can check it: its shape (multi-stage on
 * node:20-slim, non-root, port 8080, a health check), and its exact CMD, ENV and HEALTHCHECK command run against the
 * built bin from the repository root (the image's WORKDIR holds the same files), on a free port.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCKERFILE = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8').replace(/\\\n\s*/g, '');
const lines = DOCKERFILE.split('\n').filter((line) => !line.startsWith('#'));

/** The JSON (exec) form of an instruction's last occurrence: `CMD ["node", …]` → ['node', …]. */
function execForm(instruction: RegExp): string[] {
  const line = lines.filter((l) => instruction.test(l)).at(-1) ?? '';
  return JSON.parse(line.replace(instruction, '')) as string[];
}

/** The runtime stage's `ENV NAME=value` settings. */
function runtimeEnv(): Record<string, string> {
  const runtime = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('\nFROM '));
  return Object.fromEntries(
    [...runtime.matchAll(/^ENV (\w+)=(\S+)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Dockerfile', () => {
  it('is multi-stage on node:20-slim, runs as a non-root user, exposes 8080 and checks /health', () => {
    expect(DOCKERFILE.match(/^FROM node:20-slim/gm)).toHaveLength(2);
    expect(DOCKERFILE).toMatch(/^RUN npm ci --omit=dev/m);
    expect(DOCKERFILE).toMatch(/^USER node$/m);
    expect(DOCKERFILE).toMatch(/^EXPOSE 8080$/m);
    expect(runtimeEnv().IDENTITY_MOCK_PORT).toBe('8080');
    expect(execForm(/^HEALTHCHECK .*?CMD /).join(' ')).toContain('/health');
    expect(execForm(/^CMD /)).toEqual(expect.arrayContaining(['--host', '0.0.0.0']));
  });

  it('its CMD serves, and its HEALTHCHECK passes, on a free port', async () => {
    const [command, ...args] = execForm(/^CMD /);
    expect(command).toBe('node');
    const env = { ...process.env, ...runtimeEnv(), IDENTITY_MOCK_PORT: String(await freePort()) };
    const child = spawn(process.execPath, args, { cwd: ROOT, env });
    try {
      let stderr = '';
      await new Promise<void>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          if (stderr.includes('listening on')) resolve();
        });
        child.once('exit', (code) => {
          reject(new Error(`the image's CMD exited ${String(code)}:\n${stderr}`));
        });
      });
      const [check, ...checkArgs] = execForm(/^HEALTHCHECK .*?CMD /);
      expect(check).toBe('node');
      await expect(promisify(execFile)(process.execPath, checkArgs, { env })).resolves.toBeDefined();
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('docs/docker-compose.example.yml', () => {
  it('gives the browser app a public client of the committed fixtures: the code flow with PKCE, no secret', () => {
    const compose = yaml.load(
      readFileSync(new URL('../../docs/docker-compose.example.yml', import.meta.url), 'utf8'),
    ) as {
      services: { frontend: { environment: Record<string, string> } };
    };
    const clientId = compose.services.frontend.environment.VITE_OIDC_CLIENT_ID;
    const clients = JSON.parse(
      readFileSync(new URL('../../fixtures/clients.json', import.meta.url), 'utf8'),
    ) as {
      client_id: string;
      client_secret?: string;
      grant_types: string[];
    }[];
    const client = clients.find((c) => c.client_id === clientId);
    expect(client, `${String(clientId)} in fixtures/clients.json`).toBeDefined();
    expect(client?.client_secret).toBeUndefined();
    expect(client?.grant_types).toContain('authorization_code');
  });
});
