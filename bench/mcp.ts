/**
 * The MCP server's cost (docs/agents.md), in one process of its own: the same tool call (`list_faults`) through the
 * SDK's `Client` over stdio (the built `identity-mock mcp`, which calls the mock over HTTP) and over streamable
 * HTTP (`POST /__admin/mcp`, whose tools call the request path in-process), against the plain HTTP call the tool
 * makes (`GET /__admin/faults`). Timed in this process around each call, rounds interleaved, medians kept.
 * `npm run bench -- --only mcp` runs it; `tsx bench/mcp.ts [--calls N] [--rounds R]` alone. The JSON of the
 * figures is stdout's last line.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMockInternals } from '../src/server.ts';

const { values } = parseArgs({ options: { calls: { type: 'string' }, rounds: { type: 'string' } } });
const CALLS = Number(values.calls ?? '200');
const ROUNDS = Number(values.rounds ?? '3');
const BIN = fileURLToPath(new URL('../dist/bin/identity-mock.js', import.meta.url));

interface McpFigures {
  readonly calls: number;
  readonly rounds: number;
  /** Median milliseconds per call. */
  readonly stdioMs: number;
  readonly httpMs: number;
  readonly plainMs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function timed(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times;
}

async function main(): Promise<void> {
  const mock = await startMockInternals({ port: 0, logLevel: 'silent' });
  const stdio = new Client({ name: 'bench', version: '1' });
  await stdio.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--url', mock.url] }),
  );
  const http = new Client({ name: 'bench', version: '1' });
  await http.connect(new StreamableHTTPClientTransport(new URL(`${mock.url}/__admin/mcp`)));
  const viaTool = (client: Client) => () => client.callTool({ name: 'list_faults', arguments: {} });
  const plain = async (): Promise<unknown> => (await fetch(`${mock.url}/__admin/faults`)).json();
  const samples = { stdio: [] as number[], http: [] as number[], plain: [] as number[] };
  // A warm-up of each path, then interleaved rounds.
  for (const call of [viaTool(stdio), viaTool(http), plain]) await timed(20, call);
  for (let round = 0; round < ROUNDS; round++) {
    samples.stdio.push(...(await timed(CALLS, viaTool(stdio))));
    samples.http.push(...(await timed(CALLS, viaTool(http))));
    samples.plain.push(...(await timed(CALLS, plain)));
  }
  await stdio.close();
  await http.close();
  await mock.close();
  const figures: McpFigures = {
    calls: CALLS,
    rounds: ROUNDS,
    stdioMs: median(samples.stdio),
    httpMs: median(samples.http),
    plainMs: median(samples.plain),
  };
  const ms = (value: number): string => `${value.toFixed(3)} ms`;
  process.stdout.write(
    [
      `MCP tool call (list_faults), median of ${String(CALLS * ROUNDS)} calls per path, timed in process`,
      `  stdio (identity-mock mcp → HTTP)      ${ms(figures.stdioMs)}`,
      `  streamable HTTP (POST /__admin/mcp)   ${ms(figures.httpMs)}`,
      `  plain HTTP (GET /__admin/faults)      ${ms(figures.plainMs)}`,
      `  stdio ÷ HTTP ${(figures.stdioMs / figures.httpMs).toFixed(2)}×; HTTP ÷ plain ${(figures.httpMs / figures.plainMs).toFixed(2)}×`,
      JSON.stringify(figures),
      '',
    ].join('\n'),
  );
}

await main();
