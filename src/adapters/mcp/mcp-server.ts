/**
 * The MCP server of identity-mock (docs/agents.md), whatever carries it (stdio, `POST /__admin/mcp`): the tools
 * generated from the control plane's document, `get_token` and `call_api`, and two resources, the journal and the
 * drift findings. Every tool is a request to the mock at the target; its answer is the tool's result.
 */
import { Server } from './sdk.ts';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from './sdk.ts';
import { callAdminTool, send, type CallContext, type McpTarget } from './admin-calls.ts';
import type { AdminTool } from './admin-tools.ts';
import { ApiTools, CALL_API, GET_TOKEN } from './api-tools.ts';
import { boundedText, toolError } from './tool-result.ts';

export const RESOURCES = [
  {
    uri: 'identity-mock://requests',
    name: 'journal',
    title: 'The journal',
    description:
      "The session's last requests and answers, newest first, secrets redacted (GET /__admin/requests).",
    mimeType: 'application/json',
    path: '/__admin/requests?limit=1000',
  },
  {
    uri: 'identity-mock://drift',
    name: 'drift',
    title: 'Drift findings',
    description:
      'Where the real service disagrees with the document, from identity-mock proxy (GET /__admin/drift).',
    mimeType: 'application/json',
    path: '/__admin/drift',
  },
] as const;

export interface McpServerOptions {
  readonly tools: readonly AdminTool[];
  readonly target: McpTarget;
  readonly version: string;
  /** The admin credential a call sends: the server's `--admin-token`, or the one the MCP request carried. */
  readonly authorization: (authInfoToken: string | undefined) => string | undefined;
}

/** A new MCP server over `options.target` (one per stdio process, one per MCP session over HTTP). */
// The low-level `Server`, not `McpServer`: the tools' input schemas are JSON Schema generated from the document,
// which `McpServer` (Zod shapes) does not take as they are.
// eslint-disable-next-line @typescript-eslint/no-deprecated
export function createMcpServer(options: McpServerOptions): Server {
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const server = new Server(
    { name: 'identity-mock', version: options.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'identity-mock: a mock of the identity service. Tools drive its control plane (faults, claim rules, clock, journal, sessions); get_token and call_api use its API.',
    },
  );
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const api = new ApiTools(options.target);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...options.tools.map((tool) => ({
        name: tool.name,
        title: tool.annotations.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
      })),
      GET_TOKEN,
      CALL_API,
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const context: CallContext = {
      authorization: options.authorization(extra.authInfo?.token),
      signal: extra.signal,
    };
    const { name, arguments: args } = request.params;
    try {
      if (name === GET_TOKEN.name) return await api.getToken(args, context);
      if (name === CALL_API.name) return await api.callApi(args, context);
      const tool = byName.get(name);
      if (tool === undefined) return toolError(`no tool "${name}"; tools/list names them`);
      return await callAdminTool(tool, args, options.target, context);
    } catch (error) {
      return toolError(error instanceof Error ? error.message : String(error));
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: RESOURCES.map(({ uri, name, title, description, mimeType }) => ({
      uri,
      name,
      title,
      description,
      mimeType,
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const resource = RESOURCES.find((one) => one.uri === request.params.uri);
    if (resource === undefined) {
      throw new Error(
        `no resource ${request.params.uri}; known: ${RESOURCES.map((one) => one.uri).join(', ')}`,
      );
    }
    const headers = new Headers({ accept: 'application/json' });
    if (options.target.session !== undefined) headers.set('x-mock-session', options.target.session);
    const authorization = options.authorization(extra.authInfo?.token);
    if (authorization !== undefined) headers.set('authorization', authorization);
    const response = await send(
      options.target,
      new Request(`${options.target.base}${resource.path}`, { headers }),
    );
    const { text } = await boundedText(response);
    if (!response.ok) throw new Error(`${resource.uri}: HTTP ${response.status}: ${text}`);
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text }] };
  });
  return server;
}
