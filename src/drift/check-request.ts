/**
 * Request validity against the spec, judged by the answer (docs/drift.md): a request the spec refuses that the
 * service answers with a 4xx is not drift; one the spec refuses and the service accepts is (`request_accepted`);
 * and one the spec allows that the service refuses with the API's 400 is too (`request_refused`), unless a
 * documented rule the schemas cannot express explains the 400 (a date range whose `from` is after its `to`).
 */
import { JSON_MEDIA_TYPE, mediaTypeOf } from '../protocol/media-type.ts';
import { parseDateTime } from '../spec/formats.ts';
import type { RequestChecker, RequestSample } from '../spec/request-check.ts';
import { queryValue, type Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';

/** The identity API's 400 response: an operation whose 400 is this is refused only for documented reasons. */
const API_BAD_REQUEST = '#/components/responses/BadRequest';
/** Range parameters whose inversion is a documented 400 (`invalid_range`, docs/users.md). */
const RANGES = ['created_at', 'updated_at'] as const;

export function checkRequest(observed: Observed, requests: RequestChecker): FindingInput[] {
  const { operation, exchange } = observed;
  if (operation === undefined) return [];
  const { issues } = requests.check(sampleOf(observed), exchange.status);
  const status = String(exchange.status);
  if (issues.length > 0) {
    if (exchange.status >= 400) return [];
    return issues.map((issue) => ({
      operation: operation.id,
      kind: 'request_accepted',
      where: issue.where,
      expected: `a 4xx: the spec refuses this request (${withoutPrefix(issue.message)})`,
      actual: `${status} ${exchange.method.toUpperCase()} ${observed.path}`,
    }));
  }
  const bad = (operation.raw.responses as Readonly<Record<string, unknown>>)['400'];
  const apiBadRequest =
    typeof bad === 'object' && bad !== null && '$ref' in bad && bad.$ref === API_BAD_REQUEST;
  if (exchange.status !== 400 || !apiBadRequest || invertedRange(observed)) return [];
  return [
    {
      operation: operation.id,
      kind: 'request_refused',
      where: 'status',
      expected: 'an answer other than 400: the spec allows this request',
      actual: `400 ${errorSummary(observed.body)}`,
    },
  ];
}

/** The request as the spec's request checker reads it. */
function sampleOf(observed: Observed): RequestSample {
  const query: Record<string, string[]> = {};
  for (const [name, value] of observed.query) (query[name] ??= []).push(value);
  const { requestHeaders, requestBody } = observed.exchange;
  const type = mediaTypeOf(requestHeaders['content-type']);
  let body: unknown = requestBody;
  if (type === JSON_MEDIA_TYPE && requestBody !== undefined && requestBody !== '') {
    try {
      body = JSON.parse(requestBody) as unknown;
    } catch {
      body = requestBody; // refused by the schema as text, as the service should refuse it
    }
  }
  return { method: observed.method, path: observed.path, query, headers: requestHeaders, body };
}

/** Whether a documented date range of the request has its `from` after its `to`. */
function invertedRange(observed: Observed): boolean {
  return RANGES.some((field) => {
    const from = parseDateTime(queryValue(observed, `${field}_from`) ?? '');
    const to = parseDateTime(queryValue(observed, `${field}_to`) ?? '');
    return from !== undefined && to !== undefined && from > to;
  });
}

/** `GET /users: query parameter …` → `query parameter …`. */
function withoutPrefix(message: string): string {
  const at = message.indexOf(': ');
  return at === -1 ? message : message.slice(at + 2);
}

/** `code: message` of an error body, for findings. */
export function errorSummary(body: unknown): string {
  if (typeof body !== 'object' || body === null) return typeof body === 'string' ? body : '(no JSON body)';
  const record = body as Readonly<Record<string, unknown>>;
  const code = record.code ?? record.error;
  const message = record.code === undefined ? record.error_description : record.error;
  return `${typeof code === 'string' ? code : '?'}: ${typeof message === 'string' ? message : ''}`;
}
