/**
 * A call of a generated tool as a request to the control plane (docs/agents.md): arguments named as the
 * operation's path and query parameters go into its URL, `body` is the JSON body; the session and the admin token
 * are the MCP server's own. The API checks the values against its document (a bad one is its 400, as a tool
 * error); what is checked here is only what the request could not be built without.
 */
import type { CallToolResult } from './sdk.ts';
import { MAX_STREAM_SECONDS, type AdminTool } from './admin-tools.ts';
import { MAX_RESULT_BYTES, resultOf, toolError } from './tool-result.ts';

/** Where tools send their requests: the mock's origin, how to reach it, the session and admin token to send. */
export interface McpTarget {
  /** `http://localhost:8080`: the origin the control plane is under (`/__admin`). */
  readonly base: string;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly session: string | undefined;
}

/** What one call sends besides the arguments: the admin credential of this request (`Bearer T`), if any. */
export interface CallContext {
  readonly authorization: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A query or path value as text: scalars as written, anything else as JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The request `args` make for `tool`, or the error message that says what is wrong with them. */
export function requestFor(
  tool: AdminTool,
  args: unknown,
  target: McpTarget,
  context: CallContext,
): Request | string {
  const given = args ?? {};
  if (!isRecord(given)) return `${tool.name} takes an object of arguments (got ${JSON.stringify(given)})`;
  const known = new Set([...tool.parameters.map((p) => p.name), ...(tool.body === 'none' ? [] : ['body'])]);
  if (tool.stream) known.add('seconds');
  const unknown = Object.keys(given).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const accepted = known.size === 0 ? 'none' : [...known].join(', ');
    return `${tool.name} has no argument ${unknown.map((name) => JSON.stringify(name)).join(', ')}; it takes: ${accepted}`;
  }
  let path = tool.path;
  const query = new URLSearchParams();
  for (const parameter of tool.parameters) {
    const value = given[parameter.name];
    if (value === undefined || value === null) {
      if (parameter.required) return `${tool.name} needs the argument "${parameter.name}"`;
      continue;
    }
    if (parameter.in === 'path')
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(textOf(value)));
    else if (Array.isArray(value)) for (const item of value) query.append(parameter.name, textOf(item));
    else query.append(parameter.name, textOf(value));
  }
  if (tool.body === 'required' && given.body === undefined) {
    return `${tool.name} needs the argument "body" (the request body, as the tool's schema gives it)`;
  }
  const headers = new Headers({ accept: tool.stream ? 'text/event-stream' : 'application/json' });
  if (target.session !== undefined) headers.set('x-mock-session', target.session);
  if (context.authorization !== undefined) headers.set('authorization', context.authorization);
  const search = query.size === 0 ? '' : `?${query.toString()}`;
  const hasBody = given.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(`${target.base}/__admin${path}${search}`, {
    method: tool.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(given.body) } : {}),
    ...(context.signal === undefined ? {} : { signal: context.signal }),
  });
}

/** Runs `tool` with `args`: the API's answer as the tool's result. */
export async function callAdminTool(
  tool: AdminTool,
  args: unknown,
  target: McpTarget,
  context: CallContext,
): Promise<CallToolResult> {
  if (tool.stream) return collectStream(tool, args, target, context);
  const request = requestFor(tool, args, target, context);
  if (typeof request === 'string') return toolError(request);
  return resultOf(await send(target, request));
}

/** `fetch`, with a failure to reach the mock as an error that says where it looked and what to do. */
export async function send(target: McpTarget, request: Request): Promise<Response> {
  try {
    return await target.fetch(request);
  } catch (error) {
    throw new Error(
      `cannot reach identity-mock at ${target.base} (${error instanceof Error ? error.message : String(error)}): start it (npx identity-mock) or pass --url`,
      { cause: error },
    );
  }
}

/**
 * The stream operation's tool: the events the stream sends within `seconds` (at most MAX_STREAM_SECONDS), as a
 * list of the journal entries they carry, read up to MAX_RESULT_BYTES.
 */
async function collectStream(
  tool: AdminTool,
  args: unknown,
  target: McpTarget,
  context: CallContext,
): Promise<CallToolResult> {
  const given = isRecord(args) ? args : {};
  const seconds = given.seconds ?? 2;
  if (typeof seconds !== 'number' || !(seconds >= 0 && seconds <= MAX_STREAM_SECONDS)) {
    return toolError(
      `seconds must be a number from 0 to ${MAX_STREAM_SECONDS} (got ${JSON.stringify(seconds)})`,
    );
  }
  const rest = Object.fromEntries(Object.entries(given).filter(([name]) => name !== 'seconds'));
  const stop = new AbortController();
  const timer = setTimeout(() => {
    stop.abort();
  }, seconds * 1000);
  const signal = context.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, context.signal]);
  const request = requestFor(tool, rest, target, { ...context, signal });
  if (typeof request === 'string') {
    clearTimeout(timer);
    return toolError(request);
  }
  try {
    const response = await send(target, request);
    if (response.status !== 200 || response.body === null) return await resultOf(response);
    const text = await readUntilAborted(response.body, signal);
    const events = text
      .split('\n\n')
      .map((block) =>
        block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n'),
      )
      .filter((data) => data !== '')
      .flatMap((data) => {
        try {
          return [JSON.parse(data) as unknown];
        } catch {
          return [];
        }
      });
    const value = { events, seconds };
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
}

/** What the stream sends until `signal` aborts (or it ends, or MAX_RESULT_BYTES are read). */
async function readUntilAborted(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener(
      'abort',
      () => {
        resolve();
      },
      { once: true },
    );
  });
  for (;;) {
    // An abort rejects the pending read: that is the end of listening, not a failure.
    const next = await Promise.race([reader.read().catch(() => undefined), aborted.then(() => undefined)]);
    if (next === undefined || next.done) break;
    text += decoder.decode(next.value, { stream: true });
    if (text.length > MAX_RESULT_BYTES) break;
  }
  await reader.cancel().catch(() => undefined);
  // The last event may be cut: only whole events (ended by a blank line) count.
  const end = text.lastIndexOf('\n\n');
  return end < 0 ? '' : text.slice(0, end);
}
