/**
 * The MCP endpoint as the composition holds it: the SDK and the tools are loaded on the first `POST /__admin/mcp`,
 * so a mock that no agent talks to starts without them.
 */
import type { Answer } from '../../answer.ts';
import type { McpHost, McpHttpRequest } from '../../context.ts';
import type { SpecDocument } from '../../spec/document.ts';

export interface LazyMcpHost extends McpHost {
  /** The mock's own request path, in-process: what the tools call. */
  bind(fetch: (request: Request) => Promise<Response>): void;
}

export function lazyMcpHost(options: {
  readonly adminDocument: SpecDocument;
  readonly now: () => number;
  readonly randomId: () => string;
}): LazyMcpHost {
  let fetch: ((request: Request) => Promise<Response>) | undefined;
  let endpoint: Promise<McpHost> | undefined;
  const load = async (): Promise<McpHost> => {
    const [{ McpHttpEndpoint }, { adminTools }] = await Promise.all([
      import('./http-endpoint.ts'),
      import('./admin-tools.ts'),
    ]);
    const info = options.adminDocument.info as { version?: string } | undefined;
    const made = new McpHttpEndpoint({
      tools: adminTools(options.adminDocument),
      version: info?.version ?? '',
      now: options.now,
      randomId: options.randomId,
    });
    if (fetch !== undefined) made.bind(fetch);
    return made;
  };
  return {
    bind(given) {
      fetch = given;
    },
    async handle(request: McpHttpRequest): Promise<Answer> {
      endpoint ??= load();
      return (await endpoint).handle(request);
    },
  };
}
