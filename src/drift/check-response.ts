/**
 * The answer against the spec (docs/drift.md), through the same response checker the mock's own tests use: a
 * documented status, the documented headers, the media type and the body schema; then what the schemas cannot
 * say: the error body's shape (the identity API's `{error, code}`, the token endpoint's RFC 6749
 * `{error, error_description}`) and the `X-Message` each answer carries (docs/responses.md).
 */
import { headerSafe, MESSAGES } from '../protocol/header-text.ts';
import type { ResponseChecker, ResponseProblem } from '../spec/response-check.ts';
import { bodyPath, valueAt } from './body-path.ts';
import { errorSummary } from './check-request.ts';
import { UNCHECKED, type Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';
import { sizeParamOf } from './list-page.ts';

type Shape = 'api' | 'oauth';

const SHAPES: Readonly<Record<Shape, string>> = {
  api: 'the identity API error body {"error", "code", "details"?}',
  oauth: 'the RFC 6749 error body {"error", "error_description"}',
};

export function checkResponse(observed: Observed, responses: ResponseChecker): FindingInput[] {
  const { exchange, operationName: operation } = observed;
  const withoutBody = observed.body === UNCHECKED || observed.method === 'HEAD';
  const problems = responses
    .problems({
      method: observed.method,
      path: exchange.target,
      status: exchange.status,
      headers: exchange.responseHeaders,
      body: withoutBody ? undefined : observed.body,
    })
    .filter((problem) => !(withoutBody && problem.kind === 'body'));
  const findings: FindingInput[] = [];
  if (observed.bodyProblem !== undefined && observed.exchange.responseBodyCut !== true) {
    findings.push({
      operation,
      kind: 'body_schema',
      where: 'body',
      expected: 'a JSON body',
      actual: observed.bodyProblem,
    });
  }
  const wrongShape = shapeFinding(observed);
  if (wrongShape !== undefined) findings.push(wrongShape);
  for (const problem of problems) {
    if (problem.kind === 'body' && wrongShape !== undefined) continue; // one finding says it all
    findings.push(...fromProblem(observed, problem));
  }
  const message = messageFinding(observed);
  if (message !== undefined) findings.push(message);
  return findings;
}

function fromProblem(observed: Observed, problem: ResponseProblem): FindingInput[] {
  const { exchange, operationName: operation } = observed;
  const detail = withoutPrefix(problem.message);
  switch (problem.kind) {
    case 'unserved':
      return [
        {
          operation,
          kind: 'undocumented_operation',
          where: 'route',
          expected: 'a 404 or 405: no operation of the spec serves this method and path',
          actual: String(exchange.status),
        },
      ];
    case 'status':
      return [
        {
          operation,
          kind: 'undocumented_status',
          where: 'status',
          expected: `a documented status (${documented(observed)})`,
          actual: `${exchange.status}${exchange.status >= 400 ? ` ${errorSummary(observed.body)}` : ''}`,
        },
      ];
    case 'header':
      return [
        {
          operation,
          kind: 'header',
          where: problem.where,
          expected: detail,
          actual: exchange.responseHeaders[problem.where.toLowerCase()] ?? 'absent',
        },
      ];
    case 'content-type':
      return [
        {
          operation,
          kind: 'content_type',
          where: 'Content-Type',
          expected: detail,
          actual: exchange.responseHeaders['content-type'] ?? 'absent',
        },
      ];
    case 'body': {
      const issues = problem.issues ?? [];
      if (issues.length === 0) {
        return [{ operation, kind: 'body_schema', where: 'body', expected: detail, actual: 'a body' }];
      }
      return issues.map((issue) => ({
        operation,
        kind: 'body_schema',
        where: bodyPath(observed.body, issue.path),
        expected: issue.message,
        actual: valueAt(observed.body, issue.path),
      }));
    }
  }
}

/** The error shape of the operation (the token endpoint's is RFC 6749's: `x-error-shape: oauth`). */
function expectedShape(observed: Observed): Shape {
  return observed.operation?.raw['x-error-shape'] === 'oauth' ? 'oauth' : 'api';
}

/** Which of the two error bodies `body` is, if it is clearly one of them. */
function shapeOf(body: unknown): Shape | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  if ('code' in body && !('error_description' in body)) return 'api';
  if ('error_description' in body && !('code' in body)) return 'oauth';
  return undefined;
}

/** An error answered in the other shape than its endpoint's. */
function shapeFinding(observed: Observed): FindingInput | undefined {
  if (observed.exchange.status < 400 || observed.body === UNCHECKED) return undefined;
  const expected = expectedShape(observed);
  const actual = shapeOf(observed.body);
  if (actual === undefined || actual === expected) return undefined;
  return {
    operation: observed.operationName,
    kind: 'error_shape',
    where: 'body',
    expected: SHAPES[expected],
    actual: `${SHAPES[actual]}: ${errorSummary(observed.body)}`,
  };
}

/** `X-Message` against docs/responses.md: the list and delete messages, and an error's own message. */
function messageFinding(observed: Observed): FindingInput | undefined {
  const { exchange, operation, body } = observed;
  const actual = exchange.responseHeaders['x-message'];
  if (actual === undefined || operation === undefined || body === UNCHECKED) return undefined;
  let expected: string | undefined;
  let why = '';
  if (exchange.status === 200 && Array.isArray(body) && sizeParamOf(operation) !== undefined) {
    expected = body.length > 0 ? MESSAGES.retrieved : MESSAGES.notFound;
    why = body.length > 0 ? ' (a page with items)' : ' (a page without items)';
  } else if (exchange.status === 204 && operation.id === 'deleteUser') {
    expected = MESSAGES.deleted;
  } else if (exchange.status >= 400 && typeof body === 'object' && body !== null) {
    const record = body as Readonly<Record<string, unknown>>;
    const text = shapeOf(body) === 'oauth' ? record.error_description : record.error;
    if (typeof text === 'string') {
      expected = headerSafe(text);
      why = ' (the error message of the body, in header form)';
    }
  }
  if (expected === undefined || expected === actual) return undefined;
  return {
    operation: observed.operationName,
    kind: 'header',
    where: 'X-Message',
    expected: `${JSON.stringify(expected)}${why}`,
    actual: JSON.stringify(actual),
  };
}

function documented(observed: Observed): string {
  return observed.operation?.statuses.join(', ') ?? '';
}

/** `GET /users?page=2 → 200: header …` → `header …` (the query may itself hold `: `). */
function withoutPrefix(message: string): string {
  const arrow = message.indexOf(' → ');
  const at = message.indexOf(': ', arrow === -1 ? 0 : arrow);
  return at === -1 ? message : message.slice(at + 2);
}
