/**
 * docs/agents.md as a user follows it: each MCP client configuration it shows starts the server it names (the
 * built `identity-mock mcp`, or the mock's `/__admin/mcp`) and lists one tool per admin operation, and its table of
 * tools is the one the tools make (generated from spec/admin.yaml). Its `js tested` and `sh tested` blocks run in
 * test/readme.test.ts.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTools } from '../src/adapters/mcp/admin-tools.ts';
import { toolTable } from '../src/adapters/mcp/tool-table.ts';
import { startMockInternals, type RunningMockInternals } from '../src/server.ts';
import { ADMIN_SPEC_PATH, readSpecDocument } from '../src/platform/node/document-file.ts';

const BIN = fileURLToPath(new URL('../dist/bin/identity-mock.js', import.meta.url));
const PAGE = readFileSync(new URL('../docs/agents.md', import.meta.url), 'utf8');
const TOOLS = adminTools(readSpecDocument(ADMIN_SPEC_PATH));

interface ServerEntry {
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly url?: string;
}

/** Every server of every `json mcp-config` block, with the line it is on. */
const SERVERS = [...PAGE.matchAll(/^```json mcp-config\n([\s\S]*?)^```$/gm)].flatMap((match) => {
  const config = JSON.parse(match[1] ?? '{}') as {
    mcpServers?: Record<string, ServerEntry>;
    servers?: Record<string, ServerEntry>;
  };
  const line = PAGE.slice(0, match.index).split('\n').length;
  return Object.entries(config.mcpServers ?? config.servers ?? {}).map(([name, server]) => ({
    where: `docs/agents.md line ${line} (${name})`,
    server,
  }));
});

let mock: RunningMockInternals;

beforeAll(async () => {
  mock = await startMockInternals({ port: 0, users: 20 });
});

afterAll(async () => {
  await mock.close();
});

/** `${env:NAME}` as Cursor and VS Code expand it; the docs' URL as this test's mock. */
function expand(text: string): string {
  return text
    .replaceAll('http://localhost:8080', mock.url)
    .replace(/\$\{env:([A-Z_]+)\}/g, (_, name: string) => process.env[name] ?? '');
}

/** A Markdown table's cells, row by row, however it is padded (the separator row left out). */
function cells(table: string): string[][] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('docs/agents.md', () => {
  it('shows a configuration for Claude, Cursor and VS Code, stdio and HTTP', () => {
    expect(SERVERS.length).toBeGreaterThanOrEqual(4);
    expect(SERVERS.some(({ server }) => server.url !== undefined)).toBe(true);
    for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code'])
      expect(PAGE).toContain(client);
  });

  it.each(SERVERS)(
    'the server at $where starts and lists its tools',
    async ({ server }) => {
      const client = new Client({ name: 'docs', version: '1' });
      if (server.url !== undefined) {
        await client.connect(new StreamableHTTPClientTransport(new URL(expand(server.url))));
      } else {
        // `npx identity-mock` is the built bin of this package.
        expect(server.command).toBe('npx');
        expect(server.args?.[0]).toBe('identity-mock');
        const env = Object.fromEntries(
          Object.entries(server.env ?? {}).map(([name, value]) => [name, expand(value)]),
        );
        await client.connect(
          new StdioClientTransport({
            command: process.execPath,
            args: [BIN, ...(server.args ?? []).slice(1).map(expand)],
            env: { ...(process.env as Record<string, string>), ...env },
            stderr: 'pipe',
          }),
        );
      }
      try {
        const { tools } = await client.listTools();
        expect(tools).toHaveLength(TOOLS.length + 2);
        const health = await client.callTool({ name: 'admin_health', arguments: {} });
        expect(health.isError).toBeFalsy();
      } finally {
        await client.close();
      }
    },
    30_000,
  );

  it('lists every tool, as generated from spec/admin.yaml', () => {
    const table = /<!-- tools:start -->\n([\s\S]*?)\n<!-- tools:end -->/.exec(PAGE)?.[1] ?? '';
    expect(cells(table)).toEqual(cells(toolTable(TOOLS)));
  });
});
