/**
 * `POST /__admin/mcp` (spec/admin.yaml, docs/agents.md): the MCP server over MCP's streamable HTTP, answering
 * JSON (no event stream). The request path has already applied every admin rule (Host, admin token, cross-site
 * refusal, body limits) when a request gets here. Each MCP session (`Mcp-Session-Id`) acts on the `X-Mock-Session`
 * of its initialize request, and its tools call the mock's own request path in-process (the fetch adapter), with
 * the admin credential of the MCP request that runs them.
 *
 * What it keeps is bounded: at most MAX_MCP_SESSIONS sessions (a new one takes the place of the least recently
 * used at once: MCP clients start a new session on 404, so nobody is locked out), each dropped after
 * MCP_SESSION_IDLE_MS without use; a session holds its SDK objects and at most one token, nothing that grows.
 */
import { WebStandardStreamableHTTPServerTransport } from './sdk.ts';
import { text, type Answer } from '../../answer.ts';
import type { McpHost, McpHttpRequest } from '../../context.ts';
import type { AdminTool } from './admin-tools.ts';
import { createMcpServer } from './mcp-server.ts';

export const MAX_MCP_SESSIONS = 64;
/** The request headers the MCP transport reads. */
const TRANSPORT_HEADERS = [
  'accept',
  'content-type',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
];
export const MCP_SESSION_IDLE_MS = 30 * 60 * 1000;

interface Live {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
}

/** The JSON-RPC error answer of the transport's own refusals (MCP, "Session Management"). */
function rpcError(status: number, code: number, message: string): Answer {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  return text(status, 'application/json', body, message, {}, () => JSON.parse(body) as unknown);
}

function isInitialize(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.some(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { method?: unknown }).method === 'initialize',
  );
}

export class McpHttpEndpoint implements McpHost {
  readonly #tools: readonly AdminTool[];
  readonly #version: string;
  readonly #now: () => number;
  readonly #randomId: () => string;
  /** Live sessions, least recently used first (a use moves one to the end). */
  readonly #sessions = new Map<string, Live>();
  #fetch: ((request: Request) => Promise<Response>) | undefined;

  constructor(options: {
    tools: readonly AdminTool[];
    version: string;
    now: () => number;
    randomId: () => string;
  }) {
    this.#tools = options.tools;
    this.#version = options.version;
    this.#now = options.now;
    this.#randomId = options.randomId;
  }

  /** The mock's own request path, in-process: what the tools call. Set once the request path is built. */
  bind(fetch: (request: Request) => Promise<Response>): void {
    this.#fetch = fetch;
  }

  get size(): number {
    return this.#sessions.size;
  }

  async handle(request: McpHttpRequest): Promise<Answer> {
    const fetch = this.#fetch;
    if (fetch === undefined) return rpcError(503, -32603, 'the MCP endpoint is not served by this host');
    this.#expire();
    const id = request.headers['mcp-session-id'];
    let live: Live | undefined;
    if (id !== undefined) {
      live = this.#sessions.get(id);
      if (live === undefined) {
        return rpcError(
          404,
          -32001,
          `no MCP session ${JSON.stringify(id)} (ended or expired): initialize again`,
        );
      }
      this.#sessions.delete(id);
      this.#sessions.set(id, live);
    } else if (request.method === 'POST' && isInitialize(request.body)) {
      live = this.#open(fetch, request);
    } else {
      return rpcError(400, -32000, 'an MCP request needs the Mcp-Session-Id its initialize answer gave');
    }
    live.lastUsed = this.#now();
    const headers = new Headers();
    for (const name of TRANSPORT_HEADERS) {
      const value = request.headers[name];
      if (value !== undefined) headers.set(name, value);
    }
    const web = new Request(`${request.origin}/__admin/mcp`, { method: request.method, headers });
    const authorization = request.headers.authorization;
    const response = await live.transport.handleRequest(web, {
      parsedBody: request.body,
      ...(authorization === undefined
        ? {}
        : { authInfo: { token: authorization, clientId: 'admin', scopes: [] } }),
    });
    return answerOf(response);
  }

  /** A new MCP session over the mock session the initialize request named; the oldest goes when full. */
  #open(fetch: (request: Request) => Promise<Response>, request: McpHttpRequest): Live {
    while (this.#sessions.size >= MAX_MCP_SESSIONS) {
      const [oldest] = this.#sessions.keys();
      if (oldest === undefined) break;
      this.#close(oldest);
    }
    const server = createMcpServer({
      tools: this.#tools,
      target: { base: request.origin, fetch, session: request.session },
      version: this.#version,
      authorization: (token) => token,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: this.#randomId,
      enableJsonResponse: true,
      onsessioninitialized: (sessionId) => {
        this.#sessions.set(sessionId, live);
      },
      onsessionclosed: (sessionId) => {
        this.#sessions.delete(sessionId);
      },
    });
    const live: Live = { transport, lastUsed: this.#now() };
    void server.connect(transport);
    return live;
  }

  #close(id: string): void {
    const live = this.#sessions.get(id);
    this.#sessions.delete(id);
    void live?.transport.close().catch(() => undefined);
  }

  /** Drops the sessions idle for MCP_SESSION_IDLE_MS (the least recently used come first). */
  #expire(): void {
    const now = this.#now();
    for (const [id, live] of this.#sessions) {
      if (now - live.lastUsed < MCP_SESSION_IDLE_MS) break;
      this.#close(id);
    }
  }

  /** Ends every session (the server closes). */
  close(): void {
    for (const id of [...this.#sessions.keys()]) this.#close(id);
  }
}

/** The transport's answer as the mock's: its status, `Mcp-Session-Id`, and its JSON body (or none). */
async function answerOf(response: Response): Promise<Answer> {
  const body = await response.text();
  const headers: Record<string, string> = {};
  const session = response.headers.get('mcp-session-id');
  if (session !== null) headers['Mcp-Session-Id'] = session;
  let parsed: unknown = undefined;
  try {
    parsed = body === '' ? undefined : (JSON.parse(body) as unknown);
  } catch {
    parsed = undefined;
  }
  const error =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as { error?: { message?: unknown } }).error
      : undefined;
  const message =
    typeof error?.message === 'string' ? error.message : response.status === 202 ? 'Accepted' : 'OK';
  if (body === '') return { status: response.status, headers: { 'X-Message': message, ...headers } };
  return text(response.status, 'application/json', body, message, headers, () => parsed);
}
