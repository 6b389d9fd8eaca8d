/**
 * `identity-mock mcp` (docs/agents.md): the MCP server on stdin/stdout, driving the mock at `url` over HTTP, in
 * the session `--session` names, with `--admin-token` on every control-plane call. Its tools come from the
 * package's spec/admin.yaml, the same document the mock it drives serves. Nothing but MCP goes to stdout.
 */
import { StdioServerTransport } from './sdk.ts';
import { ADMIN_SPEC_PATH, readSpecDocument } from '../../platform/node/document-file.ts';
import { adminTools } from './admin-tools.ts';
import { createMcpServer } from './mcp-server.ts';

export interface StdioOptions {
  readonly url: string;
  readonly session: string | undefined;
  readonly adminToken: string | undefined;
  readonly version: string;
}

/** Serves MCP on stdio until stdin closes; resolves when it has. */
export async function runStdioMcp(options: StdioOptions): Promise<void> {
  const base = new URL(options.url).origin;
  const authorization = options.adminToken === undefined ? undefined : `Bearer ${options.adminToken}`;
  const server = createMcpServer({
    tools: adminTools(readSpecDocument(ADMIN_SPEC_PATH)),
    target: { base, fetch: (request) => fetch(request), session: options.session },
    version: options.version,
    authorization: () => authorization,
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
