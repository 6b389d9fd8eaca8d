/** `POST|DELETE /__admin/mcp` (docs/agents.md): MCP's streamable HTTP, handed to the host's MCP endpoint. */
import type { Handler } from '../../context.ts';
import { notFound } from '../../errors.ts';

export const mcp: Handler = ({ services, headers, body, url, session, operation }) => {
  if (services.mcp === undefined) {
    throw notFound('not_found', 'this host serves no MCP endpoint: run identity-mock (or identity-mock mcp)');
  }
  return services.mcp.handle({
    method: operation.method.toUpperCase(),
    origin: url.origin,
    headers,
    body,
    session: session.id,
  });
};

export const closeMcpSession = mcp;
