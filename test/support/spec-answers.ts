/**
 * What an answer must be, by the spec: a documented status whose headers and body match the documentation
 * (`ResponseChecker`, required headers included), no header the documentation does not declare for that answer
 * (bar the transport's own), the session echoed, the rate-limit headers while limiting is on; and, against the
 * spec's verdict on the request, an acceptance or a refusal for a documented reason.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import type { OperationSpec } from '../../src/spec/model.ts';
import type { RawResponse } from './raw-http.ts';
import type { SpecTarget } from './spec-requests.ts';

/** Headers of the transport and of CORS (docs/responses.md), which no operation documents. */
const TRANSPORT = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'accept-ranges',
  'last-modified',
]);
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** The body as the spec describes it: JSON and YAML parsed, any other media type as text, none as undefined. */
export function parsedBody(res: RawResponse): { readonly body: unknown; readonly problem?: string } {
  if (res.text === '') return { body: undefined };
  const type = res.headers['content-type'] ?? '';
  try {
    if (type.includes('json')) return { body: JSON.parse(res.text) as unknown };
    if (type.includes('yaml')) return { body: load(res.text, { schema: CORE_SCHEMA }) };
  } catch (error) {
    return { body: res.text, problem: `the ${type} body does not parse: ${String(error)}` };
  }
  return { body: res.text };
}

export interface AnswerContext {
  readonly method: string;
  /** The path in the document's terms, with its query string. */
  readonly path: string;
  /** The request's X-Mock-Session when it is a valid one (the answer echoes it). */
  readonly session?: string | undefined;
  /** Whether rate limiting is on for this document's routes. */
  readonly rateLimited?: boolean;
}

/** Problems of an answer against the documentation of what it answers; empty when it conforms. */
export function answerProblems(target: SpecTarget, context: AnswerContext, res: RawResponse): string[] {
  const where = `${context.method} ${target.prefix}${context.path} → ${res.status}`;
  const { body, problem } = parsedBody(res);
  const problems = problem === undefined ? [] : [`${where}: ${problem}`];
  problems.push(
    ...target.responses.check(
      { method: context.method, path: context.path, status: res.status, headers: res.headers, body },
      { requireHeaders: true },
    ),
  );
  if (res.headers['x-api-version'] === undefined) problems.push(`${where}: no X-API-Version`);
  if (res.status >= 400 && res.headers['x-message'] === undefined) problems.push(`${where}: no X-Message`);
  if (context.session !== undefined && res.headers['x-mock-session'] !== context.session) {
    problems.push(`${where}: X-Mock-Session ${context.session} is not echoed`);
  }
  if (context.rateLimited === true) {
    for (const name of RATE_LIMIT_HEADERS)
      if (res.headers[name] === undefined) problems.push(`${where}: no ${name} while rate limiting is on`);
  }
  const operation = target.responses.operationOf(context.method, context.path);
  if (operation !== undefined) problems.push(...undeclaredHeaders(target, operation, where, res));
  return problems;
}

/** Headers of the answer that its documented response does not declare. */
function undeclaredHeaders(
  target: SpecTarget,
  operation: OperationSpec,
  where: string,
  res: RawResponse,
): string[] {
  const { model } = target.spec;
  const responses = model.deref(operation.raw.responses);
  const documented = responses[String(res.status)] ?? responses.default;
  if (documented === undefined) return [];
  const declared = new Set(
    Object.keys(model.deref(model.deref(documented).headers ?? {})).map((name) => name.toLowerCase()),
  );
  return Object.keys(res.headers)
    .filter((name) => !TRANSPORT.has(name) && !declared.has(name))
    .map((name) => `${where}: header ${name} is sent but not declared for ${operation.id} ${res.status}`);
}

export interface Verdict {
  /** Problems the spec finds in the request; empty when it allows it. */
  readonly problems: readonly string[];
}

/**
 * The answer against the spec's verdict on the request: an allowed request is accepted, or refused for a reason
 * the spec documents but not as invalid (no 400 `invalid_request` naming what is wrong, no 415, no 5xx); a
 * refused one gets a 4xx.
 */
export function verdictProblems(
  target: SpecTarget,
  operation: OperationSpec,
  verdict: Verdict,
  what: string,
  res: RawResponse,
): string[] {
  const { body } = parsedBody(res);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (verdict.problems.length > 0) {
    const why = verdict.problems.join('; ');
    return res.status >= 400 && res.status < 500
      ? []
      : [`${what}: refused by ${target.name} (${why}), answered ${res.status}`];
  }
  const problems: string[] = [];
  if (res.status >= 500 || res.status === 415)
    problems.push(`${what}: allowed by ${target.name}, answered ${res.status}`);
  if (res.status === 400 && record.code === 'invalid_request' && Array.isArray(record.details)) {
    problems.push(`${what}: allowed by ${target.name}, refused as invalid: ${String(record.error)}`);
  }
  if (
    operation.raw['x-error-shape'] === 'oauth' &&
    res.status === 400 &&
    record.error === 'invalid_request' &&
    !/client_(id|secret)/.test(String(record.error_description))
  ) {
    problems.push(
      `${what}: allowed by ${target.name}, refused as invalid: ${String(record.error_description)}`,
    );
  }
  return problems;
}
