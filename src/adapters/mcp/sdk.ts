/**
 * What the MCP server uses of the official SDK (`@modelcontextprotocol/sdk`), in one module. The build bundles this
 * module with the SDK and its own dependencies inside (scripts/bundle-mcp-sdk.js), so installing identity-mock does
 * not install the SDK and zod for every user (zod's declarations need TypeScript 5.4, and other packages' types,
 * Playwright's among them, import zod once it is there): only `identity-mock mcp` and `POST /__admin/mcp` load it.
 */
// The low-level `Server` (mcp-server.ts says why it, not `McpServer`, serves the generated tools).
// eslint-disable-next-line @typescript-eslint/no-deprecated
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
export {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
