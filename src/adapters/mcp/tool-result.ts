/**
 * What a tool answers (docs/agents.md): the API's JSON as the result (text, and structured when it is an object),
 * an answer without a body as its status and `X-Message`, and an API error as a tool error carrying the API's
 * message and code. What is read of an answer is bounded: past MAX_RESULT_BYTES the text is cut and says so.
 */
import type { CallToolResult } from './sdk.ts';

/** Bytes of an answer a tool reads, at most (the journal's 1000 entries with their bodies fit several times). */
export const MAX_RESULT_BYTES = 4 * 1024 * 1024;

/** The body of `response`, read up to `limit` bytes; `cut` says whether there was more. */
export async function boundedText(
  response: Response,
  limit = MAX_RESULT_BYTES,
): Promise<{ text: string; cut: boolean }> {
  if (response.body === null) return { text: '', cut: false };
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (length + value.length > limit) {
      chunks.push(value.subarray(0, limit - length));
      length = limit;
      cut = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    length += value.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool error: what went wrong and what to do, as the agent reads it. */
export function toolError(message: string, details: Record<string, unknown> = {}): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { error: message, ...details },
  };
}

/** The tool's result for the API's `response`. */
export async function resultOf(response: Response): Promise<CallToolResult> {
  const { text, cut } = await boundedText(response);
  const message = response.headers.get('x-message') ?? response.statusText;
  const type = response.headers.get('content-type') ?? '';
  let value: unknown = undefined;
  if (!cut && /\bjson\b/i.test(type) && text !== '') {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      value = undefined;
    }
  }
  if (response.status >= 400) {
    const body = isRecord(value) ? value : {};
    const error = typeof body.error === 'string' ? body.error : message;
    const code = typeof body.code === 'string' ? body.code : String(response.status);
    return {
      isError: true,
      content: [{ type: 'text', text: `${error} (code ${code}, HTTP ${response.status})` }],
      structuredContent: { ...body, error, code, status: response.status },
    };
  }
  if (text === '') {
    const done = { status: response.status, message };
    return { content: [{ type: 'text', text: JSON.stringify(done) }], structuredContent: done };
  }
  const note = cut
    ? `\n[cut at ${MAX_RESULT_BYTES} bytes: ask for less, with the tool's filters or limit]`
    : '';
  return {
    content: [{ type: 'text', text: `${text}${note}` }],
    ...(isRecord(value) ? { structuredContent: value } : {}),
  };
}
