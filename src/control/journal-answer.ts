/**
 * The answer's body in the journal (docs/control-plane.md): a JSON answer is kept as the bytes that were sent, up to
 * the journal's limit (a longer one as its first bytes, marked cut), and redacted when the entry is read: the tokens
 * of a token answer, an `adminToken`, any secret field at any depth. An error body's `code` is the error's name,
 * not an authorization code, and stays. Other answers (pages, documents, files, streams) are not kept: only why.
 */
import { redactBody, redactText, REDACTED, isSecretField } from './redaction.ts';

export type KeptAnswer =
  | { readonly bytes: Uint8Array; readonly truncated: boolean }
  | { readonly omitted: 'not JSON' | 'stream' | 'state memory full' };

const JSON_MEDIA = /^application\/(?:[\w.+-]*\+)?json\b/i;

function contentType(headers: Readonly<Record<string, unknown>>): string {
  for (const name in headers) if (name.toLowerCase() === 'content-type') return String(headers[name]);
  return '';
}

/** What the journal keeps of an answer's body: a reference to bytes that fit, a copy of the first `limit` else. */
export function keptAnswer(
  body: Uint8Array | 'stream' | undefined,
  headers: Readonly<Record<string, unknown>>,
  limit: number,
): KeptAnswer | undefined {
  if (body === undefined) return undefined;
  if (body === 'stream') return { omitted: 'stream' };
  if (body.length === 0) return undefined;
  if (!JSON_MEDIA.test(contentType(headers))) return { omitted: 'not JSON' };
  // The bytes sent are never changed after they are written: a body that fits is kept as it is, without a copy.
  return body.length <= limit
    ? { bytes: body, truncated: false }
    : { bytes: body.slice(0, limit), truncated: true };
}

/** An answer's body with its secrets redacted; an error body (`{error, code}`) keeps its `code`. */
export function redactAnswerBody(body: unknown): unknown {
  const redacted = redactBody(body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return redacted;
  const { error, code } = body as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || typeof code !== 'string') return redacted;
  return { ...(redacted as Record<string, unknown>), code };
}

/** `"access_token": "…"` and the other secret fields in JSON text, as far as the text goes (a cut body). */
const SECRET_STRING = /"([A-Za-z_]+)"\s*:\s*"(?:[^"\\]|\\.)*(?:"|$)/g;

/** JSON text cut short, with the values of secret fields and any token in it redacted. */
export function redactJsonText(text: string): string {
  const isError = text.startsWith('{"error"');
  return redactText(
    text.replace(SECRET_STRING, (whole, name: string) =>
      isSecretField(name) && !(isError && name === 'code') ? `"${name}":"${REDACTED}"` : whole,
    ),
  );
}

/** The entry's `response` fields for what was kept. */
export function answerFields(answer: KeptAnswer | undefined): {
  body?: unknown;
  body_truncated?: true;
  body_omitted?: string;
} {
  if (answer === undefined) return {};
  if ('omitted' in answer) return { body_omitted: answer.omitted };
  const text = new TextDecoder().decode(answer.bytes);
  if (answer.truncated)
    return { body: redactJsonText(text.endsWith('\uFFFD') ? text.slice(0, -1) : text), body_truncated: true };
  try {
    return { body: redactAnswerBody(JSON.parse(text) as unknown) };
  } catch {
    return { body: redactJsonText(text) };
  }
}
