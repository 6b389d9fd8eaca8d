/**
 * The MCP server (docs/agents.md) through the SDK's own `Client`, over stdio (the built `identity-mock mcp`) and
 * over streamable HTTP (`POST /__admin/mcp`): every operation of spec/admin.yaml has its tool with the document's
 * schema (generated from the document here, so an operation without a tool fails), a fault, a claim rule and a
 * reset made through tools are seen over plain HTTP, a bad argument is a tool error carrying the API's message
 * and code, and the endpoint keeps every admin rule.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { decodeJwt } from 'jose';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MCP_SESSIONS } from '../../src/adapters/mcp/http-endpoint.ts';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { ADMIN_SPEC_PATH, readSpecDocument } from '../../src/platform/node/document-file.ts';
import { passwordFields } from '../support/auth.ts';

const BIN = fileURLToPath(new URL('../../dist/bin/identity-mock.js', import.meta.url));
const ADMIN_TOKEN = 'mcp-test-admin';
const DOC = readSpecDocument(ADMIN_SPEC_PATH) as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, unknown> };
};

type Rec = Record<string, unknown>;

/** The document's schema as a tool carries it: component references into `$defs`, examples left out. */
function asToolSchema(schema: unknown): unknown {
  const text = JSON.stringify(schema ?? {}).replaceAll('"#/components/schemas/', '"#/$defs/');
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'example' && key !== 'examples')
        .map(([key, sub]) => [
          key,
          key === 'enum' || key === 'const' ? sub : key === 'properties' ? props(sub) : strip(sub),
        ]),
    );
  };
  // A property whose schema is `true` is `{}` in a tool (MCP clients refuse a boolean there).
  const props = (value: unknown): unknown =>
    Object.fromEntries(
      Object.entries(value as Rec).map(([name, sub]) => [name, sub === true ? {} : strip(sub)]),
    );
  return strip(JSON.parse(text));
}

/** Each operation of spec/admin.yaml that is a tool, with what its tool must take. */
const OPERATIONS = Object.entries(DOC.paths).flatMap(([path, item]) =>
  ['get', 'put', 'post', 'delete', 'patch'].flatMap((method) => {
    const op = item[method] as Rec | undefined;
    if (op === undefined || op['x-mcp-tool'] === false) return [];
    const params = [
      ...((item.parameters as Rec[] | undefined) ?? []),
      ...((op.parameters as Rec[] | undefined) ?? []),
    ]
      .map((p) =>
        typeof p.$ref === 'string' ? (DOC.components.parameters[p.$ref.split('/').pop() ?? ''] as Rec) : p,
      )
      .filter((p) => p.in === 'path' || p.in === 'query');
    const content = (op.requestBody as { content?: Rec } | undefined)?.content;
    const body = (content?.['application/json'] as { schema?: unknown } | undefined)?.schema;
    const id = op.operationId as string;
    const name = id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    return [{ id, name, method, path, params, body }];
  }),
);

let mock: RunningMockInternals;

beforeAll(async () => {
  mock = await startMockInternals({ port: 0, users: 30, adminToken: ADMIN_TOKEN, validateResponses: true });
});

afterAll(async () => {
  await mock.close();
});

/** A plain HTTP call of the mock, in `session`. */
async function http(path: string, init: RequestInit & { session?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.session !== undefined) headers.set('x-mock-session', init.session);
  if (path.startsWith('/__admin')) headers.set('authorization', `Bearer ${ADMIN_TOKEN}`);
  return fetch(`${mock.url}${path}`, { ...init, headers });
}

async function userToken(session: string, user = 'user@example.com'): Promise<string> {
  const res = await http('/oauth/token', {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(passwordFields(user)).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const TRANSPORTS = [
  {
    name: 'stdio (identity-mock mcp)',
    connect: async (session: string): Promise<Client> => {
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN, 'mcp', '--url', mock.url, '--session', session, '--admin-token', ADMIN_TOKEN],
          stderr: 'pipe',
        }),
      );
      return client;
    },
  },
  {
    name: 'streamable HTTP (POST /__admin/mcp)',
    connect: async (session: string): Promise<Client> => {
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${mock.url}/__admin/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-mock-session': session } },
        }),
      );
      return client;
    },
  },
];

describe.each(TRANSPORTS)('the MCP server over $name', ({ name, connect }) => {
  const session = `mcp-${name.startsWith('stdio') ? 'stdio' : 'http'}`;
  let client: Client;
  let tools: Awaited<ReturnType<Client['listTools']>>['tools'];

  beforeAll(async () => {
    client = await connect(session);
    ({ tools } = await client.listTools());
  }, 30_000);

  afterAll(async () => {
    await client.close();
  });

  it('lists one tool per admin operation, plus get_token and call_api', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(35);
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [...OPERATIONS.map((op) => op.name), 'get_token', 'call_api'].sort(),
    );
  });

  it.each(OPERATIONS)("$name takes $id's parameters and body with the document's schemas", (op) => {
    const tool = tools.find((one) => one.name === op.name);
    expect(tool, `no tool for ${op.id}`).toBeDefined();
    if (tool === undefined) return;
    const properties = (tool.inputSchema.properties ?? {}) as Rec;
    const defs = (tool.inputSchema as { $defs?: Rec }).$defs ?? {};
    for (const p of op.params) {
      const expected = asToolSchema(p.schema) as Rec;
      const description = typeof p.description === 'string' ? { description: p.description.trim() } : {};
      expect(properties[p.name as string]).toEqual({ ...expected, ...description });
    }
    if (op.body !== undefined) expect(properties.body).toEqual(asToolSchema(op.body));
    else expect(properties.body).toBeUndefined();
    for (const [def, schema] of Object.entries(defs))
      expect(schema).toEqual(asToolSchema(DOC.components.schemas[def]));
    const summary = DOC.paths[op.path]?.[op.method] as Rec;
    expect(tool.description).toContain(String(summary.summary));
    // Every input schema compiles as JSON Schema 2020-12, as a client that validates arguments would.
    expect(() => new Ajv2020({ strict: false }).compile(tool.inputSchema)).not.toThrow();
  });

  it('a fault, a claim rule and a reset made through tools are seen over plain HTTP', async () => {
    const fault = await client.callTool({
      name: 'add_fault',
      arguments: { body: { method: 'GET', path: '/users', status: 503, times: 1 } },
    });
    expect(fault.isError).toBeFalsy();
    expect(fault.structuredContent).toMatchObject({ status: 503 });
    expect(typeof (fault.structuredContent as Rec).id).toBe('string');
    const rule = await client.callTool({
      name: 'add_claim_rule',
      arguments: { body: { match: { user: 'user@example.com' }, set: { tenant: 'acme' } } },
    });
    expect(rule.isError).toBeFalsy();

    const token = await userToken(session);
    expect(decodeJwt(token).tenant).toBe('acme');
    const users = await http('/users', { session, headers: { authorization: `Bearer ${token}` } });
    expect(users.status).toBe(503);
    // Another session is untouched.
    const other = await http('/users', {
      headers: { authorization: `Bearer ${await userToken('elsewhere')}` },
    });
    expect(other.status).toBe(200);

    const reset = await client.callTool({ name: 'reset', arguments: {} });
    expect(reset.isError).toBeFalsy();
    const faults = await http('/__admin/faults', { session });
    expect(await faults.json()).toEqual({ faults: [] });
    const claims = await http('/__admin/claims', { session });
    expect(await claims.json()).toEqual({ rules: [] });
  });

  it("a bad argument is a tool error with the API's message and code", async () => {
    const result = await client.callTool({
      name: 'add_fault',
      arguments: { body: { path: '/users', status: 'x' } },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(JSON.stringify(result.content)).toContain('invalid_request');
    const unknown = await client.callTool({ name: 'list_faults', arguments: { limit: 3 } });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('has no argument \\"limit\\"');
    const missing = await client.callTool({ name: 'delete_fault', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('needs the argument \\"id\\"');
    const notFound = await client.callTool({ name: 'delete_fault', arguments: { id: 'f-404' } });
    expect(notFound.structuredContent).toMatchObject({ code: 'fault_not_found', status: 404 });
  });

  it('get_token and call_api use the API in the session', async () => {
    const token = await client.callTool({
      name: 'get_token',
      arguments: { user: 'admin@example.com', kind: 'password' },
    });
    expect(token.isError).toBeFalsy();
    const listed = await client.callTool({
      name: 'call_api',
      arguments: { operationId: 'listUsers', params: { page_size: 2 } },
    });
    expect(listed.isError).toBeFalsy();
    const answer = listed.structuredContent as { status: number; headers: Rec; body: unknown };
    expect(answer.status).toBe(200);
    expect(answer.headers['x-total-count']).toBeDefined();
    const unknown = await client.callTool({ name: 'call_api', arguments: { operationId: 'noSuchThing' } });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('listUsers');
    const journal = await http('/__admin/requests?path=/users', { session });
    expect(((await journal.json()) as { total: number }).total).toBeGreaterThanOrEqual(1);
  });

  it('the stream tool returns the events seen within the time asked, and refuses more than 10 s', async () => {
    const listening = client.callTool({ name: 'stream_requests', arguments: { seconds: 1.5 } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await http('/health', { session });
    const result = await listening;
    expect(result.isError).toBeFalsy();
    const { events } = result.structuredContent as { events: { path: string }[] };
    expect(events.map((event) => event.path)).toContain('/health');
    const tooLong = await client.callTool({ name: 'stream_requests', arguments: { seconds: 11 } });
    expect(tooLong.isError).toBe(true);
  });

  it('serves the journal and the drift findings as resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['identity-mock://drift', 'identity-mock://requests']);
    const journal = await client.readResource({ uri: 'identity-mock://requests' });
    const first = journal.contents[0] as { text: string };
    const listed = JSON.parse(first.text) as { requests: unknown; total: unknown };
    expect(Array.isArray(listed.requests)).toBe(true);
    expect(typeof listed.total).toBe('number');
    const drift = await client.readResource({ uri: 'identity-mock://drift' });
    expect(JSON.parse((drift.contents[0] as { text: string }).text)).toMatchObject({ findings: [] });
  });
});

/** An initialize request of MCP's streamable HTTP. */
function initialize(headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  };
}

describe('POST /__admin/mcp keeps the admin rules', () => {
  it('needs the admin token', async () => {
    const init = initialize();
    const res = await fetch(`${mock.url}/__admin/mcp`, {
      ...init,
      headers: { ...(init.headers as Rec as Record<string, string>), authorization: 'Bearer wrong' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Rec).code).toBe('admin_token_required');
  });

  it('answers only a Host that names this server', async () => {
    const { port } = new URL(mock.url);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/__admin/mcp',
          method: 'POST',
          headers: { ...(initialize().headers as Record<string, string>), host: 'evil.example' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(initialize().body as string);
    });
    expect(status).toBe(403);
  });

  it("refuses a browser's cross-site request", async () => {
    const res = await fetch(`${mock.url}/__admin/mcp`, initialize({ origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as Rec).code).toBe('cross_site_refused');
  });

  it('answers an unknown MCP session 404, and keeps at most MAX_MCP_SESSIONS', async () => {
    const unknown = await fetch(`${mock.url}/__admin/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'nope',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(-32001);

    const ids: string[] = [];
    for (let i = 0; i <= MAX_MCP_SESSIONS; i++) {
      const res = await fetch(`${mock.url}/__admin/mcp`, initialize());
      expect(res.status).toBe(200);
      ids.push(res.headers.get('mcp-session-id') ?? '');
    }
    const list = async (id: string): Promise<number> =>
      (
        await fetch(`${mock.url}/__admin/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': id,
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
        })
      ).status;
    expect(await list(ids[0] ?? '')).toBe(404);
    expect(await list(ids.at(-1) ?? '')).toBe(200);
    // DELETE ends a session (MCP "Session Management"): its id is 404 from then on.
    const last = ids.at(-1) ?? '';
    const ended = await fetch(`${mock.url}/__admin/mcp`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'mcp-session-id': last,
        'mcp-protocol-version': '2025-06-18',
      },
    });
    expect(ended.status).toBe(200);
    expect(await list(last)).toBe(404);
  });
});
