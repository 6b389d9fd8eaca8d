/**
 * The response check (`--validate-responses`, docs/responses.md): an answer of a routed operation against the
 * document, once serialised. An answer that does not conform is a bug of the mock: a 500 that says how, reported
 * to `onError`. Answers asked for (a fault rule, `Prefer`) and streams are not checked.
 */
import { withHeaders } from '../answer.ts';
import { internalError } from '../errors.ts';
import type { MockRequest } from '../protocol/request.ts';
import type { ResponseChecker } from '../spec/response-check.ts';
import { errorAnswer } from './render.ts';
import { toWire, type WireAnswer } from './wire.ts';

/** `wire` when it conforms to the document; else the 500 that says how it does not. */
export function checkResponse(
  wire: WireAnswer,
  checker: { readonly responses: ResponseChecker; readonly path: string },
  request: MockRequest,
  onError: (error: unknown, request: MockRequest) => void,
): WireAnswer {
  if (wire.status === 0 || (wire.body !== undefined && !(wire.body instanceof Uint8Array))) return wire;
  const body = wire.json?.() ?? textBody(wire);
  const problems = checker.responses.check({
    method: request.method,
    path: checker.path,
    status: wire.status,
    headers: wire.headers,
    body,
  });
  if (problems.length === 0) return wire;
  const error = internalError(`the response does not match the spec: ${problems.join('; ')}`);
  onError(error, request);
  return toWire(
    withHeaders(errorAnswer(error, 'api'), {
      'X-API-Version': String(wire.headers['X-API-Version'] ?? 'v1'),
    }),
  );
}

function textBody(wire: WireAnswer): unknown {
  if (!(wire.body instanceof Uint8Array) || wire.body.length === 0) return undefined;
  const text = new TextDecoder().decode(wire.body);
  const type = String(wire.headers['Content-Type'] ?? '');
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
