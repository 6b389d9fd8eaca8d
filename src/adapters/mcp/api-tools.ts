/**
 * The two tools beside the generated ones (docs/agents.md): `get_token`, a password-grant or app token for a user
 * of the session, and `call_api`, any operation of the served identity API by its `operationId`, with the token
 * `get_token` last gave (or one it gets for the admin account). The served document (`GET /openapi.json`) says
 * where each operation lives; it is read once per MCP server and kept (one document).
 */
import type { CallToolResult } from './sdk.ts';
import { send, type CallContext, type McpTarget } from './admin-calls.ts';
import type { JsonSchema } from './admin-tools.ts';
import { boundedText, resultOf, toolError } from './tool-result.ts';

/** The password of the known accounts and of every seeded user (docs/tokens.md), and the client that may use it. */
const PASSWORD = 'Passw0rd!';
const PASSWORD_CLIENT = { id: 'mock-client', secret: 'mock-secret' };
/** Who `call_api` calls as until `get_token` names someone. */
const DEFAULT_USER = 'admin@example.com';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface ExtraTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema & { readonly type: 'object' };
}

export const GET_TOKEN: ExtraTool = {
  name: 'get_token',
  description:
    'An access token for a user of the session (docs/tokens.md): `kind: "app"` (the default) mints a user app token through the control plane (POST /__admin/tokens); `kind: "password"` runs the real password grant (POST /oauth/token with mock-client), so claim rules and OAuth faults apply. `call_api` uses the token from then on. Known users: admin@example.com, user@example.com, client@example.com; password Passw0rd! for every user.',
  inputSchema: {
    type: 'object',
    properties: {
      user: { type: 'string', minLength: 1, description: 'email, id or identifier of the user' },
      kind: { type: 'string', enum: ['app', 'password'], default: 'app' },
      password: { type: 'string', description: 'with kind "password" (default Passw0rd!)' },
      scope: { type: 'string', description: 'with kind "password": the scope asked for' },
      permissions: {
        type: 'array',
        items: { type: 'string' },
        description: 'with kind "app": at most the role\'s',
      },
    },
    required: ['user'],
    additionalProperties: false,
  },
};

export const CALL_API: ExtraTool = {
  name: 'call_api',
  description:
    "Calls any operation of the served identity API (GET /openapi.json lists them) by its operationId, in the session, with the token get_token last gave (without one, an app token of admin@example.com). `params` holds the path, query and header parameters by name; `body` the request body (JSON, or form fields for form-encoded operations such as POST /oauth/token). The result is the API's answer: status, headers that matter, body.",
  inputSchema: {
    type: 'object',
    properties: {
      operationId: { type: 'string', minLength: 1, description: 'e.g. listUsers, getUser, deleteUser' },
      params: { type: 'object', additionalProperties: {}, description: 'path, query and header parameters' },
      body: { description: 'the request body' },
      token: { type: 'string', description: 'a bearer token to send instead of the session one' },
    },
    required: ['operationId'],
    additionalProperties: false,
  },
};

interface ApiOperation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly { readonly name: string; readonly in: string }[];
  readonly form: boolean;
  readonly secured: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The operations of a served OpenAPI document (pure). */
export function apiOperations(document: unknown): Map<string, ApiOperation> {
  const operations = new Map<string, ApiOperation>();
  if (!isRecord(document) || !isRecord(document.paths)) return operations;
  const defaultSecured =
    Array.isArray(document.security) &&
    document.security.some((r) => isRecord(r) && Object.keys(r).length > 0);
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as unknown[]) : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op) || typeof op.operationId !== 'string') continue;
      const own = Array.isArray(op.parameters) ? (op.parameters as unknown[]) : [];
      const parameters = [...shared, ...own].flatMap((p) =>
        isRecord(p) && typeof p.name === 'string' && typeof p.in === 'string'
          ? [{ name: p.name, in: p.in }]
          : [],
      );
      const content =
        isRecord(op.requestBody) && isRecord(op.requestBody.content) ? op.requestBody.content : {};
      const security = Array.isArray(op.security)
        ? op.security.some((r) => isRecord(r) && Object.keys(r).length > 0)
        : defaultSecured;
      operations.set(op.operationId, {
        method: method.toUpperCase(),
        path,
        parameters,
        form: !('application/json' in content) && 'application/x-www-form-urlencoded' in content,
        secured: security,
      });
    }
  }
  return operations;
}

/** The state of one MCP server's API tools: the document it read, the token it holds. */
export class ApiTools {
  #operations: Map<string, ApiOperation> | undefined;
  #token: string | undefined;
  readonly #target: McpTarget;

  constructor(target: McpTarget) {
    this.#target = target;
  }

  async getToken(args: unknown, context: CallContext): Promise<CallToolResult> {
    const given = isRecord(args) ? args : {};
    const user = given.user;
    if (typeof user !== 'string' || user === '')
      return toolError('get_token needs "user": an email, id or identifier');
    const kind = given.kind ?? 'app';
    if (kind !== 'app' && kind !== 'password')
      return toolError(`kind must be "app" or "password" (got ${JSON.stringify(kind)})`);
    const base = this.#target.base;
    const headers = new Headers({ accept: 'application/json' });
    if (this.#target.session !== undefined) headers.set('x-mock-session', this.#target.session);
    let request: Request;
    if (kind === 'app') {
      if (context.authorization !== undefined) headers.set('authorization', context.authorization);
      headers.set('content-type', 'application/json');
      const body = { user, ...(Array.isArray(given.permissions) ? { permissions: given.permissions } : {}) };
      request = new Request(`${base}/__admin/tokens`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    } else {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      const form = new URLSearchParams({
        grant_type: 'password',
        username: user,
        password: typeof given.password === 'string' ? given.password : PASSWORD,
        client_id: PASSWORD_CLIENT.id,
        client_secret: PASSWORD_CLIENT.secret,
        ...(typeof given.scope === 'string' ? { scope: given.scope } : {}),
      });
      request = new Request(`${base}/oauth/token`, { method: 'POST', headers, body: form.toString() });
    }
    const result = await resultOf(await send(this.#target, request));
    const token = isRecord(result.structuredContent) ? result.structuredContent.access_token : undefined;
    if (result.isError !== true && typeof token === 'string') this.#token = token;
    return result;
  }

  async callApi(args: unknown, context: CallContext): Promise<CallToolResult> {
    const given = isRecord(args) ? args : {};
    const id = given.operationId;
    if (typeof id !== 'string')
      return toolError('call_api needs "operationId" (GET /openapi.json lists them)');
    const operations = await this.#document();
    const operation = operations.get(id);
    if (operation === undefined) {
      return toolError(
        `no operation "${id}" in the served document; known: ${[...operations.keys()].join(', ')}`,
      );
    }
    const params = isRecord(given.params) ? given.params : {};
    const headers = new Headers({ accept: 'application/json' });
    if (this.#target.session !== undefined) headers.set('x-mock-session', this.#target.session);
    let path = operation.path;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      const text = textOf(value);
      const where = operation.parameters.find((p) => p.name === name)?.in ?? 'query';
      if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(text));
      else if (where === 'header') headers.set(name, text);
      else query.append(name, text);
    }
    const missing = /\{([^}]+)\}/.exec(path);
    if (missing !== null) return toolError(`${id} needs params.${missing[1] ?? ''} (a path parameter)`);
    if (operation.secured) {
      const token = typeof given.token === 'string' ? given.token : await this.#sessionToken(context);
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    }
    let body: string | undefined;
    if (given.body !== undefined) {
      headers.set('content-type', operation.form ? 'application/x-www-form-urlencoded' : 'application/json');
      body =
        operation.form && isRecord(given.body)
          ? new URLSearchParams(
              Object.entries(given.body).map(([k, v]): [string, string] => [k, textOf(v)]),
            ).toString()
          : JSON.stringify(given.body);
    }
    const search = query.size === 0 ? '' : `?${query.toString()}`;
    const request = new Request(`${this.#target.base}${path}${search}`, {
      method: operation.method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const response = await send(this.#target, request);
    const result = await resultOf(response);
    if (result.isError === true) return result;
    const kept = ['x-total-count', 'link', 'x-message', 'location'].flatMap((name): [string, string][] => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    });
    const answer = {
      status: response.status,
      headers: Object.fromEntries(kept),
      body: result.structuredContent ?? resultText(result),
    };
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
  }

  /** The token `get_token` last gave, or an app token of the admin account (minted once). */
  async #sessionToken(context: CallContext): Promise<string | undefined> {
    if (this.#token !== undefined) return this.#token;
    await this.getToken({ user: DEFAULT_USER }, context);
    return this.#token;
  }

  async #document(): Promise<Map<string, ApiOperation>> {
    if (this.#operations !== undefined) return this.#operations;
    const response = await send(this.#target, new Request(`${this.#target.base}/openapi.json`));
    const { text } = await boundedText(response);
    const operations = apiOperations(response.ok ? (JSON.parse(text) as unknown) : undefined);
    if (operations.size > 0) this.#operations = operations;
    return operations;
  }
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function resultText(result: CallToolResult): string {
  const first = result.content[0];
  return first !== undefined && first.type === 'text' ? first.text : '';
}
