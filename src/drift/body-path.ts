/**
 * Places in a response body as findings name them: a JSON pointer into the body (`/3/email`) becomes
 * `body[].email`, so the same field of every item is one finding, counted, and two fields are two.
 */
import { isSecretField, REDACTED } from '../control/redaction.ts';

/** Characters of a value quoted in a finding. */
const VALUE_LIMIT = 120;

/** `body[].email` for `/3/email` in `body` (array indices become `[]`). */
export function bodyPath(body: unknown, pointer: string): string {
  let out = 'body';
  let node: unknown = body;
  for (const segment of segments(pointer)) {
    if (Array.isArray(node)) {
      out += '[]';
      node = (node as unknown[])[Number(segment)];
    } else {
      out += `.${segment}`;
      node =
        typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
    }
  }
  return out;
}

/** The value at `pointer` in `body` as a finding quotes it: JSON, cut, `absent` when missing, secrets redacted. */
export function valueAt(body: unknown, pointer: string): string {
  let node: unknown = body;
  let last = '';
  for (const segment of segments(pointer)) {
    last = segment;
    if (typeof node !== 'object' || node === null) return 'absent';
    node = Array.isArray(node)
      ? (node as unknown[])[Number(segment)]
      : (node as Record<string, unknown>)[segment];
  }
  if (node === undefined) return 'absent';
  if (isSecretField(last)) return REDACTED;
  return quoteValue(node);
}

/** A value as findings quote it: JSON text cut to VALUE_LIMIT characters. */
export function quoteValue(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? shallow(value) : JSON.stringify(value);
  return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT - 3)}...` : text;
}

/** An object or array named by its shape, not its content (it may hold anything, secrets included). */
function shallow(value: object): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const keys = Object.keys(value);
  return `an object with ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', ...' : ''}`;
}

function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
